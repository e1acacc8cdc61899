// spec §7 "Images": the profile photo, uploaded as multipart; the image store (store.ts) checks
// it by content, resizes it and keeps it in the file store (docs/deploy.md "Files"); served back
// by GET /imagem/….
import { Hono } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, imageParams } from '../../contract/user.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { spendMemberWrite } from '../auth/member-quotas.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { setProfileImage } from '../users/members.service.ts';
import { ImageRejected, STAFF_IMAGE_KINDS, storedFileName } from './store.ts';
import type { MemberDeps } from '../member/deps.ts';

const fileParams = z.object({ file: storedFileName });

export function imageRoutes({ db, images }: MemberDeps) {
  return new Hono({ strict: false })
    .post('/usuario/:id/:type/imagem', validate('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(me, c.req.valid('param').id);
      await spendMemberWrite(db, c, me.userId, 'photo'); // per-member quotas (docs/security.md)
      const mb = IMAGE_MAX_BYTES / 1024 / 1024;
      if (Number(c.req.header('content-length') ?? 0) > IMAGE_MAX_BYTES + 64 * 1024)
        throw new ApiProblem(413, 'image.size', undefined, { mb });
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new ApiProblem(400, 'image.missing');
      }
      const file = form.imagem ?? form.file;
      if (!(file instanceof File) || file.size === 0) throw new ApiProblem(400, 'image.missing');
      if (file.size > IMAGE_MAX_BYTES) throw new ApiProblem(413, 'image.size', undefined, { mb });
      let stored: string;
      try {
        stored = await images.save('usuario', me.userId, file);
      } catch (error) {
        if (error instanceof ImageRejected) throw new ApiProblem(415, 'image.type');
        throw error;
      }
      await images.remove('usuario', await setProfileImage(db, me.userId, stored));
      return c.json({ imagem: stored }, 201);
    })
    .delete('/usuario/:id/:type/imagem', validate('param', imageParams), async (c) => {
      const me = await requireUser(db, c);
      requireSelf(me, c.req.valid('param').id);
      await images.remove('usuario', await setProfileImage(db, me.userId, null));
      return c.json({ imagem: null });
    })
    .get('/imagem/usuario/:file', validate('param', fileParams), async (c) => {
      return images.send(c, 'usuario', c.req.valid('param').file);
    })
    .get(
      '/imagem/:kind{conteudo|banner|igreja}/:file',
      validate('param', fileParams),
      async (c) => {
        const kind = c.req.param('kind') as (typeof STAFF_IMAGE_KINDS)[number];
        return images.send(c, kind, c.req.valid('param').file);
      },
    );
}
