// The Node request handler for what the API side serves: /api/v1/*, /healthz (liveness), /readyz
// (readiness, docs/deploy.md "Draining") and /metrics (docs/deploy.md "Metrics").
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { API_BASE } from '../app.ts';
import { metricsText } from '../metrics.ts';
import type { Services } from '../runtime.ts';
import { setRouteLabel } from './route-label.ts';

/** Whether a request is for the v1 API. */
export const isApiRequest = (url = '/'): boolean =>
  url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

export interface NodeHandlerOptions {
  /** False once the node drains: /readyz answers 503 so a load balancer stops sending. */
  ready?: () => boolean;
  /** /metrics answers only with `Authorization: Bearer <token>`; unset, it is a 404 here. */
  metricsToken?: string | undefined;
}

const isPath = (url: string, path: string) => url === path || url.startsWith(`${path}?`);

/** Whether the handler below answers this URL (the API, /healthz, /readyz, /metrics). */
export const handlesPath = (url = '/'): boolean =>
  isApiRequest(url) || isPath(url, '/healthz') || isPath(url, '/readyz') || isPath(url, '/metrics');

/** Returns a handler that answers API paths and returns false for anything else. */
export function createNodeHandler(
  services: Pick<Services, 'api' | 'database'>,
  { ready = () => true, metricsToken }: NodeHandlerOptions = {},
) {
  const apiListener = getRequestListener(services.api.fetch);
  const database = (res: ServerResponse, extra: Record<string, unknown> = {}) =>
    services.database
      .ping()
      .then(() => send(res, 200, { status: 'ok', database: services.database.kind, ...extra }))
      .catch((error: unknown) =>
        send(res, 503, {
          status: 'error',
          database: services.database.kind,
          message: String(error),
        }),
      );
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (isApiRequest(url)) {
      void apiListener(req, res);
      return true;
    }
    // Liveness: the process answers and reaches its database, draining or not.
    if (isPath(url, '/healthz')) {
      setRouteLabel(req, '/healthz');
      void database(res);
      return true;
    }
    // Readiness: whether a load balancer should send this node new requests.
    if (isPath(url, '/readyz')) {
      setRouteLabel(req, '/readyz');
      if (!ready()) send(res, 503, { status: 'draining' });
      else void database(res);
      return true;
    }
    if (isPath(url, '/metrics')) {
      setRouteLabel(req, '/metrics');
      if (!metricsToken || !bearerMatches(req.headers.authorization, metricsToken))
        send(res, 404, { status: false, message: 'Not found.' });
      else void serveMetrics(res);
      return true;
    }
    return false;
  };
}

/** The Prometheus exposition (also what the METRICS_PORT listener of server.ts serves). */
export async function serveMetrics(res: ServerResponse): Promise<void> {
  try {
    const { contentType, body } = await metricsText();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (error) {
    send(res, 500, { status: false, message: String(error) });
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}
