// The built files (static-files.ts): a name with an extension under the root is served with its
// type, caching and ETag; a page's path (no extension) is never looked up; nothing leaves the root.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStaticFiles } from './static-files.ts';

const root = mkdtempSync(path.join(tmpdir(), 'static-'));
mkdirSync(path.join(root, '_astro'));
mkdirSync(path.join(root, 'news.d'));
writeFileSync(path.join(root, '_astro', 'app.abc123.css'), 'body{color:red}');
writeFileSync(path.join(root, 'news.d', 'x.txt'), 'x');
writeFileSync(path.join(tmpdir(), 'outside.txt'), 'secret');
const serve = createStaticFiles(root);

function ask(url: string, headers: Record<string, string> = {}) {
  const sent: { status?: number; headers?: Record<string, string>; body?: unknown } = {};
  const res = {
    writeHead(status: number, h: Record<string, string>) {
      sent.status = status;
      sent.headers = h;
    },
    end(body?: unknown) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  const served = serve({ method: 'GET', url, headers } as IncomingMessage, res);
  return { served, ...sent };
}

describe('built files', () => {
  it('serves a file by its name, a query string aside, with its type and a year of caching', () => {
    const got = ask('/_astro/app.abc123.css?v=2');
    expect(got.served).toBe(true);
    expect(got.status).toBe(200);
    expect(got.headers?.['content-type']).toMatch(/^text\/css/);
    expect(got.headers?.['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(got.body)).toBe('body{color:red}');
    const again = ask('/_astro/app.abc123.css', { 'if-none-match': got.headers!.etag! });
    expect(again.status).toBe(304);
  });

  it('leaves pages, folders and names outside the root to the rest of the server', () => {
    expect(ask('/news').served).toBe(false);
    expect(ask('/news?busca=a.b').served).toBe(false);
    expect(ask('/news.d/').served).toBe(false);
    expect(ask('/news.d/x').served).toBe(false);
    expect(ask('/news.d/x.txt').served).toBe(true);
    expect(ask('/../outside.txt').served).toBe(false);
    expect(ask('/%2e%2e/outside.txt').served).toBe(false);
    expect(ask('/_astro/missing.css').served).toBe(false);
  });
});
