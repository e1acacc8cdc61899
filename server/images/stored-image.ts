// Answers with an uploaded image kept under DATA_DIR/uploads (profile photos, prayer requests):
// always WebP, cached for good because every upload gets a new random name.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { notFound } from '../http/errors.ts';

export async function sendStoredImage(c: Context, dir: string, file: string): Promise<Response> {
  let body: Buffer;
  try {
    body = await readFile(path.join(dir, file));
  } catch {
    throw notFound(); // handleError answers in the request's language
  }
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
    // Only ever an image: never sniffed as HTML, and a sandbox with no scripts if opened directly (docs/security.md "Uploads").
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy':
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    'Content-Disposition': 'inline',
  });
}
