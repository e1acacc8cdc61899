// Groups for the staff and for leaders (docs/staff.md "Groups", docs/groups.md "Meetings and
// attendance"): only admins create and edit groups, members and requests (a treasurer, a content
// editor, a member, a visitor and grace's admin are refused and nothing changes); a leader records
// meetings with attendance for their own group only; a member leaves, the leader cannot.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffGroupSchema, staffGroupsSchema } from '../../contract/groups-staff.ts';
import { groupAttendanceSchema, groupMeetingCreatedSchema } from '../../contract/groups.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { LEADER_GROUP, MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs } from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'groups-staff-'));
type Who =
  'admin' | 'finance' | 'editor' | 'member' | 'graceAdmin' | 'otherLeader' | 'vmMember' | 'camila';
const ACCOUNTS: Record<Who, string> = {
  admin: 'lider@graca.demo', // ROLE_ADMIN and leader of Célula Vila Mariana
  finance: 'tesoureiro@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo', // member of Célula Pinheiros
  graceAdmin: 'admin@grace.demo',
  otherLeader: 'ana.costa@graca.demo', // leader of Célula Pinheiros
  vmMember: 'lucas.oliveira@graca.demo', // member of Célula Vila Mariana
  camila: 'camila.ribeiro@graca.demo', // waiting to join Vila Mariana
};

const groupBody = (over: Record<string, unknown> = {}) => ({
  nome: 'Célula Centro',
  descricao: 'Estudo e oração no centro.',
  idLider: null,
  diaSemana: 2,
  horario: '19:45',
  logradouro: 'Rua Direita',
  numero: '10',
  complemento: '',
  bairro: 'Sé',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01002-000',
  aberta: true,
  ativo: true,
  ...over,
});

describe.each(testBackends())('groups for staff and leaders on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let leaderGroup: number;
  let memberGroup: number;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const audits = () => db().$count(t.auditLog);
  const groupRow = (id: number) => db().select().from(t.groups).where(eq(t.groups.id, id));
  const membersOf = (id: number) =>
    db()
      .select({ userId: t.groupMembers.userId })
      .from(t.groupMembers)
      .where(eq(t.groupMembers.groupId, id))
      .orderBy(t.groupMembers.userId);

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
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    const [row] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    graca = row!.id;
    const named = async (name: string) =>
      (
        await db()
          .select()
          .from(t.groups)
          .where(and(eq(t.groups.churchId, graca), eq(t.groups.name, name)))
      )[0]!.id;
    leaderGroup = await named(LEADER_GROUP);
    memberGroup = await named(MEMBER_GROUP);
    for (const [who, email] of Object.entries(ACCOUNTS) as [Who, string][]) {
      const session = await loginAs(api, email);
      tokens[who] = session.token;
      ids[who] = session.id;
    }
  }, 240_000);
  afterAll(() => database.close());

  it('only admins read the groups', async () => {
    for (const url of [
      '/admin/graca/grupos',
      `/admin/graca/grupos/${leaderGroup}`,
      '/admin/graca/grupos-pessoas?busca=ana',
    ]) {
      expect((await get(url, { token: tokens.admin })).status, url).toBe(200);
      for (const who of ['finance', 'editor', 'member', 'graceAdmin'] as const)
        expect((await get(url, { token: tokens[who] })).status, `${who} ${url}`).toBe(403);
      expect((await get(url)).status).toBe(401);
    }
    // the leader and member pickers follow the one search rule: "joao pereira" finds João Pereira
    const picked = (
      await get('/admin/graca/grupos-pessoas?busca=JOAO%20pereira', { token: tokens.admin })
    ).body as { pessoas: { nome: string }[] };
    expect(picked.pessoas.map((p) => p.nome)).toContain('João Pereira');
    const list = staffGroupsSchema.parse(
      (await get('/admin/graca/grupos', { token: tokens.admin })).body,
    );
    const vm = list.grupos.find((g) => g.id === leaderGroup)!;
    expect(vm.lider?.id).toBe(ids.admin);
    expect(vm.pendentes).toBe(1);
    // grace's group is not graca's
    const [downtown] = await db()
      .select()
      .from(t.groups)
      .where(eq(t.groups.name, 'Downtown Group'));
    expectError(
      await get(`/admin/graca/grupos/${downtown!.id}`, { token: tokens.admin }),
      404,
      'staff.groups.notFound',
    );
  });

  it('creates and edits a group; a new leader leaves the members, the previous one stays', async () => {
    const count = () => db().$count(t.groups);
    await expectRefused(
      (token) => call('POST', '/admin/graca/grupos', { token, body: groupBody() }),
      count,
    );
    expectFieldError(
      await call('POST', '/admin/graca/grupos', {
        token: tokens.admin,
        body: groupBody({ horario: '25:00' }),
      }),
      400,
      'horario',
    );
    // the leader must be a member of this church
    const [graceMember] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'member@grace.demo'));
    expectFieldError(
      await call('POST', '/admin/graca/grupos', {
        token: tokens.admin,
        body: groupBody({ idLider: graceMember!.id }),
      }),
      400,
      'idLider',
    );
    const created = await call('POST', '/admin/graca/grupos', {
      token: tokens.admin,
      body: groupBody({ idLider: ids.otherLeader }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const [row] = await groupRow(id);
    expect(row).toMatchObject({
      churchId: graca,
      name: 'Célula Centro',
      leaderId: ids.otherLeader,
      time: '19:45',
      open: true,
      complement: null,
    });

    await expectRefused(
      (token) =>
        call('PUT', `/admin/graca/grupos/${id}`, { token, body: groupBody({ nome: 'Outra' }) }),
      () => groupRow(id),
    );
    // camila joins, then becomes the leader: she leaves the members, ana stays as a member
    expect(
      (
        await call('POST', `/admin/graca/grupos/${id}/membros`, {
          token: tokens.admin,
          body: { idUsuario: ids.camila },
        })
      ).status,
    ).toBe(201);
    const saved = await call('PUT', `/admin/graca/grupos/${id}`, {
      token: tokens.admin,
      body: groupBody({ idLider: ids.camila, aberta: false }),
    });
    expect(saved.status).toBe(200);
    expect((await groupRow(id))[0]).toMatchObject({ leaderId: ids.camila, open: false });
    expect((await membersOf(id)).map((m) => m.userId)).toEqual([ids.otherLeader]);
    const page = staffGroupSchema.parse(
      (await get(`/admin/graca/grupos/${id}`, { token: tokens.admin })).body,
    );
    expect(page.grupo.aberta).toBe(false);
    expect(page.presenca.membros.map((m) => [m.id, m.lider])).toEqual([
      [ids.camila, true],
      [ids.otherLeader, false],
    ]);
    // a full group takes no requests
    expectError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: tokens.member,
        body: { idCelula: id },
      }),
      409,
      'groups.full',
      'en',
      { group: 'Célula Centro' },
    );
  });

  it('adds and removes members', async () => {
    const members = () => membersOf(memberGroup);
    await expectRefused(
      (token) =>
        call('POST', `/admin/graca/grupos/${memberGroup}/membros`, {
          token,
          body: { idUsuario: ids.vmMember },
        }),
      members,
    );
    const url = `/admin/graca/grupos/${memberGroup}/membros`;
    expect(
      (await call('POST', url, { token: tokens.admin, body: { idUsuario: ids.vmMember } })).status,
    ).toBe(201);
    expectFieldError(
      await call('POST', url, { token: tokens.admin, body: { idUsuario: ids.vmMember } }),
      409,
      'idUsuario',
    );
    expectFieldError(
      await call('POST', url, { token: tokens.admin, body: { idUsuario: ids.otherLeader } }),
      409,
      'idUsuario',
    );
    await expectRefused((token) => call('DELETE', `${url}/${ids.vmMember}`, { token }), members);
    expect((await call('DELETE', `${url}/${ids.vmMember}`, { token: tokens.admin })).status).toBe(
      200,
    );
    expect((await members()).map((m) => m.userId)).not.toContain(ids.vmMember);
    expectError(
      await call('DELETE', `${url}/${ids.vmMember}`, { token: tokens.admin }),
      404,
      'staff.groups.notInGroup',
    );
  });

  it('answers a join request with the leader rules and tells the member', async () => {
    const [pending] = await db()
      .select()
      .from(t.groupRequests)
      .where(and(eq(t.groupRequests.groupId, leaderGroup), eq(t.groupRequests.status, 'pendente')));
    const url = `/admin/graca/grupos/${leaderGroup}/solicitacoes/${pending!.id}`;
    const state = async () => [
      await db().select().from(t.groupRequests).where(eq(t.groupRequests.id, pending!.id)),
      await membersOf(leaderGroup),
    ];
    await expectRefused((token) => call('PUT', url, { token, body: { acao: 'aceitar' } }), state);
    const notes = () =>
      db().$count(
        t.notifications,
        and(
          eq(t.notifications.userId, pending!.userId),
          eq(t.notifications.typeCode, 'CELULA_RESPOSTA'),
        ),
      );
    const before = await notes();
    const answered = await call('PUT', url, { token: tokens.admin, body: { acao: 'aceitar' } });
    expect(answered.status).toBe(200);
    expect(answered.body.solicitacao.situacao).toBe('aceita');
    expect((await membersOf(leaderGroup)).map((m) => m.userId)).toContain(pending!.userId);
    expect(await notes()).toBe(before + 1);
    const logged = await audits();
    expectError(
      await call('PUT', url, { token: tokens.admin, body: { acao: 'recusar' } }),
      409,
      'groups.alreadyAnswered',
    );
    expect(await audits()).toBe(logged);
  });

  it('a leader records a meeting with attendance for their own group only', async () => {
    const url = `/celula/${leaderGroup}/reuniao-registro`;
    const body = {
      data: new Date(Date.now() - 3_600_000).toISOString(),
      tema: 'Oração e gratidão',
      presentes: [ids.admin, ids.vmMember],
      visitantes: 1,
      observacoes: 'Boa conversa.',
    };
    const meetings = () => db().$count(t.groupMeetings);
    const before = await meetings();
    expect((await call('POST', url, { body })).status).toBe(401);
    // a member of the group, a member of another group, another group's leader: 403
    for (const who of ['vmMember', 'member', 'otherLeader'] as const)
      expectError(
        await call('POST', url, { token: tokens[who], body }),
        403,
        'groups.leaderOnlyMeetings',
      );
    // grace's admin is not a member of graca: the group is not found
    expectError(
      await call('POST', url, { token: tokens.graceAdmin, body }),
      404,
      'groups.notFound',
    );
    expectError(
      await get(`/celula/${leaderGroup}/presenca`, { token: tokens.vmMember }),
      403,
      'groups.leaderOnlyMeetings',
    );
    // only people of the group are ticked; no meeting in the future
    expectFieldError(
      await call('POST', url, { token: tokens.admin, body: { ...body, presentes: [ids.member] } }),
      400,
      'presentes',
    );
    expectFieldError(
      await call('POST', url, {
        token: tokens.admin,
        body: { ...body, data: new Date(Date.now() + 5 * 86_400_000).toISOString() },
      }),
      400,
      'data',
    );
    expect(await meetings()).toBe(before);

    const created = await call('POST', url, { token: tokens.admin, body });
    expect(created.status).toBe(201);
    const { reuniao } = groupMeetingCreatedSchema.parse(created.body);
    expect(reuniao).toMatchObject({
      tema: 'Oração e gratidão',
      qtdePresentes: 3,
      observacoes: 'Boa conversa.',
    });
    // the other leader records in their own group
    expect(
      (
        await call('POST', `/celula/${memberGroup}/reuniao-registro`, {
          token: tokens.otherLeader,
          body: { ...body, presentes: [ids.member] },
        })
      ).status,
    ).toBe(201);

    // history per group and per member, for the leader and for the staff
    const history = groupAttendanceSchema.parse(
      (await get(`/celula/${leaderGroup}/presenca`, { token: tokens.admin })).body,
    );
    expect(history.reunioes[0]).toMatchObject({ id: reuniao.id, qtdePresentes: 3 });
    expect(history.reunioes[0]!.presentes.sort()).toEqual([ids.admin, ids.vmMember].sort());
    expect(history.membros[0]).toMatchObject({ id: ids.admin, lider: true, presencas: 1 });
    expect(history.membros.find((m) => m.id === ids.vmMember)?.presencas).toBe(1);
    const staffView = staffGroupSchema.parse(
      (await get(`/admin/graca/grupos/${leaderGroup}`, { token: tokens.admin })).body,
    );
    expect(staffView.presenca.reunioes[0]!.id).toBe(reuniao.id);
    // members still read the meetings (without the attendance list)
    expect(
      (await get(`/celula/${leaderGroup}/reuniao-registro`, { token: tokens.vmMember })).status,
    ).toBe(200);
  });

  it('a member leaves a group; the leader cannot without handing it over', async () => {
    const url = `/celula/${memberGroup}/participacao`;
    expect((await call('DELETE', url)).status).toBe(401);
    expectError(
      await call('DELETE', url, { token: tokens.otherLeader }),
      409,
      'groups.leaderCannotLeave',
      'en',
      {
        group: MEMBER_GROUP,
      },
    );
    const left = await call('DELETE', url, { token: tokens.member });
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(`You left ${MEMBER_GROUP}.`);
    expect((await membersOf(memberGroup)).map((m) => m.userId)).not.toContain(ids.member);
    expectError(
      await call('DELETE', url, { token: tokens.member }),
      409,
      'groups.notMember',
      'en',
      {
        group: MEMBER_GROUP,
      },
    );
    // the attendance already recorded stays in the group's history
    const history = groupAttendanceSchema.parse(
      (await get(`/celula/${memberGroup}/presenca`, { token: tokens.otherLeader })).body,
    );
    expect(history.reunioes[0]!.presentes).toContain(ids.member);
  });
});
