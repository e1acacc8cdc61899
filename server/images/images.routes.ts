// spec §7 "Images": the profile photo, uploaded as multipart; the image store (store.ts) checks
// it by content, resizes it and keeps it in DATA_DIR/uploads; served back by GET /imagem/….
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, imageParams } from '../../contract/user.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { check, problem } from '../auth/errors.ts';
import { accountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createImageStore, ImageRejected, storedFileName, type ImageStore } from './store.ts';

const fileParams = z.object({ file: storedFileName });

export function imageRoutes(
  db: Database,
  images: ImageStore = createImageStore(() => accountSettings().DATA_DIR),
) {
  return new Hono({ strict: false })
    .post('/usuario/:id/:type/imagem', check('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(c, me, c.req.valid('param').id);
      const mb = IMAGE_MAX_BYTES / 1024 / 1024;
      if (Number(c.req.header('content-length') ?? 0) > IMAGE_MAX_BYTES + 64 * 1024)
        throw problem(c, 413, 'image.size', { mb });
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw problem(c, 400, 'image.missing');
      }
      const file = form.imagem ?? form.file;
      if (!(file instanceof File) || file.size === 0) throw problem(c, 400, 'image.missing');
      if (file.size > IMAGE_MAX_BYTES) throw problem(c, 413, 'image.size', { mb });
      let stored: string;
      try {
        stored = await images.save('usuario', me.userId, file);
      } catch (error) {
        if (error instanceof ImageRejected) throw problem(c, 415, 'image.type');
        throw error;
      }
      const [old] = await db
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, me.userId));
      await db
        .update(users)
        .set({ image: stored, updatedAt: new Date() })
        .where(eq(users.id, me.userId));
      await images.remove('usuario', old?.image);
      return c.json({ imagem: stored }, 201);
    })
    .delete('/usuario/:id/:type/imagem', check('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(c, me, c.req.valid('param').id);
      const [old] = await db
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, me.userId));
      await db
        .update(users)
        .set({ image: null, updatedAt: new Date() })
        .where(eq(users.id, me.userId));
      await images.remove('usuario', old?.image);
      return c.json({ imagem: null });
    })
    .get('/imagem/usuario/:file', check('param', fileParams), async (c) => {
      return images.send(c, 'usuario', c.req.valid('param').file);
    });
}
