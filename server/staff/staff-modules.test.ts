// A church's modules and its staff area (docs/staff.md "Modules"): the areas of a module the
// church lacks leave the profile the menu and the dashboard are built from, and their calls answer
// as the public calls of that module do (spec §2 module gate: a 404). Settings, where modules are
// switched, stays; the areas with no module code (songs, reading plans) too.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMeSchema } from '../../contract/staff.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';

const OFF = ['MOD_ASSINATURA', 'MOD_CELULA', 'MOD_EVENTO', 'MOD_MURAL_ORACAO', 'MOD_EBD'];

describe.each(testBackends())('staff areas and the church’s modules on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const tokens: Record<string, string> = {};
  const { call } = apiClient(() => api, { lang: 'en' });
  const get = (url: string, who: string, lang = 'en') =>
    call('GET', url, { token: tokens[who], lang });
  const me = async (who: string) => staffMeSchema.parse((await get('/admin/graca/eu', who)).body);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    for (const email of ['lider@graca.demo', 'editor@graca.demo', 'tesoureiro@graca.demo'])
      tokens[email] = (await loginAs(api, email)).token;
  });
  afterAll(() => database?.close());

  it('lists only the areas whose module the church has, and keeps settings', async () => {
    const before = await me('lider@graca.demo');
    expect(before.areas).toEqual(
      expect.arrayContaining(['events', 'groups', 'play', 'moderation', 'church']),
    );

    const [graca] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'graca'));
    await database.db
      .delete(t.churchModules)
      .where(
        and(eq(t.churchModules.churchId, graca!.id), inArray(t.churchModules.moduleCode, OFF)),
      );

    const admin = await me('lider@graca.demo');
    for (const code of OFF) expect(admin.modulos).not.toContain(code);
    expect(admin.areas).toEqual([
      'content',
      'home',
      'notifications',
      'church',
      'people',
      'giving',
      'gateways',
      'teams',
      'songs',
      'readingPlans',
      // the live chat is still on (MOD_CULTO): moderation stays, without the prayer wall
      'moderation',
      'import',
      'kids',
      'audit',
    ]);
    expect((await me('editor@graca.demo')).areas).toEqual([
      'content',
      'home',
      'notifications',
      'songs',
      'readingPlans',
    ]);
    expect((await me('tesoureiro@graca.demo')).areas).toEqual(['giving', 'gateways']);
  });

  it('answers the calls of a missing module as the public calls do, and the others as before', async () => {
    // the public answer for a module the church lacks (server/http/module-gate.test.ts)
    const publicAnswer = await call('GET', '/igreja/graca/ebd/', { lang: 'pt-BR' });
    expect(publicAnswer.status).toBe(404);
    for (const path of [
      '/admin/graca/play/video',
      '/admin/graca/play/plano',
      '/admin/graca/grupos',
      '/admin/graca/evento',
      '/admin/graca/evento/1',
      '/admin/graca/evento/1/inscricao',
      '/admin/graca/evento/1/checkin',
      '/admin/graca/moderacao/oracao',
      '/admin/graca/conteudo/ebd',
      '/admin/graca/conteudo/ebd/categorias',
      '/admin/graca/conteudo/estudo',
    ]) {
      const res = await get(path, 'lider@graca.demo', 'pt-BR');
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(publicAnswer.body);
    }
    const write = await call('POST', '/admin/graca/grupos', {
      token: tokens['lider@graca.demo'],
      body: { nome: 'Nova' },
    });
    expect(write.status).toBe(404);

    for (const path of [
      '/admin/graca/igreja',
      '/admin/graca/conteudo/noticia',
      '/admin/graca/moderacao/chat',
      '/admin/graca/doacao/motivos',
      '/admin/graca/auditoria',
    ])
      expect((await get(path, 'lider@graca.demo')).status, path).toBe(200);
    // a role's refusal is unchanged where the church has the area
    expectError(await get('/admin/graca/auditoria', 'editor@graca.demo'), 403, 'staff.forbidden');
  });
});
