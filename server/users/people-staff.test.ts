// The church's people for its admins (docs/staff.md "People"): only admins (a treasurer, a
// content editor, a member, a visitor and grace's admin are refused and nothing changes), the
// directory's search and filters, roles that never leave the church without an admin, member
// numbers, deactivation, and a deletion request carried out: the person's data goes, the gifts stay.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deletionRequestsSchema,
  peoplePageSchema,
  personSchema,
} from '../../contract/people-staff.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';
import {
  apiClient,
  expectError,
  loginAll,
  loginAs,
  STAFF_ACCOUNTS,
  type StaffWho,
} from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'people-staff-'));
type Who = StaffWho;

describe.each(testBackends())('staff people on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let outbox: string;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const audits = () => db().$count(t.auditLog);
  const membership = (userId: number) =>
    db()
      .select()
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, graca), eq(t.churchUsers.userId, userId)));

  /** Refused to a visitor (401), a member, a treasurer, a content editor and grace's admin (403); nothing changes. */
  async function expectRefused(
    attempt: (token?: string) => Promise<{ status: number }>,
    state: () => Promise<unknown>,
  ) {
    const before = await state();
    const logged = await audits();
    expect((await attempt()).status).toBe(401);
    for (const who of ['member', 'finance', 'editor', 'graceAdmin'] as const)
      expect((await attempt(tokens[who])).status, who).toBe(403);
    expect(await state()).toEqual(before);
    expect(await audits()).toBe(logged);
  }

  beforeAll(async () => {
    outbox = path.join(dataDir, backend);
    process.env.DATA_DIR = outbox;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    const [row] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    graca = row!.id;
    await loginAll(api, STAFF_ACCOUNTS, { tokens, ids });
  }, 240_000);
  afterAll(() => database.close());

  it('only admins read the directory; treasurers and editors are refused', async () => {
    const status = async (url: string, token?: string) =>
      (
        await api.request(`/api/v1${url}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      ).status;
    for (const url of [
      '/admin/graca/pessoas',
      `/admin/graca/pessoas/${ids.member}`,
      '/admin/graca/pessoas.csv',
      '/admin/graca/pedidos-exclusao',
    ]) {
      expect(await status(url, tokens.admin), url).toBe(200);
      for (const who of ['finance', 'editor', 'member', 'graceAdmin'] as const)
        expect(await status(url, tokens[who]), `${who} ${url}`).toBe(403);
      expect(await status(url)).toBe(401);
    }
    expectError(
      await get('/admin/graca/pessoas', { token: tokens.finance }),
      403,
      'staff.forbidden',
    );
    // grace's member is not a person of graca
    const [graceMember] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'member@grace.demo'));
    expectError(
      await get(`/admin/graca/pessoas/${graceMember!.id}`, { token: tokens.admin }),
      404,
      'staff.people.personNotFound',
    );
  });

  it('one search rule: accents and case ignored, exact matches first (a door volunteer types without accents)', async () => {
    const find = async (busca: string) =>
      peoplePageSchema.parse(
        (
          await get(`/admin/graca/pessoas?busca=${encodeURIComponent(busca)}`, {
            token: tokens.admin,
          })
        ).body,
      ).pessoas;
    const people = await db()
      .insert(t.users)
      .values([
        {
          email: 'Joao.Search@Example.com',
          passwordHash: 'x',
          firstName: 'João',
          lastName: 'Searchable',
        },
        {
          email: 'pedro.search@example.com',
          passwordHash: 'x',
          firstName: 'Pedro',
          lastName: 'Ângelo Müller',
        },
      ])
      .returning({ id: t.users.id });
    await db()
      .insert(t.churchUsers)
      .values([
        { churchId: graca, userId: people[0]!.id, memberNumber: '19001' },
        { churchId: graca, userId: people[1]!.id, memberNumber: '9001' },
      ]);
    expect((await find('joao searchable')).map((p) => p.nome)).toEqual(['João Searchable']);
    expect((await find('angelo')).map((p) => p.nome)).toContain('Pedro Ângelo Müller');
    expect((await find('MULLER')).map((p) => p.nome)).toContain('Pedro Ângelo Müller');
    expect((await find('joao.search@example.com')).map((p) => p.id)).toEqual([people[0]!.id]);
    // the exact member number first, then those that contain it
    expect((await find('9001')).slice(0, 2).map((p) => p.numeroMembro)).toEqual(['9001', '19001']);
    // a search counts its matches in its page's statement; a page past the last still counts them
    const pageOf = async (page: number) =>
      peoplePageSchema.parse(
        (await get(`/admin/graca/pessoas?busca=9001&page=${page}`, { token: tokens.admin })).body,
      );
    const [one, two] = [await pageOf(1), await pageOf(2)];
    expect(one.total).toBe(one.pessoas.length);
    expect(two.pessoas).toEqual([]);
    expect(two.total).toBe(one.total);
    // another church's people never come up
    expect(await find('member@grace.demo')).toEqual([]);
  });

  it('searches by name, e-mail, phone and member number, filters by role, group and status', async () => {
    const find = async (qs: string) =>
      peoplePageSchema.parse(
        (await get(`/admin/graca/pessoas?${qs}`, { token: tokens.admin })).body,
      );
    const all = await find('');
    expect(all.total).toBeGreaterThan(5);
    expect(all.pessoas.length).toBeLessThanOrEqual(25);
    expect((await find('busca=souza')).pessoas.map((p) => p.email)).toContain('membro@graca.demo');
    expect((await find('busca=MEMBRO%40graca')).pessoas.map((p) => p.email)).toEqual([
      'membro@graca.demo',
    ]);
    expect((await find('busca=98765-4321')).pessoas.map((p) => p.email)).toEqual([
      'membro@graca.demo',
    ]);
    const [mine] = await membership(ids.member);
    expect((await find(`busca=${mine!.memberNumber}`)).pessoas.map((p) => p.id)).toContain(
      ids.member,
    );
    expect((await find('papel=ROLE_ADMIN_FINANCE')).pessoas.map((p) => p.email)).toEqual([
      'tesoureiro@graca.demo',
    ]);
    expect((await find('papel=membro')).pessoas.every((p) => p.roles.length === 0)).toBe(true);
    const group = all.grupos.find((g) => g.nome === MEMBER_GROUP)!;
    const inGroup = await find(`grupo=${group.id}`);
    expect(inGroup.pessoas.map((p) => p.email)).toContain('membro@graca.demo');
    expect((await find('status=inativo')).pessoas.map((p) => p.email)).toContain(
      'inativo@graca.demo',
    );
    expect((await find('status=ativo')).pessoas.map((p) => p.email)).not.toContain(
      'inativo@graca.demo',
    );
    expect(
      (await get('/admin/graca/pessoas?papel=ROLE_NOPE', { token: tokens.admin })).status,
    ).toBe(400);
    // the person's page: groups and, for an admin, gifts
    const person = personSchema.parse(
      (await get(`/admin/graca/pessoas/${ids.member}`, { token: tokens.admin })).body,
    );
    expect(person.grupos.map((g) => g.nome)).toContain(MEMBER_GROUP);
    expect(person.doacoes?.length).toBeGreaterThan(0);
    expect(person.doacoes!.every((g) => g.motivos.length > 0)).toBe(true);
  });

  it('the directory CSV follows the one rule: the church’s ; and words, accents kept, phones not guarded', async () => {
    const csvOf = async (busca: string) => {
      // the reader's language does not change the file: the church's (pt) does
      const res = await api.request(`/api/v1/admin/graca/pessoas.csv?busca=${busca}`, {
        headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'en' },
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes);
    };
    const text = await csvOf('pereira');
    expect(text).toContain('Número;Nome;E-mail;Telefone;Papéis;Situação\r\n');
    expect(text).toContain('João Pereira');
    expect(text).toContain(';Ativo\r\n');
    const maria = (await csvOf('souza')).split('\r\n').find((l) => l.includes('Maria Souza'));
    expect(maria).toContain(';+55 11 98765-4321;');
    const staff = (await csvOf('lider')).split('\r\n').find((l) => l.includes('lider@graca.demo'));
    expect(staff).toContain('Administrador');
    expect(staff).not.toContain('ROLE_');
  });

  it('every people write is refused to all but admins, and nothing changes', async () => {
    const state = async () => [
      await membership(ids.member),
      await db().select().from(t.users).where(eq(t.users.id, ids.member)),
    ];
    await expectRefused(
      (token) =>
        call('PUT', `/admin/graca/pessoas/${ids.member}/papeis`, {
          token,
          body: { roles: ['ROLE_ADMIN'] },
        }),
      state,
    );
    await expectRefused(
      (token) =>
        call('PUT', `/admin/graca/pessoas/${ids.member}/numero`, {
          token,
          body: { numeroMembro: 'X-1' },
        }),
      state,
    );
    await expectRefused(
      (token) => call('POST', `/admin/graca/pessoas/${ids.member}/desativar`, { token }),
      state,
    );
    await expectRefused(
      (token) => call('POST', `/admin/graca/pessoas/${ids.member}/reativar`, { token }),
      state,
    );
    const [request] = await db()
      .insert(t.deletionRequests)
      .values({ churchId: graca, userId: ids.member, email: 'membro@graca.demo' })
      .returning();
    await expectRefused(
      (token) => call('POST', `/admin/graca/pedidos-exclusao/${request!.id}/concluir`, { token }),
      async () => [await state(), await db().select().from(t.deletionsDone)],
    );
    await db().delete(t.deletionRequests).where(eq(t.deletionRequests.id, request!.id));
  });

  it('gives and takes roles, but never leaves the church without an admin', async () => {
    const put = (id: number, roles: string[], token = tokens.admin) =>
      call('PUT', `/admin/graca/pessoas/${id}/papeis`, { token, body: { roles } });
    const logged = await audits();
    const given = await put(ids.editor, ['ROLE_ADMIN_CONTENT', 'ROLE_ADMIN_FINANCE']);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(personSchema.parse(given.body).roles).toEqual([
      'ROLE_ADMIN_CONTENT',
      'ROLE_ADMIN_FINANCE',
    ]);
    expect(await audits()).toBe(logged + 1);
    // the editor can now read the gifts
    expect((await get('/admin/graca/doacao/resumo', { token: tokens.editor })).status).toBe(200);
    expect((await put(ids.editor, ['ROLE_ADMIN_CONTENT'])).status).toBe(200);
    expect((await get('/admin/graca/doacao/resumo', { token: tokens.editor })).status).toBe(403);

    // the only admin cannot drop their own role or be deactivated
    expectError(await put(ids.admin, []), 409, 'staff.people.lastAdmin');
    expect((await membership(ids.admin))[0]!.roles).toEqual(['ROLE_ADMIN']);
    expectError(
      await call('POST', `/admin/graca/pessoas/${ids.admin}/desativar`, { token: tokens.admin }),
      409,
      'staff.people.notSelf',
    );
    // ROLE_SUPER_ADMIN only from one who holds it; unknown roles are refused
    expectError(await put(ids.member, ['ROLE_SUPER_ADMIN']), 403, 'staff.people.superAdminOnly');
    expect((await put(ids.member, ['ROLE_GOD'])).status).toBe(400);
    expect((await membership(ids.member))[0]!.roles).toEqual([]);
    // with a second admin, the first may step down
    expect((await put(ids.finance, ['ROLE_ADMIN'])).status).toBe(200);
    const financeAsAdmin = (await loginAs(api, STAFF_ACCOUNTS.finance)).token;
    expect((await put(ids.admin, ['ROLE_ADMIN_CONTENT'], financeAsAdmin)).status).toBe(200);
    expectError(await put(ids.finance, [], financeAsAdmin), 409, 'staff.people.lastAdmin');
    expect((await put(ids.admin, ['ROLE_ADMIN'], financeAsAdmin)).status).toBe(200);
    expect((await put(ids.finance, ['ROLE_ADMIN_FINANCE'])).status).toBe(200);
  });

  it('sets member numbers (unique in the church), deactivates and reactivates', async () => {
    const put = (id: number, numeroMembro: string | null) =>
      call('PUT', `/admin/graca/pessoas/${id}/numero`, {
        token: tokens.admin,
        body: { numeroMembro },
      });
    expect(personSchema.parse((await put(ids.member, 'M-0042')).body).numeroMembro).toBe('M-0042');
    expectError(await put(ids.editor, 'M-0042'), 409, 'staff.people.numberTaken');
    expect((await put(ids.editor, 'nope nope')).status).toBe(400);
    const off = await call('POST', `/admin/graca/pessoas/${ids.editor}/desativar`, {
      token: tokens.admin,
    });
    expect(personSchema.parse(off.body).ativo).toBe(false);
    // an inactive editor is no longer staff here
    expect((await get('/admin/graca/eu', { token: tokens.editor })).status).toBe(403);
    const on = await call('POST', `/admin/graca/pessoas/${ids.editor}/reativar`, {
      token: tokens.admin,
    });
    expect(personSchema.parse(on.body).ativo).toBe(true);
    expect((await get('/admin/graca/eu', { token: tokens.editor })).status).toBe(200);
  });

  it('a deletion request carried out removes the personal data and keeps the gifts', async () => {
    const gifts = () =>
      db()
        .select({ id: t.payments.id, total: t.payments.totalCents, status: t.payments.status })
        .from(t.payments)
        .where(eq(t.payments.userId, ids.member))
        .orderBy(asc(t.payments.id)); // an update may move rows: compare in one order
    const lines = async () => {
      const list = await gifts();
      return list.length ? db().$count(t.paymentLines, eq(t.paymentLines.churchId, graca)) : 0;
    };
    const giftsBefore = await gifts();
    const linesBefore = await lines();
    expect(giftsBefore.length).toBeGreaterThan(0);
    await db().insert(t.userChildren).values({
      churchId: graca,
      userId: ids.member,
      firstName: 'Pedrinho',
      birthDate: '2018-01-01',
    });
    const [request] = await db()
      .insert(t.deletionRequests)
      .values({ churchId: graca, userId: ids.member, email: 'membro@graca.demo' })
      .returning();
    const listed = deletionRequestsSchema.parse(
      (await get('/admin/graca/pedidos-exclusao', { token: tokens.admin })).body,
    );
    expect(listed.pedidos[0]).toMatchObject({
      id: request!.id,
      nome: 'Maria Souza',
      concluidoEm: null,
    });

    const done = await call('POST', `/admin/graca/pedidos-exclusao/${request!.id}/concluir`, {
      token: tokens.admin,
      lang: 'pt-BR',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ nome: null, concluidoPor: 'João Pereira' });
    // the gifts and their lines stay
    expect(await gifts()).toEqual(giftsBefore);
    expect(await lines()).toBe(linesBefore);
    // the personal data is gone and the account cannot log in
    const [user] = await db().select().from(t.users).where(eq(t.users.id, ids.member));
    expect(user).toMatchObject({
      firstName: 'Pessoa removida',
      lastName: null,
      cpf: null,
      phone: null,
      birthDate: null,
      active: false,
    });
    expect(user!.email).not.toContain('membro');
    expect(await membership(ids.member)).toEqual([]);
    expect(await db().$count(t.userChildren, eq(t.userChildren.userId, ids.member))).toBe(0);
    expect(await db().$count(t.groupMembers, eq(t.groupMembers.userId, ids.member))).toBe(0);
    expect(await db().$count(t.userAddresses, eq(t.userAddresses.userId, ids.member))).toBe(0);
    const login = await call('POST', '/security/login_check', {
      body: { username: 'membro@graca.demo', password: 'Demo@1234' },
    });
    expect(login.status).toBe(401);
    // the person is told by e-mail
    const mails = await readOutbox(outbox, 'membro@graca.demo');
    expect(mails.some((m) => m.subject.includes('Seus dados foram removidos'))).toBe(true);
    // once only
    expectError(
      await call('POST', `/admin/graca/pedidos-exclusao/${request!.id}/concluir`, {
        token: tokens.admin,
      }),
      409,
      'staff.people.requestDone',
    );
    // a request of another church is not found
    const [grace] = await db().select().from(t.churches).where(eq(t.churches.code, 'grace'));
    const [other] = await db()
      .insert(t.deletionRequests)
      .values({ churchId: grace!.id, userId: null, email: 'x@example.org' })
      .returning();
    expectError(
      await call('POST', `/admin/graca/pedidos-exclusao/${other!.id}/concluir`, {
        token: tokens.admin,
      }),
      404,
      'staff.people.requestNotFound',
    );
  });
});
