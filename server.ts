// Composition root (docs/architecture.md "Programs and one port"): one HTTP server on one port for the web site (Astro),
// the v1 API (/api/v1), /healthz and the chat (/socket.io).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, parseConfig, type Config } from './common/config.ts';
import { forgetChurch } from './contract/in-process.ts';
import { checkJwtSecret } from './server/auth/jwt-secret.ts';
import { createNodeHandler, isApiRequest } from './server/http/node-handler.ts';
import { createPageCache } from './server/http/page-cache.ts';
import { createStaticFiles } from './server/http/static-files.ts';
import { startServices } from './server/runtime.ts';

type AstroHandler = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const entry = path.join(dist, 'server/entry.mjs');

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function start(config: Config): Promise<RunningServer> {
  if (!existsSync(entry))
    throw new Error('The site is not built: run `npm run build` (or `npm start`, which builds).');
  const services = await startServices(config);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const handleApi = createNodeHandler(services);
  const serveStatic = createStaticFiles(path.join(dist, 'client'));
  // With PAGE_CACHE=false nothing is kept, but pages still get ETags and compression.
  const pages = createPageCache(handler, {
    enabled: config.PAGE_CACHE,
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
  });
  const api = createPageCache((req, res) => void handleApi(req, res), { enabled: false });
  services.changes.onChurchChanged((churchId) => {
    pages.purgeChurch(churchId);
    forgetChurch(churchId); // the web's host → church cache (src/middleware.ts registers it)
  });

  const server = createServer((req, res) => {
    // API answers are compressed like pages when the client accepts it (same capture, nothing kept).
    const compressedApi = isApiRequest(req.url) && req.headers['accept-encoding'];
    if (!compressedApi && (handleApi(req, res) || serveStatic(req, res))) return;
    (compressedApi ? api : pages).handle(req, res).catch((error: unknown) => {
      console.error('[web]', req.url, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error');
    });
  });
  services.attach(server);
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let requests in flight finish (10 s at most), then close the database.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      services.disconnectClients();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), 10_000);
      await drained;
      clearTimeout(timer);
      await services.close();
    })());

  return { server, url: `http://localhost:${port}`, close };
}

/** Starts from the environment, logs where, and stops cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig();
    checkJwtSecret(config); // production without a strong JWT_SECRET stops here (docs/security.md "Token signing key")
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await start(config);
  if (config.LOG_LEVEL !== 'silent') {
    console.log(
      `Church web app on ${running.url}  (try http://graca.${config.PROVIDER_DOMAIN}:${config.PORT === 0 ? new URL(running.url).port : config.PORT})`,
    );
  }
  const stop = (signal: string) => {
    console.log(`${signal}: finishing requests in flight and closing the database…`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.main) await main();
