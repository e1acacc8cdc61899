import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageCache, type PageCache } from './page-cache.ts';

let renders = 0;
let clock = 1_000_000;
let cacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
let cache: PageCache;
let server: Server;
let base: string;

// Renders like Astro's node adapter: writeHead with an object, then chunks, then end.
async function render(req: IncomingMessage, res: ServerResponse) {
  renders++;
  await new Promise((r) => setTimeout(r, 5));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl, 'x-church-id': '7' });
  res.write(new TextEncoder().encode(`<p>${req.headers['accept-language']?.slice(0, 2)} ${req.url}`));
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
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'accept-language': 'pt-BR', ...headers } });

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
