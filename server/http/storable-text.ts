// Text PostgreSQL cannot store never reaches it (docs/security.md): a NUL byte or a lone UTF-16
// surrogate anywhere in a write's JSON, form fields, query or path is a 400 naming the field,
// in the request's language, before any route runs. Values the database still refuses (too
// long for a column, out of range, malformed) become a 400 too instead of a 500.
import type { Context, MiddlewareHandler } from 'hono';
import { messageLang, type MessageLang } from '../../contract/messages/lang.ts';
import { fieldMessage } from '../../contract/messages/fields.ts';
import { log } from '../log.ts';

const TEXT: Record<'rejected', Record<MessageLang, string>> = {
  rejected: {
    pt: 'Um dos valores enviados é inválido ou longo demais.',
    en: 'One of the values sent is invalid or too long.',
    es: 'Uno de los valores enviados no es válido o es demasiado largo.',
  },
};

/** True when PostgreSQL can keep the text as it is (no NUL, no lone surrogate). */
export const storable = (value: string): boolean =>
  !value.includes('\u0000') && value.isWellFormed();

/** Dotted paths (`ingressos.0.respostas.1`) of every key or string value that is not storable. */
export function unstorablePaths(
  value: unknown,
  prefix = '',
  out: string[] = [],
  depth = 0,
): string[] {
  if (typeof value === 'string') {
    if (!storable(value)) out.push(prefix || '_');
  } else if (value && typeof value === 'object' && depth < 64) {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!storable(key)) out.push(path);
      else unstorablePaths(child, path, out, depth + 1);
    }
  }
  return out;
}

function answer(c: Context, kind: 'unstorable' | 'rejected', fields: string[]): Response {
  const lang = messageLang(c.req.header('accept-language'));
  // The field's message is the one every invalid value gets ('Valor inválido.'), as validation answers it.
  const text = kind === 'unstorable' ? fieldMessage(lang, 'Invalid input.') : TEXT.rejected[lang];
  const errors = Object.fromEntries(fields.map((f) => [f, [text]]));
  return c.json(
    fields.length ? { status: false, message: text, errors } : { status: false, message: text },
    400,
  );
}

/** The request's query and path, decoded as the routes will read them. */
function urlProblems(c: Context): string[] {
  const url = new URL(c.req.url);
  const fields: string[] = [];
  for (const [key, value] of url.searchParams)
    if (!storable(key) || !storable(value)) fields.push(storable(key) ? key : '_');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return [...fields, '_path']; // malformed %-escapes: the router would not find a route either
  }
  if (!storable(path)) fields.push('_path');
  return fields;
}

/** Bodies no route reads as text: reading them as text here would spoil the bytes. */
// message/*: a raw e-mail report the route streams itself under its own cap (server/notifications/email-feedback.ts)
const BINARY = /^(image|audio|video|font|message)\/|^application\/(octet-stream|pdf|zip)/i;

async function bodyProblems(c: Context): Promise<string[]> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) {
    let form: FormData;
    try {
      form = await c.req.formData(); // cached too: parseBody() reads this same FormData
    } catch {
      return [];
    }
    const fields: string[] = [];
    for (const [key, value] of form.entries()) {
      if (!storable(key)) fields.push('_');
      else if (typeof value === 'string' && !storable(value)) fields.push(key);
      else if (typeof value !== 'string' && !storable(value.name)) fields.push(key);
    }
    return fields;
  }
  if (BINARY.test(type) || !c.req.raw.body) return [];
  // Any other type (text/plain, none, a JSON variant): a route's json() parses it all the same.
  // text() is cached by Hono, so the validators' json() reads the same body afterwards.
  const raw = await c.req.text();
  try {
    return unstorablePaths(JSON.parse(raw));
  } catch {
    return storable(raw) ? [] : ['_body']; // malformed JSON is the validator's 400
  }
}

/** PostgreSQL's answer to a value it will not keep: data exceptions (class 22) and too-big index rows. */
export function isRejectedValue(error: unknown): boolean {
  for (
    let e = error, i = 0;
    e && typeof e === 'object' && i < 5;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('22') || code === '54000')) return true;
  }
  return false;
}

export function storableText(): MiddlewareHandler {
  return async (c, next): Promise<Response | undefined> => {
    const inUrl = urlProblems(c);
    if (inUrl.length) return answer(c, 'unstorable', [...new Set(inUrl)]);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const inBody = await bodyProblems(c);
      if (inBody.length) return answer(c, 'unstorable', [...new Set(inBody)]);
    }
    await next();
    if (c.error && isRejectedValue(c.error)) {
      log.warn(
        {
          method: c.req.method,
          path: c.req.path,
          reason: (c.error as Error).message.slice(0, 200),
        },
        '[api] value refused by the database',
      );
      c.res = answer(c, 'rejected', []);
    }
    return undefined;
  };
}
