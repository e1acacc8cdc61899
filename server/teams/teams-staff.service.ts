// Volunteer teams and rotas for the staff area (docs/volunteers.md), area `teams`: the church's
// admins run every team, a team's leaders their own (assertMayLead). Scheduling a person sends
// the request by e-mail with a signed answer link (rotas.service.ts); one unique key on
// (church, person, day, time) refuses a double booking, whoever schedules at once.
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { mayUse } from '../../contract/staff.ts';
import type {
  Candidate,
  PlanDetail,
  PlanInput,
  PositionInput,
  Proposal,
  TeamDetail,
  TeamInput,
  TeamsReport,
  TeamSummary,
} from '../../contract/teams-staff.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { csvDocument } from '../http/csv.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { personRank, personSearch } from '../users/person-search.ts';
import { syncDoorTeam } from './door-sync.ts';
import { sendRequest } from './rotas.service.ts';

export type TeamsDeps = StaffWriteDeps & { mailer: Mailer };

const nameOf = (p: { first: string | null; last: string | null; email: string }) =>
  [p.first, p.last].filter(Boolean).join(' ') || p.email;

/** Today's date (YYYY-MM-DD, UTC): plans before it are past. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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

async function planOf(db: Db, actor: StaffActor, teamId: number, planId: number) {
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
    })
    .from(t.teamPlans)
    .where(
      and(
        eq(t.teamPlans.churchId, actor.churchId),
        eq(t.teamPlans.teamId, teamId),
        gte(t.teamPlans.date, addDays(today(), -7)),
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
          .set({ name: input.nome, description: input.descricao, kind: input.tipo })
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
        .where(
          and(
            eq(t.teamMembers.churchId, actor.churchId),
            eq(t.teamMembers.teamId, teamId),
            eq(t.teamMembers.userId, userId),
          ),
        )
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
        .where(
          and(
            eq(t.teamMembers.churchId, actor.churchId),
            eq(t.teamMembers.teamId, teamId),
            eq(t.teamMembers.userId, userId),
          ),
        )
        .returning({ id: t.teamMembers.id });
      if (!rows.length) throw notFound('teams.notMember');
    },
    { purge: false },
  );
}

/** The local day and time of an instant in a time zone (`2026-12-06`, `19:30:00`). */
function localMoment(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:00`,
  };
}

/**
 * Makes plans: each date of a weekly service for the next weeks, or one event's. Each new plan
 * takes the team's positions with their weekly counts (the template); a plan already there stays.
 */
export async function createPlans(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  input: PlanInput,
  now = new Date(),
): Promise<{ criadas: number[] }> {
  const team = await teamFor(deps.db, actor, teamId);
  const wanted: {
    title: string;
    date: string;
    time: string;
    serviceId?: number;
    eventId?: number;
  }[] = [];
  if ('idCulto' in input) {
    const [service] = await deps.db
      .select()
      .from(t.weeklyServices)
      .where(
        and(
          eq(t.weeklyServices.id, input.idCulto),
          eq(t.weeklyServices.churchId, actor.churchId),
          eq(t.weeklyServices.active, true),
        ),
      );
    if (!service) throw fieldProblem(422, 'idCulto', 'teams.serviceNotFound');
    let day = input.desde ?? today(now);
    // ISO weekday of `day` (1 = Monday … 7 = Sunday)
    const iso = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    while (iso(day) !== service.weekday) day = addDays(day, 1);
    for (let week = 0; week < input.semanas; week++)
      wanted.push({
        title: service.title,
        date: addDays(day, week * 7),
        time: service.startTime,
        serviceId: service.id,
      });
  } else {
    const [event] = await deps.db
      .select({
        id: t.events.id,
        title: t.events.title,
        startsAt: t.events.startsAt,
        timeZone: t.events.timeZone,
      })
      .from(t.events)
      .where(and(eq(t.events.id, input.idEvento), eq(t.events.churchId, actor.churchId)));
    if (!event) throw fieldProblem(422, 'idEvento', 'teams.eventNotFound');
    const at = localMoment(event.startsAt, event.timeZone);
    wanted.push({ title: event.title, date: at.date, time: at.time, eventId: event.id });
  }
  return staffWrite(
    deps,
    actor,
    (made: { criadas: number[] }) => ({
      action: 'teams.plansCreate',
      kind: 'equipe',
      targetId: teamId,
      summary: team.name,
      details: { escalas: made.criadas },
    }),
    async (tx) => {
      const positions = await tx
        .select()
        .from(t.teamPositions)
        .where(
          and(eq(t.teamPositions.teamId, teamId), eq(t.teamPositions.churchId, actor.churchId)),
        );
      const criadas: number[] = [];
      for (const w of wanted) {
        const [plan] = await tx
          .insert(t.teamPlans)
          .values({
            churchId: actor.churchId,
            teamId,
            serviceId: w.serviceId ?? null,
            eventId: w.eventId ?? null,
            title: w.title,
            date: w.date,
            startTime: w.time,
          })
          .onConflictDoNothing()
          .returning({ id: t.teamPlans.id });
        if (!plan) continue;
        criadas.push(plan.id);
        const template = positions.filter((p) => p.needed > 0);
        if (template.length)
          await tx.insert(t.planPositions).values(
            template.map((p) => ({
              churchId: actor.churchId,
              planId: plan.id,
              positionId: p.id,
              needed: p.needed,
            })),
          );
      }
      return { criadas };
    },
    { purge: false },
  );
}

export async function updatePlan(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
  input: {
    observacao: string | null;
    posicoes?: { idPosicao: number; quantidade: number }[] | undefined;
  },
) {
  const { team, plan } = await planOf(deps.db, actor, teamId, planId);
  const positions = await deps.db
    .select({ id: t.teamPositions.id })
    .from(t.teamPositions)
    .where(and(eq(t.teamPositions.teamId, teamId), eq(t.teamPositions.churchId, actor.churchId)));
  const known = new Set(positions.map((p) => p.id));
  const stray = (input.posicoes ?? []).findIndex((p) => !known.has(p.idPosicao));
  if (stray >= 0) throw fieldProblem(422, `posicoes.${stray}.idPosicao`, 'teams.positionNotFound');
  await staffWrite(
    deps,
    actor,
    {
      action: 'teams.planUpdate',
      kind: 'escala',
      targetId: planId,
      summary: `${team.name}: ${plan.title} ${plan.date}`,
    },
    async (tx) => {
      await tx
        .update(t.teamPlans)
        .set({ notes: input.observacao })
        .where(and(eq(t.teamPlans.id, planId), eq(t.teamPlans.churchId, actor.churchId)));
      for (const p of input.posicoes ?? [])
        await tx
          .insert(t.planPositions)
          .values({
            churchId: actor.churchId,
            planId,
            positionId: p.idPosicao,
            needed: p.quantidade,
          })
          .onConflictDoUpdate({
            target: [t.planPositions.planId, t.planPositions.positionId],
            set: { needed: p.quantidade },
          });
    },
    { purge: false },
  );
}

export async function deletePlan(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
) {
  const { team, plan } = await planOf(deps.db, actor, teamId, planId);
  await staffWrite(
    deps,
    actor,
    {
      action: 'teams.planDelete',
      kind: 'escala',
      targetId: planId,
      summary: `${team.name}: ${plan.title} ${plan.date}`,
    },
    (tx) =>
      tx
        .delete(t.teamPlans)
        .where(and(eq(t.teamPlans.id, planId), eq(t.teamPlans.churchId, actor.churchId))),
    { purge: false },
  );
}

/** Every active member of the team seen from a plan: blocked, in conflict, how much served. */
async function candidates(
  db: Db,
  churchId: number,
  teamId: number,
  plan: { id: number; date: string; startTime: string },
): Promise<Candidate[]> {
  const yearAgo = addDays(plan.date, -365);
  const rows = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      bloqueado: sql<boolean>`exists (select 1 from equipe_bloqueio b where b.igreja_id = ${churchId} and b.usuario_id = ${t.users.id} and ${plan.date}::date between b.inicio and b.fim)`,
      conflito: sql<
        string | null
      >`(select e.titulo || ' · ' || q.nome from escala_pessoa a join escala e on e.id = a.escala_id join equipe q on q.id = e.equipe_id where a.igreja_id = ${churchId} and a.usuario_id = ${t.users.id} and a.data = ${plan.date}::date and a.horario = ${plan.startTime}::time and a.estado <> 'recusada' and a.escala_id <> ${plan.id} limit 1)`,
      nestaEscala: sql<boolean>`exists (select 1 from escala_pessoa a where a.escala_id = ${plan.id} and a.usuario_id = ${t.users.id} and a.estado <> 'recusada')`,
      ultimaVez: sql<
        string | null
      >`(select max(a.data)::text from escala_pessoa a join escala e on e.id = a.escala_id where e.equipe_id = ${teamId} and a.usuario_id = ${t.users.id} and a.estado <> 'recusada' and a.data < ${plan.date}::date)`,
      vezes: sql<number>`(select count(*) from escala_pessoa a join escala e on e.id = a.escala_id where e.equipe_id = ${teamId} and a.usuario_id = ${t.users.id} and a.estado <> 'recusada' and a.data < ${plan.date}::date and a.data >= ${yearAgo}::date)::int`,
    })
    .from(t.teamMembers)
    .innerJoin(t.users, eq(t.users.id, t.teamMembers.userId))
    .where(
      and(
        eq(t.teamMembers.churchId, churchId),
        eq(t.teamMembers.teamId, teamId),
        eq(t.teamMembers.state, 'ativo'),
      ),
    )
    .orderBy(asc(t.users.firstName), asc(t.users.id));
  return rows.map((r) => ({
    id: r.id,
    nome: nameOf(r),
    email: r.email,
    bloqueado: Boolean(r.bloqueado),
    conflito: r.conflito ?? null,
    nestaEscala: Boolean(r.nestaEscala),
    ultimaVez: r.ultimaVez ?? null,
    vezes: Number(r.vezes),
  }));
}

export async function planDetail(
  db: Database,
  actor: StaffActor,
  teamId: number,
  planId: number,
): Promise<PlanDetail> {
  const { team, plan } = await planOf(db, actor, teamId, planId);
  const positions = await db
    .select({
      id: t.planPositions.id,
      idPosicao: t.planPositions.positionId,
      nome: t.teamPositions.name,
      quantidade: t.planPositions.needed,
    })
    .from(t.planPositions)
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .where(and(eq(t.planPositions.planId, planId), eq(t.planPositions.churchId, actor.churchId)))
    .orderBy(asc(t.teamPositions.position), asc(t.teamPositions.id));
  const people = await db
    .select({
      id: t.assignments.id,
      planPositionId: t.assignments.planPositionId,
      userId: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      estado: t.assignments.state,
      presenca: t.assignments.checkedInAt,
      falta: t.assignments.noShow,
    })
    .from(t.assignments)
    .innerJoin(t.users, eq(t.users.id, t.assignments.userId))
    .where(and(eq(t.assignments.planId, planId), eq(t.assignments.churchId, actor.churchId)))
    .orderBy(asc(t.assignments.id));
  return {
    id: plan.id,
    equipe: { id: team.id, nome: team.name, tipo: team.kind },
    titulo: plan.title,
    data: plan.date,
    horario: plan.startTime.slice(0, 5),
    observacao: plan.notes,
    idEvento: plan.eventId,
    idRepertorio: plan.setListId ?? (await setListOn(db, actor.churchId, team.kind, plan.date)),
    posicoes: positions.map((p) => {
      const here = people.filter((a) => a.planPositionId === p.id);
      return {
        ...p,
        pessoas: here.map((a) => ({
          id: a.id,
          pessoa: { id: a.userId, nome: nameOf(a), email: a.email },
          estado: a.estado,
          presenca: a.presenca?.toISOString() ?? null,
          falta: a.falta,
        })),
        abertas: Math.max(0, p.quantidade - here.filter((a) => a.estado !== 'recusada').length),
      };
    }),
    candidatos: await candidates(db, actor.churchId, teamId, plan),
  };
}

/** A worship team's plan shows the set list of its service's day, when the staff made one. */
export async function setListOn(
  db: Db,
  churchId: number,
  kind: string,
  date: string,
): Promise<number | null> {
  if (kind !== 'louvor') return null;
  const [row] = await db
    .select({ id: t.praiseSetLists.id })
    .from(t.praiseSetLists)
    .where(and(eq(t.praiseSetLists.churchId, churchId), eq(t.praiseSetLists.date, date)))
    .orderBy(asc(t.praiseSetLists.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A fair fill of the open places: for each, the available member (not blocked, not in conflict,
 * not already in the plan) who served least recently, then least often; each person once.
 */
export async function proposal(
  db: Database,
  actor: StaffActor,
  teamId: number,
  planId: number,
): Promise<Proposal> {
  const detail = await planDetail(db, actor, teamId, planId);
  const pool = detail.candidatos
    .filter((c) => !c.bloqueado && !c.conflito && !c.nestaEscala)
    .sort(
      (a, b) =>
        (a.ultimaVez ?? '').localeCompare(b.ultimaVez ?? '') ||
        a.vezes - b.vezes ||
        a.nome.localeCompare(b.nome) ||
        a.id - b.id,
    );
  // someone who declined this plan is not proposed again for it
  const declined = new Set(
    detail.posicoes.flatMap((p) =>
      p.pessoas.filter((a) => a.estado === 'recusada').map((a) => a.pessoa.id),
    ),
  );
  const free = pool.filter((c) => !declined.has(c.id));
  const propostas: Proposal['propostas'] = [];
  for (const position of detail.posicoes)
    for (let i = 0; i < position.abertas; i++) {
      const next = free.shift();
      if (!next) break;
      propostas.push({
        idPosicao: position.id,
        posicao: position.nome,
        pessoa: { id: next.id, nome: next.nome, email: next.email },
      });
    }
  return { propostas };
}

/**
 * Schedules a person into a position of a plan and asks them by e-mail. Refused: not on the
 * team, away that day, the position full, or already serving at that day and time (the unique
 * key decides between two leaders at once).
 */
export async function schedule(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
  input: { idPosicao: number; idUsuario: number },
  origin: string,
  lang: MessageLang,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = deps;
  const { team, plan } = await planOf(db, actor, teamId, planId);
  if (plan.date < today(now)) throw new ApiProblem(409, 'teams.past');
  const [position] = await db
    .select({ id: t.planPositions.id, needed: t.planPositions.needed, name: t.teamPositions.name })
    .from(t.planPositions)
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .where(and(eq(t.planPositions.id, input.idPosicao), eq(t.planPositions.planId, planId)));
  if (!position) throw fieldProblem(422, 'idPosicao', 'teams.positionNotFound');
  const [member] = await db
    .select({ id: t.teamMembers.id })
    .from(t.teamMembers)
    .where(
      and(
        eq(t.teamMembers.churchId, actor.churchId),
        eq(t.teamMembers.teamId, teamId),
        eq(t.teamMembers.userId, input.idUsuario),
        eq(t.teamMembers.state, 'ativo'),
      ),
    );
  if (!member) throw fieldProblem(422, 'idUsuario', 'teams.notMember');
  const [blocked] = await db
    .select({ id: t.blockouts.id })
    .from(t.blockouts)
    .where(
      and(
        eq(t.blockouts.churchId, actor.churchId),
        eq(t.blockouts.userId, input.idUsuario),
        lte(t.blockouts.startDate, plan.date),
        gte(t.blockouts.endDate, plan.date),
      ),
    );
  if (blocked) throw fieldProblem(409, 'idUsuario', 'teams.blocked');
  let made: { id: number };
  try {
    made = await staffWrite(
      deps,
      actor,
      (row: { id: number }) => ({
        action: 'teams.schedule',
        kind: 'escala',
        targetId: planId,
        summary: `${team.name}: ${plan.title} ${plan.date} · ${position.name}`,
        details: { usuario: input.idUsuario, escalaPessoa: row.id },
      }),
      async (tx) => {
        const [taken] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t.assignments)
          .where(
            and(eq(t.assignments.planPositionId, position.id), ne(t.assignments.state, 'recusada')),
          );
        if (Number(taken?.n ?? 0) >= position.needed)
          throw fieldProblem(409, 'idPosicao', 'teams.full');
        const [row] = await tx
          .insert(t.assignments)
          .values({
            churchId: actor.churchId,
            planId,
            planPositionId: position.id,
            userId: input.idUsuario,
            date: plan.date,
            startTime: plan.startTime,
            scheduledBy: actor.userId,
            askedAt: now,
          })
          .returning({ id: t.assignments.id });
        await syncDoorTeam(tx, actor.churchId, planId, input.idUsuario);
        return row!;
      },
      { purge: false },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'escala_pessoa_momento_uq'))
      throw fieldProblem(409, 'idUsuario', 'teams.doubleBooked');
    throw error;
  }
  await sendRequest(db, deps.mailer, made.id, origin, lang);
  return made;
}

/** Takes a person off a plan (no e-mail: the leader tells them). */
export async function unschedule(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
  assignmentId: number,
) {
  const { team, plan } = await planOf(deps.db, actor, teamId, planId);
  await staffWrite(
    deps,
    actor,
    {
      action: 'teams.unschedule',
      kind: 'escala',
      targetId: planId,
      summary: `${team.name}: ${plan.title} ${plan.date}`,
      details: { escalaPessoa: assignmentId },
    },
    async (tx) => {
      const rows = await tx
        .delete(t.assignments)
        .where(
          and(
            eq(t.assignments.id, assignmentId),
            eq(t.assignments.planId, planId),
            eq(t.assignments.churchId, actor.churchId),
          ),
        )
        .returning({ id: t.assignments.id, userId: t.assignments.userId });
      if (!rows.length) throw notFound('teams.assignmentNotFound');
      await syncDoorTeam(tx, actor.churchId, planId, rows[0]!.userId);
    },
    { purge: false },
  );
}

/** On the day: the leader marks a volunteer present (checked in) or missing (no-show). */
export async function markPresence(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
  assignmentId: number,
  present: boolean,
  now = new Date(),
) {
  const { team, plan } = await planOf(deps.db, actor, teamId, planId);
  await staffWrite(
    deps,
    actor,
    {
      action: present ? 'teams.checkIn' : 'teams.noShow',
      kind: 'escala',
      targetId: planId,
      summary: `${team.name}: ${plan.title} ${plan.date}`,
      details: { escalaPessoa: assignmentId },
    },
    async (tx) => {
      const rows = await tx
        .update(t.assignments)
        .set(
          present
            ? { checkedInAt: now, noShow: false, state: 'aceita' }
            : { checkedInAt: null, noShow: true },
        )
        .where(
          and(
            eq(t.assignments.id, assignmentId),
            eq(t.assignments.planId, planId),
            eq(t.assignments.churchId, actor.churchId),
            ne(t.assignments.state, 'recusada'),
          ),
        )
        .returning({ id: t.assignments.id });
      if (!rows.length) throw notFound('teams.assignmentNotFound');
    },
    { purge: false },
  );
}

/**
 * Who served how often in a month, per team and person (fairness): asked or accepted, served
 * (checked in, or accepted for a day gone by without a no-show), declined, no-shows.
 */
export async function report(
  db: Database,
  actor: StaffActor,
  month: string,
  now = new Date(),
): Promise<TeamsReport> {
  const admin = mayUse(actor.roles, 'teams');
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const rows = await db
    .select({
      equipe: t.teams.name,
      teamId: t.teams.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      escalas: sql<number>`count(*) filter (where ${t.assignments.state} <> 'recusada')::int`,
      serviu: sql<number>`count(*) filter (where ${t.assignments.checkedInAt} is not null or (${t.assignments.state} = 'aceita' and not ${t.assignments.noShow} and ${t.assignments.date} < ${today(now)}::date))::int`,
      recusou: sql<number>`count(*) filter (where ${t.assignments.state} = 'recusada')::int`,
      faltas: sql<number>`count(*) filter (where ${t.assignments.noShow})::int`,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .innerJoin(t.users, eq(t.users.id, t.assignments.userId))
    .where(
      and(
        eq(t.assignments.churchId, actor.churchId),
        gte(t.assignments.date, first),
        lte(t.assignments.date, last),
        admin
          ? undefined
          : sql`exists (select 1 from equipe_membro m where m.equipe_id = equipe.id and m.usuario_id = ${actor.userId} and m.flag_lider and m.estado = 'ativo')`,
      ),
    )
    .groupBy(
      t.teams.name,
      t.teams.id,
      t.users.id,
      t.users.firstName,
      t.users.lastName,
      t.users.email,
    )
    .orderBy(asc(t.teams.name), desc(sql`2`), asc(t.users.firstName));
  return {
    mes: month,
    linhas: rows
      .map((r) => ({
        equipe: r.equipe,
        pessoa: nameOf(r),
        escalas: Number(r.escalas),
        serviu: Number(r.serviu),
        recusou: Number(r.recusou),
        faltas: Number(r.faltas),
      }))
      .sort(
        (a, b) =>
          a.equipe.localeCompare(b.equipe) ||
          b.serviu - a.serviu ||
          a.pessoa.localeCompare(b.pessoa),
      ),
  };
}

const CSV_HEADER: Record<MessageLang, string[]> = {
  pt: ['Equipe', 'Pessoa', 'Escalas', 'Serviu', 'Recusou', 'Faltas'],
  en: ['Team', 'Person', 'Rotas', 'Served', 'Declined', 'No-shows'],
  es: ['Equipo', 'Persona', 'Turnos', 'Sirvió', 'Rechazó', 'Faltas'],
};

/** The month's report as the church's CSV (server/http/csv.ts rule). */
export function reportCsv(data: TeamsReport, lang: MessageLang): string {
  return csvDocument(
    lang,
    CSV_HEADER[lang],
    data.linhas.map((r) => [r.equipe, r.pessoa, r.escalas, r.serviu, r.recusou, r.faltas]),
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
