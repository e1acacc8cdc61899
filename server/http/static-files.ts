// Serves the built client files (dist/client): hashed /_astro assets cached for a year,
// everything else for an hour, with ETags. Files are read once and kept in memory.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
  // HLS video (the live demo stream, public/live-demo/)
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m2ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8', // captions of open Play videos (public/play-demo/)
};
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  type: string;
  cacheControl: string;
}

export function createStaticFiles(root: string) {
  const base = path.resolve(root);
  const files = new Map<string, StaticFile | null>();

  function load(urlPath: string): StaticFile | null {
    if (files.has(urlPath)) return files.get(urlPath)!;
    let file: StaticFile | null = null;
    const ext = path.extname(urlPath).toLowerCase();
    const full = path.resolve(base, `.${urlPath}`);
    if (ext && TYPES[ext] && full.startsWith(base + path.sep)) {
      try {
        if (statSync(full).isFile()) {
          const body = readFileSync(full);
          const gzip = COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : null;
          file = {
            body,
            gzip,
            etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
            type: TYPES[ext],
            cacheControl: urlPath.startsWith('/_astro/')
              ? 'public, max-age=31536000, immutable'
              : urlPath === '/service-worker.js'
                ? 'no-cache'
                : 'public, max-age=3600',
          };
        }
      } catch {
        file = null;
      }
    }
    if (files.size < 5000) files.set(urlPath, file);
    return file;
  }

  /** Answers the request when it names a built file; returns false otherwise. */
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(q === -1 ? raw : raw.slice(0, q));
    } catch {
      return false;
    }
    const file = load(urlPath);
    if (!file) return false;
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const useGzip = file.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = useGzip ? file.gzip! : file.body;
    if (file.gzip) headers.vary = 'Accept-Encoding';
    if (useGzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
