// Client error reports (docs/security.md "Client error reports"): a page's uncaught errors and
// unhandled rejections, validated, limited per address and written to the log as warnings, so
// the team hears about errors that only happen in browsers.
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import { CLIENT_ERROR_LIMIT, clientErrorReport } from '../../contract/client-errors.ts';
import { callerAddress } from '../auth/accounts.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { log } from '../log.ts';
import { scrub } from '../error-report.ts';

/**
 * Reports per address in the current window. Kept per node, in memory: a report writes nothing
 * to the database, so an error storm costs no writes; a client behind N nodes may send N× the limit.
 */
export function reportLimiter(
  limit: { reports: number; windowMs: number } = CLIENT_ERROR_LIMIT,
  now = () => Date.now(),
) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: 10_000 });
  /** Milliseconds the address must wait, or 0 when this report may go through. */
  return (address: string): number => {
    const at = now();
    const current = windows.get(address);
    if (!current || at - current.start >= limit.windowMs) {
      windows.set(address, { start: at, count: 1 });
      return 0;
    }
    if (current.count >= limit.reports) return current.start + limit.windowMs - at;
    current.count++;
    return 0;
  };
}

export function clientErrorRoutes(limiter = reportLimiter()) {
  return new Hono().post('/client-errors', validate('json', clientErrorReport), (c) => {
    const wait = limiter(callerAddress(c));
    if (wait > 0)
      throw new ApiProblem(429, 'api.tooMany', undefined, {
        minutes: Math.max(1, Math.ceil(wait / 60_000)),
      });
    const report = c.req.valid('json');
    log.warn(
      {
        clientError: {
          ...report,
          message: scrub(report.message),
          stack: report.stack && scrub(report.stack),
          host: c.req.header('host'),
          userAgent: c.req.header('user-agent')?.slice(0, 200),
        },
      },
      'client error',
    );
    return c.body(null, 204);
  });
}
