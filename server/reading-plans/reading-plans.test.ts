import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planDetailResponseSchema,
  planReadingResponseSchema,
  plansListResponseSchema,
  subscriptionResponseSchema,
  subscriptionsResponseSchema,
} from '../../contract/reading-plans.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { todayOf } from './reading-plans.service.ts';

describe.each(testBackends())('reading plans on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: string; // membro@graca.demo
  let leader: string; // lider@graca.demo
  let john: string; // member@grace.demo

  type Res = { status: number; body: Record<string, unknown> };
  const { call } = apiClient(() => api, { lang: 'pt-BR', json: false });
  const login = async (email: string) => (await loginAs(api, email, DEMO_PASSWORD)).token;
  const plans = async (slug: string) =>
    plansListResponseSchema.parse((await call('GET', `/igreja/${slug}/plano-leitura/`)).body)
      .planos;
  const mine = async (token: string, slug = 'graca') =>
    subscriptionsResponseSchema.parse(
      (await call('GET', `/igreja/${slug}/plano-leitura-inscricao/`, { token })).body,
    ).inscricoes;
  const sub = (r: Res) => {
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return subscriptionResponseSchema.parse(r.body).inscricao;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [member, leader, john] = (await Promise.all(
      ['membro@graca.demo', 'lider@graca.demo', 'member@grace.demo'].map(login),
    )) as [string, string, string];
  });
  afterAll(() => database.close());

  it('Discover: four plans per language; the days cover their books; plans in English, Spanish and Portuguese have text', async () => {
    expect((await plans('graca')).map((p) => [p.nome, p.dias, p.idioma])).toEqual([
      ['Evangelhos em 30 dias', 30, 'pt'],
      ['Salmos em 30 dias', 30, 'pt'],
      ['Provérbios em 31 dias', 31, 'pt'],
      ['Bíblia em um ano', 365, 'pt'],
    ]);
    expect((await plans('grace')).map((p) => p.nome)).toContain('The Bible in a Year');
    expect((await plans('esperanza')).map((p) => p.nome)).toContain('Los Evangelios en 30 días');
    const year = (await plans('graca')).find((p) => p.dias === 365)!;
    const detail = planDetailResponseSchema.parse(
      (await call('GET', `/igreja/graca/plano-leitura/${year.uuid}/`)).body,
    );
    expect(detail.dias.length).toBe(365);
    expect(detail.dias.flatMap((d) => d.passagens).length).toBe(1189);
    expect(detail.dias[0]!.passagens[0]!.referencia).toBe('Gênesis 1');

    const psalmsPt = (await plans('graca'))[1]!;
    const pt = planReadingResponseSchema.parse(
      (await call('GET', `/igreja/graca/plano-leitura/${psalmsPt.uuid}/dia/1/`)).body,
    );
    // Portuguese plans read the Bíblia Livre, with its credit (docs/bible.md "Text per language")
    expect(pt).toMatchObject({ textoDisponivel: true, versao: { codigo: 'blivre', idioma: 'pt' } });
    expect(pt.versao!.descricao).toContain('Creative Commons Atribuição 3.0 Brasil');
    expect(pt.passagens[0]!.versiculos![0]!.texto).toMatch(/^Bem-aventurado é o homem/);
    expect(pt.passagens.map((p) => p.referencia)).toEqual([
      'Salmos 1',
      'Salmos 2',
      'Salmos 3',
      'Salmos 4',
      'Salmos 5',
    ]);
    const psalmsEn = (await plans('grace'))[1]!;
    const en = planReadingResponseSchema.parse(
      (await call('GET', `/igreja/grace/plano-leitura/${psalmsEn.uuid}/dia/5/`)).body,
    );
    expect(en.textoDisponivel).toBe(true);
    expect(en.passagens[0]!.referencia).toBe('Psalms 21');
    expect(en.passagens[2]!.versiculos![0]!.texto).toMatch(/The LORD is my shepherd/);
    // Spanish plans read the Reina-Valera 1909 (docs/bible.md "Text per language")
    const psalmsEs = (await plans('esperanza')).find((p) => p.nome.startsWith('Salmos'))!;
    const es = planReadingResponseSchema.parse(
      (await call('GET', `/igreja/esperanza/plano-leitura/${psalmsEs.uuid}/dia/5/`)).body,
    );
    expect(es).toMatchObject({ textoDisponivel: true, versao: { codigo: 'rv1909', idioma: 'es' } });
    expect(es.passagens[2]!.versiculos![0]!.texto).toMatch(/JEHOVÁ es mi pastor/);
    // a plan of graca is not found under grace's address
    expectError(await call('GET', `/igreja/grace/plano-leitura/${psalmsPt.uuid}/`), 404);
    expectError(await call('GET', `/igreja/graca/plano-leitura/${psalmsPt.uuid}/dia/31/`), 404);
    expectError(await call('GET', '/igreja/graca/plano-leitura/not-a-uuid/'), 400);
  });

  it('the demo member is mid-way through one plan and has finished another', async () => {
    const list = await mine(member);
    const psalms = list.find((s) => s.plano.nome === 'Salmos em 30 dias')!;
    expect(psalms).toMatchObject({
      diaHoje: 12,
      atrasados: 2,
      proximoDia: 10,
      concluido: false,
      progresso: 30,
    });
    expect(list.find((s) => s.plano.nome === 'Provérbios em 31 dias')).toMatchObject({
      concluido: true,
      progresso: 100,
      proximoDia: null,
    });
    expect(await mine(leader)).toEqual([]);
  });

  it('start, read two days, progress, catch me up, reset, delete', async () => {
    const gospels = (await plans('graca'))[0]!;
    const base = `/igreja/graca/plano-leitura/${gospels.uuid}/inscricao`;
    expectError(await call('GET', base, { token: member }), 404);
    const started = await call('POST', base, { token: member });
    expect(started.status).toBe(201);
    expect(sub(started)).toMatchObject({ diaHoje: 1, progresso: 0, proximoDia: 1, diasLidos: [] });
    expect((await call('POST', base, { token: member })).status).toBe(200); // starting twice is one subscription
    sub(await call('PUT', `${base}/dia/1`, { token: member }));
    sub(await call('PUT', `${base}/dia/1`, { token: member }));
    const two = sub(await call('PUT', `${base}/dia/2`, { token: member }));
    expect(two).toMatchObject({ diasLidos: [1, 2], progresso: 6, proximoDia: 3 });
    expect(sub(await call('DELETE', `${base}/dia/2`, { token: member })).diasLidos).toEqual([1]);
    expectError(await call('PUT', `${base}/dia/31`, { token: member }), 404);

    // catch me up: started 5 days ago with day 1 read → day 2 becomes today's
    const [row] = await database.db
      .select()
      .from(t.readingPlanSubscriptions)
      .where(eq(t.readingPlanSubscriptions.uuid, two.uuid));
    await database.db
      .update(t.readingPlanSubscriptions)
      .set({ startDate: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10) })
      .where(eq(t.readingPlanSubscriptions.id, row!.id));
    expect(sub(await call('GET', base, { token: member }))).toMatchObject({
      diaHoje: 6,
      atrasados: 4,
    });
    expect(sub(await call('POST', `${base}/em-dia`, { token: member }))).toMatchObject({
      diaHoje: 2,
      atrasados: 0,
      proximoDia: 2,
      diasLidos: [1],
    });

    const reset = await call('POST', `${base}/reiniciar`, { token: member });
    expect(sub(reset)).toMatchObject({ diaHoje: 1, diasLidos: [], progresso: 0 });
    expect(reset.body.message).toBe('Seu progresso foi zerado: o plano recomeça hoje.');
    const gone = await call('DELETE', base, { token: member });
    expect(gone.body).toEqual({
      status: true,
      message: 'O plano e o seu progresso foram excluídos.',
    });
    expectError(await call('GET', base, { token: member }), 404);
    expect((await mine(member)).some((s) => s.plano.uuid === gospels.uuid)).toBe(false);
  });

  it('reading every day completes the plan; unreading one reopens it', async () => {
    const proverbs = (await plans('grace'))[2]!;
    const base = `/igreja/grace/plano-leitura/${proverbs.uuid}/inscricao`;
    sub(await call('POST', base, { token: john }));
    let last;
    for (let d = 1; d <= 31; d++)
      last = sub(await call('PUT', `${base}/dia/${d}`, { token: john }));
    expect(last).toMatchObject({ concluido: true, progresso: 100 });
    expect(last!.dataConclusao).not.toBeNull();
    expect(sub(await call('DELETE', `${base}/dia/31`, { token: john }))).toMatchObject({
      concluido: false,
      dataConclusao: null,
    });
  });

  it('another member and a member of another church can neither read nor change my plans', async () => {
    const psalms = (await plans('graca'))[1]!;
    const base = `/igreja/graca/plano-leitura/${psalms.uuid}/inscricao`;
    // the leader sees only their own (none), whatever they try on "my" plan
    expectError(await call('GET', base, { token: leader }), 404);
    expectError(await call('PUT', `${base}/dia/10`, { token: leader }), 404);
    expectError(await call('POST', `${base}/reiniciar`, { token: leader }), 404);
    expectError(await call('DELETE', base, { token: leader }), 404);
    // John is no member of graca: 403 everywhere there
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['PUT', `${base}/dia/10`],
      ['POST', `${base}/em-dia`],
      ['POST', `${base}/reiniciar`],
      ['DELETE', base],
      ['GET', '/igreja/graca/plano-leitura-inscricao/'],
    ] as const) {
      expectError(await call(method, url, { token: john }), 403);
      expectError(await call(method, url), 401);
    }
    // and graca's plan is not found under grace, where John is a member
    expectError(
      await call('POST', `/igreja/grace/plano-leitura/${psalms.uuid}/inscricao`, { token: john }),
      404,
    );
    const maria = (await mine(member)).find((s) => s.plano.uuid === psalms.uuid)!;
    expect(maria).toMatchObject({ diasLidos: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  });

  it('today is the member’s date when within a day of the server’s', () => {
    const now = Date.parse('2026-03-10T02:00:00Z');
    expect(todayOf('2026-03-09', now)).toBe('2026-03-09');
    expect(todayOf('2026-03-01', now)).toBe('2026-03-10');
    expect(todayOf(undefined, now)).toBe('2026-03-10');
  });
});
