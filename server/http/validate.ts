// zod validation for every v1 call: invalid input is a 400 whose per-field messages (and the
// message, the first of them) are in the request's language, never zod's English internals.
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodError, ZodType } from 'zod';
import {
  fieldMessage,
  isMessageKey,
  message,
  messageLang,
  type MessageLang,
} from '../../contract/messages/index.ts';
import { errorAnswer } from './errors.ts';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path)
    value =
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/**
 * One issue's message: schemas write either English text (contract/messages/fields.ts) or a
 * catalogue key (`v.cpf`, contract/messages/account.ts); both are translated here.
 */
function messageOf(lang: MessageLang, issue: ZodError['issues'][number], missing: boolean): string {
  if (missing) return fieldMessage(lang, 'Required.');
  if (isMessageKey(issue.message)) {
    // `z.string({ error: 'v.required' })` names a value of the wrong type "required" too.
    if (issue.code === 'invalid_type' && issue.message === 'v.required')
      return fieldMessage(lang, 'Invalid input.');
    return message(lang, issue.message, limitValues(issue));
  }
  return fieldMessage(lang, issue.message);
}

/**
 * The number a size rule's message names: `{{max}}` as written in the schema and `{{mb}}` in
 * megabytes ("The video is larger than {{mb}} MB.").
 */
function limitValues(issue: ZodError['issues'][number]): Record<string, number> | undefined {
  const limit =
    issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : null;
  if (typeof limit !== 'number') return undefined;
  return { max: limit, min: limit, mb: Number((limit / 1024 / 1024).toPrecision(4)) };
}

/** zod issues → `{ field: [messages] }` in the request's language; issues without a path go under `_`. */
export function localizedFieldErrors(
  error: ZodError,
  acceptLanguage: string | undefined,
  input?: unknown,
): Record<string, string[]> {
  const lang = messageLang(acceptLanguage);
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const raw = input === undefined ? 'unknown' : valueAt(input, issue.path);
    // spec §5: a value that is not there at all is "required", whatever the schema expected.
    const missing =
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      (raw === undefined || raw === null || raw === '');
    const message = messageOf(lang, issue, missing);
    const list = (out[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return undefined;
    const errors = localizedFieldErrors(
      result.error as never,
      c.req.header('accept-language'),
      (result as { data?: unknown }).data,
    );
    return errorAnswer(c, 400, Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
  });
}

/** Invalid input answered as `validate` answers it, for handlers that parse a body by hand. */
export function invalidInput(c: Context, error: ZodError, input?: unknown): Response {
  const errors = localizedFieldErrors(error, c.req.header('accept-language'), input);
  return errorAnswer(c, 400, Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
}
