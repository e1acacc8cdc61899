// Account API errors in the request's language (spec §8). Validation is the shared one
// (server/http/validate.ts), which also translates the account message keys.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { accountMessage, messageLang, type AccountMessageKey, type MessageLang } from '../../contract/account-messages.ts';
import { ApiProblem, errorBody } from '../http/errors.ts';
import { localizedFieldErrors } from '../http/validate.ts';

export const langOf = (c: Context): MessageLang => messageLang(c.req.header('accept-language'));

/** An ApiProblem whose message is translated to the request's language. */
export function problem(c: Context, status: ContentfulStatusCode, key: AccountMessageKey, values?: Record<string, string | number>): ApiProblem {
  return new ApiProblem(status, accountMessage(langOf(c), key, values));
}

/** Invalid input as every call answers it (server/http/validate.ts), for handlers that parse by hand. */
export function invalidInput(c: Context, error: ZodError, input?: unknown): Response {
  const errors = localizedFieldErrors(error, c.req.header('accept-language'), input);
  const first = Object.values(errors)[0]?.[0];
  return c.json(errorBody(first ?? 'Invalid input.', errors), 400);
}

/** The account routes validate like every other call. */
export { validate as check } from '../http/validate.ts';
