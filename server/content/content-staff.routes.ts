// The staff area's content calls (docs/staff.md "Content") under `/admin/{slug}/conteudo/…`:
// each kind's list, editor reads and writes, state changes, preview and categories, plus the
// cover image upload. The gate (server/staff/scope.ts) resolved church and caller; every call
// here needs the `content` area, and every write runs through staffWrite in the service.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  categoryWriteSchema,
  contentDeleteQuery,
  contentStaffListQuery,
  contentStateSchema,
  contentUpdateSchema,
  contentWriteSchema,
  KIND_MODULE,
  STAFF_CONTENT_KINDS,
  type StaffContent,
} from '../../contract/content-staff.ts';
import { idParam, slugParam } from '../../contract/common.ts';
import { staffMessage } from '../../contract/messages/staff.ts';
import { validate } from '../http/validate.ts';
import { storeUploadedImage, uploadedImage } from '../images/upload.ts';
import { ensureStaffRoom } from '../files/quota.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, staffModule, type StaffEnv } from '../staff/scope.ts';
import * as categories from './content-categories.service.ts';
import * as service from './content-staff.service.ts';
import * as states from './content-states.service.ts';

const itemParams = z.object({ slug: slugParam, id: idParam });

/** 409 with the item as it is now (as notes answer, docs/notes.md): the editor keeps its text. */
function conflict(c: Context<StaffEnv>, current: StaffContent) {
  return c.json(
    {
      status: false as const,
      message: staffMessage(c.get('staff').lang, 'staff.versionConflict'),
      atual: current,
    },
    409,
  );
}

/** Runs a versioned write; a ContentConflict becomes the 409 answer. */
async function versioned<T>(
  c: Context<StaffEnv>,
  write: () => Promise<T>,
  answer: (value: T) => Response,
) {
  try {
    return answer(await write());
  } catch (error) {
    if (error instanceof service.ContentConflict) return conflict(c, error.current);
    throw error;
  }
}

export function contentStaffRoutes(deps: StaffDeps) {
  const { db, images } = deps;
  const app = new Hono<StaffEnv>();
  app.use('/conteudo/*', staffArea('content'));

  // The cover of any kind: stored by the one image store, answered with its path and size.
  app.post('/conteudo/imagem', async (c) => {
    const { church } = c.get('staff');
    const bytes = await uploadedImage(c, ['imagem', 'file']);
    await ensureStaffRoom(db, c.get('staff'), bytes.length, 'image', 'imagem');
    const url = await storeUploadedImage(images, 'conteudo', church.id, bytes);
    return c.json({ imagem: { url, ...(await service.coverSize(bytes)) } }, 201);
  });

  for (const kind of STAFF_CONTENT_KINDS) {
    const base = `/conteudo/${kind}`;
    const item = `${base}/:id{[0-9]+}`;
    // a kind of a module the church lacks: 404, as its public calls (docs/staff.md "Modules")
    const module = KIND_MODULE[kind];
    if (module) app.use(base, staffModule(module)).use(`${base}/*`, staffModule(module));

    app.get(base, validate('query', contentStaffListQuery), async (c) =>
      c.json(await service.listItems(db, c.get('staff').church.id, kind, c.req.valid('query'))),
    );

    app.post(base, validate('json', contentWriteSchema(kind)), async (c) => {
      const created = await service.createItem(
        deps,
        c.get('staff').actor,
        kind,
        c.req.valid('json'),
      );
      return c.json(created, 201);
    });

    // ---- categories (publications: their types) ----
    app.get(`${base}/categorias`, async (c) =>
      c.json({ categorias: await categories.listCategories(db, c.get('staff').church.id, kind) }),
    );
    app.post(`${base}/categorias`, validate('json', categoryWriteSchema), async (c) => {
      const category = await categories.createCategory(
        deps,
        c.get('staff').actor,
        kind,
        c.req.valid('json').nome,
      );
      return c.json(category, 201);
    });
    app.put(
      `${base}/categorias/:id{[0-9]+}`,
      validate('param', itemParams),
      validate('json', categoryWriteSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await categories.renameCategory(
          deps,
          c.get('staff').actor,
          kind,
          id,
          c.req.valid('json').nome,
        );
        return c.json({ status: true, message: staffMessage(c.get('staff').lang, 'staff.saved') });
      },
    );
    app.delete(`${base}/categorias/:id{[0-9]+}`, validate('param', itemParams), async (c) => {
      await categories.deleteCategory(deps, c.get('staff').actor, kind, c.req.valid('param').id);
      return c.json({ status: true, message: staffMessage(c.get('staff').lang, 'staff.deleted') });
    });

    // ---- one item ----
    app.get(item, validate('param', itemParams), async (c) =>
      c.json(await service.getItem(db, c.get('staff').church.id, kind, c.req.valid('param').id)),
    );
    app.get(`${item}/previa`, validate('param', itemParams), async (c) =>
      c.json(
        await service.previewItem(db, c.get('staff').church.id, kind, c.req.valid('param').id),
      ),
    );
    app.put(item, validate('param', itemParams), validate('json', contentUpdateSchema(kind)), (c) =>
      versioned(
        c,
        () =>
          service.updateItem(
            deps,
            c.get('staff').actor,
            kind,
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        (saved) => c.json(saved),
      ),
    );
    app.post(
      `${item}/estado`,
      validate('param', itemParams),
      validate('json', contentStateSchema),
      (c) =>
        versioned(
          c,
          () =>
            states.changeState(
              deps,
              c.get('staff').actor,
              kind,
              c.req.valid('param').id,
              c.req.valid('json'),
            ),
          (saved) => c.json(saved),
        ),
    );
    app.delete(item, validate('param', itemParams), validate('query', contentDeleteQuery), (c) =>
      versioned(
        c,
        () =>
          states.deleteItem(
            deps,
            c.get('staff').actor,
            kind,
            c.req.valid('param').id,
            c.req.valid('query').versao,
          ),
        () => c.json({ status: true, message: staffMessage(c.get('staff').lang, 'staff.deleted') }),
      ),
    );
  }

  return app;
}
