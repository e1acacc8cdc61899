// A staff image upload (docs/staff.md "Content"): the multipart `imagem` file, refused by its
// field when missing (400), too large (413) or not an image (415), stored by the one image store.
import type { Context } from 'hono';
import { IMAGE_MAX_BYTES } from '../../contract/user.ts';
import { fieldProblem } from '../http/errors.ts';
import { ImageRejected, type ImageKind, type ImageStore } from './store.ts';

const mb = IMAGE_MAX_BYTES / 1024 / 1024;

/** The bytes of the first of `names` in the multipart body; the size is checked before it is read whole. */
export async function uploadedImage(c: Context, names: string[] = ['imagem']): Promise<Buffer> {
  if (Number(c.req.header('content-length') ?? 0) > IMAGE_MAX_BYTES + 64 * 1024)
    throw fieldProblem(413, 'imagem', 'image.size', { mb });
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw fieldProblem(400, 'imagem', 'image.missing');
  }
  const file = names.map((name) => form[name]).find((value) => value !== undefined);
  if (!(file instanceof File) || file.size === 0)
    throw fieldProblem(400, 'imagem', 'image.missing');
  if (file.size > IMAGE_MAX_BYTES) throw fieldProblem(413, 'imagem', 'image.size', { mb });
  return Buffer.from(await file.arrayBuffer());
}

/** Stores the bytes and answers their public path; 415 by the field when they are not an image. */
export async function storeUploadedImage(
  images: ImageStore,
  kind: ImageKind,
  ownerId: number,
  bytes: Buffer,
): Promise<string> {
  try {
    return await images.save(kind, ownerId, bytes);
  } catch (error) {
    if (error instanceof ImageRejected) throw fieldProblem(415, 'imagem', 'image.type');
    throw error;
  }
}
