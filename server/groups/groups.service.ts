// Groups (cells, MOD_CELULA; spec §7 "Groups and studies"): the queries and rules behind
// groups.routes.ts. Every query filters on the church id the route resolved through the church
// scope; a caller who is not an active member of the group's church learns nothing (404), a
// member who is not in the group gets a 403 with the reason.
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GroupAttendance,
  GroupDetail,
  GroupItem,
  GroupRole,
  groupListQuery,
  groupMeetingInput,
} from '../../contract/groups.ts';
import { membershipOf } from '../auth/authenticate.ts';
import type { WriteDeps } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import type { ScopedChurch } from '../http/church-scope.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { fullName, toAddress, toGroupItem, toMeeting, toRequest } from './groups.serializers.ts';

type GroupMeetingData = z.output<typeof groupMeetingInput>;

type GroupRow = typeof t.groups.$inferSelect;

const leaderColumns = {
  id: t.users.id,
  firstName: t.users.firstName,
  lastName: t.users.lastName,
  image: t.users.image,
};

const memberCount = sql<number>`(select count(*) from ${t.groupMembers} where ${t.groupMembers.groupId} = ${t.groups.id} and ${t.groupMembers.churchId} = ${t.groups.churchId})::int`;

/** Great-circle distance in km from a point (the church picker's approach, done in SQL). */
function distanceFrom(latitude: number, longitude: number): SQL<number | null> {
  return sql<
    number | null
  >`case when ${t.groups.latitude} is null or ${t.groups.longitude} is null then null else
    6371 * acos(least(1, greatest(-1,
      cos(radians(${latitude}::float8)) * cos(radians(${t.groups.latitude})) * cos(radians(${t.groups.longitude}) - radians(${longitude}::float8))
      + sin(radians(${latitude}::float8)) * sin(radians(${t.groups.latitude}))))) end`;
}

/** An active group (of `churchId` when given), or 404; the route then scopes its church. */
export async function activeGroup(db: Database, id: number, churchId?: number): Promise<GroupRow> {
  const [group] = await db
    .select()
    .from(t.groups)
    .where(
      and(
        eq(t.groups.id, id),
        eq(t.groups.active, true),
        churchId === undefined ? undefined : eq(t.groups.churchId, churchId),
      ),
    );
  if (!group) throw notFound('groups.notFound');
  return group;
}

/** The caller's place in the group: leader, member, waiting, or nothing. */
export async function roleIn(db: Database, group: GroupRow, userId: number): Promise<GroupRole> {
  if (group.leaderId === userId) return 'lider';
  const [member] = await db
    .select({ id: t.groupMembers.id })
    .from(t.groupMembers)
    .where(
      and(
        eq(t.groupMembers.churchId, group.churchId),
        eq(t.groupMembers.groupId, group.id),
        eq(t.groupMembers.userId, userId),
      ),
    );
  if (member) return 'membro';
  const [pending] = await db
    .select({ id: t.groupRequests.id })
    .from(t.groupRequests)
    .where(
      and(
        eq(t.groupRequests.churchId, group.churchId),
        eq(t.groupRequests.groupId, group.id),
        eq(t.groupRequests.userId, userId),
        eq(t.groupRequests.status, 'pendente'),
      ),
    );
  return pending ? 'pendente' : null;
}

/** The caller's role, who must be an active member of the group's church (otherwise 404). */
export async function memberRoleIn(
  db: Database,
  group: GroupRow,
  churchId: number,
  userId: number,
): Promise<GroupRole> {
  const membership = await membershipOf(db, userId, churchId);
  if (!membership?.active) throw notFound('groups.notFound');
  return roleIn(db, group, userId);
}

async function studyTitles(db: Database, churchId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; title: string }>();
  const rows = await db
    .select({ id: t.contents.id, title: t.contents.title })
    .from(t.contents)
    .where(
      and(
        eq(t.contents.churchId, churchId),
        eq(t.contents.kind, 'estudo'),
        eq(t.contents.active, true),
        inArray(t.contents.id, ids),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/** A page of the church's groups with filters; `me` limits it to the caller's own groups. */
export async function listGroups(
  db: Database,
  churchId: number,
  q: z.output<typeof groupListQuery>,
  me: { userId: number } | null,
) {
  const base = and(eq(t.groups.churchId, churchId), eq(t.groups.active, true));
  let own: SQL | undefined;
  if (me) {
    const mine = db
      .select({ id: t.groupMembers.groupId })
      .from(t.groupMembers)
      .where(and(eq(t.groupMembers.churchId, churchId), eq(t.groupMembers.userId, me.userId)));
    own = or(eq(t.groups.leaderId, me.userId), inArray(t.groups.id, mine));
  }
  const where = and(
    base,
    own,
    q.busca ? matches(q.busca, [t.groups.name]) : undefined,
    q.dia !== undefined ? eq(t.groups.weekday, q.dia) : undefined,
    q.bairro ? sql`lower(${t.groups.neighborhood}) = lower(${q.bairro})` : undefined,
  );
  const distance =
    q.latitude !== undefined && q.longitude !== undefined
      ? distanceFrom(q.latitude, q.longitude)
      : sql<number | null>`null::float8`;
  // The count and both filter lists come back in one statement beside the page of rows.
  const facets = rowsOf<{ n: number; days: number[]; hoods: (string | null)[] }>(
    db.execute(sql`select
        (select count(*)::int from ${t.groups} where ${where}) as n,
        array(select distinct ${t.groups.weekday} from ${t.groups} where ${base} order by 1) as days,
        array(select distinct ${t.groups.neighborhood} from ${t.groups} where ${base} and ${t.groups.neighborhood} is not null order by 1) as hoods`),
  );
  const [rows, facetResult] = await Promise.all([
    db
      .select({ group: t.groups, leader: leaderColumns, members: memberCount, distance })
      .from(t.groups)
      .leftJoin(t.users, eq(t.users.id, t.groups.leaderId))
      .where(where)
      .orderBy(
        sql`${distance} asc nulls last`,
        asc(t.groups.weekday),
        asc(t.groups.name),
        asc(t.groups.id),
      )
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    facets,
  ]);
  const [counted] = facetResult;
  const celulas: GroupItem[] = rows.map((r) => {
    const item = toGroupItem(
      r.group,
      r.leader?.id ? r.leader : null,
      Number(r.members),
      r.distance === null ? null : Number(r.distance),
    );
    return me
      ? {
          ...item,
          papel: r.group.leaderId === me.userId ? ('lider' as const) : ('membro' as const),
        }
      : item;
  });
  return {
    celulas,
    total: Number(counted?.n ?? 0),
    page: q.page,
    limit: q.limit,
    filtros: {
      dias: (counted?.days ?? []).map(Number),
      bairros: (counted?.hoods ?? []).filter((h): h is string => Boolean(h)),
    },
  };
}

/** The group page: leader, member count, studies and the caller's role (null for visitors). */
export async function groupDetail(
  db: Database,
  group: GroupRow,
  church: ScopedChurch,
  role: GroupRole,
): Promise<GroupDetail> {
  const [leader] = group.leaderId
    ? await db.select(leaderColumns).from(t.users).where(eq(t.users.id, group.leaderId))
    : [];
  const [[counted], studies] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.groupMembers)
      .where(and(eq(t.groupMembers.churchId, church.id), eq(t.groupMembers.groupId, group.id))),
    db
      .select({ id: t.contents.id, title: t.contents.title })
      .from(t.groupStudies)
      .innerJoin(
        t.contents,
        and(
          eq(t.contents.id, t.groupStudies.studyId),
          eq(t.contents.churchId, church.id),
          eq(t.contents.kind, 'estudo'),
          eq(t.contents.active, true),
        ),
      )
      .where(and(eq(t.groupStudies.churchId, church.id), eq(t.groupStudies.groupId, group.id)))
      .orderBy(asc(t.groupStudies.position), asc(t.contents.id)),
  ]);
  const {
    distancia: _d,
    bairro: _b,
    cidade: _c,
    ...item
  } = toGroupItem(group, leader ?? null, Number(counted?.n ?? 0), null);
  return {
    ...item,
    igreja: { id: church.id, slug: church.slug, codigo: church.code },
    endereco: toAddress(group),
    estudos: studies.map((s) => ({ id: s.id, titulo: s.title })),
    aberta: group.open,
    minhaParticipacao: role,
  };
}

/**
 * A member asks to join; 409 when already in the group or waiting. Returns the request, the
 * requester and the leader to notify (when active).
 */
export async function requestToJoin(
  db: Database,
  churchId: number,
  group: GroupRow,
  userId: number,
  message: string | null,
) {
  const role = await roleIn(db, group, userId);
  const values = { group: group.name };
  if (role === 'lider' || role === 'membro')
    throw new ApiProblem(409, 'groups.alreadyMember', undefined, values);
  if (role === 'pendente') throw new ApiProblem(409, 'groups.alreadyPending', undefined, values);
  // A full group takes no new requests (docs/staff.md "Groups": open or full).
  if (!group.open) throw new ApiProblem(409, 'groups.full', undefined, values);
  // The partial unique index settles two requests sent at once: the second inserts nothing.
  const [row] = await db
    .insert(t.groupRequests)
    .values({ churchId, groupId: group.id, userId, message })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiProblem(409, 'groups.alreadyPending', undefined, values);
  const [me] = await db
    .select({ ...leaderColumns, email: t.users.email })
    .from(t.users)
    .where(eq(t.users.id, userId));
  const [leader] = group.leaderId
    ? await db
        .select({ id: t.users.id, email: t.users.email, active: t.users.active })
        .from(t.users)
        .where(eq(t.users.id, group.leaderId))
    : [];
  return { request: row, requester: me!, leader: leader?.active ? leader : null };
}

const membersOnly = (role: GroupRole) => {
  if (role !== 'lider' && role !== 'membro') throw new ApiProblem(403, 'groups.membersOnly');
};

/** The group's meeting records, newest first (members and the leader). */
export async function meetingsOf(db: Database, group: GroupRow, churchId: number, role: GroupRole) {
  membersOnly(role);
  const rows = await db
    .select()
    .from(t.groupMeetings)
    .where(and(eq(t.groupMeetings.churchId, churchId), eq(t.groupMeetings.groupId, group.id)))
    .orderBy(desc(t.groupMeetings.date), desc(t.groupMeetings.id));
  const studies = await studyTitles(
    db,
    churchId,
    rows.map((r) => r.studyId).filter((id): id is number => id !== null),
  );
  return {
    celula: { id: group.id, nome: group.name },
    reunioes: rows.map((r) => toMeeting(r, r.studyId ? (studies.get(r.studyId) ?? null) : null)),
  };
}

export async function meetingOf(
  db: Database,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  meetingId: number,
) {
  membersOnly(role);
  const [row] = await db
    .select()
    .from(t.groupMeetings)
    .where(
      and(
        eq(t.groupMeetings.id, meetingId),
        eq(t.groupMeetings.churchId, churchId),
        eq(t.groupMeetings.groupId, group.id),
      ),
    );
  if (!row) throw new ApiProblem(404, 'groups.meetingNotFound');
  const studies = await studyTitles(db, churchId, row.studyId ? [row.studyId] : []);
  return {
    celula: { id: group.id, nome: group.name },
    reuniao: toMeeting(row, row.studyId ? (studies.get(row.studyId) ?? null) : null),
  };
}

const leaderOnly = (role: GroupRole) => {
  if (role !== 'lider') throw new ApiProblem(403, 'groups.leaderOnly');
};

/** The leader's list: pending requests first (oldest first), then the answered ones. */
export async function requestsOf(db: Database, group: GroupRow, churchId: number, role: GroupRole) {
  leaderOnly(role);
  const rows = await db
    .select({ request: t.groupRequests, user: leaderColumns })
    .from(t.groupRequests)
    .innerJoin(t.users, eq(t.users.id, t.groupRequests.userId))
    .where(and(eq(t.groupRequests.churchId, churchId), eq(t.groupRequests.groupId, group.id)))
    .orderBy(
      sql`case when ${t.groupRequests.status} = 'pendente' then 0 else 1 end`,
      sql`case when ${t.groupRequests.status} = 'pendente' then ${t.groupRequests.createdAt} end asc`,
      desc(t.groupRequests.answeredAt),
      desc(t.groupRequests.id),
    )
    .limit(200);
  return {
    celula: { id: group.id, nome: group.name },
    solicitacoes: rows.map((r) => toRequest(r.request, r.user)),
  };
}

/**
 * The leader accepts or declines a pending request; accepting adds the member in the same
 * transaction. `inTransaction` lets the staff area run it inside its audited write.
 */
export async function answerRequest(
  db: Database,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  requestId: number,
  accept: boolean,
  inTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T> = (work) => db.transaction(work),
) {
  leaderOnly(role);
  const [found] = await db
    .select({
      request: t.groupRequests,
      user: { ...leaderColumns, email: t.users.email, active: t.users.active },
    })
    .from(t.groupRequests)
    .innerJoin(t.users, eq(t.users.id, t.groupRequests.userId))
    .where(
      and(
        eq(t.groupRequests.id, requestId),
        eq(t.groupRequests.churchId, churchId),
        eq(t.groupRequests.groupId, group.id),
      ),
    );
  if (!found) throw notFound('groups.notFound');
  const updated = await inTransaction(async (tx) => {
    const [row] = await tx
      .update(t.groupRequests)
      .set({ status: accept ? 'aceita' : 'recusada', answeredAt: new Date() })
      .where(
        and(
          eq(t.groupRequests.id, found.request.id),
          eq(t.groupRequests.churchId, churchId),
          eq(t.groupRequests.status, 'pendente'),
        ),
      )
      .returning();
    if (row && accept) {
      await tx
        .insert(t.groupMembers)
        .values({ churchId, groupId: group.id, userId: found.request.userId })
        .onConflictDoNothing();
    }
    // Thrown inside, so an audited staff answer records nothing when it changed nothing.
    if (!row) throw new ApiProblem(409, 'groups.alreadyAnswered');
    return row;
  });
  return { request: updated, member: found.user };
}

// ---- meetings and attendance (docs/groups.md "Meetings and attendance") ----

/** The group's roster: the leader first, then the members by name. */
async function rosterOf(db: Database | Tx, group: GroupRow, churchId: number) {
  const members = await db
    .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
    .from(t.groupMembers)
    .innerJoin(t.users, eq(t.users.id, t.groupMembers.userId))
    .where(and(eq(t.groupMembers.churchId, churchId), eq(t.groupMembers.groupId, group.id)))
    .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id));
  const [leader] = group.leaderId
    ? await db
        .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
        .from(t.users)
        .where(eq(t.users.id, group.leaderId))
    : [];
  return [
    ...(leader ? [{ id: leader.id, nome: fullName(leader), lider: true }] : []),
    ...members
      .filter((m) => m.id !== group.leaderId)
      .map((m) => ({ id: m.id, nome: fullName(m), lider: false })),
  ];
}

/** Who came to the group's last 100 meetings, per meeting and per person (the leader and the staff). */
export async function attendanceOf(
  db: Database,
  group: GroupRow,
  churchId: number,
): Promise<GroupAttendance> {
  const [roster, meetings, studies] = await Promise.all([
    rosterOf(db, group, churchId),
    db
      .select()
      .from(t.groupMeetings)
      .where(and(eq(t.groupMeetings.churchId, churchId), eq(t.groupMeetings.groupId, group.id)))
      .orderBy(desc(t.groupMeetings.date), desc(t.groupMeetings.id))
      .limit(100),
    db
      .select({ id: t.contents.id, titulo: t.contents.title })
      .from(t.groupStudies)
      .innerJoin(
        t.contents,
        and(
          eq(t.contents.id, t.groupStudies.studyId),
          eq(t.contents.churchId, churchId),
          eq(t.contents.kind, 'estudo'),
          eq(t.contents.active, true),
        ),
      )
      .where(and(eq(t.groupStudies.churchId, churchId), eq(t.groupStudies.groupId, group.id)))
      .orderBy(asc(t.groupStudies.position), asc(t.contents.id)),
  ]);
  const ticks = meetings.length
    ? await db
        .select({ meetingId: t.meetingAttendance.meetingId, userId: t.meetingAttendance.userId })
        .from(t.meetingAttendance)
        .where(
          and(
            eq(t.meetingAttendance.churchId, churchId),
            inArray(
              t.meetingAttendance.meetingId,
              meetings.map((m) => m.id),
            ),
          ),
        )
    : [];
  const byMeeting = new Map<number, number[]>();
  const byPerson = new Map<number, number>();
  for (const tick of ticks) {
    byMeeting.set(tick.meetingId, [...(byMeeting.get(tick.meetingId) ?? []), tick.userId]);
    byPerson.set(tick.userId, (byPerson.get(tick.userId) ?? 0) + 1);
  }
  return {
    celula: { id: group.id, nome: group.name },
    membros: roster.map((p) => ({ ...p, presencas: byPerson.get(p.id) ?? 0 })),
    reunioes: meetings.map((m) => ({
      id: m.id,
      data: m.date.toISOString(),
      tema: m.theme,
      qtdePresentes: m.attendance,
      presentes: byMeeting.get(m.id) ?? [],
    })),
    estudos: studies,
  };
}

export const leaderOfMeetings = (role: GroupRole) => {
  if (role !== 'lider') throw new ApiProblem(403, 'groups.leaderOnlyMeetings');
};

/** The leader's view of attendance (403 to anyone else in the church). */
export async function leaderAttendance(
  db: Database,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
) {
  leaderOfMeetings(role);
  return attendanceOf(db, group, churchId);
}

/** A meeting's record checked as recording and correcting it both need: past, people of the group, a study of the church. */
export async function checkedMeeting(
  db: Database,
  group: GroupRow,
  churchId: number,
  input: GroupMeetingData,
) {
  const date = new Date(input.data);
  // A day's slack for time zones; a record is of a meeting that already happened.
  if (date.getTime() > Date.now() + 86_400_000)
    throw fieldProblem(400, 'data', 'groups.futureDate');
  const present = [...new Set(input.presentes)];
  const roster = new Set((await rosterOf(db, group, churchId)).map((p) => p.id));
  if (present.some((id) => !roster.has(id)))
    throw fieldProblem(400, 'presentes', 'groups.notInGroup');
  const study = input.idEstudo
    ? ((await studyTitles(db, churchId, [input.idEstudo])).get(input.idEstudo) ?? null)
    : null;
  if (input.idEstudo && !study) throw fieldProblem(400, 'idEstudo', 'groups.studyNotFound');
  return { date, present, study };
}

/** The leader records a meeting that took place and who came (only people of the group). */
export async function recordMeeting(
  db: Database,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  input: GroupMeetingData,
) {
  leaderOfMeetings(role);
  const { date, present, study } = await checkedMeeting(db, group, churchId, input);
  const row = await db.transaction(async (tx) => {
    const [meeting] = await tx
      .insert(t.groupMeetings)
      .values({
        churchId,
        groupId: group.id,
        date,
        theme: input.tema,
        studyId: study?.id ?? null,
        attendance: present.length + input.visitantes,
        notes: input.observacoes ?? null,
      })
      .returning();
    if (present.length)
      await tx
        .insert(t.meetingAttendance)
        .values(present.map((userId) => ({ churchId, meetingId: meeting!.id, userId })));
    return meeting!;
  });
  return toMeeting(row, study ?? null);
}

/** A member leaves the group (the leader hands it over first); member counts on cached pages change. */
export async function leaveGroup(
  { db, changes }: WriteDeps,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  userId: number,
) {
  const values = { group: group.name };
  if (role === 'lider') throw new ApiProblem(409, 'groups.leaderCannotLeave', undefined, values);
  if (role !== 'membro') throw new ApiProblem(409, 'groups.notMember', undefined, values);
  await db
    .delete(t.groupMembers)
    .where(
      and(
        eq(t.groupMembers.churchId, churchId),
        eq(t.groupMembers.groupId, group.id),
        eq(t.groupMembers.userId, userId),
      ),
    );
  changes.churchChanged(churchId);
}
