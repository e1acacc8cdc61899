// A page render's reads in this process take the API's answer as a value (docs/performance.md
// "In-process answers as values"): `c.json` keeps the object on a bodiless response instead of
// writing it as JSON text for the page to parse back. A request from outside never carries the
// mark (it is a symbol on the Request object), and an answer that is not a success keeps its body.
import type { MiddlewareHandler } from 'hono';
import { isInProcess, withAnswerValue } from '../../contract/in-process.ts';

export function inProcessAnswers(): MiddlewareHandler {
  return async (c, next) => {
    if (isInProcess(c.req.raw)) {
      const json = c.json;
      c.json = ((object: unknown, ...rest: unknown[]) => {
        const response = (c.body as (...args: unknown[]) => Response)(null, ...rest);
        return response.ok
          ? withAnswerValue(response, object)
          : (json as (...args: unknown[]) => Response)(object, ...rest);
      }) as typeof c.json;
    }
    await next();
  };
}

/** A middleware for answers that leave the process (a browser's headers): a page's read skips it. */
export const outsideOnly =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    isInProcess(c.req.raw) ? next() : middleware(c, next);
