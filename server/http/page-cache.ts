// An in-process shared cache in front of the site renderer, like a CDN on the same machine:
// it keeps the pages whose Cache-Control allows shared caching (s-maxage), serves them
// without rendering again, keeps serving a stale copy while one request re-renders
// (stale-while-revalidate), and answers If-None-Match with 304 on every HTML page.
//
// Pages vary only by host, URL and interface language (Vary: Accept-Language; the language
// is the first two letters of it, contract/language.ts), so that is the key.
import { createHash } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { pickLanguage } from '../../contract/language.ts';

type Renderer = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Internal response header naming the church of a page, so a change to it can purge its pages. */
export const CHURCH_HEADER = 'x-church-id';

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  churchId: string | null;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  revalidating: boolean;
}

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface PageCacheOptions {
  maxEntries?: number;
  now?: () => number;
}

export function createPageCache(render: Renderer, { maxEntries = 5000, now = Date.now }: PageCacheOptions = {}) {
  const entries = new Map<string, Entry>();

  function keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.headers.authorization) return null;
    const lang = pickLanguage(req.headers['accept-language']);
    return `${(req.headers.host ?? '').toLowerCase()}|${lang}|${req.url ?? '/'}`;
  }

  function store(key: string, captured: Captured, etag: string): void {
    const policy = sharedPolicy(captured);
    if (!policy) return;
    const at = now();
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!); // oldest first
    const churchId = captured.headers[CHURCH_HEADER];
    entries.set(key, {
      ...captured,
      etag,
      churchId: churchId === undefined ? null : String(churchId),
      storedAt: at,
      freshUntil: at + policy.sMaxAge * 1000,
      staleUntil: at + (policy.sMaxAge + policy.staleWhileRevalidate) * 1000,
      revalidating: false,
    });
  }

  function send(req: IncomingMessage, res: ServerResponse, page: Captured & { etag: string | null }, age?: number): void {
    const headers: OutgoingHttpHeaders = { ...page.headers };
    delete headers[CHURCH_HEADER];
    delete headers['transfer-encoding'];
    if (age !== undefined) headers.age = String(age);
    if (page.etag) {
      headers.etag = page.etag;
      if (matches(req.headers['if-none-match'], page.etag)) {
        delete headers['content-length'];
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    headers['content-length'] = String(page.body.length);
    // The renderer may have set "OK" for a 404 page; the reason phrase follows the status.
    res.statusMessage = STATUS_CODES[page.status] ?? '';
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }

  async function renderAndSend(req: IncomingMessage, res: ServerResponse, key: string | null): Promise<void> {
    const captured = await capture(render, req, res);
    if (!captured) return; // the renderer streamed something we do not buffer (already sent)
    const etag = isHtml(captured) && captured.status === 200 ? etagOf(captured.body) : null;
    if (key && etag) store(key, captured, etag);
    send(req, res, { ...captured, etag });
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const key = keyOf(req);
      const entry = key ? entries.get(key) : undefined;
      const at = now();
      if (key && entry) {
        const age = Math.floor((at - entry.storedAt) / 1000);
        if (at < entry.freshUntil) return send(req, res, entry, age);
        if (at < entry.staleUntil && entry.revalidating) return send(req, res, entry, age);
        if (at < entry.staleUntil) entry.revalidating = true; // this request re-renders; others get the stale copy
        else entries.delete(key);
        try {
          return await renderAndSend(req, res, key);
        } finally {
          entry.revalidating = false;
        }
      }
      return renderAndSend(req, res, key);
    },
    /** Drops every cached page of a church (after its content changed). */
    purgeChurch(churchId: number | string): void {
      for (const [key, entry] of entries) if (entry.churchId === String(churchId)) entries.delete(key);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

function isHtml(page: Captured): boolean {
  return String(page.headers['content-type'] ?? '').startsWith('text/html');
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === bare);
}

/** s-maxage and stale-while-revalidate of a cacheable response, or null when it may not be shared. */
function sharedPolicy(page: Captured): { sMaxAge: number; staleWhileRevalidate: number } | null {
  if (page.status !== 200 || page.headers['set-cookie']) return null;
  const cc = String(page.headers['cache-control'] ?? '');
  if (/\b(private|no-store|no-cache)\b/.test(cc)) return null;
  const sMaxAge = Number(/\bs-maxage=(\d+)/.exec(cc)?.[1] ?? 0);
  if (!sMaxAge) return null;
  return { sMaxAge, staleWhileRevalidate: Number(/\bstale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0) };
}

/**
 * Runs the renderer against the real response object but keeps what it writes, so the
 * page can be stored and sent with an ETag. Returns null if the renderer upgraded or
 * hijacked the response in a way we do not capture.
 */
function capture(render: Renderer, req: IncomingMessage, res: ServerResponse): Promise<Captured | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let headers: OutgoingHttpHeaders = {};
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    const restore = () => Object.assign(res, original);
    res.writeHead = function (code: number, ...rest: unknown[]) {
      status = code;
      const h = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | string[] | undefined;
      headers = { ...lowerCase(res.getHeaders()), ...toHeaderObject(h) };
      return res;
    } as typeof res.writeHead;
    res.write = function (chunk: unknown, ...rest: unknown[]) {
      if (chunk != null) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8'));
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    } as typeof res.write;
    res.end = function (chunk?: unknown, ...rest: unknown[]) {
      if (chunk != null && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      const cb = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
      restore();
      if (cb) res.once('finish', cb); // called once the real response (sent later) finishes
      if (!Object.keys(headers).length) {
        status = res.statusCode;
        headers = lowerCase(res.getHeaders());
      }
      resolve({ status, headers, body: Buffer.concat(chunks) });
      return res;
    } as typeof res.end;
    Promise.resolve(render(req, res)).catch((error: unknown) => {
      restore();
      reject(error);
    });
  });
}

function lowerCase(h: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

function toHeaderObject(h: OutgoingHttpHeaders | string[] | undefined): OutgoingHttpHeaders {
  if (!h) return {};
  if (Array.isArray(h)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < h.length; i += 2) {
      const k = h[i]!.toLowerCase();
      const v = h[i + 1]!;
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [String(prev), v];
    }
    return out;
  }
  return lowerCase(h);
}
