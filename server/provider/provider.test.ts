// The provider's console and the sign-up (docs/provider.md), on both databases: every console call
// answers a provider admin only (a visitor 401, graca's admin 403, nothing changed); a church made
// in the console starts empty but welcoming (its name, default modules and menu, giving reasons in
// its language, no demo data) and is served at once; its first admin is invited through the church
// invitations and becomes ROLE_ADMIN on accepting; suspension shows the inactive page and
// reactivation brings it back; every action is in the provider audit log. Sign-up follows the
// setting (closed by default, open, by invitation), refuses taken, reserved, one-letter and
// ill-formed codes by field in pt/en/es, needs the proof of work, and the site goes public only
// when the e-mailed link is opened.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeAvailabilitySchema,
  providerAuditSchema,
  providerChurchSchema,
  providerChurchesSchema,
  signupInfoSchema,
} from '../../contract/provider.ts';
import { message } from '../../contract/messages/index.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { solveChallenge } from '../giving/captcha.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { addProviderAdmin } from './admins.service.ts';

const root = mkdtempSync(path.join(tmpdir(), 'provider-'));
const PASSWORD = 'Nova@Senha123';

describe.each(testBackends())('provider console and sign-up on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let dataDir: string;
  let providerToken = '';
  let churchAdminToken = '';
  const changed: number[] = [];
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const audits = (action: string) =>
    db().$count(t.providerAudit, eq(t.providerAudit.action, action));

  beforeAll(async () => {
    dataDir = path.join(root, backend);
    process.env.DATA_DIR = dataDir;
    process.env.PROVIDER_DOMAIN = 'localhost';
    resetAccountSettings();
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    // the command's service: a new account with a one-time link, then its password set by it
    const added = await addProviderAdmin(db(), 'dono@plataforma.test', 'http://localhost:4321');
    expect(added.created).toBe(true);
    const token = new URL(added.link!).searchParams.get('token')!;
    const set = await call('POST', '/provider/senha', { body: { token, senha: PASSWORD } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(
      (await call('POST', '/provider/senha', { body: { token, senha: PASSWORD } })).status,
    ).toBe(410); // once
    providerToken = (await loginAs(api, 'dono@plataforma.test', PASSWORD)).token;
    churchAdminToken = (await loginAs(api, 'lider@graca.demo')).token;
  }, 240_000);
  afterAll(() => database.close());

  const newChurch = {
    nome: 'Igreja Nova Esperança',
    codigo: 'nova-esperanca',
    idioma: 'pt_BR',
    pais: 'BR',
    fusoHorario: 'America/Sao_Paulo',
  };

  it('refuses every console call to a visitor (401) and to a church admin (403), changing nothing', async () => {
    const attempts: [string, string, object?][] = [
      ['GET', '/provider/eu'],
      ['GET', '/provider/igrejas'],
      ['POST', '/provider/igrejas', newChurch],
      ['POST', '/provider/igrejas/1/suspender'],
      ['POST', '/provider/igrejas/1/reativar'],
      ['POST', '/provider/igrejas/1/convite-admin', { email: 'x@y.test' }],
      ['PUT', '/provider/igrejas/1/fuso-horario', { fusoHorario: 'America/Manaus' }],
      ['GET', '/provider/organizacoes'],
      ['POST', '/provider/organizacoes', { nome: 'Rede X' }],
      ['GET', '/provider/configuracao'],
      ['PUT', '/provider/configuracao', { cadastro: 'aberto' }],
      ['POST', '/provider/convites-cadastro', { email: 'x@y.test' }],
      ['GET', '/provider/auditoria'],
    ];
    const churchesBefore = await db().$count(t.churches);
    for (const [method, url, body] of attempts) {
      expectError(await call(method, url, { body }), 401);
      expectError(
        await call(method, url, { body, token: churchAdminToken }),
        403,
        'provider.forbidden',
      );
    }
    expect(await db().$count(t.churches)).toBe(churchesBefore);
    expect(await db().$count(t.churches, isNotNull(t.churches.timeZone))).toBe(0);
    expect(await db().$count(t.organizations)).toBe(1);
    expect((await get('/provider/configuracao', { token: providerToken })).body).toEqual({
      cadastro: 'fechado',
    });
    expect(await db().$count(t.invitations)).toBe(0);
    expect((await get('/provider/eu', { token: providerToken })).body).toMatchObject({
      email: 'dono@plataforma.test',
    });
  });

  let churchId = 0;
  it('creates a church that starts empty but welcoming, served at once, audited', async () => {
    changed.length = 0;
    const res = await call('POST', '/provider/igrejas', { token: providerToken, body: newChurch });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const church = providerChurchSchema.parse(res.body);
    churchId = church.id;
    expect(church).toMatchObject({
      codigo: 'nova-esperanca',
      endereco: 'http://nova-esperanca.localhost:4321',
      estado: 'ativa',
      origem: 'console',
      moeda: 'BRL',
      // Brazil's own zone: nothing chosen, its clock follows its country
      fusoHorario: 'America/Sao_Paulo',
      fusoHorarioEscolhido: null,
      pessoas: 0,
      admins: 0,
      armazenamento: 0,
    });
    expect(church.modulos.sort()).toEqual(
      ['MOD_DEVOCIONAL', 'MOD_DOACAO', 'MOD_EVENTO', 'MOD_MURAL_ORACAO', 'MOD_NOTICIA'].sort(),
    );
    expect(changed).toContain(churchId); // every node forgets a remembered "no such church"
    // the public side sees it as any church: its name, its modules, its reasons in Portuguese
    const found = await get('/igreja/codigo/nova-esperanca');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ nome: 'Igreja Nova Esperança', flagAtivo: true });
    const reasons = await get('/igreja/nova-esperanca/pagamento-motivo/?doacao=true');
    expect(reasons.status, JSON.stringify(reasons.body)).toBe(200);
    expect(JSON.stringify(reasons.body)).toContain('Dízimo');
    expect(JSON.stringify(reasons.body)).toContain('Missões');
    const menu = await db()
      .select()
      .from(t.churchMenuItems)
      .where(eq(t.churchMenuItems.churchId, churchId));
    expect(menu.map((m) => m.title)).toContain('Notícias');
    // no demo data: no content, banners, events or people
    expect(await db().$count(t.contents, eq(t.contents.churchId, churchId))).toBe(0);
    expect(await db().$count(t.banners, eq(t.banners.churchId, churchId))).toBe(0);
    expect(await db().$count(t.events, eq(t.events.churchId, churchId))).toBe(0);
    expect(await db().$count(t.churchUsers, eq(t.churchUsers.churchId, churchId))).toBe(0);
    expect(await audits('church.create')).toBe(1);
    // an English church gets English reasons
    const en = await call('POST', '/provider/igrejas', {
      token: providerToken,
      body: {
        ...newChurch,
        nome: 'New Hope',
        codigo: 'new-hope',
        idioma: 'en_US',
        pais: 'US',
        fusoHorario: 'America/Chicago',
      },
    });
    expect(en.status).toBe(201);
    const names = await db()
      .select({ name: t.paymentReasons.name })
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, (en.body as { id: number }).id));
    expect(names.map((n) => n.name)).toEqual(['Tithe', 'Offering', 'Missions']);
    expect(en.body).toMatchObject({
      moeda: 'USD',
      fusoHorario: 'America/Chicago',
      fusoHorarioEscolhido: 'America/Chicago',
    });
    // the zone chosen is the church's clock, on its public config too (docs/giving.md "Which clock")
    expect((await get('/igreja/codigo/new-hope')).body).toMatchObject({
      fusoHorario: 'America/Chicago',
    });
  });

  it('sets a church’s time zone: a provider admin only, a bad zone refused by field in pt/en/es, audited, its pages purged', async () => {
    const url = `/provider/igrejas/${churchId}/fuso-horario`;
    const zoneOf = async () =>
      (await db().select().from(t.churches).where(eq(t.churches.id, churchId)))[0]!.timeZone;
    const logged = await audits('church.timeZone');
    expect((await call('PUT', url, { body: { fusoHorario: 'America/Manaus' } })).status).toBe(401);
    expect(
      (await call('PUT', url, { token: churchAdminToken, body: { fusoHorario: 'America/Manaus' } }))
        .status,
    ).toBe(403);
    for (const lang of ['pt', 'en', 'es'] as const)
      for (const fusoHorario of ['Mars/Olympus', '+03:00', 'Europe/Nowhere']) {
        const bad = await call('PUT', url, { token: providerToken, body: { fusoHorario }, lang });
        expect(bad.status, `${lang} ${fusoHorario}`).toBe(400);
        expect((bad.body as { errors: Record<string, string[]> }).errors.fusoHorario).toEqual([
          message(lang, 'provider.timeZone'),
        ]);
      }
    expect(await zoneOf()).toBeNull();
    expect(await audits('church.timeZone')).toBe(logged);

    changed.length = 0;
    const set = await call('PUT', url, {
      token: providerToken,
      body: { fusoHorario: 'America/Manaus' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(providerChurchSchema.parse(set.body)).toMatchObject({
      fusoHorario: 'America/Manaus',
      fusoHorarioEscolhido: 'America/Manaus',
    });
    expect(await zoneOf()).toBe('America/Manaus');
    expect(changed).toContain(churchId);
    expect(await audits('church.timeZone')).toBe(logged + 1);
    expect((await get('/igreja/codigo/nova-esperanca')).body).toMatchObject({
      fusoHorario: 'America/Manaus',
    });
    const listed = providerChurchesSchema.parse(
      (await get('/provider/igrejas?busca=nova-esperanca', { token: providerToken })).body,
    );
    expect(listed.igrejas[0]).toMatchObject({ fusoHorario: 'America/Manaus' });
    // its country's own zone, or none, is no choice: the clock follows the country again
    for (const fusoHorario of ['America/Sao_Paulo', null]) {
      const back = await call('PUT', url, { token: providerToken, body: { fusoHorario } });
      expect(back.body).toMatchObject({
        fusoHorario: 'America/Sao_Paulo',
        fusoHorarioEscolhido: null,
      });
    }
    expect(await zoneOf()).toBeNull();
  });

  it('refuses taken, reserved, one-letter and ill-formed codes and other bad input by field, in pt/en/es', async () => {
    const cases: [string, string][] = [
      ['graca', 'provider.code.taken'],
      ['www', 'provider.code.reserved'],
      ['provider', 'provider.code.reserved'],
      ['a', 'provider.code.short'],
      ['igreja_nova', 'provider.code.chars'],
      ['-nova', 'provider.code.chars'],
      ['nóva', 'provider.code.chars'],
    ];
    for (const lang of ['pt', 'en', 'es'] as const)
      for (const [codigo, key] of cases) {
        const res = await call('POST', '/provider/igrejas', {
          token: providerToken,
          body: { ...newChurch, codigo },
          lang,
        });
        expect(res.status, `${codigo}: ${JSON.stringify(res.body)}`).toBe(
          key === 'provider.code.taken' ? 409 : 400,
        );
        expect((res.body as { errors: Record<string, string[]> }).errors.codigo).toEqual([
          message(lang, key),
        ]);
      }
    const bad = await call('POST', '/provider/igrejas', {
      token: providerToken,
      body: {
        nome: '',
        codigo: 'ok-code',
        idioma: 'fr',
        pais: 'ZZ',
        fusoHorario: 'Mars/Olympus',
        modulos: ['MOD_X'],
      },
      lang: 'es',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(
      ['fusoHorario', 'idioma', 'modulos', 'nome', 'pais'].sort(),
    );
    expect((bad.body as { errors: Record<string, string[]> }).errors.fusoHorario).toEqual([
      message('es', 'provider.timeZone'),
    ]);
  });

  it('invites the first admin with the church invitations: accepting makes them ROLE_ADMIN', async () => {
    const res = await call('POST', `/provider/igrejas/${churchId}/convite-admin`, {
      token: providerToken,
      body: { email: 'Member@Grace.demo', nome: 'John' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ enviado: true, email: 'member@grace.demo' });
    const [mail] = await readOutbox(dataDir, 'member@grace.demo');
    const link = new URL(mail!.links[0]!);
    const inviteToken = link.searchParams.get('convite') ?? link.searchParams.get('token');
    expect(link.origin).toBe('http://nova-esperanca.localhost:4321');
    expect(link.pathname).toBe('/invitation');
    // a second one while the first waits is refused by field
    expectError(
      await call('POST', `/provider/igrejas/${churchId}/convite-admin`, {
        token: providerToken,
        body: { email: 'member@grace.demo' },
      }),
      409,
      'provider.admin.alreadyInvited',
    );
    const john = await loginAs(api, 'member@grace.demo');
    const accepted = await call('POST', '/convite/aceitar', {
      token: john.token,
      body: { token: inviteToken },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [membership] = await db()
      .select()
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, john.id)));
    expect(membership?.roles).toEqual(['ROLE_ADMIN']);
    // now staff of the new church
    expect((await get('/admin/nova-esperanca/eu', { token: john.token })).status).toBe(200);
    expect(await audits('church.invite-admin')).toBe(1);
    const list = providerChurchesSchema.parse(
      (await get('/provider/igrejas?busca=nova-esperanca', { token: providerToken })).body,
    );
    expect(list.igrejas).toHaveLength(1);
    expect(list.igrejas[0]).toMatchObject({ pessoas: 1, admins: 1 });
    expect(list.igrejas[0]!.ultimaAtividade).not.toBeNull();
    // storage is the file store's record of what the church keeps (server/files/usage.ts), the
    // figure its quota counts: a logo of 4 KB and an import's file of 6 KB make 10 KB
    const [imported] = await db()
      .insert(t.imports)
      .values({ churchId, kind: 'pessoas', fileName: 'membros.csv', createdBy: john.id })
      .returning({ id: t.imports.id });
    await db()
      .insert(t.fileUsage)
      .values([
        {
          key: `uploads/igreja/${churchId}-logo.webp`,
          owner: 'igreja',
          ownerId: churchId,
          size: 4096,
        },
        {
          key: `imports/${imported!.id}/membros.csv`,
          owner: 'importacao',
          ownerId: imported!.id,
          size: 6144,
        },
      ]);
    const sized = providerChurchesSchema.parse(
      (await get('/provider/igrejas?busca=nova-esperanca', { token: providerToken })).body,
    );
    expect(sized.igrejas[0]!.armazenamento).toBe(10_240);
    expectError(
      await call('POST', '/provider/igrejas/999999/convite-admin', {
        token: providerToken,
        body: { email: 'x@y.test' },
      }),
      404,
      'provider.churchNotFound',
    );
  });

  it('suspends (the inactive page) and reactivates a church, audited, purging its pages', async () => {
    changed.length = 0;
    const suspended = await call('POST', `/provider/igrejas/${churchId}/suspender`, {
      token: providerToken,
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ estado: 'suspensa' });
    expect((await get('/igreja/codigo/nova-esperanca')).body).toMatchObject({ flagAtivo: false });
    expect(changed).toEqual([churchId]);
    expectError(
      await call('POST', `/provider/igrejas/${churchId}/suspender`, { token: providerToken }),
      409,
      'provider.church.alreadySuspended',
    );
    const back = await call('POST', `/provider/igrejas/${churchId}/reativar`, {
      token: providerToken,
    });
    expect(back.body).toMatchObject({ estado: 'ativa' });
    expect((await get('/igreja/codigo/nova-esperanca')).body).toMatchObject({ flagAtivo: true });
    expect(await audits('church.suspend')).toBe(1);
    expect(await audits('church.reactivate')).toBe(1);
    // the demo's closed church is listed as suspended
    const list = providerChurchesSchema.parse(
      (await get('/provider/igrejas?busca=fechada', { token: providerToken })).body,
    );
    expect(list.igrejas[0]).toMatchObject({ estado: 'suspensa', origem: 'outra' });
  });

  it('creates and lists organisations; a church joins one', async () => {
    const made = await call('POST', '/provider/organizacoes', {
      token: providerToken,
      body: { nome: 'Rede Esperança' },
    });
    expect(made.status).toBe(201);
    const orgId = (made.body as { id: number }).id;
    expectError(
      await call('POST', '/provider/organizacoes', {
        token: providerToken,
        body: { nome: 'Rede Esperança' },
      }),
      409,
      'provider.organizationTaken',
    );
    const church = await call('POST', '/provider/igrejas', {
      token: providerToken,
      body: { ...newChurch, codigo: 'esperanca-sul', organizacaoId: orgId },
    });
    expect(church.body).toMatchObject({ organizacao: { id: orgId, nome: 'Rede Esperança' } });
    const orgs = (await get('/provider/organizacoes', { token: providerToken })).body as {
      organizacoes: { nome: string; igrejas: number }[];
    };
    expect(orgs.organizacoes.find((o) => o.nome === 'Rede Esperança')?.igrejas).toBe(1);
  });

  // ---- sign-up ----

  async function signupBody(codigo: string, email: string, extra: object = {}) {
    // each case starts with the per-address allowance fresh (its own case checks it)
    await db().delete(t.loginAttempts).where(like(t.loginAttempts.key, 'signup-church:%'));
    const info = signupInfoSchema.parse((await get('/provider/cadastro')).body);
    const c = info.captcha!;
    return {
      nomeIgreja: 'Igreja do Caminho',
      codigo,
      nome: 'Rute',
      sobrenome: 'Almeida',
      email,
      senha: PASSWORD,
      idioma: 'pt_BR',
      pais: 'BR',
      captcha: { token: c.token, resposta: String(solveChallenge(c.salt, c.desafio, c.maxNumero)) },
      ...extra,
    };
  }
  const setMode = (cadastro: string) =>
    call('PUT', '/provider/configuracao', { token: providerToken, body: { cadastro } });

  it('the code check says whether a code is free and why not', async () => {
    const check = async (codigo: string, lang: 'pt' | 'en' | 'es' = 'en') =>
      codeAvailabilitySchema.parse(
        (await get(`/provider/codigo-disponivel?codigo=${encodeURIComponent(codigo)}`, { lang }))
          .body,
      );
    expect(await check('Caminho')).toEqual({
      codigo: 'caminho',
      disponivel: true,
      motivo: null,
      endereco: 'http://caminho.localhost:4321',
    });
    expect(await check('graca', 'pt')).toMatchObject({
      disponivel: false,
      motivo: message('pt', 'provider.code.taken'),
    });
    expect(await check('admin', 'es')).toMatchObject({
      disponivel: false,
      motivo: message('es', 'provider.code.reserved'),
    });
    expect(await check('x')).toMatchObject({ motivo: message('en', 'provider.code.short') });
  });

  it('sign-up closed (the default) is refused; open, a sign-up waits for its e-mail before going public', async () => {
    expect(signupInfoSchema.parse((await get('/provider/cadastro')).body)).toMatchObject({
      cadastro: 'fechado',
      captcha: null,
    });
    expect((await setMode('aberto')).status).toBe(200);
    const body = await signupBody('caminho', 'rute@caminho.test');
    await setMode('fechado');
    expectError(await call('POST', '/provider/cadastro', { body }), 403, 'provider.signup.closed');
    await setMode('aberto');
    expect(await audits('settings.signup')).toBe(3);
    // a wrong answer to the challenge
    const wrong = await signupBody('caminho', 'rute@caminho.test');
    wrong.captcha.resposta = String((Number(wrong.captcha.resposta) + 1) % 100_000);
    expectError(
      await call('POST', '/provider/cadastro', { body: wrong }),
      422,
      'provider.signup.captcha',
    );
    // a token answers once
    const res = await call('POST', '/provider/cadastro', { body, lang: 'pt' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      message: message('pt', 'provider.signup.sent', { email: 'rute@caminho.test' }),
    });
    expectError(
      await call('POST', '/provider/cadastro', { body: { ...body, codigo: 'outro-caminho' } }),
      422,
      'provider.signup.captcha',
    );
    // pending: the code is held, the site shows the inactive page, no account yet
    expect((await get('/igreja/codigo/caminho')).body).toMatchObject({ flagAtivo: false });
    expect(await db().$count(t.users, eq(t.users.email, 'rute@caminho.test'))).toBe(0);
    const list = providerChurchesSchema.parse(
      (await get('/provider/igrejas?busca=caminho', { token: providerToken })).body,
    );
    expect(list.igrejas[0]).toMatchObject({ estado: 'pendente', origem: 'cadastro' });
    expectError(
      await call('POST', `/provider/igrejas/${list.igrejas[0]!.id}/reativar`, {
        token: providerToken,
      }),
      409,
      'provider.church.pending',
    );
    expectError(
      await call('POST', '/provider/cadastro', {
        body: await signupBody('caminho', 'outra@pessoa.test'),
      }),
      409,
      'provider.code.taken',
    );
    // the link: the site goes public and Rute is its admin with the password she typed
    const [mail] = await readOutbox(dataDir, 'rute@caminho.test');
    expect(mail!.subject).toContain('Igreja do Caminho');
    const link = new URL(mail!.links[0]!);
    expect(link.origin + link.pathname).toBe('http://localhost:4321/provider/signup/activate');
    changed.length = 0;
    const activated = await call('POST', '/provider/cadastro/ativar', {
      body: { token: link.searchParams.get('token') },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body).toMatchObject({
      codigo: 'caminho',
      endereco: 'http://caminho.localhost:4321',
    });
    expect(changed).toEqual([list.igrejas[0]!.id]);
    expect((await get('/igreja/codigo/caminho')).body).toMatchObject({ flagAtivo: true });
    const rute = await loginAs(api, 'rute@caminho.test', PASSWORD);
    expect((await get('/admin/caminho/eu', { token: rute.token })).status).toBe(200);
    const [token] = await db()
      .select()
      .from(t.providerTokens)
      .where(eq(t.providerTokens.email, 'rute@caminho.test'));
    expect(token!.data).toEqual({}); // the password's hash is not kept
    expectError(
      await call('POST', '/provider/cadastro/ativar', {
        body: { token: link.searchParams.get('token') },
      }),
      410,
      'provider.activation.invalid',
    );
    expect(await audits('church.signup')).toBe(1);
    expect(await audits('church.activate')).toBe(1);
  });

  it('an existing account signs up without another account: its own password stays', async () => {
    const res = await call('POST', '/provider/cadastro', {
      body: await signupBody('igreja-do-joao', 'lider@graca.demo'),
    });
    expect(res.status).toBe(201);
    const [mail] = await readOutbox(dataDir, 'lider@graca.demo');
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    expect((await call('POST', '/provider/cadastro/ativar', { body: { token } })).status).toBe(200);
    const joao = await loginAs(api, 'lider@graca.demo'); // the demo password, not the typed one
    expect((await get('/admin/igreja-do-joao/eu', { token: joao.token })).status).toBe(200);
  });

  it('sign-up by invitation needs the invited e-mail’s link, once', async () => {
    await setMode('convite');
    expectError(
      await call('POST', '/provider/cadastro', {
        body: await signupBody('convidada', 'pastor@convidada.test'),
      }),
      403,
      'provider.signup.invitationNeeded',
    );
    const sent = await call('POST', '/provider/convites-cadastro', {
      token: providerToken,
      body: { email: 'pastor@convidada.test' },
    });
    expect(sent.status).toBe(201);
    const [mail] = await readOutbox(dataDir, 'pastor@convidada.test');
    const invite = new URL(mail!.links[0]!);
    expect(invite.pathname).toBe('/provider/signup');
    const convite = invite.searchParams.get('convite')!;
    expectError(
      await call('POST', '/provider/cadastro', {
        body: await signupBody('convidada', 'outro@convidada.test', { convite }),
      }),
      403,
      'provider.signup.invitationInvalid',
    );
    const ok = await call('POST', '/provider/cadastro', {
      body: await signupBody('convidada', 'pastor@convidada.test', { convite }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expectError(
      await call('POST', '/provider/cadastro', {
        body: await signupBody('convidada-2', 'pastor@convidada.test', { convite }),
      }),
      403,
      'provider.signup.invitationInvalid',
    );
    await setMode('fechado');
  });

  it('bad sign-up input is answered by field in the caller’s language', async () => {
    await setMode('aberto');
    const res = await call('POST', '/provider/cadastro', {
      body: {
        nomeIgreja: '',
        codigo: 'a',
        nome: '',
        sobrenome: 'x',
        email: 'nope',
        senha: '123',
        captcha: {},
      },
      lang: 'es',
    });
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: Record<string, string[]> }).errors;
    expect(errors.codigo).toEqual([message('es', 'provider.code.short')]);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['nomeIgreja', 'codigo', 'nome', 'email', 'senha']),
    );
    await setMode('fechado');
  });

  it('limits sign-ups from one address (429 in the caller’s language)', async () => {
    await setMode('aberto');
    const bodies = [];
    for (let i = 0; i < 6; i++) bodies.push(await signupBody(`limite-${i}`, `p${i}@limite.test`));
    const answers = [];
    for (const body of bodies)
      answers.push((await call('POST', '/provider/cadastro', { body, lang: 'pt' })).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    await setMode('fechado');
  });

  it('keeps every console action in the provider audit log, newest first', async () => {
    const page = providerAuditSchema.parse(
      (await get('/provider/auditoria', { token: providerToken })).body,
    );
    const actions = page.registros.map((r) => r.acao);
    expect(actions[0]).toBe('settings.signup');
    for (const action of [
      'admin.add',
      'church.create',
      'church.invite-admin',
      'church.suspend',
      'church.reactivate',
      'organization.create',
      'church.signup',
      'church.activate',
      'signup.invite',
    ])
      expect(await audits(action), action).toBeGreaterThan(0);
  });
});
