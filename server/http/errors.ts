// The error format of DESIGN.md §4 and the helpers that produce it.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../contract/common.ts';

/** Throw from a handler to answer with the API's error body. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string[]>;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const notFound = (message = 'Not found.') => new ApiProblem(404, message);

export function errorBody(message: string, errors?: Record<string, string[]>): ApiError {
  return errors ? { status: false, message, errors } : { status: false, message };
}

/** Hono's onError: known problems keep their status; anything else is a 500 without internals. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiProblem) return c.json(errorBody(err.message, err.errors), err.status);
  if (err instanceof HTTPException) {
    // e.g. a malformed JSON body from the validator
    return c.json(errorBody(err.message || 'Bad request.'), err.status as ContentfulStatusCode);
  }
  console.error('[api]', c.req.method, c.req.path, err);
  return c.json(errorBody('Internal server error.'), 500);
}
