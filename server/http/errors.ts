// The error format (docs/api-foundation.md) and the one way to build an error answer: throw an ApiProblem
// whose message is a key of the catalogue (contract/messages/) — or text already translated —
// and handleError answers it in the request's language.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../contract/common.ts';
import {
  message,
  messageLang,
  type MessageKey,
  type MessageLang,
  type MessageValues,
} from '../../contract/messages/index.ts';
import { reportError } from '../log.ts';

/** The request's language for messages (spec §1: Accept-Language). */
export const langOf = (c: Context): MessageLang => messageLang(c.req.header('accept-language'));

/** Throw from a handler to answer with the API's error body. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string[]>;
  readonly values?: MessageValues;
  /** `message` and the per-field `errors` are catalogue keys (filled with `values`) or final text. */
  constructor(
    status: ContentfulStatusCode,
    message: MessageKey | (string & {}),
    errors?: Record<string, string[]>,
    values?: MessageValues,
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.values = values;
  }
}

/** A 404 whose message is a catalogue key (default "Not found."). */
export const notFound = (
  key: MessageKey | (string & {}) = 'api.notFound',
  values?: MessageValues,
) => new ApiProblem(404, key, undefined, values);

/** A problem with a field: the message is also the field's one error. */
export const fieldProblem = (
  status: ContentfulStatusCode,
  field: string,
  key: MessageKey | (string & {}),
  values?: MessageValues,
) => new ApiProblem(status, key, { [field]: [key] }, values);

export function errorBody(message: string, errors?: Record<string, string[]>): ApiError {
  return errors ? { status: false, message, errors } : { status: false, message };
}

/** The error answer, translated to the request's language. */
export function errorAnswer(
  c: Context,
  status: ContentfulStatusCode,
  key: MessageKey | (string & {}),
  errors?: Record<string, string[]>,
  values?: MessageValues,
): Response {
  const lang = langOf(c);
  const translated = errors
    ? Object.fromEntries(
        Object.entries(errors).map(([field, list]) => [
          field,
          list.map((m) => message(lang, m, values)),
        ]),
      )
    : undefined;
  return c.json(errorBody(message(lang, key, values), translated), status);
}

/** Hono's onError: known problems keep their status; anything else is a 500 without internals. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiProblem)
    return errorAnswer(c, err.status, err.message, err.errors, err.values);
  if (err instanceof HTTPException) {
    // e.g. a malformed JSON body from the validator
    return errorAnswer(c, err.status as ContentfulStatusCode, err.message || 'api.badRequest');
  }
  reportError(err, {
    source: 'api',
    requestId: c.req.header('x-request-id'), // server.ts sets it on every request it hands over
    method: c.req.method,
    route: routePath(c),
    path: c.req.path,
  });
  return errorAnswer(c, 500, 'api.internal');
}
