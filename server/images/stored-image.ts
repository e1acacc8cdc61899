// Answers with an uploaded file kept in the file store (docs/deploy.md "Files"): cached for good,
// because every upload gets a new random name, so its name is also its ETag.
import type { Context } from 'hono';
import type { FileStore } from '../files/file-store.ts';
import { notFound } from '../http/errors.ts';

/** The headers of an uploaded image: only ever an image, never sniffed as HTML, sandboxed if opened directly (docs/security.md "Uploads"). */
export const IMAGE_HEADERS = {
  'Content-Type': 'image/webp',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Content-Disposition': 'inline',
} as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers `key` with `headers`; 304 when the client's copy is current; 404 in the request's language when missing. */
export async function sendStoredFile(
  c: Context,
  files: FileStore,
  key: string,
  headers: Record<string, string>,
): Promise<Response> {
  const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
  const cached = c.req
    .header('if-none-match')
    ?.split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (cached) {
    // Still there? A deleted upload is a 404 even for a client that kept it.
    if (!(await files.head(key))) throw notFound();
    return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
  }
  const file = await files.get(key);
  if (!file) throw notFound(); // handleError answers in the request's language
  return c.body(new Uint8Array(file.bytes), 200, {
    ...headers,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
  });
}

export function sendStoredImage(c: Context, files: FileStore, key: string): Promise<Response> {
  return sendStoredFile(c, files, key, IMAGE_HEADERS);
}
