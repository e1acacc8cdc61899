// What the benches send as a browser, and how they read its answer back. Chrome (since 123), Edge
// and Firefox (since 126) send this Accept-Encoding; Safari leaves zstd out. An answer made for one
// client is sent in zstd to them (server/http/page-cache.ts `preferredEncoding`), a kept one in brotli.
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The body's bytes as sent before `encoding` (a Content-Encoding value) was applied. */
export function decodedBody(encoding: string | undefined, body: Buffer): Buffer {
  switch (encoding) {
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    case 'zstd':
      return zstdDecompressSync(body);
    default:
      return body;
  }
}
