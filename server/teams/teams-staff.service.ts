// Volunteer teams for the staff area (docs/volunteers.md), area `teams`: the church's admins run
// every team, a team's leaders their own (leads). Teams, positions (the weekly template), members
// and join requests; plans and scheduling live in plans-staff.service.ts, the month's counts in
// teams-report.service.ts.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { addDays } from '../../common/time-zone.ts';
import { mayUse } from '../../contract/staff.ts';
import type {
  PositionInput,
  TeamDetail,
  TeamInput,
  TeamSummary,
} from '../../contract/teams-staff.ts';
import { churchDayOf } from '../church/church-clock.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { personRank, personSearch } from '../users/person-search.ts';

/** One person's membership of one team of the church. */
const memberRow = (churchId: number, teamId: number, userId: number) =>
  and(
    eq(t.teamMembers.churchId, churchId),
    eq(t.teamMembers.teamId, teamId),
    eq(t.teamMembers.userId, userId),
  );

export type TeamsDeps = StaffWriteDeps & { mailer: Mailer };

export const nameOf = (p: { first: string | null; last: string | null; email: string }) =>
  [p.first, p.last].filter(Boolean).join(' ') || p.email;

/** Whether the caller runs this team: the church's admins, or one of its leaders. */
export async function leads(db: Db, actor: StaffActor, teamId: number): Promise<boolean> {
  if (mayUse(actor.roles, 'teams')) return true;
  const [row] = await db
    .select({ id: t.teamMembers.id })
    .from(t.teamMembers)
    .where(
      and(
        eq(t.teamMembers.churchId, actor.churchId),
        eq(t.teamMembers.teamId, teamId),
        eq(t.teamMembers.userId, actor.userId),
        eq(t.teamMembers.leader, true),
        eq(t.teamMembers.state, 'ativo'),
      ),
    );
  return Boolean(row);
}

/** The team of this church (404), after the leader check (403). */
export async function teamFor(db: Db, actor: StaffActor, teamId: number) {
  const [team] = await db
    .select()
    .from(t.teams)
    .where(and(eq(t.teams.id, teamId), eq(t.teams.churchId, actor.churchId)));
  if (!team) throw notFound('teams.notFound');
  if (!(await leads(db, actor, teamId))) throw new ApiProblem(403, 'teams.notLeader');
  return team;
}

export async function planOf(db: Db, actor: StaffActor, teamId: number, planId: number) {
  const team = await teamFor(db, actor, teamId);
  const [plan] = await db
    .select()
    .from(t.teamPlans)
    .where(
      and(
        eq(t.teamPlans.id, planId),
        eq(t.teamPlans.teamId, teamId),
        eq(t.teamPlans.churchId, actor.churchId),
      ),
    );
  if (!plan) throw notFound('teams.planNotFound');
  return { team, plan };
}

/** The teams the caller runs (all of them for an admin), with positions and counts. */
export async function listTeams(db: Database, actor: StaffActor): Promise<TeamSummary[]> {
  const admin = mayUse(actor.roles, 'teams');
  const teams = await db
    .select({
      id: t.teams.id,
      nome: t.teams.name,
      descricao: t.teams.description,
      tipo: t.teams.kind,
      trocaComAprovacao: t.teams.swapApproval,
      membros: sql<number>`(select count(*) from equipe_membro m where m.equipe_id = equipe.id and m.estado = 'ativo')::int`,
      pedidos: sql<number>`(select count(*) from equipe_membro m where m.equipe_id = equipe.id and m.estado = 'pedido')::int`,
      lidero: sql<boolean>`exists (select 1 from equipe_membro m where m.equipe_id = equipe.id and m.usuario_id = ${actor.userId} and m.flag_lider and m.estado = 'ativo')`,
    })
    .from(t.teams)
    .where(eq(t.teams.churchId, actor.churchId))
    .orderBy(asc(t.teams.name));
  const shown = teams.filter((team) => admin || team.lidero);
  const positions = shown.length
    ? await db
        .select()
        .from(t.teamPositions)
        .where(
          and(
            eq(t.teamPositions.churchId, actor.churchId),
            inArray(
              t.teamPositions.teamId,
              shown.map((team) => team.id),
            ),
          ),
        )
        .orderBy(asc(t.teamPositions.position), asc(t.teamPositions.id))
    : [];
  return shown.map((team) => ({
    ...team,
    membros: Number(team.membros),
    pedidos: Number(team.pedidos),
    lidero: Boolean(team.lidero),
    posicoes: positions
      .filter((p) => p.teamId === team.id)
      .map((p) => ({ id: p.id, nome: p.name, quantidade: p.needed })),
  }));
}

export async function teamDetail(
  db: Database,
  actor: StaffActor,
  teamId: number,
  now = new Date(),
): Promise<TeamDetail> {
  await teamFor(db, actor, teamId);
  const summary = (await listTeams(db, { ...actor, roles: ['ROLE_ADMIN'] })).find(
    (team) => team.id === teamId,
  )!;
  const people = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      lider: t.teamMembers.leader,
      estado: t.teamMembers.state,
    })
    .from(t.teamMembers)
    .innerJoin(t.users, eq(t.users.id, t.teamMembers.userId))
    .where(and(eq(t.teamMembers.churchId, actor.churchId), eq(t.teamMembers.teamId, teamId)))
    .orderBy(asc(t.users.firstName), asc(t.users.id));
  const plans = await db
    .select({
      id: t.teamPlans.id,
      titulo: t.teamPlans.title,
      data: t.teamPlans.date,
      horario: t.teamPlans.startTime,
      idEvento: t.teamPlans.eventId,
      precisa: sql<number>`coalesce((select sum(p.quantidade) from escala_posicao p where p.escala_id = escala.id), 0)::int`,
      preenchidas: sql<number>`(select count(*) from escala_pessoa a where a.escala_id = escala.id and a.estado <> 'recusada')::int`,
      recusadas: sql<number>`(select count(*) from escala_pessoa a where a.escala_id = escala.id and a.estado = 'recusada')::int`,
      pedidas: sql<number>`(select count(*) from escala_pessoa a where a.escala_id = escala.id and a.estado = 'pedida')::int`,
      aceitas: sql<number>`(select count(*) from escala_pessoa a where a.escala_id = escala.id and a.estado = 'aceita')::int`,
      // per position, so an over-filled position does not hide another's open place
      abertas: sql<number>`coalesce((select sum(greatest(0, p.quantidade - (select count(*) from escala_pessoa a where a.escala_posicao_id = p.id and a.estado <> 'recusada'))) from escala_posicao p where p.escala_id = escala.id), 0)::int`,
    })
    .from(t.teamPlans)
    .where(
      and(
        eq(t.teamPlans.churchId, actor.churchId),
        eq(t.teamPlans.teamId, teamId),
        gte(t.teamPlans.date, addDays(await churchDayOf(db, actor.churchId, now), -7)),
      ),
    )
    .orderBy(asc(t.teamPlans.date), asc(t.teamPlans.startTime))
    .limit(60);
  const services = await db
    .select({
      id: t.weeklyServices.id,
      titulo: t.weeklyServices.title,
      diaSemana: t.weeklyServices.weekday,
      horario: t.weeklyServices.startTime,
    })
    .from(t.weeklyServices)
    .where(and(eq(t.weeklyServices.churchId, actor.churchId), eq(t.weeklyServices.active, true)))
    .orderBy(asc(t.weeklyServices.weekday), asc(t.weeklyServices.startTime));
  const events = await db
    .select({ id: t.events.id, titulo: t.events.title, inicio: t.events.startsAt })
    .from(t.events)
    .where(and(eq(t.events.churchId, actor.churchId), gte(t.events.startsAt, new Date())))
    .orderBy(asc(t.events.startsAt))
    .limit(30);
  return {
    ...summary,
    lidero: summary.lidero,
    eventos: events.map((e) => ({ ...e, inicio: e.inicio.toISOString() })),
    pessoas: people.map((p) => ({
      id: p.id,
      nome: nameOf(p),
      email: p.email,
      lider: p.lider,
      estado: p.estado,
    })),
    escalas: plans.map((p) => ({
      ...p,
      horario: p.horario.slice(0, 5),
      precisa: Number(p.precisa),
      preenchidas: Number(p.preenchidas),
      recusadas: Number(p.recusadas),
      pedidas: Number(p.pedidas),
      aceitas: Number(p.aceitas),
      abertas: Number(p.abertas),
    })),
    cultos: services.map((s) => ({ ...s, horario: s.horario.slice(0, 5) })),
  };
}

/** Admins only: a new team (a leader is then added as a member with the flag). */
export async function createTeam(deps: TeamsDeps, actor: StaffActor, input: TeamInput) {
  if (!mayUse(actor.roles, 'teams')) throw new ApiProblem(403, 'teams.notLeader');
  try {
    return await staffWrite(
      deps,
      actor,
      (team: { id: number }) => ({
        action: 'teams.create',
        kind: 'equipe',
        targetId: team.id,
        summary: input.nome,
      }),
      async (tx) => {
        const [team] = await tx
          .insert(t.teams)
          .values({
            churchId: actor.churchId,
            name: input.nome,
            description: input.descricao,
            kind: input.tipo,
            swapApproval: input.trocaComAprovacao,
          })
          .returning({ id: t.teams.id });
        return team!;
      },
      { purge: false },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'equipe_igreja_nome_uq'))
      throw fieldProblem(409, 'nome', 'teams.nameTaken');
    throw error;
  }
}

export async function updateTeam(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  input: TeamInput,
) {
  await teamFor(deps.db, actor, teamId);
  try {
    await staffWrite(
      deps,
      actor,
      { action: 'teams.update', kind: 'equipe', targetId: teamId, summary: input.nome },
      (tx) =>
        tx
          .update(t.teams)
          .set({
            name: input.nome,
            description: input.descricao,
            kind: input.tipo,
            swapApproval: input.trocaComAprovacao,
          })
          .where(and(eq(t.teams.id, teamId), eq(t.teams.churchId, actor.churchId))),
      { purge: false },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'equipe_igreja_nome_uq'))
      throw fieldProblem(409, 'nome', 'teams.nameTaken');
    throw error;
  }
}

export async function deleteTeam(deps: TeamsDeps, actor: StaffActor, teamId: number) {
  if (!mayUse(actor.roles, 'teams')) throw new ApiProblem(403, 'teams.notLeader');
  const team = await teamFor(deps.db, actor, teamId);
  await staffWrite(
    deps,
    actor,
    { action: 'teams.delete', kind: 'equipe', targetId: teamId, summary: team.name },
    (tx) =>
      tx.delete(t.teams).where(and(eq(t.teams.id, teamId), eq(t.teams.churchId, actor.churchId))),
    { purge: false },
  );
}

export async function savePosition(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  positionId: number | null,
  input: PositionInput,
) {
  const team = await teamFor(deps.db, actor, teamId);
  try {
    return await staffWrite(
      deps,
      actor,
      (row: { id: number }) => ({
        action: positionId ? 'teams.positionUpdate' : 'teams.positionCreate',
        kind: 'equipe',
        targetId: teamId,
        summary: `${team.name}: ${input.nome}`,
        details: { posicao: row.id, quantidade: input.quantidade },
      }),
      async (tx) => {
        if (positionId) {
          const [row] = await tx
            .update(t.teamPositions)
            .set({ name: input.nome, needed: input.quantidade })
            .where(
              and(
                eq(t.teamPositions.id, positionId),
                eq(t.teamPositions.teamId, teamId),
                eq(t.teamPositions.churchId, actor.churchId),
              ),
            )
            .returning({ id: t.teamPositions.id });
          if (!row) throw notFound('teams.positionNotFound');
          return row;
        }
        const [row] = await tx
          .insert(t.teamPositions)
          .values({
            churchId: actor.churchId,
            teamId,
            name: input.nome,
            needed: input.quantidade,
            position: sql`(select count(*) from equipe_posicao p where p.equipe_id = ${teamId})::int`,
          })
          .returning({ id: t.teamPositions.id });
        return row!;
      },
      { purge: false },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'equipe_posicao_nome_uq'))
      throw fieldProblem(409, 'nome', 'teams.nameTaken');
    throw error;
  }
}

export async function deletePosition(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  positionId: number,
) {
  const team = await teamFor(deps.db, actor, teamId);
  await staffWrite(
    deps,
    actor,
    { action: 'teams.positionDelete', kind: 'equipe', targetId: teamId, summary: team.name },
    async (tx) => {
      const gone = await tx
        .delete(t.teamPositions)
        .where(
          and(
            eq(t.teamPositions.id, positionId),
            eq(t.teamPositions.teamId, teamId),
            eq(t.teamPositions.churchId, actor.churchId),
          ),
        )
        .returning({ id: t.teamPositions.id });
      if (!gone.length) throw notFound('teams.positionNotFound');
    },
    { purge: false },
  );
}

/** Adds a member of the church to the team (or approves their request), optionally as a leader. */
export async function addMember(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  userId: number,
  leader: boolean,
) {
  const team = await teamFor(deps.db, actor, teamId);
  const [member] = await deps.db
    .select({ id: t.churchUsers.id })
    .from(t.churchUsers)
    .where(
      and(
        eq(t.churchUsers.churchId, actor.churchId),
        eq(t.churchUsers.userId, userId),
        eq(t.churchUsers.active, true),
      ),
    );
  if (!member) throw fieldProblem(422, 'idUsuario', 'teams.notChurchMember');
  await staffWrite(
    deps,
    actor,
    {
      action: 'teams.memberAdd',
      kind: 'equipe',
      targetId: teamId,
      summary: team.name,
      details: { usuario: userId, lider: leader },
    },
    (tx) =>
      tx
        .insert(t.teamMembers)
        .values({ churchId: actor.churchId, teamId, userId, leader, state: 'ativo' })
        .onConflictDoUpdate({
          target: [t.teamMembers.teamId, t.teamMembers.userId],
          set: { state: 'ativo', leader },
        }),
    { purge: false },
  );
}

export async function updateMember(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  userId: number,
  change: { lider?: boolean | undefined; aprovar?: true | undefined },
) {
  const team = await teamFor(deps.db, actor, teamId);
  await staffWrite(
    deps,
    actor,
    {
      action: change.aprovar ? 'teams.memberApprove' : 'teams.memberUpdate',
      kind: 'equipe',
      targetId: teamId,
      summary: team.name,
      details: { usuario: userId, ...change },
    },
    async (tx) => {
      const rows = await tx
        .update(t.teamMembers)
        .set({
          ...(change.lider === undefined ? {} : { leader: change.lider }),
          ...(change.aprovar ? { state: 'ativo' as const } : {}),
        })
        .where(memberRow(actor.churchId, teamId, userId))
        .returning({ id: t.teamMembers.id });
      if (!rows.length) throw notFound('teams.notMember');
    },
    { purge: false },
  );
}

export async function removeMember(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  userId: number,
) {
  const team = await teamFor(deps.db, actor, teamId);
  await staffWrite(
    deps,
    actor,
    {
      action: 'teams.memberRemove',
      kind: 'equipe',
      targetId: teamId,
      summary: team.name,
      details: { usuario: userId },
    },
    async (tx) => {
      const rows = await tx
        .delete(t.teamMembers)
        .where(memberRow(actor.churchId, teamId, userId))
        .returning({ id: t.teamMembers.id });
      if (!rows.length) throw notFound('teams.notMember');
    },
    { purge: false },
  );
}

/** Church members a leader may add to a team (the one people search, server/users/person-search.ts). */
export async function findPeople(
  db: Database,
  actor: StaffActor,
  busca: string,
): Promise<{ pessoas: { id: number; nome: string; email: string }[] }> {
  if (!mayUse(actor.roles, 'teams')) {
    const [leader] = await db
      .select({ id: t.teamMembers.id })
      .from(t.teamMembers)
      .where(
        and(
          eq(t.teamMembers.churchId, actor.churchId),
          eq(t.teamMembers.userId, actor.userId),
          eq(t.teamMembers.leader, true),
        ),
      )
      .limit(1);
    if (!leader) throw new ApiProblem(403, 'teams.notLeader');
  }
  const rows = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
    })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(
      and(
        eq(t.churchUsers.churchId, actor.churchId),
        eq(t.churchUsers.active, true),
        personSearch(actor.churchId, busca),
      ),
    )
    .orderBy(personRank(busca), asc(t.users.firstName), asc(t.users.id))
    .limit(20);
  return { pessoas: rows.map((r) => ({ id: r.id, nome: nameOf(r), email: r.email })) };
}
