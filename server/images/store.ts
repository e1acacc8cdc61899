// The one image store of the API (docs/api-foundation.md "Uploaded images"): every upload (profile photos, prayer requests…) is
// checked by its content (not its name), refused when it decodes to too many pixels, resized,
// re-encoded as WebP under DATA_DIR/uploads/<kind>/ with a random name, and served from there.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import { sendStoredImage } from './stored-image.ts';

/** A small file may still decode to a huge bitmap: refuse more than ~50 megapixels. */
export const IMAGE_MAX_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** How each kind of upload is shaped; the folder is also the public path segment. */
const KINDS = {
  /** Profile photo: a 512×512 square. */
  usuario: { fit: 'cover', width: 512, height: 512, quality: 82 },
  /** Prayer request image: wide enough for the wall and a detail page; never enlarged. */
  oracao: { fit: 'inside', width: 1200, height: 1200, quality: 80 },
  /** Staff uploads (docs/staff.md): a content cover, a home banner, the church's logo; never enlarged. */
  conteudo: { fit: 'inside', width: 1600, height: 1600, quality: 80 },
  banner: { fit: 'inside', width: 1920, height: 1920, quality: 80 },
  igreja: { fit: 'inside', width: 512, height: 512, quality: 90 },
} as const;

/** The staff kinds, served by one route (images.routes.ts). */
export const STAFF_IMAGE_KINDS = ['conteudo', 'banner', 'igreja'] as const;

export type ImageKind = keyof typeof KINDS;

/** Stored names: `<owner id>-<16 hex>.webp`. */
export const storedFileName = z.string().regex(/^[0-9]+-[a-f0-9]{16}\.webp$/, 'Invalid input.');

/** The image could not be read as JPEG, PNG or WebP, or decodes to more than IMAGE_MAX_PIXELS. */
export class ImageRejected extends Error {
  constructor() {
    super('image.type');
  }
}

/** The bytes of an upload as a WebP of the kind's size; throws ImageRejected. */
export async function processImage(kind: ImageKind, input: Buffer): Promise<Buffer> {
  const shape = KINDS[kind];
  try {
    const meta = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({
        width: shape.width,
        height: shape.height,
        fit: shape.fit,
        withoutEnlargement: shape.fit === 'inside',
      })
      .webp({ quality: shape.quality })
      .toBuffer();
  } catch {
    throw new ImageRejected();
  }
}

export interface ImageStore {
  /** Checks, resizes and stores an upload; returns its public path. Throws ImageRejected. */
  save(kind: ImageKind, ownerId: number, file: File | Buffer): Promise<string>;
  /** Deletes a stored image by its public path; anything else (a seed URL, null) is left alone. */
  remove(kind: ImageKind, publicPath: string | null | undefined): Promise<void>;
  /** Answers GET /imagem/<kind>/<file> (404 in the request's language when it is not there). */
  send(c: Context, kind: ImageKind, file: string): Promise<Response>;
  /** The public path prefix of a kind: `/api/v1/imagem/<kind>/`. */
  prefix(kind: ImageKind): string;
}

/** `dataDir` is the DATA_DIR setting (or a function reading it, for tests that change it). */
export function createImageStore(dataDir: string | (() => string)): ImageStore {
  const dirOf = (kind: ImageKind) =>
    path.resolve(typeof dataDir === 'function' ? dataDir() : dataDir, 'uploads', kind);
  const prefix = (kind: ImageKind) => `/api/v1/imagem/${kind}/`;
  return {
    prefix,
    async save(kind, ownerId, file) {
      const input = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer());
      const output = await processImage(kind, input);
      const name = `${ownerId}-${randomBytes(8).toString('hex')}.webp`;
      await mkdir(dirOf(kind), { recursive: true });
      await writeFile(path.join(dirOf(kind), name), output);
      return prefix(kind) + name;
    },
    async remove(kind, publicPath) {
      if (!publicPath?.startsWith(prefix(kind))) return;
      const name = publicPath.slice(prefix(kind).length);
      if (!storedFileName.safeParse(name).success) return;
      await unlink(path.join(dirOf(kind), name)).catch(() => undefined);
    },
    send(c, kind, file) {
      return sendStoredImage(c, dirOf(kind), file);
    },
  };
}
