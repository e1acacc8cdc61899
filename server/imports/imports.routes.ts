// The staff import page's calls under `/admin/{slug}/importacao…` (docs/staff.md "Moving in"),
// area `import` (admins only): upload a file (its dry run is queued), change how it is read, start
// the import, follow it, try a failed one again, undo it.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  IMPORT_MAX_BYTES,
  importKindQuery,
  importOptionsInput,
  importParams,
} from '../../contract/imports.ts';
import { ensureStaffRoom } from '../files/quota.ts';
import { ApiProblem, errorAnswer } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as imports from './imports.service.ts';
import { ImportLimitError } from './limits.ts';

/** The upload's own body cap: the file's 20 MB and the multipart around it (app.ts lets it through). */
export const IMPORT_BODY_MAX = IMPORT_MAX_BYTES + 64 * 1024;

/**
 * The upload's body cap, which app.ts uses for this route instead of the API's 10 MB (so the
 * body is refused before anything reads it) and answers with the file field's message.
 */
export const importUploadLimit = () =>
  bodyLimit({
    maxSize: IMPORT_BODY_MAX,
    onError: (c) =>
      errorAnswer(
        c,
        413,
        'staff.import.fileSize',
        { arquivo: ['staff.import.fileSize'] },
        { mb: IMPORT_MAX_BYTES / 1024 / 1024 },
      ),
  });

const fileTooLarge = () =>
  new ApiProblem(
    413,
    'staff.import.fileSize',
    { arquivo: ['staff.import.fileSize'] },
    { mb: IMPORT_MAX_BYTES / 1024 / 1024 },
  );

/** The `arquivo` file of a multipart body, size-checked before it is read whole. */
async function uploadedFile(c: Context<StaffEnv>): Promise<{ name: string; bytes: Buffer }> {
  const tooLarge = fileTooLarge;
  if (Number(c.req.header('content-length') ?? 0) > IMPORT_BODY_MAX) throw tooLarge();
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('arquivo');
  if (!(file instanceof File) || file.size === 0)
    throw new ApiProblem(400, 'staff.import.fileMissing', {
      arquivo: ['staff.import.fileMissing'],
    });
  if (file.size > IMPORT_MAX_BYTES) throw tooLarge();
  return { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
}

export function importRoutes(deps: StaffDeps) {
  const area = staffArea('import');
  const scope = (c: Context<StaffEnv>) => c.get('staff');
  return new Hono<StaffEnv>()
    .get('/importacao', area, async (c) =>
      c.json(await imports.listImports(deps, scope(c).church.id, scope(c).lang)),
    )
    .post('/importacao', area, validate('query', importKindQuery), async (c) => {
      const file = await uploadedFile(c);
      const s = scope(c);
      await ensureStaffRoom(deps.db, s, file.bytes.length, 'import', 'arquivo');
      try {
        return c.json(
          await imports.createImport(deps, s.actor, s.lang, c.req.valid('query').tipo, file),
          201,
        );
      } catch (error) {
        // a file over a cap while its header is read (limits.ts): refused with the cap's message
        if (error instanceof ImportLimitError)
          throw new ApiProblem(422, error.key, { arquivo: [error.key] }, error.values);
        throw error;
      }
    })
    .get('/importacao/:id', area, validate('param', importParams), async (c) =>
      c.json(
        await imports.getImport(deps, scope(c).church.id, scope(c).lang, c.req.valid('param').id),
      ),
    )
    .put(
      '/importacao/:id/opcoes',
      area,
      validate('param', importParams),
      validate('json', importOptionsInput),
      async (c) => {
        const s = scope(c);
        return c.json(
          await imports.setOptions(
            deps,
            s.actor,
            s.lang,
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        );
      },
    )
    .post('/importacao/:id/executar', area, validate('param', importParams), async (c) => {
      const s = scope(c);
      return c.json(await imports.startImport(deps, s.actor, s.lang, c.req.valid('param').id), 202);
    })
    .post('/importacao/:id/repetir', area, validate('param', importParams), async (c) => {
      const s = scope(c);
      return c.json(await imports.retryImport(deps, s.actor, s.lang, c.req.valid('param').id), 202);
    })
    .post('/importacao/:id/desfazer', area, validate('param', importParams), async (c) => {
      const s = scope(c);
      return c.json(await imports.undoImport(deps, s.actor, s.lang, c.req.valid('param').id));
    });
}
