// The Node request handler for what the API side serves: /api/v1/* and /healthz.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { API_BASE } from '../app.ts';
import type { Services } from '../runtime.ts';

/** Whether a request is for the v1 API. */
export const isApiRequest = (url = '/'): boolean =>
  url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

/** Returns a handler that answers API paths and returns false for anything else. */
export function createNodeHandler(services: Services) {
  const apiListener = getRequestListener(services.api.fetch);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (isApiRequest(url)) {
      void apiListener(req, res);
      return true;
    }
    if (url === '/healthz' || url.startsWith('/healthz?')) {
      services.database
        .ping()
        .then(() => send(res, 200, { status: 'ok', database: services.database.kind }))
        .catch((error: unknown) =>
          send(res, 503, {
            status: 'error',
            database: services.database.kind,
            message: String(error),
          }),
        );
      return true;
    }
    return false;
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}
