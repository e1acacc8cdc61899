// A group's leader edits the group's details and corrects a recorded meeting (docs/groups.md
// "What the leader does"): the leader of that group only, validated, audited in the church's
// activity log under the leader's name, the cached pages purged.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupAttendanceSchema,
  groupDetailSchema,
  groupMeetingCreatedSchema,
  groupMeetingResponseSchema,
} from '../../contract/groups.ts';
import { message } from '../../contract/messages/index.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { LEADER_GROUP, MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';

describe.each(testBackends())('a group leader keeps their group up to date on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let leader: { id: number; token: string }; // lider@graca.demo, leads Célula Vila Mariana
  let member: { id: number; token: string }; // membro@graca.demo, in Célula Pinheiros
  let john: { id: number; token: string }; // member@grace.demo, another church
  let group: number;
  let otherGroup: number;
  let churchId: number;
  const changed: number[] = [];
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const idOf = async (name: string) =>
    (await database.db.select().from(t.groups).where(eq(t.groups.name, name)))[0]!;
  const lastAudit = async () =>
    (
      await database.db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.churchId, churchId))
        .orderBy(desc(t.auditLog.id))
        .limit(1)
    )[0]!;

  const details = {
    nome: 'Célula Vila Mariana',
    descricao: 'Estudo bíblico e comunhão às terças.',
    diaSemana: 4,
    horario: '19:30',
    logradouro: 'Rua Domingos de Morais',
    numero: '1200',
    complemento: null,
    bairro: 'Vila Mariana',
    cidade: 'São Paulo',
    estado: 'SP',
    cep: '04010-100',
    aberta: false,
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    leader = await loginAs(api, 'lider@graca.demo', DEMO_PASSWORD);
    member = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
    john = await loginAs(api, 'member@grace.demo', DEMO_PASSWORD);
    const row = await idOf(LEADER_GROUP);
    group = row.id;
    churchId = row.churchId;
    otherGroup = (await idOf(MEMBER_GROUP)).id;
  }, 240_000);
  afterAll(() => database.close());

  it('edits the group: the leader only, validated, audited, shown on the public page', async () => {
    // a visitor is asked to log in; another church learns nothing; a member who does not lead is told why
    expect((await call('PUT', `/celula/${group}`, { body: details })).status).toBe(401);
    expect(
      (await call('PUT', `/celula/${group}`, { token: john.token, body: details })).status,
    ).toBe(404);
    const notLeader = await call('PUT', `/celula/${otherGroup}`, {
      token: leader.token,
      body: details,
    });
    expect(notLeader.status).toBe(403);
    expect(notLeader.body.message).toBe(message('pt', 'groups.leaderOnlyEdit'));
    const byMember = await call('PUT', `/celula/${group}`, { token: member.token, body: details });
    expect(byMember.status).toBe(403);

    expectFieldError(
      await call('PUT', `/celula/${group}`, {
        token: leader.token,
        body: { ...details, horario: '25:00' },
      }),
      400,
      'horario',
    );
    expectFieldError(
      await call('PUT', `/celula/${group}`, {
        token: leader.token,
        body: { ...details, nome: '' },
      }),
      400,
      'nome',
    );

    const before = await idOf(LEADER_GROUP);
    changed.length = 0;
    const saved = await call('PUT', `/celula/${group}`, {
      token: leader.token,
      // the leader and the active flag stay the staff's: sent anyway, they are not applied
      body: { ...details, idLider: member.id, ativo: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(message('pt', 'groups.saved'));
    const page = groupDetailSchema.parse((await call('GET', `/celula/${group}`)).body);
    expect(page).toMatchObject({
      descricao: details.descricao,
      diaSemana: 4,
      horario: '19:30',
      lider: { nome: 'João Pereira' },
      // marked full by the leader: the group page (and the leader's edit form) says so
      aberta: false,
    });
    const after = await idOf(LEADER_GROUP);
    expect(after.leaderId).toBe(before.leaderId);
    expect(after.active).toBe(true);
    expect(after.open).toBe(false);
    expect(changed).toContain(churchId); // the cached group pages are purged
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'groups.update',
      kind: 'celula',
      targetId: String(group),
      userId: leader.id,
      userName: 'João Pereira',
    });
    expect(audit.details).toMatchObject({ porLider: true });
  });

  it('corrects a recorded meeting: the leader only, checked like a new record, audited', async () => {
    const roster = groupAttendanceSchema.parse(
      (await call('GET', `/celula/${group}/presenca`, { token: leader.token })).body,
    ).membros;
    const [first, second] = roster.map((p) => p.id);
    const recorded = groupMeetingCreatedSchema.parse(
      (
        await call('POST', `/celula/${group}/reuniao-registro/`, {
          token: leader.token,
          body: {
            data: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            tema: 'Recomeços',
            presentes: [first],
            visitantes: 0,
          },
        })
      ).body,
    ).reuniao;
    expect(recorded.qtdePresentes).toBe(1);

    const fix = {
      data: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      tema: 'Recomeços (parte 2)',
      presentes: [first, second],
      visitantes: 1,
      observacoes: 'Um visitante trazido pela Ana.',
    };
    const path = `/celula/${group}/reuniao-registro/${recorded.id}`;
    expect((await call('PUT', path, { token: member.token, body: fix })).status).toBe(403);
    expect(
      (
        await call('PUT', `/celula/${otherGroup}/reuniao-registro/${recorded.id}`, {
          token: leader.token,
          body: fix,
        })
      ).status,
    ).toBe(403);
    expectFieldError(
      await call('PUT', path, {
        token: leader.token,
        body: { ...fix, data: new Date(Date.now() + 5 * 86_400_000).toISOString() },
      }),
      400,
      'data',
    );
    expectFieldError(
      await call('PUT', path, { token: leader.token, body: { ...fix, presentes: [john.id] } }),
      400,
      'presentes',
    );
    expectFieldError(
      await call('PUT', path, { token: leader.token, body: { ...fix, tema: ' ' } }),
      400,
      'tema',
    );
    expect(
      (
        await call('PUT', `/celula/${group}/reuniao-registro/999999`, {
          token: leader.token,
          body: fix,
        })
      ).status,
    ).toBe(404);

    const corrected = await call('PUT', path, { token: leader.token, body: fix });
    expect(corrected.status).toBe(200);
    expect(groupMeetingCreatedSchema.parse(corrected.body).message).toBe(
      message('pt', 'groups.meetingCorrected'),
    );
    // a member of the group reads the corrected record
    const seen = groupMeetingResponseSchema.parse(
      (await call('GET', path, { token: leader.token })).body,
    ).reuniao;
    expect(seen).toMatchObject({ tema: 'Recomeços (parte 2)', qtdePresentes: 3 });
    const who = await database.db
      .select({ userId: t.meetingAttendance.userId })
      .from(t.meetingAttendance)
      .where(
        and(
          eq(t.meetingAttendance.churchId, churchId),
          eq(t.meetingAttendance.meetingId, recorded.id),
        ),
      );
    expect(who.map((w) => w.userId).sort()).toEqual([first, second].sort());
    expect(await lastAudit()).toMatchObject({
      action: 'groups.meeting.update',
      kind: 'celula_reuniao',
      targetId: String(recorded.id),
      userId: leader.id,
    });
  });
});
