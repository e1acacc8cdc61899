// The server's one logger (docs/deploy.md "Logs"): pino JSON lines on stdout at LOG_LEVEL ('silent'
// writes nothing), each request's line with its request id, and the optional error report
// (ERROR_REPORT_DSN, server/error-report.ts) for unhandled errors.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../common/config.ts';
import { createErrorReporter, type ErrorReporter } from './error-report.ts';
import { serverErrors } from './metrics.ts';

const LEVELS = new Set(['silent', 'error', 'info', 'debug']);
const initialLevel = (value: string | undefined) => (value && LEVELS.has(value) ? value : 'info');

/** How long a line may wait before it is written (docs/deploy.md "Logs"). */
export const LOG_FLUSH_MS = 200;
/** Lines are written to stdout in blocks of about this many bytes. */
const BLOCK = 4096;

/**
 * stdout in blocks: lines are kept until there are 4 KB of them or LOG_FLUSH_MS has passed, then
 * written by one synchronous write (pino's sonic-boom: partial writes, EAGAIN and a closed pipe
 * handled), and the rest when the process exits. One write per line, handed to libuv's thread
 * pool, cost the busy server ~15 µs of its main thread per request (docs/performance.md "The
 * cached path"). Worker threads keep pino's default: they may end without the process's 'exit'.
 */
function blockedStdout(): DestinationStream & { flush(cb?: (err?: Error) => void): void } {
  const out = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = (cb?: (err?: Error) => void) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (size) {
      const text = lines.join('');
      lines = [];
      size = 0;
      out.write(text);
    }
    cb?.();
  };
  process.on('exit', () => flush());
  return {
    write(line: string) {
      lines.push(line);
      size += line.length;
      if (size >= BLOCK) flush();
      else timer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
    },
    flush,
  };
}

/** pino's ISO time, made once per millisecond: a busy server writes several lines in one. */
let lastMs = -1;
let lastTime = '';
export const isoTime = (): string => {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
};

/** The logger's settings; `requestLine` writes what pino writes with them (server/log.test.ts). */
export const LOG_OPTIONS = {
  timestamp: isoTime,
  // "level":"info" reads better in a terminal and in most log tools than pino's numbers.
  formatters: { level: (label: string) => ({ level: label }) },
} satisfies LoggerOptions;

const destination = isMainThread ? blockedStdout() : pino.destination(1);

/** Before `configureLog` (scripts, tests) the level comes from the environment. */
export const log: Logger = pino(
  { ...LOG_OPTIONS, level: initialLevel(process.env.LOG_LEVEL) },
  destination,
);

/** What is logged of each request (docs/deploy.md "Logs"). */
export interface RequestFields {
  reqId: string;
  method: string | undefined;
  route: string;
  status: number;
  ms: number;
  aborted?: boolean;
}

const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
const json = (value: string | undefined) => (value === undefined ? '' : JSON.stringify(value));

/** The request's line as pino writes `log[level](fields, 'request')`, made directly (a line per request). */
export function requestLine(level: 'info' | 'error', f: RequestFields): string {
  const method = f.method === undefined ? '' : `,"method":${json(f.method)}`;
  const aborted = f.aborted ? ',"aborted":true' : '';
  return `{"level":"${level}"${isoTime()}${base},"reqId":${json(f.reqId)}${method},"route":${json(f.route)},"status":${f.status},"ms":${f.ms}${aborted},"msg":"request"}\n`;
}

/** One request's line: `info`, or `error` for a 5xx. */
export function logRequest(fields: RequestFields): void {
  const level = fields.status >= 500 ? 'error' : 'info';
  if (log.isLevelEnabled(level)) destination.write(requestLine(level, fields));
}

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

/** 12 random characters for this process, then a counter: unique across nodes and restarts, and cheaper to make than a UUID. */
const ID_PREFIX = randomBytes(9).toString('base64url');
let lastId = 0;

/** The proxy's X-Request-Id when it is a plain token, else a new one (`<process>-<counter>`). */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_REQUEST_ID.test(value) ? value : `${ID_PREFIX}-${(++lastId).toString(36)}`;
}
