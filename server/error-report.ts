// The optional error report (docs/deploy.md "Error reports"): an unhandled server error is POSTed as
// a Sentry envelope to the envelope endpoint of ERROR_REPORT_DSN, without an SDK. It never blocks a
// request (fire-and-forget, a timeout, a cap on reports in flight) and carries no headers, bodies,
// query strings or cookies; token-like text in the error message is masked.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Where the error happened; no headers, bodies or query strings. */
export interface ReportContext {
  source: string;
  requestId?: string | undefined;
  method?: string | undefined;
  route?: string | undefined;
  /** The path without its query string. */
  path?: string | undefined;
}

export interface ErrorReporter {
  send(error: unknown, context: ReportContext): void;
}

export interface ReporterOptions {
  environment: string;
  /** A report that could not be sent (the DSN's server is down): for a debug line. */
  onFailure?: (error: unknown) => void;
  /** Reports in flight at most; more are dropped (an error storm must not pile up requests). */
  maxInFlight?: number;
  timeoutMs?: number;
}

/** `https://<key>@host[/path]/<project>` → the envelope endpoint and its auth header. */
export function parseDsn(dsn: string): { endpoint: string; auth: string; dsn: string } {
  const url = new URL(dsn);
  const key = decodeURIComponent(url.username);
  const parts = url.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  if (!key || !project) throw new Error('ERROR_REPORT_DSN needs a key and a project id');
  const prefix = parts.length ? `/${parts.join('/')}` : '';
  return {
    endpoint: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
    auth: `Sentry sentry_version=7, sentry_client=church-web/1, sentry_key=${key}`,
    dsn: `${url.protocol}//${key}@${url.host}${prefix}/${project}`,
  };
}

/** Masks what looks like a secret inside error text: bearer tokens, JWTs, key=value secrets, URL passwords. */
export function scrub(text: string): string {
  return text
    .replace(/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 [masked]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[masked]')
    .replace(
      /\b(password|passwd|senha|token|secret|api[_-]?key|authorization|cookie)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi,
      '$1$2[masked]',
    )
    .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1[masked]@');
}

interface Frame {
  filename: string;
  function: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

/** V8 stack lines → Sentry frames, oldest call first (as Sentry wants them). */
function framesOf(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? '').split('\n').slice(1, 51)) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!m) continue;
    const filename = m[2]!.replace(/^file:\/\//, '');
    frames.push({
      function: m[1] ?? '?',
      filename,
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return frames.reverse();
}

export function createErrorReporter(dsn: string, options: ReporterOptions): ErrorReporter {
  const target = parseDsn(dsn);
  const server = hostname();
  const maxInFlight = options.maxInFlight ?? 5;
  let inFlight = 0;
  return {
    send(error, context) {
      if (inFlight >= maxInFlight) return;
      const err = error instanceof Error ? error : new Error(String(error));
      const eventId = randomBytes(16).toString('hex');
      const { requestId, method, path, route, source } = context;
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: 'node',
        level: 'error',
        server_name: server,
        environment: options.environment,
        exception: {
          values: [
            {
              type: err.name,
              value: scrub(err.message),
              stacktrace: { frames: framesOf(err.stack) },
            },
          ],
        },
        ...(method && path ? { request: { method, url: path } } : {}),
        tags: {
          source,
          ...(route ? { route } : {}),
          ...(requestId ? { request_id: requestId } : {}),
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: target.dsn }),
        JSON.stringify({ type: 'event', content_type: 'application/json' }),
        JSON.stringify(event),
      ].join('\n');
      inFlight++;
      fetch(target.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': target.auth,
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      })
        .then((res) => res.body?.cancel())
        .catch((e: unknown) => options.onFailure?.(e))
        .finally(() => inFlight--);
    },
  };
}
