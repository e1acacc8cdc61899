// What an operator relies on (docs/deploy.md): /readyz turns 503 while a node drains and /healthz
// does not, /metrics is a 404 without its token, route labels are patterns, request ids are kept
// or made, and an unhandled error is reported to the DSN without secrets.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, parseDsn, scrub } from './error-report.ts';
import { handleError } from './http/errors.ts';
import { createNodeHandler } from './http/node-handler.ts';
import { apiRouteLabel, pageRouteLabeller, routeLabelOf } from './http/route-label.ts';
import { configureLog, log, requestIdOf } from './log.ts';
import { httpRequests } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';

/** A fake Sentry: keeps every envelope it is sent. */
async function fakeDsnServer() {
  const received: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const next = async () => {
    for (let waited = 0; !received.length; waited += 20) {
      if (waited > 5_000) throw new Error('no report arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return received.shift()!;
  };
  return { server, dsn: `http://publickey123@127.0.0.1:${port}/42`, received, next };
}

describe('readiness, liveness and /metrics', () => {
  let ready = true;
  let server: Server;
  let url = '';
  const labels: string[] = [];

  beforeAll(async () => {
    const app = new Hono().basePath('/api/v1');
    app.use(apiRouteLabel());
    app.get('/igreja/:slug', (c) => c.json({ slug: c.req.param('slug') }));
    const handle = createNodeHandler(
      {
        api: app as never,
        database: {
          kind: 'pglite',
          ping: async () => {},
          exclusive: (work) => work(),
          db: {} as never,
          close: async () => {},
        },
      },
      { ready: () => ready, metricsToken: TOKEN },
    );
    server = createServer((req, res) => {
      res.once('finish', () => labels.push(routeLabelOf(req) ?? '(none)'));
      if (!handle(req, res)) {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers /readyz 200 while taking traffic and 503 once draining; /healthz stays 200', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    ready = false;
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    ready = true;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('labels an API request with its route pattern, not its URL', async () => {
    labels.length = 0;
    await (await fetch(`${url}/api/v1/igreja/graca`)).text();
    await (await fetch(`${url}/api/v1/igreja/esperanca`)).text();
    expect(labels).toEqual(['/api/v1/igreja/:slug', '/api/v1/igreja/:slug']);
  });

  it('hides /metrics without the right bearer token and serves the exposition with it', async () => {
    httpRequests.inc({ method: 'GET', route: '/news/[id]', status: 200 });
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer metrics-token-0123456788' },
    });
    expect(wrong.status).toBe(404);
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    const text = await ok.text();
    expect(text).toContain('http_requests_total{method="GET",route="/news/[id]",status="200"}');
    for (const name of [
      'page_cache_lookups_total',
      'job_lag_seconds',
      'chat_clients',
      'node_ready 1',
    ])
      expect(text).toContain(name);
  });

  it('answers /metrics with a 404 when no token is set', async () => {
    const handle = createNodeHandler({
      api: new Hono() as never,
      database: {
        kind: 'pglite',
        ping: async () => {},
        exclusive: (work) => work(),
        db: {} as never,
        close: async () => {},
      },
    });
    const plain = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const port = (plain.address() as AddressInfo).port;
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(404);
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });
});

describe('page route labels', () => {
  it("gives the route Astro renders, from the build's route list", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routes-'));
    const entry = path.join(dir, 'entry.mjs');
    writeFileSync(
      entry,
      ['/', '/[...rest]', '/news', '/news/[id]', '/news/rss.xml', '/event/[eventId]/tickets']
        .map((r) => `{"routeData":{"route":"${r}","type":"page"}}`)
        .join(','),
    );
    const label = pageRouteLabeller(entry);
    expect(label('/', 200)).toBe('/');
    expect(label('/news', 200)).toBe('/news');
    expect(label('/news/', 200)).toBe('/news');
    expect(label('/news/12', 200)).toBe('/news/[id]');
    expect(label('/news/rss.xml', 200)).toBe('/news/rss.xml');
    expect(label('/event/7/tickets', 200)).toBe('/event/[eventId]/tickets');
    expect(label('/about/us', 200)).toBe('/[...rest]');
    expect(label(`/x${Math.random()}`, 404)).toBe('not-found');
  });
});

describe('request ids', () => {
  it("keeps the proxy's plain id and makes one otherwise", () => {
    expect(requestIdOf('req-123.abc')).toBe('req-123.abc');
    expect(requestIdOf(['f0e1d2', 'other'])).toBe('f0e1d2');
    const made = new Set<string>();
    for (const bad of [undefined, '', 'has space', 'x'.repeat(129), 'new\nline', '<script>']) {
      const id = requestIdOf(bad);
      expect(id).toMatch(/^[\w-]{12}-[0-9a-z]+$/); // this process's prefix, then a counter
      expect(requestIdOf(id)).toBe(id); // a made id passes through the next hop unchanged
      made.add(id);
    }
    expect(made.size).toBe(6);
  });
});

describe('error reports', () => {
  let fake: Awaited<ReturnType<typeof fakeDsnServer>>;
  beforeAll(async () => void (fake = await fakeDsnServer()));
  afterAll(() => {
    configureLog({ LOG_LEVEL: 'info', ERROR_REPORT_DSN: undefined, NODE_ENV: 'test' });
    fake.server.close();
  });

  it('reads the envelope endpoint from the DSN', () => {
    expect(parseDsn('https://abc@o1.ingest.example.com/proj/123')).toMatchObject({
      endpoint: 'https://o1.ingest.example.com/proj/api/123/envelope/',
      dsn: 'https://abc@o1.ingest.example.com/proj/123',
    });
    expect(() => parseDsn('https://example.com/1')).toThrow();
  });

  it('masks tokens and passwords in error text', () => {
    const masked = scrub(
      'login failed: Authorization: Bearer abc.def.ghi password=hunter2 postgres://u:pw@db/x eyJhbGciOi.eyJzdWIi.c2ln',
    );
    for (const secret of ['abc.def.ghi', 'hunter2', ':pw@', 'eyJhbGciOi'])
      expect(masked).not.toContain(secret);
  });

  it('sends an API 500 as a Sentry envelope with the route and request id, and nothing secret', async () => {
    configureLog({ LOG_LEVEL: 'error', ERROR_REPORT_DSN: fake.dsn, NODE_ENV: 'test' });
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const app = new Hono().basePath('/api/v1');
    app.get('/igreja/:slug/boom', () => {
      throw new Error('database said no to password=hunter2');
    });
    app.onError(handleError);
    const res = await app.request('/api/v1/igreja/graca/boom?token=abc123', {
      headers: {
        authorization: 'Bearer secret-access-token',
        cookie: 'session=secret-cookie',
        'x-request-id': 'req-42',
        'accept-language': 'pt-BR',
      },
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).not.toContain('hunter2');
    const report = await fake.next();
    expect(report.url).toBe('/api/42/envelope/');
    expect(report.headers['x-sentry-auth']).toContain('sentry_key=publickey123');
    const [header, item, event] = report.body.split('\n').map((l) => JSON.parse(l));
    expect(header.event_id).toBe(event.event_id);
    expect(item.type).toBe('event');
    expect(event.exception.values[0].type).toBe('Error');
    expect(event.request).toEqual({ method: 'GET', url: '/api/v1/igreja/graca/boom' });
    expect(event.tags).toMatchObject({
      source: 'api',
      route: '/api/v1/igreja/:slug/boom',
      request_id: 'req-42',
    });
    for (const secret of ['hunter2', 'secret-access-token', 'secret-cookie', 'abc123'])
      expect(report.body).not.toContain(secret);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('never waits for a DSN that does not answer, and keeps at most 5 reports in flight', async () => {
    const seen: IncomingMessage[] = [];
    const hanging = createServer((req) => void seen.push(req)); // never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    const rejected: unknown[] = [];
    const onRejection = (reason: unknown) => void rejected.push(reason);
    process.on('unhandledRejection', onRejection);
    const reporter = createErrorReporter(`http://k@127.0.0.1:${port}/1`, {
      environment: 'test',
      timeoutMs: 1_000,
    });
    for (let i = 0; i < 20; i++)
      expect(reporter.send(new Error(`storm ${i}`), { source: 'api' })).toBeUndefined();
    for (let waited = 0; seen.length < 5 && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.length).toBe(5); // the other 15 were dropped, not queued
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the timeouts end them quietly
    process.off('unhandledRejection', onRejection);
    expect(rejected).toEqual([]);
    hanging.closeAllConnections();
    hanging.close();
  });
});
