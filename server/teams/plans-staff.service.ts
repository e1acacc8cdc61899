// A team's plans for the staff area (docs/volunteers.md): made from the weekly schedule or an
// event with the team's template, each position's people with availability (blockouts, conflicts,
// recent service), a fair proposal, scheduling (the e-mail asks; one unique key on church,
// person, day and time refuses a double booking, whoever schedules at once), check-in on the day.
import { churchDayOf } from '../church/church-clock.ts';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { addDays, localDateTimeIn } from '../../common/time-zone.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Candidate, PlanDetail, PlanInput, Proposal } from '../../contract/teams-staff.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { syncDoorTeam } from './door-sync.ts';
import { checkInPath } from './rota-checkin.ts';
import { planSwaps } from './swaps.service.ts';
import { sendRequest } from './rotas.service.ts';

import { nameOf, planOf, teamFor, type TeamsDeps } from './teams-staff.service.ts';

/** The local day and time of an instant in a time zone (`2026-12-06`, `19:30:00`). */
function localMoment(at: Date, timeZone: string): { date: string; time: string } {
  const local = localDateTimeIn(timeZone, at);
  return { date: local.slice(0, 10), time: `${local.slice(11)}:00` };
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
    let day = input.desde ?? (await churchDayOf(deps.db, actor.churchId, now));
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
    trocas: await planSwaps(db, actor.churchId, planId),
    linkPresenca: checkInPath(plan),
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
  if (plan.date < (await churchDayOf(db, actor.churchId, now)))
    throw new ApiProblem(409, 'teams.past');
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
