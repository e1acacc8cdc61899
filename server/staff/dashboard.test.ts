// The staff dashboard (docs/staff.md "First steps and what needs attention"), on both databases:
// a church fresh from the provider's createChurch has every first step open, and each step ticks
// only when the church really holds it (a logo, a service time, a live gateway account, a second
// person, a published post, an invitation of its team, a verified domain); the demo church shows
// what it holds; each part follows the caller's areas; putting the checklist away is for admins,
// audited; another church's admin reads nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '../../contract/dashboard.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createChurch } from '../provider/churches.service.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';

const ticks = (d: Dashboard) =>
  Object.fromEntries((d.checklist?.itens ?? []).map((i) => [i.item, i.feito]));

describe.each(testBackends())('staff dashboard on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const tokens: Record<string, string> = {};
  let freshId = 0;
  let adminId = 0;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const painel = async (slug: string, who: string) => {
    const r = await call('GET', `/admin/${slug}/painel`, { token: tokens[who] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return dashboardSchema.parse(r.body);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    freshId = await db().transaction((tx) =>
      createChurch(tx, {
        nome: 'Igreja Recomeço',
        codigo: 'recomeco',
        idioma: 'pt_BR',
        pais: 'BR',
        fusoHorario: 'America/Sao_Paulo',
        modulos: ['MOD_NOTICIA', 'MOD_EVENTO', 'MOD_DOACAO', 'MOD_CULTO', 'MOD_CELULA'],
        organizacaoId: null,
        state: 'ativa',
        origin: 'console',
        createdBy: null,
      }),
    );
    // its first admin: an account of elsewhere, as after accepting the provider's invitation
    const [admin] = await db()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'admin@grace.demo'));
    adminId = admin!.id;
    await db()
      .insert(t.churchUsers)
      .values({ churchId: freshId, userId: adminId, roles: ['ROLE_ADMIN'] });
    for (const email of [
      'lider@graca.demo',
      'editor@graca.demo',
      'tesoureiro@graca.demo',
      'admin@grace.demo',
    ])
      tokens[email] = (await loginAs(api, email)).token;
  }, 240_000);
  afterAll(() => database?.close());

  it('shows a fresh church every first step open, each linking to its page', async () => {
    const d = await painel('recomeco', 'admin@grace.demo');
    expect(d.checklist).toMatchObject({ dispensado: false, completo: false, podeDispensar: true });
    expect(d.checklist!.itens.map((i) => [i.item, i.feito, i.href])).toEqual([
      ['identity', false, '/admin/settings#site-identity'],
      ['services', false, '/admin/home?tab=schedule'],
      ['gateway', false, '/admin/gateways'],
      ['people', false, '/admin/import'],
      ['post', false, '/admin/content/noticia/new'],
      ['team', false, '/admin/people/invitations'],
      ['domain', false, '/admin/settings#site-hosts'],
    ]);
    // nothing needs attention yet, and every part of an admin's areas is there
    expect(d.atencao).toEqual({
      eventos: [],
      grupos: [],
      recorrentes: { pausadas: 0, recusadas: 0 },
      posts: { agendados: 0, rascunhos: 0, itens: [] },
      importacoes: [],
      criancas: { hoje: 0, semana: 0 },
    });
  });

  it('ticks each step only from what the church holds', async () => {
    const step = async (change: () => Promise<unknown>, item: string) => {
      const before = ticks(await painel('recomeco', 'admin@grace.demo'));
      expect(before[item], `${item} before`).toBe(false);
      await change();
      const after = ticks(await painel('recomeco', 'admin@grace.demo'));
      expect(after[item], `${item} after`).toBe(true);
      return after;
    };
    // a sandbox gateway is not a connected one
    await db()
      .insert(t.churchGateways)
      .values({ churchId: freshId, gatewayId: 8, mode: 'sandbox', sealed: 'x' });
    expect(ticks(await painel('recomeco', 'admin@grace.demo')).gateway).toBe(false);
    await step(
      () =>
        db()
          .update(t.churchGateways)
          .set({ mode: 'live' })
          .where(eq(t.churchGateways.churchId, freshId)),
      'gateway',
    );
    await step(
      () =>
        db()
          .update(t.churchVisuals)
          .set({ logo: '/api/v1/imagem/igreja/9-logo.webp' })
          .where(eq(t.churchVisuals.churchId, freshId)),
      'identity',
    );
    await step(
      () =>
        db()
          .insert(t.weeklyServices)
          .values({ churchId: freshId, weekday: 1, startTime: '10:00', title: 'Culto' }),
      'services',
    );
    const [other] = await db()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'membro@graca.demo'));
    await step(
      () => db().insert(t.churchUsers).values({ churchId: freshId, userId: other!.id }),
      'people',
    );
    // a draft is not a published post
    await db().insert(t.contents).values({
      churchId: freshId,
      kind: 'noticia',
      title: 'Rascunho',
      status: 'rascunho',
      active: false,
    });
    expect(ticks(await painel('recomeco', 'admin@grace.demo')).post).toBe(false);
    await step(
      () =>
        db()
          .insert(t.contents)
          .values({ churchId: freshId, kind: 'noticia', title: 'Bem-vindos', status: 'publicado' }),
      'post',
    );
    // the team invited through the staff call, as the Invitations tab does
    await step(async () => {
      const r = await call('POST', '/admin/recomeco/convites', {
        token: tokens['admin@grace.demo'],
        body: {
          email: 'secretaria@recomeco.test',
          nome: 'Secretária',
          roles: ['ROLE_ADMIN_CONTENT'],
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }, 'team');
    // a pending host name is not a domain
    await db().insert(t.churchHostnames).values({ churchId: freshId, hostname: 'recomeco.test' });
    expect(ticks(await painel('recomeco', 'admin@grace.demo')).domain).toBe(false);
    const last = await step(
      () =>
        db()
          .update(t.churchHostnames)
          .set({ verifiedAt: new Date(), method: 'txt' })
          .where(eq(t.churchHostnames.churchId, freshId)),
      'domain',
    );
    expect(Object.values(last).every(Boolean)).toBe(true);
    const d = await painel('recomeco', 'admin@grace.demo');
    expect(d.checklist?.completo).toBe(true);
    expect(d.atencao.posts).toMatchObject({ agendados: 0, rascunhos: 1 });
  });

  it('shows the demo church what it holds and what needs attention', async () => {
    const d = await painel('graca', 'lider@graca.demo');
    expect(ticks(d)).toMatchObject({
      identity: true, // the seed's logo and description
      people: true,
      post: true,
      team: true, // an editor and a treasurer besides the admin
      domain: true, // igrejadagraca.test, set by the provider
      gateway: false, // the seed stays on the sandbox
    });
    // the parts read the seed: events to come, and join requests of its groups
    expect(d.atencao.eventos).toBeDefined();
    expect(d.atencao.grupos).toBeDefined();
    const [waiting] = await db()
      .select({ n: t.groupRequests.id })
      .from(t.groupRequests)
      .where(and(eq(t.groupRequests.status, 'pendente'), eq(t.groupRequests.churchId, 1)))
      .limit(1);
    expect((d.atencao.grupos ?? []).length > 0).toBe(!!waiting);
  });

  it('counts failing recurring gifts and pending imports of its own church only', async () => {
    const [gift] = await db()
      .select({ id: t.recurringGifts.id, churchId: t.recurringGifts.churchId })
      .from(t.recurringGifts)
      .limit(1);
    const before = (await painel('graca', 'lider@graca.demo')).atencao.recorrentes!;
    if (gift) {
      await db()
        .update(t.recurringGifts)
        .set({ status: 'ativa', failedTries: 2 })
        .where(eq(t.recurringGifts.id, gift.id));
    }
    const [g] = await db()
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    await db()
      .insert(t.recurringGifts)
      .values({
        churchId: g!.id,
        userId: adminId,
        reasonId: (
          await db()
            .select({ id: t.paymentReasons.id })
            .from(t.paymentReasons)
            .where(eq(t.paymentReasons.churchId, g!.id))
            .limit(1)
        )[0]!.id,
        amountCents: 5000,
        status: 'pausada',
        nextOccurrence: '2030-01-01',
        nextChargeAt: new Date('2030-01-01'),
      });
    await db()
      .insert(t.imports)
      .values({ churchId: g!.id, kind: 'pessoas', state: 'analisado', fileName: 'membros.csv' });
    await db()
      .insert(t.imports)
      .values({ churchId: freshId, kind: 'pessoas', state: 'falhou', fileName: 'outra.csv' });
    const after = await painel('graca', 'lider@graca.demo');
    expect(after.atencao.recorrentes!.pausadas).toBe(before.pausadas + 1);
    if (gift && gift.churchId === g!.id)
      expect(after.atencao.recorrentes!.recusadas).toBeGreaterThanOrEqual(1);
    expect(after.atencao.importacoes!.map((i) => i.arquivo)).toContain('membros.csv');
    expect(after.atencao.importacoes!.map((i) => i.arquivo)).not.toContain('outra.csv');
  });

  it('shows each caller only the parts of their areas', async () => {
    const editor = await painel('graca', 'editor@graca.demo');
    expect(editor.checklist?.itens.map((i) => i.item)).toEqual(['services', 'post']);
    expect(editor.checklist?.podeDispensar).toBe(false);
    expect(Object.keys(editor.atencao)).toEqual(['posts']);
    const treasurer = await painel('graca', 'tesoureiro@graca.demo');
    expect(treasurer.checklist?.itens.map((i) => i.item)).toEqual(['gateway']);
    expect(Object.keys(treasurer.atencao).sort()).toEqual(['eventos', 'recorrentes']);
  });

  it('lets only an admin put the checklist away, audited, and refuses another church', async () => {
    const refused = await call('PUT', '/admin/graca/painel/checklist', {
      token: tokens['editor@graca.demo'],
      body: { dispensado: true },
    });
    expectError(refused, 403, 'staff.forbidden');
    const bad = await call('PUT', '/admin/graca/painel/checklist', {
      token: tokens['lider@graca.demo'],
      body: { dispensado: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.dispensado?.length).toBeGreaterThan(0);
    expectError(
      await call('GET', '/admin/graca/painel', { token: tokens['admin@grace.demo'] }),
      403,
      'staff.notStaff',
    );
    const r = await call('PUT', '/admin/graca/painel/checklist', {
      token: tokens['lider@graca.demo'],
      body: { dispensado: true },
    });
    expect(r.status).toBe(200);
    expect(dashboardSchema.parse(r.body).checklist?.dispensado).toBe(true);
    expect((await painel('graca', 'editor@graca.demo')).checklist?.dispensado).toBe(true);
    // one church's choice is not another's
    expect((await painel('recomeco', 'admin@grace.demo')).checklist?.dispensado).toBe(false);
    const audited = await db()
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'dashboard.checklist.dismiss'));
    expect(audited).toHaveLength(1);
    await call('PUT', '/admin/graca/painel/checklist', {
      token: tokens['lider@graca.demo'],
      body: { dispensado: false },
    });
    expect((await painel('graca', 'lider@graca.demo')).checklist?.dispensado).toBe(false);
  });
});
