// Account API errors, built the one way every route builds them (server/http/errors.ts);
// validation is the shared one (server/http/validate.ts).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { accountMessage, type AccountMessageKey } from '../../contract/messages/index.ts';
import { ApiProblem, errorAnswer, langOf } from '../http/errors.ts';
import { localizedFieldErrors } from '../http/validate.ts';

export { langOf } from '../http/errors.ts';

/** An ApiProblem whose message is already in the request's language (callers may read `.message`). */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  key: AccountMessageKey,
  values?: Record<string, string | number>,
): ApiProblem {
  return new ApiProblem(status, accountMessage(langOf(c), key, values));
}

/** Invalid input as every call answers it (server/http/validate.ts), for handlers that parse by hand. */
export function invalidInput(c: Context, error: ZodError, input?: unknown): Response {
  const errors = localizedFieldErrors(error, c.req.header('accept-language'), input);
  return errorAnswer(c, 400, Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
}

/** The account routes validate like every other call. */
export { validate as check } from '../http/validate.ts';
