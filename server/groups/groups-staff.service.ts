// The church's groups for its admins (docs/staff.md "Groups"): create and edit groups (leader,
// address, day and time, description, open or full, active), add and remove members, answer join
// requests with the leader's own rules (groups.service.ts), and read the attendance the leaders
// record. Every write runs through `staffWrite` (audit + purge).
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  StaffGroup,
  StaffGroupInput,
  StaffGroupPerson,
  StaffGroupRow,
} from '../../contract/groups-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import { personRank, personSearch } from '../users/person-search.ts';
import * as t from '../db/schema/index.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { fullName, toRequest } from './groups.serializers.ts';
import { answerRequest, attendanceOf } from './groups.service.ts';

type GroupRow = typeof t.groups.$inferSelect;

const memberCount = sql<number>`(select count(*) from ${t.groupMembers} where ${t.groupMembers.groupId} = ${t.groups.id} and ${t.groupMembers.churchId} = ${t.groups.churchId})::int`;
const pendingCount = sql<number>`(select count(*) from ${t.groupRequests} where ${t.groupRequests.groupId} = ${t.groups.id} and ${t.groupRequests.churchId} = ${t.groups.churchId} and ${t.groupRequests.status} = 'pendente')::int`;

const leaderColumns = {
  id: t.users.id,
  firstName: t.users.firstName,
  lastName: t.users.lastName,
  email: t.users.email,
};

function rowWire(
  g: GroupRow,
  leader: { id: number; firstName: string; lastName: string | null; email: string } | null,
  members: number,
  pending: number,
): StaffGroupRow {
  return {
    id: g.id,
    nome: g.name,
    diaSemana: g.weekday,
    horario: g.time,
    bairro: g.neighborhood,
    lider: leader ? { id: leader.id, nome: fullName(leader), email: leader.email } : null,
    qtdeMembros: Number(members),
    pendentes: Number(pending),
    aberta: g.open,
    ativo: g.active,
  };
}

/** Every group of the church, active or not, by name. */
export async function listGroups(
  db: Database,
  churchId: number,
  q: { busca?: string | undefined },
): Promise<{ grupos: StaffGroupRow[] }> {
  const rows = await db
    .select({ group: t.groups, leader: leaderColumns, members: memberCount, pending: pendingCount })
    .from(t.groups)
    .leftJoin(t.users, eq(t.users.id, t.groups.leaderId))
    .where(
      and(eq(t.groups.churchId, churchId), q.busca ? matches(q.busca, [t.groups.name]) : undefined),
    )
    .orderBy(sql`${t.groups.active} desc`, asc(t.groups.name), asc(t.groups.id))
    .limit(500);
  return {
    grupos: rows.map((r) => rowWire(r.group, r.leader?.id ? r.leader : null, r.members, r.pending)),
  };
}

/** A group of this church (active or not), or 404. */
export async function staffGroup(db: Database | Tx, churchId: number, id: number) {
  const [group] = await db
    .select()
    .from(t.groups)
    .where(and(eq(t.groups.id, id), eq(t.groups.churchId, churchId)));
  if (!group) throw notFound('staff.groups.notFound');
  return group;
}

/** The group's page: its fields, members, requests (pending first) and attendance history. */
export async function groupOf(db: Database, churchId: number, id: number): Promise<StaffGroup> {
  const group = await staffGroup(db, churchId, id);
  const [[leader], members, requests, presenca] = await Promise.all([
    group.leaderId
      ? db.select(leaderColumns).from(t.users).where(eq(t.users.id, group.leaderId))
      : Promise.resolve([]),
    db
      .select({ ...leaderColumns, since: t.groupMembers.createdAt })
      .from(t.groupMembers)
      .innerJoin(t.users, eq(t.users.id, t.groupMembers.userId))
      .where(and(eq(t.groupMembers.churchId, churchId), eq(t.groupMembers.groupId, id)))
      .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id)),
    db
      .select({
        request: t.groupRequests,
        user: {
          id: t.users.id,
          firstName: t.users.firstName,
          lastName: t.users.lastName,
          image: t.users.image,
        },
      })
      .from(t.groupRequests)
      .innerJoin(t.users, eq(t.users.id, t.groupRequests.userId))
      .where(and(eq(t.groupRequests.churchId, churchId), eq(t.groupRequests.groupId, id)))
      .orderBy(
        sql`case when ${t.groupRequests.status} = 'pendente' then 0 else 1 end`,
        sql`${t.groupRequests.createdAt} desc`,
      )
      .limit(100),
    attendanceOf(db, group, churchId),
  ]);
  const pending = requests.filter((r) => r.request.status === 'pendente').length;
  return {
    grupo: {
      ...rowWire(group, leader ?? null, members.length, pending),
      descricao: group.description,
      logradouro: group.street,
      numero: group.number,
      complemento: group.complement,
      cidade: group.city,
      estado: group.state,
      cep: group.zipCode,
    },
    membros: members.map((m) => ({
      id: m.id,
      nome: fullName(m),
      email: m.email,
      desde: m.since.toISOString(),
    })),
    solicitacoes: requests.map((r) => toRequest(r.request, r.user)),
    presenca,
  };
}

/** Active members of the church matching a name or e-mail (the leader and member pickers). */
export async function findPeople(
  db: Database,
  churchId: number,
  busca: string,
): Promise<{ pessoas: StaffGroupPerson[] }> {
  const rows = await db
    .select(leaderColumns)
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(
      and(
        eq(t.churchUsers.churchId, churchId),
        eq(t.churchUsers.active, true),
        personSearch(churchId, busca),
      ),
    )
    .orderBy(personRank(busca), asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
    .limit(20);
  return { pessoas: rows.map((r) => ({ id: r.id, nome: fullName(r), email: r.email })) };
}

/** 400 on `field` unless the person is an active member of the church. */
async function requireChurchMember(tx: Tx, churchId: number, userId: number, field: string) {
  const [row] = await tx
    .select({ id: t.churchUsers.userId })
    .from(t.churchUsers)
    .where(
      and(
        eq(t.churchUsers.churchId, churchId),
        eq(t.churchUsers.userId, userId),
        eq(t.churchUsers.active, true),
      ),
    );
  if (!row) throw fieldProblem(400, field, 'staff.groups.personNotMember');
}

const columnsOf = (input: StaffGroupInput) => ({
  name: input.nome,
  description: input.descricao,
  leaderId: input.idLider,
  weekday: input.diaSemana,
  time: input.horario,
  street: input.logradouro,
  number: input.numero,
  complement: input.complemento,
  neighborhood: input.bairro,
  city: input.cidade,
  state: input.estado,
  zipCode: input.cep,
  open: input.aberta,
  active: input.ativo,
});

/** The leader is not listed among the members (docs/groups.md "Data"). */
async function dropLeaderMembership(tx: Tx, churchId: number, groupId: number, leaderId: number) {
  await tx
    .delete(t.groupMembers)
    .where(
      and(
        eq(t.groupMembers.churchId, churchId),
        eq(t.groupMembers.groupId, groupId),
        eq(t.groupMembers.userId, leaderId),
      ),
    );
}

export async function createGroup(deps: StaffWriteDeps, actor: StaffActor, input: StaffGroupInput) {
  const churchId = actor.churchId;
  const group = await staffWrite(
    deps,
    actor,
    (g: GroupRow) => ({ action: 'groups.create', kind: 'celula', targetId: g.id, summary: g.name }),
    async (tx) => {
      if (input.idLider) await requireChurchMember(tx, churchId, input.idLider, 'idLider');
      const [row] = await tx
        .insert(t.groups)
        .values({ churchId, ...columnsOf(input) })
        .returning();
      return row!;
    },
  );
  return { id: group.id };
}

/** Saves the whole group; a new leader leaves the member list and the previous one stays as a member. */
export async function updateGroup(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  input: StaffGroupInput,
) {
  const churchId = actor.churchId;
  const before = await staffGroup(deps.db, churchId, id);
  await staffWrite(
    deps,
    actor,
    {
      action: 'groups.update',
      kind: 'celula',
      targetId: id,
      summary: input.nome,
      details:
        before.leaderId !== input.idLider
          ? { liderAntes: before.leaderId, lider: input.idLider }
          : {},
    },
    async (tx) => {
      if (input.idLider && input.idLider !== before.leaderId) {
        await requireChurchMember(tx, churchId, input.idLider, 'idLider');
        await dropLeaderMembership(tx, churchId, id, input.idLider);
        if (before.leaderId)
          await tx
            .insert(t.groupMembers)
            .values({ churchId, groupId: id, userId: before.leaderId })
            .onConflictDoNothing();
      }
      await tx
        .update(t.groups)
        .set(columnsOf(input))
        .where(and(eq(t.groups.id, id), eq(t.groups.churchId, churchId)));
    },
  );
  return { id };
}

/** Adds an active member of the church; a pending request of theirs counts as accepted. */
export async function addMember(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  userId: number,
) {
  const churchId = actor.churchId;
  const group = await staffGroup(deps.db, churchId, id);
  if (group.leaderId === userId) throw fieldProblem(409, 'idUsuario', 'staff.groups.isLeader');
  await staffWrite(
    deps,
    actor,
    {
      action: 'groups.addMember',
      kind: 'celula',
      targetId: id,
      summary: group.name,
      details: { usuario: userId },
    },
    async (tx) => {
      await requireChurchMember(tx, churchId, userId, 'idUsuario');
      const [row] = await tx
        .insert(t.groupMembers)
        .values({ churchId, groupId: id, userId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fieldProblem(409, 'idUsuario', 'staff.groups.alreadyMember');
      await tx
        .update(t.groupRequests)
        .set({ status: 'aceita', answeredAt: new Date() })
        .where(
          and(
            eq(t.groupRequests.churchId, churchId),
            eq(t.groupRequests.groupId, id),
            eq(t.groupRequests.userId, userId),
            eq(t.groupRequests.status, 'pendente'),
          ),
        );
    },
  );
  return { id };
}

export async function removeMember(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  userId: number,
) {
  const churchId = actor.churchId;
  const group = await staffGroup(deps.db, churchId, id);
  await staffWrite(
    deps,
    actor,
    {
      action: 'groups.removeMember',
      kind: 'celula',
      targetId: id,
      summary: group.name,
      details: { usuario: userId },
    },
    async (tx) => {
      const gone = await tx
        .delete(t.groupMembers)
        .where(
          and(
            eq(t.groupMembers.churchId, churchId),
            eq(t.groupMembers.groupId, id),
            eq(t.groupMembers.userId, userId),
          ),
        )
        .returning({ id: t.groupMembers.id });
      if (!gone.length) throw notFound('staff.groups.notInGroup');
    },
  );
  return { id };
}

/** Accepts or declines a request with the leader's rules; the route then notifies the member. */
export async function answerJoinRequest(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  requestId: number,
  accept: boolean,
) {
  const group = await staffGroup(deps.db, actor.churchId, id);
  const [exists] = await deps.db
    .select({ id: t.groupRequests.id })
    .from(t.groupRequests)
    .where(
      and(
        eq(t.groupRequests.id, requestId),
        eq(t.groupRequests.churchId, actor.churchId),
        eq(t.groupRequests.groupId, id),
      ),
    );
  if (!exists) throw notFound('staff.groups.requestNotFound');
  const answered = await answerRequest(
    deps.db,
    group,
    actor.churchId,
    'lider', // the staff answer with the leader's powers
    requestId,
    accept,
    (work) =>
      staffWrite(
        deps,
        actor,
        {
          action: accept ? 'groups.accept' : 'groups.decline',
          kind: 'celula',
          targetId: id,
          summary: group.name,
          details: { solicitacao: requestId },
        },
        work,
      ),
  );
  return { group, ...answered };
}
