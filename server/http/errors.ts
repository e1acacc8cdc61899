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
import { log, reportError } from '../log.ts';

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

/** Errors of a database that cannot be reached (restarting, down, out of connections): worth a retry. */
const DB_GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '53300', // too_many_connections
]);
const DB_GONE_TEXT =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Why a failure is temporary (docs/deploy.md "When the database goes away"), looking through wrapped causes. */
export function unavailableCause(err: unknown): 'database' | 'storage' | null {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return 'storage';
    if (typeof code === 'string' && DB_GONE_CODES.has(code)) return 'database';
    if (e instanceof Error && DB_GONE_TEXT.test(e.message)) return 'database';
  }
  return null;
}

/** Hono's onError: known problems keep their status; anything else is a 500 without internals. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiProblem)
    return errorAnswer(c, err.status, err.message, err.errors, err.values);
  // A database that is restarting, or a full disk: 503 with Retry-After; nothing was written.
  const unavailable = unavailableCause(err);
  if (unavailable) {
    c.header('Retry-After', unavailable === 'database' ? '5' : '60');
    log.warn({ reason: err.message, path: c.req.path }, `[api] 503: ${unavailable} unavailable`);
    return errorAnswer(
      c,
      503,
      unavailable === 'database' ? 'api.databaseUnavailable' : 'api.storageFull',
    );
  }
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
