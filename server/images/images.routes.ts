// spec §7 "Images": the profile photo, uploaded as multipart, checked by its content (not its
// name), resized on the server and kept in DATA_DIR/uploads; served back by GET /imagem/….
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, imageParams } from '../../contract/user.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { check, problem } from '../auth/errors.ts';
import { accountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { sendStoredImage } from './stored-image.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const SIZE = 512;
const PUBLIC_PREFIX = '/api/v1/imagem/usuario/';
const fileParams = z.object({ file: z.string().regex(/^[0-9]+-[a-f0-9]{16}\.webp$/, 'notFound') });

const uploadsDir = () => path.resolve(accountSettings().DATA_DIR, 'uploads', 'usuario');

async function removeStored(publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith(PUBLIC_PREFIX)) return;
  const name = publicPath.slice(PUBLIC_PREFIX.length);
  if (!fileParams.shape.file.safeParse(name).success) return;
  await unlink(path.join(uploadsDir(), name)).catch(() => undefined);
}

export function imageRoutes(db: Database) {
  return new Hono({ strict: false })
    .post('/usuario/:id/:type/imagem', check('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(c, me, c.req.valid('param').id);
      const mb = IMAGE_MAX_BYTES / 1024 / 1024;
      if (Number(c.req.header('content-length') ?? 0) > IMAGE_MAX_BYTES + 64 * 1024) throw problem(c, 413, 'image.size', { mb });
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw problem(c, 400, 'image.missing');
      }
      const file = form.imagem ?? form.file;
      if (!(file instanceof File) || file.size === 0) throw problem(c, 400, 'image.missing');
      if (file.size > IMAGE_MAX_BYTES) throw problem(c, 413, 'image.size', { mb });
      const input = Buffer.from(await file.arrayBuffer());
      let output: Buffer;
      try {
        const meta = await sharp(input).metadata();
        if (!meta.format || !ACCEPTED.has(meta.format)) throw new Error('format');
        output = await sharp(input).rotate().resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
      } catch {
        throw problem(c, 415, 'image.type');
      }
      const name = `${me.userId}-${randomBytes(8).toString('hex')}.webp`;
      await mkdir(uploadsDir(), { recursive: true });
      await writeFile(path.join(uploadsDir(), name), output);
      const [old] = await db.select({ image: users.image }).from(users).where(eq(users.id, me.userId));
      await db.update(users).set({ image: PUBLIC_PREFIX + name, updatedAt: new Date() }).where(eq(users.id, me.userId));
      await removeStored(old?.image ?? null);
      return c.json({ imagem: PUBLIC_PREFIX + name }, 201);
    })
    .delete('/usuario/:id/:type/imagem', check('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(c, me, c.req.valid('param').id);
      const [old] = await db.select({ image: users.image }).from(users).where(eq(users.id, me.userId));
      await db.update(users).set({ image: null, updatedAt: new Date() }).where(eq(users.id, me.userId));
      await removeStored(old?.image ?? null);
      return c.json({ imagem: null });
    })
    .get('/imagem/usuario/:file', check('param', fileParams), async (c) => {
      return sendStoredImage(c, uploadsDir(), c.req.valid('param').file);
    });
}
