// Serves the built client files (dist/client): hashed /_astro assets cached for a year,
// everything else for an hour, with ETags. Files are read once and kept in memory.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { typeOfExtension } from '../files/content-type.ts';

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

/** Whether a URL's last path segment has a dot, as every built file's does (pages: only feeds and the like). */
export function namesFile(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.indexOf('.', path.lastIndexOf('/')) >= 0;
}

export function createStaticFiles(root: string) {
  const base = path.resolve(root);
  const files = new Map<string, StaticFile | null>();

  function load(urlPath: string): StaticFile | null {
    if (files.has(urlPath)) return files.get(urlPath)!;
    let file: StaticFile | null = null;
    const ext = path.extname(urlPath).toLowerCase();
    const full = path.resolve(base, `.${urlPath}`);
    if (ext && typeOfExtension(ext.slice(1)) && full.startsWith(base + path.sep)) {
      try {
        if (statSync(full).isFile()) {
          const body = readFileSync(full);
          const gzip = COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : null;
          file = {
            body,
            gzip,
            etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
            type: typeOfExtension(ext.slice(1))!,
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
    // only a name with an extension is a built file (load): a page's path is not looked up
    if (!namesFile(raw)) return false;
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
