// Composition root (docs/architecture.md "Programs and one port"): one HTTP server on one port for the web site (Astro),
// the v1 API (/api/v1), /healthz, /readyz, /metrics and the chat (/socket.io). It logs every request (server/log.ts)
// and drains on SIGTERM (docs/deploy.md "Draining").
import './server/gc-tuning.ts'; // V8's settings, before anything else runs
import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, parseConfig, type Config } from './common/config.ts';
import { forgetChurch } from './contract/in-process.ts';
import { checkJwtSecret } from './server/auth/jwt-secret.ts';
import {
  createNodeHandler,
  handlesPath,
  isApiRequest,
  serveMetrics,
} from './server/http/node-handler.ts';
import { noteRequest } from './server/http/traffic.ts';
import { refuseBadHost, validHostHeader } from './server/http/host-header.ts';
import { applyChosenLanguage } from './server/http/language-cookie.ts';
import { createPageCache } from './server/http/page-cache.ts';
import { pageRouteLabeller, routeLabelOf, setRouteLabel } from './server/http/route-label.ts';
import { createStaticFiles, namesFile } from './server/http/static-files.ts';
import {
  configureLog,
  log,
  logRequest,
  reportError,
  REQUEST_ID_HEADER,
  requestIdOf,
} from './server/log.ts';
import {
  collectProcessMetrics,
  methodLabel,
  pageCacheLookups,
  recordRequest,
  watchPageCache,
  watchPool,
  watchReadiness,
} from './server/metrics.ts';
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
  /** The METRICS_PORT listener's address, when one was asked for. */
  metricsUrl?: string;
  /** Stops at once: no new connections, requests in flight finish, then the database closes. */
  close(): Promise<void>;
  /** SIGTERM's way: /readyz turns 503, the node serves DRAIN_DELAY_MS more, then `close()`. */
  drain(): Promise<void>;
}

/** Default wait between "not ready" and "stop accepting": long enough for a balancer's health check. */
const drainDelay = (config: Config) =>
  config.DRAIN_DELAY_MS ?? (config.NODE_ENV === 'production' ? 5_000 : 0);

export async function start(config: Config): Promise<RunningServer> {
  if (!existsSync(entry))
    throw new Error('The site is not built: run `npm run build` (or `npm start`, which builds).');
  configureLog(config);
  const services = await startServices(config);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  let ready = true;
  let stopping = false;
  const handleApi = createNodeHandler(services, {
    ready: () => ready,
    metricsToken: config.METRICS_TOKEN,
  });
  const serveStatic = createStaticFiles(path.join(dist, 'client'));
  // With PAGE_CACHE=false nothing is kept, but pages still get ETags and compression.
  const pages = createPageCache(handler, {
    enabled: config.PAGE_CACHE,
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    onLookup: (result) => pageCacheLookups.inc({ result }),
    echoHeader: REQUEST_ID_HEADER,
  });
  const pageRoute = pageRouteLabeller(entry);
  // A path's route pattern is the same on every request: found once (bounded, like the cache's keys).
  const pageRoutes = new Map<string, string>();
  const pageRouteOf = (path: string, status: number) => {
    if (status === 404) return pageRoute(path, status);
    let route = pageRoutes.get(path);
    if (route === undefined) {
      if (pageRoutes.size >= 5_000) pageRoutes.clear();
      pageRoutes.set(path, (route = pageRoute(path, status)));
    }
    return route;
  };
  watchPageCache(pages);
  watchReadiness(() => ready);
  if (services.database.kind === 'postgres')
    watchPool(
      (services.database.db as unknown as { $client: Parameters<typeof watchPool>[0] }).$client,
    );
  if (config.METRICS_TOKEN || config.METRICS_PORT !== undefined) collectProcessMetrics();
  const api = createPageCache((req, res) => void handleApi(req, res), {
    enabled: false,
    echoHeader: REQUEST_ID_HEADER,
  });
  services.changes.onChurchChanged((churchId) => {
    pages.purgeChurch(churchId);
    forgetChurch(churchId); // the web's host → church cache (src/middleware.ts registers it)
  });

  /** One log line and the metrics of each request, once its answer is sent (or the client left). */
  function observed(this: ServerResponse) {
    const res = this as Observed;
    const req = res.req;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const status = res.statusCode;
    const route = routeLabelOf(req) ?? pageRouteOf(q < 0 ? url : url.slice(0, q), status);
    const seconds = (performance.now() - res[STARTED]) / 1000;
    recordRequest(methodLabel(req.method), route, status, seconds);
    logRequest({
      reqId: res[REQUEST_ID],
      method: req.method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      aborted: !res.writableFinished,
    });
  }

  // Hosts already found valid (bounded): checked once, not on every request.
  const goodHosts = new Set<string>();
  const validHost = (host: string | undefined) => {
    if (host === undefined || goodHosts.has(host)) return true;
    if (!validHostHeader(host)) return false;
    if (goodHosts.size >= 1_000) goodHosts.clear();
    goodHosts.add(host);
    return true;
  };

  const server = createServer((req, response) => {
    noteRequest(); // background work paces itself while requests come in (server/http/traffic.ts)
    const res = response as Observed;
    // The proxy's request id (or a new one) is on every answer, log line and error report.
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId; // the API's error handler reads it
    res[STARTED] = performance.now();
    res[REQUEST_ID] = requestId;
    res.on('close', observed);
    applyChosenLanguage(req); // the footer's language switch wins over the browser's (pages, cache, API)
    const url = req.url ?? '/';
    // API answers are compressed like pages when the client accepts it (same capture, nothing kept).
    const compressedApi = isApiRequest(url) && req.headers['accept-encoding'];
    // Answers of the page caches carry the id in their one writeHead (docs/performance.md "The
    // cached path"); any other answer has it set here first.
    const viaCache = compressedApi || (!handlesPath(url) && !namesFile(url));
    if (!viaCache) res.setHeader(REQUEST_ID_HEADER, requestId);
    // Once the node stops accepting, kept-alive connections close after their answer.
    if (stopping) res.setHeader('connection', 'close');
    if (!validHost(req.headers.host)) {
      // `Host: x@evil` is a 400, not the site's 500
      if (viaCache) res.setHeader(REQUEST_ID_HEADER, requestId);
      return void refuseBadHost(req, res);
    }
    if (!compressedApi && handleApi(req, res)) return;
    if (!compressedApi && serveStatic(req, res)) return setRouteLabel(req, 'static');
    (compressedApi ? api : pages).handle(req, res).catch((error: unknown) => {
      const path = (req.url ?? '/').split('?')[0]!;
      reportError(error, {
        source: 'web',
        requestId,
        method: req.method,
        route: pageRoute(path, 200),
        path,
      });
      if (!res.headersSent)
        res.writeHead(500, {
          'content-type': 'text/plain; charset=utf-8',
          [REQUEST_ID_HEADER]: requestId,
        });
      res.end('Internal server error');
    });
  });
  services.attach(server);
  // An idle kept-alive connection outlives a balancer's own idle timeout (nginx's and most load
  // balancers' 60 s), so the balancer closes it, never the node as a request is sent on it
  // (docs/deploy.md "A load balancer"); Node wants its header timeout above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  // /metrics without a token on a port of its own (127.0.0.1 by default): for a scraper beside the node.
  let metricsServer: Server | undefined;
  if (config.METRICS_PORT !== undefined) {
    const listener = createServer((req, res) => {
      if (isPathOf(req.url, '/metrics')) return void serveMetrics(res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
    });
    metricsServer = listener;
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let requests in flight finish (10 s at most), then close the database.
      ready = false;
      stopping = true;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Chat messages being handled are answered, then the sockets close and reconnect elsewhere.
      services.disconnectClients();
      const timer = setTimeout(() => server.closeAllConnections(), 10_000);
      await drained;
      clearTimeout(timer);
      await services.close();
      metricsServer?.close();
    })());

  let draining: Promise<void> | undefined;
  const drain = () =>
    (draining ??= (async () => {
      ready = false; // the balancer's next check of /readyz takes this node out
      const delay = drainDelay(config);
      log.info({ delayMs: delay }, 'draining: not ready, still serving');
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      log.info('draining: no new connections; finishing requests in flight');
      await close();
    })());

  const metricsAddress = metricsServer?.address() as AddressInfo | undefined;
  return {
    server,
    url: `http://localhost:${port}`,
    ...(metricsAddress
      ? { metricsUrl: `http://${config.METRICS_HOST}:${metricsAddress.port}` }
      : {}),
    close,
    drain,
  };
}

const isPathOf = (url = '/', path: string) => url === path || url.startsWith(`${path}?`);

const STARTED = Symbol('started');
const REQUEST_ID = Symbol('request id');
type Observed = ServerResponse & { [STARTED]: number; [REQUEST_ID]: string };

/** Starts from the environment, logs where, and stops cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig();
    checkJwtSecret(config); // production without a strong JWT_SECRET stops here (docs/security.md "Token signing key")
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message); // before the logger has its settings: plain text for a person
      process.exit(1);
    }
    throw error;
  }
  const running = await start(config);
  const port = new URL(running.url).port;
  log.info(
    {
      url: running.url,
      try: `http://graca.${config.PROVIDER_DOMAIN}:${port}`,
      metrics: running.metricsUrl,
    },
    `Church web app on ${running.url}  (try http://graca.${config.PROVIDER_DOMAIN}:${port})`,
  );
  // SIGTERM (a rolling restart) drains; SIGINT (Ctrl-C at a terminal) stops without the delay.
  const stop = (signal: string, how: 'drain' | 'close') => {
    log.info({ signal }, 'stopping: finishing requests in flight, then closing the database');
    running[how]().then(
      () => {
        log.info('stopped');
        log.flush();
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        log.flush();
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM', 'drain'));
  process.once('SIGINT', () => stop('SIGINT', 'close'));
}

if (import.meta.main) await main();
