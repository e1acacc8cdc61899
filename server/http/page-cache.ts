// An in-process shared cache in front of the site renderer, like a CDN on the same machine:
// it keeps the pages whose Cache-Control allows shared caching (s-maxage), serves them
// without rendering again, keeps serving a stale copy while one request re-renders
// (stale-while-revalidate, in Cache-Control or CDN-Cache-Control) and when a re-render fails with
// a 5xx, the database being down (stale-if-error, RFC 5861; docs/deploy.md "When the database goes
// away"), and answers If-None-Match with 304 on every HTML page.
//
// Pages vary only by host, URL and interface language (Vary: Accept-Language; the language
// is the first two letters of it, contract/language.ts), so that is the key.
//
// Memory is bounded in bytes, and fairly (a segmented LRU): a page enters a small probation
// segment and moves to the protected one on its second request, so a flood of one-off URLs
// (random query strings) only churns probation and never pushes the hot pages out.
// Every text answer (HTML, XML, JSON) is sent with brotli or gzip when the client accepts it;
// a cached page keeps its compressed bytes, so serving it costs no compression.
import { hash } from 'node:crypto';
import {
  STATUS_CODES,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
} from 'node:zlib';
import { memoByText } from '../../common/memo.ts';
import { pickLanguage } from '../../contract/language.ts';
import { countQueries } from '../db/query-stats.ts';
import { withRequestMemo } from './request-memo.ts';
import { reusedCompressor } from './reused-compressor.ts';

type Renderer = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Internal response header naming the church of a page, so a change to it can purge its pages. */
export const CHURCH_HEADER = 'x-church-id';

type Encoding = 'br' | 'gzip' | 'zstd';

interface Entry {
  key: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The body compressed, made on first demand and kept (counted in the byte budget). */
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  etag: string;
  churchId: string | null;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  /** Until then the copy stands in for a re-render that fails with a 5xx (stale-if-error). */
  errorUntil: number;
  revalidating: boolean;
  /** When it last moved to the recent end of its segment (the LRU's order, to the second). */
  movedAt: number;
  /** Whether it is sent compressed to a client that takes it (text of 1 KB or more). */
  compressible: boolean;
  /** The answer's headers for each encoding sent, as writeHead's flat list, made once (Age and the request id follow). */
  heads: Partial<Record<Encoding | 'identity', string[]>>;
}

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface PageCacheOptions {
  /** false: nothing is kept, but answers still get ETags and compression (PAGE_CACHE=false). */
  enabled?: boolean;
  /** The memory budget of the kept pages, compressed copies included. */
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * Development aid (docs/performance.md "Statements per page"): a rendered answer carries `Server-Timing: db;desc="N queries"`, the SQL
   * statements its render sent. Default: the environment variable DB_QUERY_STATS=true.
   */
  queryStats?: boolean;
  /** Told of every look-up of a cacheable request (the metrics, docs/deploy.md "Metrics"). */
  onLookup?: (result: 'hit' | 'stale' | 'miss') => void;
  /**
   * A request header whose value every answer carries back (server.ts: X-Request-Id) and no kept
   * copy keeps: it is the request's, not the page's.
   */
  echoHeader?: string;
}

/** Share of the budget for pages seen once; the rest is for pages asked for again. */
const PROBATION_SHARE = 0.2;
/** What an entry costs beyond its bodies (headers, key, bookkeeping), roughly. */
const ENTRY_OVERHEAD = 1024;
/** Query parameters no page reads: they only identify campaigns, so they never split the cache. */
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid|_ga)$/i;

/** What a hit answered at once returns: one settled promise for all. */
const DONE: Promise<void> = Promise.resolve();

/** A kept page moves to the recent end of the LRU at most this often (a hit costs no map writes). */
const LRU_RESOLUTION_MS = 1000;

// Browsers send a handful of distinct Accept-Encoding and Accept-Language values: each parsed once.
const languageOf = memoByText((value) => pickLanguage(value));
/** What a kept page is sent in, by Accept-Encoding (brotli first). */
const keptEncoding = memoByText((value) => preferredEncoding(value));

/** The headers as writeHead's flat [name, value, …] list (a header with several values repeats its name). */
function flatHeaders(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) flat.push(name, v);
    else flat.push(name, String(value));
  }
  return flat;
}

/** A segment of the LRU: a Map in use order (oldest first) with its byte count. */
class Segment {
  readonly entries = new Map<string, Entry>();
  bytes = 0;
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }
  add(entry: Entry): void {
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
  }
  remove(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    return entry;
  }
  /** Drops the least recently used entries until the segment fits its budget. */
  trim(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }
}

export function createPageCache(
  render: Renderer,
  {
    enabled = true,
    maxBytes = 64 * 1024 * 1024,
    maxEntries = 20_000,
    now = Date.now,
    queryStats = process.env.DB_QUERY_STATS === 'true',
    onLookup,
    echoHeader,
  }: PageCacheOptions = {},
) {
  const probation = new Segment(Math.floor(maxBytes * PROBATION_SHARE));
  const hot = new Segment(maxBytes - probation.maxBytes);

  function keyOf(req: IncomingMessage): string | null {
    if (!enabled) return null;
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.headers.authorization) return null;
    const lang = languageOf(req.headers['accept-language']);
    return `${(req.headers.host ?? '').toLowerCase()}|${lang}|${normalizedUrl(req.url ?? '/')}`;
  }

  function lookup(key: string, at: number): Entry | undefined {
    const recent = hot.entries.get(key);
    if (recent) {
      // Most recently used now; moved at most once a second, so a hot page's hits cost no map writes.
      if (at - recent.movedAt >= LRU_RESOLUTION_MS) {
        hot.remove(key);
        hot.add(recent);
        recent.movedAt = at;
      }
      return recent;
    }
    const seen = probation.remove(key);
    if (!seen) return undefined;
    hot.add(seen); // asked for again: it earns a place among the hot pages
    seen.movedAt = at;
    hot.trim();
    return seen;
  }

  function drop(key: string): void {
    if (!hot.remove(key)) probation.remove(key);
  }

  function store(key: string, captured: Captured, etag: string): void {
    const policy = sharedPolicy(captured);
    if (!policy) return;
    const bytes = captured.body.length + key.length + ENTRY_OVERHEAD;
    if (bytes > probation.maxBytes) return; // one page may not take over the cache
    const at = now();
    const churchId = captured.headers[CHURCH_HEADER];
    const replaced = hot.entries.has(key) ? hot : probation;
    drop(key);
    const entry: Entry = {
      ...captured,
      key,
      encoded: {},
      bytes,
      etag,
      churchId: churchId === undefined ? null : String(churchId),
      storedAt: at,
      freshUntil: at + policy.sMaxAge * 1000,
      staleUntil: at + (policy.sMaxAge + policy.staleWhileRevalidate) * 1000,
      errorUntil:
        at + (policy.sMaxAge + Math.max(policy.staleWhileRevalidate, policy.staleIfError)) * 1000,
      revalidating: false,
      movedAt: at,
      compressible: compressible(captured),
      heads: {},
    };
    // A page re-rendered after going stale keeps its rank; a new one starts on probation.
    replaced.add(entry);
    replaced.trim();
    if (hot.entries.size + probation.entries.size > maxEntries)
      probation.remove(probation.entries.keys().next().value ?? '');
  }

  /** The body in the encoding the client prefers, compressed once for a kept page. */
  async function encodedBody(
    req: IncomingMessage,
    page: Captured,
    entry: Entry | null,
  ): Promise<{ body: Buffer; encoding: Encoding | null }> {
    const encoding = compressible(page)
      ? entry
        ? keptEncoding(req.headers['accept-encoding'])
        : preferredEncoding(req.headers['accept-encoding'], { oneOff: true })
      : null;
    if (!encoding) return { body: page.body, encoding: null };
    const kept = entry?.encoded[encoding];
    if (kept) return { body: kept, encoding };
    const body = await compress(page.body, encoding, entry ? 'kept' : 'oneOff');
    if (
      entry &&
      (hot.entries.get(entry.key) === entry || probation.entries.get(entry.key) === entry)
    ) {
      entry.encoded[encoding] = body;
      entry.bytes += body.length;
      const segment = hot.entries.has(entry.key) ? hot : probation;
      segment.bytes += body.length;
      segment.trim();
    }
    return { body, encoding };
  }

  /** The headers of an answer with this body and encoding (no Age, no request id). */
  function headersOf(
    page: Captured & { etag: string | null },
    encoding: Encoding | null,
    length: number,
  ): OutgoingHttpHeaders {
    // copied without the left-out names (a `delete` would turn the object into a slow dictionary)
    const headers: OutgoingHttpHeaders = {};
    for (const name in page.headers)
      if (name !== CHURCH_HEADER && name !== 'transfer-encoding' && name !== echoHeader)
        headers[name] = page.headers[name];
    if (compressible(page)) headers.vary = withVary(headers.vary, 'Accept-Encoding');
    if (page.etag) headers.etag = page.etag;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(length);
    return headers;
  }

  /**
   * A hit answered at once when its body in the client's encoding is kept (nearly every hit): no
   * promise, no copy of its headers. False when it needs the general path (a 304, a first compression).
   */
  function sendKept(req: IncomingMessage, res: ServerResponse, entry: Entry, age: number): boolean {
    if (req.headers['if-none-match']) return false;
    const encoding = entry.compressible ? keptEncoding(req.headers['accept-encoding']) : null;
    const body = encoding ? entry.encoded[encoding] : entry.body;
    if (!body) return false;
    const head = (entry.heads[encoding ?? 'identity'] ??= flatHeaders(
      headersOf(entry, encoding, body.length),
    )).slice();
    head.push('age', String(age));
    const echo = echoHeader ? req.headers[echoHeader] : undefined;
    if (typeof echo === 'string') head.push(echoHeader!, echo);
    // The renderer may have set "OK" for a 404 page; the reason phrase follows the status.
    res.statusMessage = STATUS_CODES[entry.status] ?? '';
    res.writeHead(entry.status, head);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: Captured & { etag: string | null },
    entry: Entry | null,
    age?: number,
  ): Promise<void> {
    const echo = echoHeader ? req.headers[echoHeader] : undefined;
    if (
      page.etag &&
      req.headers['if-none-match'] &&
      matches(req.headers['if-none-match'], page.etag)
    ) {
      const headers = headersOf(page, null, 0);
      delete headers['content-length'];
      if (age !== undefined) headers.age = String(age);
      if (typeof echo === 'string') headers[echoHeader!] = echo;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const { body, encoding } = await encodedBody(req, page, entry);
    // The renderer may have set "OK" for a 404 page; the reason phrase follows the status.
    res.statusMessage = STATUS_CODES[page.status] ?? '';
    if (page === entry) {
      // A hit on a kept page: its headers for this encoding were listed once; it adds Age and the id.
      const slot = encoding ?? 'identity';
      const head = (entry.heads[slot] ??= flatHeaders(
        headersOf(page, encoding, body.length),
      )).slice();
      if (age !== undefined) head.push('age', String(age));
      if (typeof echo === 'string') head.push(echoHeader!, echo);
      res.writeHead(page.status, head);
    } else {
      const headers = headersOf(page, encoding, body.length);
      if (age !== undefined) headers.age = String(age);
      if (typeof echo === 'string') headers[echoHeader!] = echo;
      res.writeHead(page.status, headers);
    }
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function renderAndSend(
    req: IncomingMessage,
    res: ServerResponse,
    key: string | null,
    stale?: Entry,
  ): Promise<void> {
    const counted = queryStats ? await countQueries(() => capture(render, req, res)) : null;
    const captured = counted ? counted.result : await capture(render, req, res);
    if (!captured) return; // the renderer streamed something we do not buffer (already sent)
    if (captured.status >= 500 && stale && key && standsIn(key, stale))
      return sendStale(req, res, stale);
    const etag = isHtml(captured) && captured.status === 200 ? etagOf(captured.body) : null;
    if (key && etag) store(key, captured, etag);
    const entry = key ? (hot.entries.get(key) ?? probation.entries.get(key) ?? null) : null;
    // The count belongs to this render only, so it is added to what is sent, never to the kept copy.
    const headers = counted
      ? {
          ...captured.headers,
          'server-timing': `db;desc="${counted.stats.statements.length} queries"`,
        }
      : captured.headers;
    await send(req, res, { ...captured, headers, etag }, entry);
  }

  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const key = keyOf(req);
    const at = now();
    const entry = key ? lookup(key, at) : undefined;
    if (key && entry) {
      const age = Math.floor((at - entry.storedAt) / 1000);
      if (at < entry.freshUntil) {
        onLookup?.('hit');
        return sendKept(req, res, entry, age) ? DONE : send(req, res, entry, entry, age);
      }
      if (at < entry.staleUntil && entry.revalidating) {
        onLookup?.('stale');
        return sendKept(req, res, entry, age) ? DONE : send(req, res, entry, entry, age);
      }
      onLookup?.('miss');
      return revalidate(req, res, key, entry, at);
    }
    if (key) onLookup?.('miss');
    return renderAndSend(req, res, key);
  }

  async function revalidate(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    entry: Entry,
    at: number,
  ): Promise<void> {
    if (at < entry.staleUntil) entry.revalidating = true; // this request re-renders; others get the stale copy
    if (at >= entry.errorUntil) drop(key);
    try {
      return await renderAndSend(req, res, key, entry);
    } catch (error) {
      if (!standsIn(key, entry) || res.headersSent) throw error;
      return sendStale(req, res, entry);
    } finally {
      entry.revalidating = false;
    }
  }

  /** Whether the kept copy may answer for a failed re-render: still kept and within stale-if-error. */
  function standsIn(key: string, entry: Entry): boolean {
    const kept = hot.entries.get(key) ?? probation.entries.get(key);
    return kept === entry && now() < entry.errorUntil;
  }

  function sendStale(req: IncomingMessage, res: ServerResponse, entry: Entry): Promise<void> {
    onLookup?.('stale');
    const age = Math.floor((now() - entry.storedAt) / 1000);
    return sendKept(req, res, entry, age) ? DONE : send(req, res, entry, entry, age);
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      try {
        return handle(req, res);
      } catch (error) {
        return Promise.reject(error); // as an async function would: the caller's catch answers 500
      }
    },
    /** Drops every cached page of a church (after its content changed). */
    purgeChurch(churchId: number | string): void {
      for (const segment of [hot, probation]) {
        for (const [key, entry] of segment.entries)
          if (entry.churchId === String(churchId)) segment.remove(key);
      }
    },
    clear: () => {
      for (const segment of [hot, probation])
        for (const key of [...segment.entries.keys()]) segment.remove(key);
    },
    /** Whether a page is kept now (tests, diagnostics); does not count as a use. */
    has: (req: IncomingMessage) => {
      const key = keyOf(req);
      return key !== null && (hot.entries.has(key) || probation.entries.has(key));
    },
    get size() {
      return hot.entries.size + probation.entries.size;
    },
    /** Bytes kept, compressed copies included; never above maxBytes. */
    get bytes() {
      return hot.bytes + probation.bytes;
    },
  };
}

/** The URL with campaign parameters dropped and the rest in a stable order. */
function normalizedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params]
    .filter(([name]) => !TRACKING_PARAM.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length
    ? `${url.slice(0, q)}?${new URLSearchParams(kept).toString()}`
    : url.slice(0, q);
}

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|javascript|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than its own overhead. */
const MIN_COMPRESS_BYTES = 1024;

function compressible(page: Captured): boolean {
  return (
    page.body.length >= MIN_COMPRESS_BYTES &&
    !page.headers['content-encoding'] &&
    COMPRESSIBLE_TYPE.test(String(page.headers['content-type'] ?? ''))
  );
}

/**
 * The encoding to send, of those the client takes (q=0 refuses one), or none. A kept page prefers
 * brotli: compressed once, ~6 % smaller than gzip. An answer compressed for one client only
 * (PAGE_CACHE=false, private pages, 404s) prefers zstd, then gzip: zstd at level 1 is within 2 % of
 * gzip at level 3 for about 60 % of the CPU (Chrome, Edge and Firefox take it; Safari gets gzip),
 * and brotli's faster levels are larger or dearer at these sizes (docs/performance.md "Compression
 * and stylesheets", "Renders without the cache, a twelfth time").
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  { oneOff = false }: { oneOff?: boolean } = {},
): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  const order: Encoding[] = oneOff ? ['zstd', 'gzip', 'br'] : ['br', 'gzip', 'zstd'];
  return order.find(ok) ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const zstdAsync = promisify(zstdCompress);

/**
 * Quality 5 brotli and level 6 gzip: most of the saving for a fraction of the CPU of the maximum.
 * Brotli's window is sized to the body (64 KB for a page of tens of KB): its default 4 MB window
 * gives the same bytes for about twice the CPU. A page of up to 128 KB is compressed at once on
 * this thread: node's callback form builds a stream per call and hands it to the thread pool,
 * which cost a 19 KB page ~290 µs of CPU against ~170 µs (docs/performance.md "Renders without the
 * cache, again"); a larger body goes to the thread pool and keeps the event loop free meanwhile.
 */
export function compress(
  body: Buffer,
  encoding: Encoding,
  use: 'kept' | 'oneOff',
): Buffer | Promise<Buffer> {
  const sync = body.length <= SYNC_COMPRESS_BYTES;
  // An answer for one client is compressed by a kept compressor (reused-compressor.ts).
  if (sync && use === 'oneOff' && encoding !== 'br')
    return (encoding === 'zstd' ? zstdOneOff : gzipOneOff)(body);
  if (encoding === 'gzip') {
    const options = use === 'kept' ? GZIP : GZIP_ONE_OFF;
    return sync ? gzipSync(body, options) : gzipAsync(body, options);
  }
  if (encoding === 'zstd') {
    // the size given first lets zstd size its window and tables to the body (no 2 MB window for 20 KB)
    const options = {
      pledgedSrcSize: body.length,
      params: { [zlib.ZSTD_c_compressionLevel]: use === 'kept' ? ZSTD_KEPT_LEVEL : ZSTD_LEVEL },
    };
    return sync ? zstdCompressSync(body, options) : zstdAsync(body, options);
  }
  const options = {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return sync ? brotliCompressSync(body, options) : brotli(body, options);
}

const SYNC_COMPRESS_BYTES = 128 * 1024;
/**
 * A 16 KB window and a smaller hash (zlib's default is 32 KB and memLevel 8): the same bytes within
 * 0.1 % for a page of tens of KB, and a quarter of the ~270 KB of state each one-off answer made
 * and left to the garbage collector (docs/performance.md "Renders without the cache, a third time").
 */
const GZIP = { level: 6, windowBits: 14, memLevel: 7 };
/**
 * An answer made for one client is compressed for that client alone, at level 3 (nginx's dynamic
 * answers are level 1 by default): an 18 KB `/news` costs ~52 µs against ~89 µs at level 5 and
 * ~155 µs at level 6, for 5 % more bytes, still the same round trip (docs/performance.md "Renders
 * without the cache, a fifth time"). A kept page, compressed once for many, keeps level 6.
 */
const GZIP_ONE_OFF = { ...GZIP, level: 3 };
/**
 * zstd's fastest regular level for an answer made for one client: with a kept compressor, a 17 KB
 * home in ~25 µs for 4,914 B, against ~42 µs and 4,747 B at its default level 3 and gzip 3's ~42 µs
 * and 4,833 B (docs/performance.md "Renders without the cache, a twelfth time"). A kept page (sent
 * in zstd only to a client that takes neither brotli nor gzip) is compressed once, harder.
 */
const ZSTD_LEVEL = 1;
const ZSTD_KEPT_LEVEL = 12;
// zstd sizes its window and tables to the body when it gets the whole body in one write, as here.
const zstdOneOff = reusedCompressor('zstd', {
  params: { [zlib.ZSTD_c_compressionLevel]: ZSTD_LEVEL },
});
const gzipOneOff = reusedCompressor('gzip', GZIP_ONE_OFF);

/** log2 of the smallest brotli window that holds the body, from 2^16 up to brotli's default 2^22. */
const brotliWindow = (bytes: number): number =>
  Math.min(zlib.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(bytes))));

function withVary(vary: OutgoingHttpHeaders[string], name: string): string {
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (current.split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase())) return current;
  return current ? `${current}, ${name}` : name;
}

export type PageCache = ReturnType<typeof createPageCache>;

function isHtml(page: Captured): boolean {
  return String(page.headers['content-type'] ?? '').startsWith('text/html');
}

function etagOf(body: Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === bare);
}

/**
 * s-maxage, stale-while-revalidate and stale-if-error of a cacheable response, or null when it may
 * not be shared. A shared cache's own stale windows may come in `CDN-Cache-Control` (RFC 9213),
 * kept from browsers.
 */
function sharedPolicy(
  page: Captured,
): { sMaxAge: number; staleWhileRevalidate: number; staleIfError: number } | null {
  if (page.status !== 200 || page.headers['set-cookie']) return null;
  const cc = String(page.headers['cache-control'] ?? '');
  if (/\b(private|no-store|no-cache)\b/.test(cc)) return null;
  const sMaxAge = Number(/\bs-maxage=(\d+)/.exec(cc)?.[1] ?? 0);
  if (!sMaxAge) return null;
  const cdnCc = String(page.headers['cdn-cache-control'] ?? '');
  const seconds = (directive: RegExp) =>
    Number((directive.exec(cdnCc) ?? directive.exec(cc))?.[1] ?? 0);
  return {
    sMaxAge,
    staleWhileRevalidate: seconds(/\bstale-while-revalidate=(\d+)/),
    staleIfError: seconds(/\bstale-if-error=(\d+)/),
  };
}

/** A render being captured: what it wrote so far, and the response's own methods to put back. */
interface Capturing {
  res: ServerResponse;
  chunks: Uint8Array[];
  status: number;
  headers: OutgoingHttpHeaders | null;
  original: Pick<ServerResponse, 'writeHead' | 'write' | 'end'>;
  resolve(captured: Captured): void;
}

// The capture's stand-ins for writeHead, write and end are these module-level functions bound to
// the render's state: closures made per request inside `capture` (writing its `let` variables)
// kept each render's objects alive through every young-generation collection, so V8 promoted
// whole finished pages (docs/performance.md "Renders without the cache, a ninth time").
function capturedWriteHead(this: Capturing, code: number, ...rest: unknown[]): ServerResponse {
  this.status = code;
  const h = rest.find((r) => r && typeof r === 'object') as
    OutgoingHttpHeaders | string[] | undefined;
  this.headers = { ...lowerCase(this.res.getHeaders()), ...toHeaderObject(h) };
  return this.res;
}

function capturedWrite(this: Capturing, chunk: unknown, ...rest: unknown[]): boolean {
  if (chunk != null)
    this.chunks.push(
      chunk instanceof Uint8Array // Astro's chunks: kept as they are, copied once at the end
        ? chunk
        : Buffer.from(
            chunk as string,
            typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8',
          ),
    );
  const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
  cb?.();
  return true;
}

function capturedEnd(this: Capturing, chunk?: unknown, ...rest: unknown[]): ServerResponse {
  const { res } = this;
  if (chunk != null && typeof chunk !== 'function')
    this.chunks.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
  const cb = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
  Object.assign(res, this.original);
  if (cb) res.once('finish', cb); // called once the real response (sent later) finishes
  const headers =
    this.headers && Object.keys(this.headers).length ? this.headers : lowerCase(res.getHeaders());
  const status = headers === this.headers ? this.status : res.statusCode;
  this.resolve({ status, headers, body: bodyOf(this.chunks) });
  return res;
}

/**
 * Runs the renderer against the real response object but keeps what it writes, so the
 * page can be stored and sent with an ETag.
 */
function capture(render: Renderer, req: IncomingMessage, res: ServerResponse): Promise<Captured> {
  const { promise, resolve, reject } = Promise.withResolvers<Captured>();
  const state: Capturing = {
    res,
    chunks: [],
    status: 200,
    headers: null,
    original: { writeHead: res.writeHead, write: res.write, end: res.end },
    resolve,
  };
  res.writeHead = capturedWriteHead.bind(state) as typeof res.writeHead;
  res.write = capturedWrite.bind(state) as typeof res.write;
  res.end = capturedEnd.bind(state) as typeof res.end;
  // One memo per render: its in-process API calls look the church up once (request-memo.ts).
  Promise.resolve(withRequestMemo(() => render(req, res))).catch((error: unknown) => {
    Object.assign(res, state.original);
    reject(error);
  });
  return promise;
}

/** One Buffer for the written chunks: a lone chunk is wrapped without a copy. */
function bodyOf(chunks: Uint8Array[]): Buffer {
  const only = chunks.length === 1 ? chunks[0]! : null;
  if (only)
    return Buffer.isBuffer(only)
      ? only
      : Buffer.from(only.buffer, only.byteOffset, only.byteLength);
  return Buffer.concat(chunks);
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
