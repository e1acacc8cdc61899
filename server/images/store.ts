// The one image store of the API (docs/api-foundation.md "Uploaded images"): every upload (profile photos, prayer requests…) is
// checked by its content (not its name), refused when it decodes to too many pixels, resized,
// re-encoded as WebP with a random name and kept in the file store (docs/deploy.md "Files") under
// `uploads/<kind>/<name>`, so every node serves it.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import type { FileStore } from '../files/file-store.ts';
import { notFound } from '../http/errors.ts';
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

/** The file store key of a stored image. */
export const imageKey = (kind: ImageKind, name: string) => `uploads/${kind}/${name}`;

/** `files` keeps the bytes: the runtime's one file store (server/files). */
export function createImageStore(files: FileStore): ImageStore {
  const prefix = (kind: ImageKind) => `/api/v1/imagem/${kind}/`;
  return {
    prefix,
    async save(kind, ownerId, file) {
      const input = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer());
      const output = await processImage(kind, input);
      const name = `${ownerId}-${randomBytes(8).toString('hex')}.webp`;
      await files.put(imageKey(kind, name), output, 'image/webp');
      return prefix(kind) + name;
    },
    async remove(kind, publicPath) {
      if (!publicPath?.startsWith(prefix(kind))) return;
      const name = publicPath.slice(prefix(kind).length);
      if (!storedFileName.safeParse(name).success) return;
      await files.delete(imageKey(kind, name));
    },
    async send(c, kind, file) {
      if (!storedFileName.safeParse(file).success) throw notFound();
      return sendStoredImage(c, files, imageKey(kind, file));
    },
  };
}
