import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordQuery } from '../db/query-stats.ts';
import { compress, createPageCache, preferredEncoding, type PageCache } from './page-cache.ts';

let renders = 0;
let clock = 1_000_000;
let cacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
let cdnCacheControl: string | null = null;
/** A status the renderer answers with instead of the page (the database down: 503). */
let failing: number | null = null;
let cache: PageCache;
let server: Server;
let base: string;

// Renders like Astro's node adapter: writeHead with an object, then chunks, then end.
async function render(req: IncomingMessage, res: ServerResponse) {
  renders++;
  await new Promise((r) => setTimeout(r, 5));
  if (failing) {
    res.writeHead(failing, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<p>briefly unavailable</p>');
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    'x-church-id': '7',
    ...(cdnCacheControl ? { 'cdn-cache-control': cdnCacheControl } : {}),
  });
  res.write(
    new TextEncoder().encode(`<p>${req.headers['accept-language']?.slice(0, 2)} ${req.url}`),
  );
  res.write(cacheControl.startsWith('private') ? ' same</p>' : ` render ${renders}</p>`);
  res.end();
}

beforeAll(async () => {
  cache = createPageCache(render, { now: () => clock });
  server = createServer((req, res) => void cache.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  cache.clear();
  renders = 0;
  cacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
  cdnCacheControl = null;
  failing = null;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { 'accept-language': 'pt-BR', ...headers } });

describe('page cache', () => {
  it('renders once and serves the copy with an ETag that answers 304', async () => {
    const first = await get('/news');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await first.text()).toBe('<p>pt /news render 1</p>');
    const second = await get('/news');
    expect(await second.text()).toBe('<p>pt /news render 1</p>');
    expect(second.headers.get('age')).toBe('0');
    expect(second.headers.get('x-church-id')).toBeNull();
    const revalidated = await get('/news', { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(renders).toBe(1);
  });

  it('keeps one copy per language and URL', async () => {
    await get('/news', { 'accept-language': 'pt-BR' });
    await get('/news', { 'accept-language': 'pt-PT' }); // same language
    const en = await get('/news', { 'accept-language': 'en-US' });
    expect(await en.text()).toBe('<p>en /news render 2</p>');
    await get('/news?page=2');
    expect(renders).toBe(3);
  });

  it('never shares private pages, but still answers 304 for them', async () => {
    cacheControl = 'private, no-cache';
    const first = await get('/user');
    await get('/user');
    expect(renders).toBe(2);
    expect((await get('/user', { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
  });

  it('serves a stale copy while one request renders anew, then the new one', async () => {
    await get('/');
    clock += 31_000; // past s-maxage, within stale-while-revalidate
    const [a, b] = await Promise.all([get('/'), get('/')]);
    const bodies = [await a.text(), await b.text()].sort();
    expect(bodies).toEqual(['<p>pt / render 1</p>', '<p>pt / render 2</p>']);
    expect(await (await get('/')).text()).toBe('<p>pt / render 2</p>');
    clock += 400_000; // past stale-while-revalidate: render before answering
    expect(await (await get('/')).text()).toBe('<p>pt / render 3</p>');
  });

  it('reads the stale window from CDN-Cache-Control, which browsers never see (the pages send it so)', async () => {
    cacheControl = 'public, max-age=0, s-maxage=30';
    cdnCacheControl = 'max-age=30, stale-while-revalidate=300';
    await get('/');
    clock += 31_000;
    const [a, b] = await Promise.all([get('/'), get('/')]);
    expect([await a.text(), await b.text()].sort()).toEqual([
      '<p>pt / render 1</p>',
      '<p>pt / render 2</p>',
    ]);
    cdnCacheControl = null; // no stale window at all: past s-maxage renders before answering
    cache.clear();
    await get('/');
    clock += 31_000;
    const [c, d] = await Promise.all([get('/'), get('/')]);
    expect([await c.text(), await d.text()]).not.toContain('<p>pt / render 3</p>');
  });

  it('serves the kept copy when its re-render fails with a 5xx, within stale-if-error', async () => {
    cacheControl = 'public, max-age=0, s-maxage=30';
    cdnCacheControl = 'max-age=30, stale-while-revalidate=300, stale-if-error=86400';
    await get('/');
    failing = 503; // the database went away
    clock += 31_000; // stale: one re-render, which fails; the copy answers
    const stale = await get('/');
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('<p>pt / render 1</p>');
    expect(stale.headers.get('age')).toBe('31');
    clock += 3_600_000; // past stale-while-revalidate, within stale-if-error
    expect(await (await get('/')).text()).toBe('<p>pt / render 1</p>');
    expect(renders).toBe(3); // each request tried to render: the copy only stands in for a failure
    const missing = await get('/never-kept'); // nothing to stand in: the error itself
    expect([missing.status, await missing.text()]).toEqual([503, '<p>briefly unavailable</p>']);
    failing = null; // back: the next request renders and keeps the new page
    expect(await (await get('/')).text()).toBe('<p>pt / render 5</p>');
    failing = 503;
    clock += 86_400_000 + 31_000; // past stale-if-error as well: the error is sent
    expect((await get('/')).status).toBe(503);
    failing = null;
    expect(await (await get('/')).text()).toBe('<p>pt / render 7</p>');
  });

  it('without stale-if-error, a failed re-render is covered only within stale-while-revalidate', async () => {
    await get('/');
    failing = 500;
    clock += 31_000;
    expect(await (await get('/')).text()).toBe('<p>pt / render 1</p>');
    clock += 300_000; // past both windows
    expect((await get('/')).status).toBe(500);
  });

  it('forgets a church’s pages when its data changes', async () => {
    await get('/');
    cache.purgeChurch(7);
    await get('/');
    expect(renders).toBe(2);
  });

  it('does not cache requests that carry credentials', async () => {
    await get('/', { authorization: 'Bearer x' });
    await get('/', { authorization: 'Bearer x' });
    expect(renders).toBe(2);
  });
});

describe('page cache status line', () => {
  it('sends the reason phrase of the status, not the renderer’s', async () => {
    const notFound = createPageCache((_req, res) => {
      res.statusMessage = 'OK';
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<p>missing</p>');
    });
    const srv = createServer((req, res) => void notFound.handle(req, res));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as AddressInfo;
    const { request } = await import('node:http');
    const statusLine = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/x' }, (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.statusMessage}`);
      })
        .on('error', reject)
        .end();
    });
    await new Promise<void>((r) => srv.close(() => r()));
    expect(statusLine).toBe('404 Not Found');
  });
});

describe('per-request headers of kept pages', () => {
  // As server.ts serves pages: the request id is the request's (set on req.headers), and a renderer
  // that sets it on the answer (as the server once did before rendering) must not make it the page's.
  const page = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('x-request-id', String(req.headers['x-request-id']));
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, s-maxage=30',
      'x-church-id': '7',
      'set-cookie-not': 'x',
    });
    res.end(`<p>${'page '.repeat(400)}</p>`);
  };

  async function serve(cache: PageCache) {
    const srv = createServer((req, res) => void cache.handle(req, res));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    return { url, close: () => new Promise<void>((r) => srv.close(() => r())) };
  }

  it('every answer carries its own request id, never the one of the request that rendered the page', async () => {
    const { url, close } = await serve(createPageCache(page, { echoHeader: 'x-request-id' }));
    try {
      const ids = [];
      for (const [i, encoding] of ['br', 'br', 'gzip', 'identity', 'br'].entries()) {
        const res = await fetch(`${url}/news`, {
          headers: { 'x-request-id': `req-${i}`, 'accept-encoding': encoding },
        });
        await res.arrayBuffer();
        ids.push(res.headers.get('x-request-id'));
      }
      expect(ids).toEqual(['req-0', 'req-1', 'req-2', 'req-3', 'req-4']);
      const etag = (await fetch(`${url}/news`)).headers.get('etag')!;
      const notModified = await fetch(`${url}/news`, {
        headers: { 'x-request-id': 'req-304', 'if-none-match': etag },
      });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('x-request-id')).toBe('req-304');
    } finally {
      await close();
    }
  });

  it('a hit sends the headers the render sent, plus its Age, in every encoding and for HEAD', async () => {
    const { url, close } = await serve(createPageCache(page, { echoHeader: 'x-request-id' }));
    const headersOf = (res: Response) =>
      Object.fromEntries(
        [...res.headers].filter(
          ([name]) => !['date', 'age', 'x-request-id', 'connection', 'keep-alive'].includes(name),
        ),
      );
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const path = `/page-${encoding}`;
        const rendered = await fetch(url + path, { headers: { 'accept-encoding': encoding } });
        const body = Buffer.from(await rendered.arrayBuffer());
        const hit = await fetch(url + path, { headers: { 'accept-encoding': encoding } });
        expect(Buffer.from(await hit.arrayBuffer()).equals(body)).toBe(true);
        expect(headersOf(hit)).toEqual(headersOf(rendered));
        expect(hit.headers.get('age')).toBe('0');
        expect(hit.headers.get('x-church-id')).toBeNull();
        expect(hit.headers.get('content-length')).toBe(
          String(
            encoding === 'identity' ? body.length : Number(rendered.headers.get('content-length')),
          ),
        );
        const head = await fetch(url + path, {
          method: 'HEAD',
          headers: { 'accept-encoding': encoding },
        });
        expect(headersOf(head)).toEqual(headersOf(rendered));
      }
    } finally {
      await close();
    }
  });
});

describe('page cache memory and compression', () => {
  // A renderer of ~20 KB pages, like a content list.
  const filler = 'x'.repeat(4_000);
  let rendered = 0;
  const bigPage = (req: IncomingMessage, res: ServerResponse) => {
    rendered++;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
    });
    res.end(`<main>${req.url}${filler}</main>`);
  };
  // Requests straight to the handler: 20,000 of them over HTTP would dominate the suite's time.
  const call = async (cache: PageCache, url: string, headers: Record<string, string> = {}) => {
    const { IncomingMessage: Incoming, ServerResponse: Response } = await import('node:http');
    const { Socket } = await import('node:net');
    const req = new Incoming(new Socket());
    req.method = 'GET';
    req.url = url;
    req.headers = { host: 'graca.localhost', 'accept-language': 'pt-BR', ...headers };
    const res = new Response(req);
    let sent: Record<string, unknown> = {};
    res.writeHead = ((status: number, headers: Record<string, unknown> | string[] = {}) => {
      res.statusCode = status;
      // Node takes an object or a flat [name, value, …] list (how kept pages are sent)
      sent = Array.isArray(headers)
        ? Object.fromEntries(headers.flatMap((v, i) => (i % 2 ? [] : [[v, headers[i + 1]]])))
        : headers;
      return res;
    }) as typeof res.writeHead;
    const chunks: Buffer[] = [];
    res.write = ((c: Buffer) => (chunks.push(Buffer.from(c)), true)) as typeof res.write;
    res.end = ((c?: Buffer) => {
      if (c) chunks.push(Buffer.from(c));
      return res;
    }) as typeof res.end;
    await cache.handle(req, res);
    return { headers: sent, status: res.statusCode, body: Buffer.concat(chunks) };
  };

  it('20,000 random query strings keep memory under the budget and the hot page cached', async () => {
    const budget = 1024 * 1024;
    const cache = createPageCache(bigPage, { maxBytes: budget, now: () => 0 });
    await call(cache, '/news');
    await call(cache, '/news'); // asked for twice: a hot page
    rendered = 0;
    for (let i = 0; i < 20_000; i++) {
      await call(cache, `/news?q=${Math.random().toString(36).slice(2)}`, {
        'accept-encoding': i % 2 ? 'gzip, br' : '',
      });
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(rendered).toBe(20_000);
    await call(cache, '/news');
    expect(rendered).toBe(20_000); // still served from the cache
    expect(cache.bytes).toBeLessThanOrEqual(budget);
  }, 60_000);

  it('campaign parameters and the order of parameters make no new entry', async () => {
    const cache = createPageCache(bigPage);
    rendered = 0;
    await call(cache, '/news?page=2&categoria=1');
    await call(cache, '/news?categoria=1&page=2&utm_source=mail&fbclid=abc');
    expect(rendered).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('sends brotli or gzip by Accept-Encoding, the same bytes decompressed, and keeps the compressed copy', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const cache = createPageCache(bigPage);
    const plain = await call(cache, '/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
    const br = await call(cache, '/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await call(cache, '/about', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(
      (await call(cache, '/about', { 'accept-encoding': 'br;q=0, gzip' })).headers[
        'content-encoding'
      ],
    ).toBe('gzip');
    const bytesBefore = cache.bytes;
    await call(cache, '/about', { 'accept-encoding': 'br' });
    expect(cache.bytes).toBe(bytesBefore); // the kept copy, not a new compression
  });

  it('compresses when nothing is kept (PAGE_CACHE=false) too: zstd, else gzip, the cheaper, when the client takes it', async () => {
    const { brotliDecompressSync, gunzipSync, zstdDecompressSync } = await import('node:zlib');
    const cache = createPageCache(bigPage, { enabled: false });
    rendered = 0;
    const zst = await call(cache, '/news', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await call(cache, '/news', { 'accept-encoding': 'gzip, deflate, br' });
    const br = await call(cache, '/news', { 'accept-encoding': 'br' });
    const plain = await call(cache, '/news');
    expect(zst.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(zst.body).equals(plain.body)).toBe(true);
    expect(zst.headers.vary).toContain('Accept-Encoding');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(zst.body.length).toBeLessThan(plain.body.length / 5);
    expect(rendered).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('sends a kept page in zstd to a client that takes neither brotli nor gzip', async () => {
    const { zstdDecompressSync } = await import('node:zlib');
    const cache = createPageCache(bigPage);
    const plain = await call(cache, '/news');
    const zst = await call(cache, '/news', { 'accept-encoding': 'zstd' });
    expect(zst.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(zst.body).equals(plain.body)).toBe(true);
  });

  it('gzips a kept page at level 6 and an answer made for one client at level 3, the cheaper', async () => {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    // a page of varied words (a fixed pseudo-random sequence), as real pages are
    const words = ['culto', 'louvor', 'oração', 'igreja', 'domingo', 'célula', 'jovens', 'missões'];
    let seed = 7;
    const word = () => words[(seed = (seed * 1103515245 + 12345) % 2147483648) % words.length];
    const items = Array.from(
      { length: 300 },
      (_, i) =>
        `<li class="card-${i % 5}"><a href="/news/${i}">${[1, 2, 3, 4, 5, 6].map(word).join(' ')}</a></li>`,
    );
    const page = Buffer.from(`<main>${items.join('')}</main>`);
    const kept = (await compress(page, 'gzip', 'kept')) as Buffer;
    const oneOff = (await compress(page, 'gzip', 'oneOff')) as Buffer;
    expect(gunzipSync(kept).equals(page)).toBe(true);
    expect(gunzipSync(oneOff).equals(page)).toBe(true);
    const shape = { windowBits: 14, memLevel: 7 };
    expect(kept.equals(gzipSync(page, { ...shape, level: 6 }))).toBe(true);
    expect(oneOff.equals(gzipSync(page, { ...shape, level: 3 }))).toBe(true);
    expect(oneOff.equals(kept)).toBe(false); // this page tells the two levels apart
  });

  it('compresses a page past 128 KB off the event loop, to the same bytes', async () => {
    const { brotliDecompressSync, gunzipSync, zstdDecompressSync } = await import('node:zlib');
    const big = createPageCache(
      (_req, res) => {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'public, s-maxage=60',
        });
        res.end(`<p>${Array.from({ length: 30_000 }, (_, i) => `item ${i}`).join(' ')}</p>`);
      },
      { maxBytes: 64 * 1024 * 1024 },
    );
    const plain = await call(big, '/big');
    expect(plain.body.length).toBeGreaterThan(128 * 1024);
    const br = await call(big, '/big', { 'accept-encoding': 'br' });
    const gz = await call(big, '/big', { 'accept-encoding': 'gzip' });
    const zst = await call(big, '/big', { 'accept-encoding': 'zstd' });
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(zst.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(zst.body).equals(plain.body)).toBe(true);
  });

  it('sends a kept page in brotli to a browser, and zstd (else gzip) for an answer made for one client', () => {
    const browser = 'gzip, deflate, br, zstd';
    expect(preferredEncoding(browser)).toBe('br');
    expect(preferredEncoding(browser, { oneOff: true })).toBe('zstd');
    expect(preferredEncoding('gzip, deflate, br', { oneOff: true })).toBe('gzip'); // Safari
    expect(preferredEncoding('zstd')).toBe('zstd');
    expect(preferredEncoding('zstd;q=0, gzip', { oneOff: true })).toBe('gzip');
    expect(preferredEncoding('br', { oneOff: true })).toBe('br');
    expect(preferredEncoding('gzip;q=0, br', { oneOff: true })).toBe('br');
    expect(preferredEncoding('identity')).toBe(null);
  });

  it('a body written as one view into a larger buffer is exactly that view', async () => {
    const bytes = new TextEncoder().encode('xx<p>only this</p>yy');
    const cache = createPageCache(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=30' });
        res.write(bytes.subarray(2, 18));
        res.end();
      },
      { enabled: false },
    );
    const page = await call(cache, '/one-chunk');
    expect(page.body.toString()).toBe('<p>only this</p>');
    expect(page.headers['content-length']).toBe('16');
    expect(page.headers.etag).toMatch(/^W\/".+"$/);
  });
});

describe('query statistics (DB_QUERY_STATS)', () => {
  it('a rendered answer says how many statements its render sent; the kept copy does not', async () => {
    const counting = createPageCache(
      async (_req, res) => {
        recordQuery('select 1');
        await new Promise((r) => setTimeout(r, 1));
        recordQuery('select 2'); // after an await: still this render's
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=30' });
        res.end('<p>x</p>');
      },
      { queryStats: true },
    );
    const local = createServer((req, res) => void counting.handle(req, res));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`;
    try {
      expect((await fetch(url)).headers.get('server-timing')).toBe('db;desc="2 queries"');
      expect((await fetch(url)).headers.get('server-timing')).toBeNull(); // served from the cache: no render
    } finally {
      await new Promise<void>((r) => local.close(() => r()));
    }
  });
});
