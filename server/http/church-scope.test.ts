import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { churchById, churchBySlug } from './church-scope.ts';
import { handleError } from './errors.ts';
import { countQueries } from '../db/query-stats.ts';
import { withRequestMemo } from './request-memo.ts';
import { offerKnownChurch } from '../../contract/in-process.ts';

describe('church scope', () => {
  let database: DatabaseHandle;
  let app: Hono;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = new Hono();
    app.get('/slug/:slug', async (c) =>
      c.json(
        await churchBySlug(database.db, c.req.param('slug'), { module: c.req.query('module') }),
      ),
    );
    app.get('/id/:id', async (c) =>
      c.json(
        await churchById(database.db, Number(c.req.param('id')), {
          module: c.req.query('module'),
        }),
      ),
    );
    app.onError(handleError);
  });
  afterAll(() => database.close());

  const get = (path: string, lang = 'en') =>
    app.request(path, { headers: { 'accept-language': lang } });

  it('finds an active church by slug and by id, with a module it has', async () => {
    const res = await get('/slug/graca?module=MOD_EVENTO');
    expect(res.status).toBe(200);
    const church = (await res.json()) as { id: number; slug: string; locale: string };
    expect(church).toMatchObject({ slug: 'graca', locale: 'pt_BR' });
    expect((await get(`/id/${church.id}`)).status).toBe(200);
  });

  it('answers 404 in the request language for an unknown, inactive or module-less church', async () => {
    expect((await get('/slug/nope')).status).toBe(404);
    expect((await get('/slug/fechada')).status).toBe(404);
    const noModule = await get('/slug/esperanza?module=MOD_CELULA', 'pt-BR');
    expect(noModule.status).toBe(404);
    expect(await noModule.json()).toEqual({ status: false, message: 'Não encontrado.' });
  });
});

describe('church scope within one page render (request-memo.ts)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('looks a church up once per render, by id and slug at once; a plain request keeps nothing', async () => {
    const db = database.db;
    const graca = await churchBySlug(db, 'graca');
    const render = await countQueries(() =>
      withRequestMemo(() =>
        Promise.all([
          churchById(db, graca.id),
          churchBySlug(db, 'graca', { module: 'MOD_EVENTO' }),
          churchBySlug(db, 'graca'),
          churchBySlug(db, 'grace'),
        ]),
      ),
    );
    expect(render.result.map((ch) => ch.slug)).toEqual(['graca', 'graca', 'graca', 'grace']);
    expect(render.stats.statements).toHaveLength(2); // graca once, grace once
    // the module gate still applies to the kept church
    await expect(
      withRequestMemo(() => churchBySlug(db, 'esperanza', { module: 'MOD_CELULA' })),
    ).rejects.toMatchObject({ status: 404 });
    const plain = await countQueries(() =>
      Promise.all([churchBySlug(db, 'graca'), churchBySlug(db, 'graca')]),
    );
    expect(plain.stats.statements).toHaveLength(2);
  });
});

describe('church handed over by the page render (contract/in-process.ts offerKnownChurch)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('a render that already knows its church reads no church row; outside a render nothing is kept', async () => {
    const db = database.db;
    const graca = await churchBySlug(db, 'graca');
    const known = { ...graca, modules: ['MOD_EVENTO'] };
    const render = await countQueries(() =>
      withRequestMemo(async () => {
        offerKnownChurch(known);
        return Promise.all([
          churchBySlug(db, 'graca', { module: 'MOD_EVENTO' }),
          churchById(db, graca.id),
          // the module gate applies to the handed-over modules
          churchBySlug(db, 'graca', { module: 'MOD_CELULA' }).catch((e: unknown) => e),
        ]);
      }),
    );
    expect(render.stats.statements).toHaveLength(0);
    expect(render.result[0]).toEqual(graca);
    expect(render.result[1]).toEqual(graca);
    expect(render.result[2]).toMatchObject({ status: 404 });
    // a plain API request (no render memo) reads the database: a change shows at once
    offerKnownChurch(known);
    const plain = await countQueries(() => churchBySlug(db, 'graca', { module: 'MOD_CELULA' }));
    expect(plain.stats.statements).toHaveLength(1);
    expect(plain.result.slug).toBe('graca');
  });
});
