// The server's one logger (docs/deploy.md "Logs"): pino JSON lines on stdout at LOG_LEVEL ('silent'
// writes nothing), each request's line with its request id, and the optional error report
// (ERROR_REPORT_DSN, server/error-report.ts) for unhandled errors.
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { Config } from '../common/config.ts';
import { createErrorReporter, type ErrorReporter } from './error-report.ts';
import { serverErrors } from './metrics.ts';

const LEVELS = new Set(['silent', 'error', 'info', 'debug']);
const initialLevel = (value: string | undefined) => (value && LEVELS.has(value) ? value : 'info');

/** Before `configureLog` (scripts, tests) the level comes from the environment. */
export const log: Logger = pino({
  level: initialLevel(process.env.LOG_LEVEL),
  timestamp: pino.stdTimeFunctions.isoTime,
  // "level":"info" reads better in a terminal and in most log tools than pino's numbers.
  formatters: { level: (label) => ({ level: label }) },
});

let reporter: ErrorReporter | undefined;

/** Applies the settings: the level, and where unhandled errors are reported. */
export function configureLog(config: Pick<Config, 'LOG_LEVEL' | 'ERROR_REPORT_DSN' | 'NODE_ENV'>) {
  log.level = config.LOG_LEVEL;
  reporter = config.ERROR_REPORT_DSN
    ? createErrorReporter(config.ERROR_REPORT_DSN, {
        environment: config.NODE_ENV ?? 'demo',
        onFailure: (error) => log.debug({ err: error }, 'error report not sent'),
      })
    : undefined;
}

/** What is known of the request an error happened in. Never headers, bodies or query strings. */
export interface ErrorContext {
  source: 'api' | 'web';
  requestId?: string | undefined;
  method?: string | undefined;
  /** The route pattern, e.g. /api/v1/igreja/:slug. */
  route?: string | undefined;
  /** The path without its query string. */
  path?: string | undefined;
}

/** An unhandled error behind a 500: logged, counted, and reported when ERROR_REPORT_DSN is set. */
export function reportError(error: unknown, context: ErrorContext): void {
  serverErrors.inc({ source: context.source });
  log.error({ err: error, ...context }, 'unhandled error');
  reporter?.send(error, context);
}

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** The proxy's X-Request-Id when it is a plain token, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_REQUEST_ID.test(value) ? value : randomUUID();
}
