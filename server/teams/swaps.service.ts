// Swaps between volunteers (docs/volunteers.md "Swaps"): a volunteer who cannot serve asks the
// team (or one named member); the others are told (notice, push, e-mail); the first to accept
// takes the place — one conditional update of the swap row decides, so two at once get one
// winner on either database — or, when the team asks for it, a leader approves or refuses.
// The original rota is then declined and the taker's accepted rota made in one transaction.
import { churchDayOf } from '../church/church-clock.ts';
import { and, asc, desc, eq, gte, inArray, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { MySwap } from '../../contract/rotas.ts';
import type { PlanSwap } from '../../contract/teams-staff.ts';
import type { Db, Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { syncDoorTeam } from './door-sync.ts';
import { planWhen, rotaMail, type RotaMailKind } from './rota-mail.ts';
import { leadersOf, tell, type Recipient } from './rota-notify.ts';
import { nameOf, planOf, type TeamsDeps } from './teams-staff.service.ts';

const asker = alias(t.users, 'troca_pedinte');
const named = alias(t.users, 'troca_para');
const taker = alias(t.users, 'troca_tomador');

const LIVE = ['aberta', 'aguardando'] as const;

/** Swaps with what their pages and messages show. */
function swapRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: t.rotaSwaps.id,
      churchId: t.rotaSwaps.churchId,
      teamId: t.rotaSwaps.teamId,
      planId: t.rotaSwaps.planId,
      assignmentId: t.rotaSwaps.assignmentId,
      state: t.rotaSwaps.state,
      requestedBy: t.rotaSwaps.requestedBy,
      targetUserId: t.rotaSwaps.targetUserId,
      takenBy: t.rotaSwaps.takenBy,
      approval: t.teams.swapApproval,
      team: t.teams.name,
      position: t.teamPositions.name,
      planPositionId: t.assignments.planPositionId,
      title: t.teamPlans.title,
      date: t.assignments.date,
      startTime: t.assignments.startTime,
      church: t.churches.name,
      locale: t.churches.locale,
      asker: { first: asker.firstName, last: asker.lastName, email: asker.email },
      named: { first: named.firstName, last: named.lastName, email: named.email },
      taker: { first: taker.firstName, last: taker.lastName, email: taker.email },
    })
    .from(t.rotaSwaps)
    .innerJoin(t.assignments, eq(t.assignments.id, t.rotaSwaps.assignmentId))
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.rotaSwaps.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.rotaSwaps.teamId))
    .innerJoin(t.planPositions, eq(t.planPositions.id, t.assignments.planPositionId))
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .innerJoin(t.churches, eq(t.churches.id, t.rotaSwaps.churchId))
    .innerJoin(asker, eq(asker.id, t.rotaSwaps.requestedBy))
    .leftJoin(named, eq(named.id, t.rotaSwaps.targetUserId))
    .leftJoin(taker, eq(taker.id, t.rotaSwaps.takenBy))
    .where(where);
}
type SwapRow = Awaited<ReturnType<typeof swapRows>>[number];

const nameOrNull = (
  p: { first: string | null; last: string | null; email: string | null } | null,
) => (p?.email ? nameOf({ first: p.first, last: p.last, email: p.email }) : null);

async function swapById(db: Db, churchId: number, swapId: number): Promise<SwapRow> {
  const [row] = await swapRows(
    db,
    and(eq(t.rotaSwaps.id, swapId), eq(t.rotaSwaps.churchId, churchId)),
  );
  if (!row) throw notFound('teams.swapNotFound');
  return row;
}

async function activeMember(db: Db, churchId: number, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: t.teamMembers.id })
    .from(t.teamMembers)
    .where(
      and(
        eq(t.teamMembers.churchId, churchId),
        eq(t.teamMembers.teamId, teamId),
        eq(t.teamMembers.userId, userId),
        eq(t.teamMembers.state, 'ativo'),
      ),
    );
  return Boolean(row);
}

/** Tells people about a swap on every channel, each with their own link. */
async function tellSwap(
  db: Db,
  mailer: Mailer,
  row: SwapRow,
  kind: RotaMailKind,
  people: Recipient[],
  link: string,
  options: { emailByPreference?: boolean; takerName?: string } = {},
) {
  const lang = messageLangOfLocale(row.locale);
  const values = {
    name: nameOf(row.asker),
    other: options.takerName ?? nameOrNull(row.taker) ?? '',
    church: row.church,
    team: row.team,
    position: row.position,
    title: row.title,
    when: planWhen(lang, row.date, row.startTime),
    link,
  };
  await tell(
    db,
    mailer,
    row.churchId,
    people,
    { typeCode: 'ESCALA_TROCA', relatedId: String(row.id) },
    (to) => rotaMail(lang, kind, to.email, values),
    { emailByPreference: options.emailByPreference },
  );
}

const mineLink = (origin: string) => `${origin}/user/rotas`;
const planLink = (origin: string, row: SwapRow) =>
  `${origin}/admin/teams?equipe=${row.teamId}&escala=${row.planId}`;

async function emailOf(db: Db, userId: number): Promise<Recipient> {
  const [user] = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(eq(t.users.id, userId));
  return user!;
}

/**
 * A volunteer asks for a swap of one of their rotas: the team (every active member free at that
 * moment) or one named member is told. One live swap per rota (a unique key).
 */
export async function askSwap(
  db: Database,
  mailer: Mailer,
  churchId: number,
  userId: number,
  assignmentId: number,
  targetId: number | null,
  origin: string,
  now = new Date(),
): Promise<{ id: number }> {
  const [assignment] = await db
    .select({
      id: t.assignments.id,
      planId: t.assignments.planId,
      teamId: t.teamPlans.teamId,
      date: t.assignments.date,
      startTime: t.assignments.startTime,
      state: t.assignments.state,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .where(
      and(
        eq(t.assignments.id, assignmentId),
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
      ),
    );
  if (!assignment) throw notFound('teams.assignmentNotFound');
  if (assignment.date < (await churchDayOf(db, churchId, now)))
    throw new ApiProblem(409, 'teams.past');
  if (assignment.state === 'recusada') throw new ApiProblem(409, 'teams.swapDeclined');
  if (
    targetId !== null &&
    (targetId === userId || !(await activeMember(db, churchId, assignment.teamId, targetId)))
  )
    throw fieldProblem(422, 'idPara', 'teams.notMember');
  let id: number;
  try {
    const [made] = await db
      .insert(t.rotaSwaps)
      .values({
        churchId,
        teamId: assignment.teamId,
        planId: assignment.planId,
        assignmentId,
        requestedBy: userId,
        targetUserId: targetId,
        createdAt: now,
      })
      .returning({ id: t.rotaSwaps.id });
    id = made!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'escala_troca_viva_uq'))
      throw new ApiProblem(409, 'teams.swapAlreadyAsked');
    throw error;
  }
  // those who could take it: on the team, not away that day, not serving at that moment
  const asked = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.teamMembers)
    .innerJoin(t.users, eq(t.users.id, t.teamMembers.userId))
    .where(
      and(
        eq(t.teamMembers.churchId, churchId),
        eq(t.teamMembers.teamId, assignment.teamId),
        eq(t.teamMembers.state, 'ativo'),
        ne(t.teamMembers.userId, userId),
        targetId === null ? undefined : eq(t.teamMembers.userId, targetId),
        sql`not exists (select 1 from equipe_bloqueio b where b.igreja_id = ${churchId} and b.usuario_id = ${t.users.id} and ${assignment.date}::date between b.inicio and b.fim)`,
        sql`not exists (select 1 from escala_pessoa a where a.igreja_id = ${churchId} and a.usuario_id = ${t.users.id} and a.data = ${assignment.date}::date and a.horario = ${assignment.startTime}::time and a.estado <> 'recusada')`,
      ),
    );
  await tellSwap(db, mailer, await swapById(db, churchId, id), 'swapAsk', asked, mineLink(origin), {
    emailByPreference: targetId === null,
  });
  return { id };
}

/** Hands the place over: the asker's rota declined, the taker's accepted, in the caller's transaction. */
async function handOver(tx: Tx, row: SwapRow, takerId: number, now: Date): Promise<void> {
  const freed = await tx
    .update(t.assignments)
    .set({ state: 'recusada', answeredAt: now })
    .where(
      and(
        eq(t.assignments.id, row.assignmentId),
        eq(t.assignments.churchId, row.churchId),
        ne(t.assignments.state, 'recusada'),
      ),
    )
    .returning({ id: t.assignments.id });
  if (!freed.length) throw new ApiProblem(409, 'teams.swapGone');
  const [made] = await tx
    .insert(t.assignments)
    .values({
      churchId: row.churchId,
      planId: row.planId,
      planPositionId: row.planPositionId,
      userId: takerId,
      date: row.date,
      startTime: row.startTime,
      state: 'aceita',
      askedAt: now,
      answeredAt: now,
    })
    .returning({ id: t.assignments.id });
  await tx
    .update(t.rotaSwaps)
    .set({ newAssignmentId: made!.id })
    .where(and(eq(t.rotaSwaps.id, row.id), eq(t.rotaSwaps.churchId, row.churchId)));
  await syncDoorTeam(tx, row.churchId, row.planId, row.requestedBy);
  await syncDoorTeam(tx, row.churchId, row.planId, takerId);
}

const doubleBooked = (error: unknown) =>
  isUniqueViolation(error, 'escala_pessoa_momento_uq')
    ? new ApiProblem(409, 'teams.doubleBooked')
    : error;

/**
 * A team member takes a swap. The first wins: the swap row moves from `aberta` only once (a
 * second taker's update finds it taken and gets 409 teams.swapTaken).
 */
export async function takeSwap(
  db: Database,
  mailer: Mailer,
  churchId: number,
  userId: number,
  swapId: number,
  origin: string,
  now = new Date(),
): Promise<{ estado: 'aguardando' | 'feita' }> {
  const row = await swapById(db, churchId, swapId);
  if (row.targetUserId !== null && row.targetUserId !== userId)
    throw notFound('teams.swapNotFound');
  if (row.requestedBy === userId) throw new ApiProblem(409, 'teams.swapOwn');
  if (row.date < (await churchDayOf(db, churchId, now))) throw new ApiProblem(409, 'teams.past');
  if (row.state !== 'aberta') throw new ApiProblem(409, 'teams.swapTaken');
  if (!(await activeMember(db, churchId, row.teamId, userId)))
    throw new ApiProblem(403, 'teams.notMember');
  const [blocked] = await db
    .select({ id: t.blockouts.id })
    .from(t.blockouts)
    .where(
      and(
        eq(t.blockouts.churchId, churchId),
        eq(t.blockouts.userId, userId),
        sql`${row.date}::date between ${t.blockouts.startDate} and ${t.blockouts.endDate}`,
      ),
    );
  if (blocked) throw new ApiProblem(409, 'teams.blocked');
  const estado = row.approval ? 'aguardando' : 'feita';
  try {
    await db.transaction(async (tx) => {
      const won = await tx
        .update(t.rotaSwaps)
        .set({ state: estado, takenBy: userId, takenAt: now })
        .where(
          and(
            eq(t.rotaSwaps.id, swapId),
            eq(t.rotaSwaps.churchId, churchId),
            eq(t.rotaSwaps.state, 'aberta'),
          ),
        )
        .returning({ id: t.rotaSwaps.id });
      if (!won.length) throw new ApiProblem(409, 'teams.swapTaken');
      if (estado === 'feita') await handOver(tx, row, userId, now);
    });
  } catch (error) {
    throw doubleBooked(error);
  }
  const after = await swapById(db, churchId, swapId);
  const leaders = await leadersOf(db, churchId, row.teamId);
  if (estado === 'aguardando')
    await tellSwap(db, mailer, after, 'swapApproval', leaders, planLink(origin, after));
  else {
    await tellSwap(db, mailer, after, 'swapDone', leaders, planLink(origin, after));
    await tellSwap(
      db,
      mailer,
      after,
      'swapDone',
      [await emailOf(db, row.requestedBy)],
      mineLink(origin),
    );
  }
  return { estado };
}

/** The asker withdraws a swap not done yet. */
export async function cancelSwap(
  db: Database,
  churchId: number,
  userId: number,
  swapId: number,
): Promise<void> {
  const rows = await db
    .update(t.rotaSwaps)
    .set({ state: 'cancelada' })
    .where(
      and(
        eq(t.rotaSwaps.id, swapId),
        eq(t.rotaSwaps.churchId, churchId),
        eq(t.rotaSwaps.requestedBy, userId),
        inArray(t.rotaSwaps.state, [...LIVE]),
      ),
    )
    .returning({ id: t.rotaSwaps.id });
  if (!rows.length) throw new ApiProblem(409, 'teams.swapNotOpen');
}

/** A leader approves (the place is handed over) or refuses (the asker stays) a swap waiting for them. */
export async function decideSwap(
  deps: TeamsDeps,
  actor: StaffActor,
  teamId: number,
  planId: number,
  swapId: number,
  approve: boolean,
  origin: string,
  now = new Date(),
): Promise<void> {
  const { db } = deps;
  const { team, plan } = await planOf(db, actor, teamId, planId);
  const row = await swapById(db, actor.churchId, swapId);
  if (row.planId !== planId) throw notFound('teams.swapNotFound');
  try {
    await staffWrite(
      deps,
      actor,
      {
        action: approve ? 'teams.swapApprove' : 'teams.swapRefuse',
        kind: 'escala',
        targetId: planId,
        summary: `${team.name}: ${plan.title} ${plan.date} · ${row.position}`,
        details: { troca: swapId, de: row.requestedBy, para: row.takenBy },
      },
      async (tx) => {
        const rows = await tx
          .update(t.rotaSwaps)
          .set({ state: approve ? 'feita' : 'recusada', decidedBy: actor.userId })
          .where(
            and(
              eq(t.rotaSwaps.id, swapId),
              eq(t.rotaSwaps.churchId, actor.churchId),
              eq(t.rotaSwaps.state, 'aguardando'),
            ),
          )
          .returning({ id: t.rotaSwaps.id });
        if (!rows.length) throw new ApiProblem(409, 'teams.swapNotWaiting');
        if (approve) await handOver(tx, row, row.takenBy!, now);
      },
      { purge: false },
    );
  } catch (error) {
    throw doubleBooked(error);
  }
  const after = await swapById(db, actor.churchId, swapId);
  const both = [await emailOf(db, row.requestedBy), await emailOf(db, row.takenBy!)];
  await tellSwap(
    db,
    deps.mailer,
    after,
    approve ? 'swapDone' : 'swapRefused',
    both,
    mineLink(origin),
  );
}

const planSwapOf = (row: SwapRow): PlanSwap => ({
  id: row.id,
  idEscalaPessoa: row.assignmentId,
  posicao: row.position,
  estado: row.state,
  pedidaPor: nameOf(row.asker),
  para: nameOrNull(row.named),
  tomadaPor: nameOrNull(row.taker),
});

/** A plan's swaps for its leader, newest first. */
export async function planSwaps(db: Db, churchId: number, planId: number): Promise<PlanSwap[]> {
  const rows = await swapRows(
    db,
    and(eq(t.rotaSwaps.churchId, churchId), eq(t.rotaSwaps.planId, planId)),
  ).orderBy(desc(t.rotaSwaps.id));
  return rows.map(planSwapOf);
}

/**
 * A member's swaps from today on: those they asked, took, and the open ones of their teams they
 * may take (to the whole team or named to them).
 */
export async function mySwaps(
  db: Db,
  churchId: number,
  userId: number,
  now = new Date(),
): Promise<{
  trocas: MySwap[];
  colegas: Array<{ idEscalaPessoa: number; id: number; nome: string }>;
}> {
  const day = await churchDayOf(db, churchId, now);
  const rows = await swapRows(
    db,
    and(
      eq(t.rotaSwaps.churchId, churchId),
      gte(t.assignments.date, day),
      or(
        eq(t.rotaSwaps.requestedBy, userId),
        eq(t.rotaSwaps.takenBy, userId),
        and(
          eq(t.rotaSwaps.state, 'aberta'),
          or(isNull(t.rotaSwaps.targetUserId), eq(t.rotaSwaps.targetUserId, userId)),
          sql`exists (select 1 from equipe_membro m where m.equipe_id = ${t.rotaSwaps.teamId} and m.usuario_id = ${userId} and m.estado = 'ativo')`,
        ),
      ),
    ),
  )
    .orderBy(asc(t.assignments.date), asc(t.rotaSwaps.id))
    .limit(100);
  const mates = await db
    .select({
      idEscalaPessoa: t.assignments.id,
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(
      t.teamMembers,
      and(
        eq(t.teamMembers.teamId, t.teamPlans.teamId),
        eq(t.teamMembers.state, 'ativo'),
        ne(t.teamMembers.userId, userId),
      ),
    )
    .innerJoin(t.users, eq(t.users.id, t.teamMembers.userId))
    .where(
      and(
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        ne(t.assignments.state, 'recusada'),
        gte(t.assignments.date, day),
      ),
    )
    .orderBy(asc(t.assignments.id), asc(t.users.firstName), asc(t.users.id))
    .limit(500);
  return {
    trocas: rows.map((row) => ({
      ...planSwapOf(row),
      equipe: row.team,
      titulo: row.title,
      data: row.date,
      horario: row.startTime.slice(0, 5),
      minha: row.requestedBy === userId,
    })),
    colegas: mates.map((m) => ({ idEscalaPessoa: m.idEscalaPessoa, id: m.id, nome: nameOf(m) })),
  };
}
