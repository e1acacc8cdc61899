// Play's plans and subscribers for the staff (docs/staff.md "Play"): the plans with their active
// subscribers, saved, reordered and deleted (a plan someone holds is kept), and the subscribers'
// list. Every write goes through staffWrite.
import { and, asc, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  PLAY_PAGE_SIZE,
  type PlanFields,
  type StaffPlan,
  type StaffSubscriber,
  type SubscriberListFilters,
  type SubscriberPage,
} from '../../contract/play-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { toCents, toMoney } from '../payments/money.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { pages, type PlayStaffDeps } from './play-staff.service.ts';

const activeNow = and(
  eq(t.playSubscriptions.status, 'ativo'),
  gt(t.playSubscriptions.paidUntil, sql`now()`),
);

export async function listPlans(db: Database, churchId: number): Promise<StaffPlan[]> {
  const rows = await db
    .select()
    .from(t.playPlans)
    .where(eq(t.playPlans.churchId, churchId))
    .orderBy(asc(t.playPlans.position), asc(t.playPlans.id));
  const counts = await db
    .select({ planId: t.playSubscriptions.planId, n: count() })
    .from(t.playSubscriptions)
    .where(and(eq(t.playSubscriptions.churchId, churchId), activeNow))
    .groupBy(t.playSubscriptions.planId);
  return rows.map((row) => ({
    id: row.id,
    nome: row.name,
    descricao: row.description,
    valor: toMoney(row.priceCents),
    taxaAdesao: toMoney(row.feeCents),
    periodicidadeDias: row.periodDays,
    ativo: row.active,
    ordem: row.position,
    assinantesAtivos: Number(counts.find((c) => c.planId === row.id)?.n ?? 0),
  }));
}

async function ownPlan(tx: Tx, churchId: number, id: number) {
  const [row] = await tx
    .select()
    .from(t.playPlans)
    .where(and(eq(t.playPlans.id, id), eq(t.playPlans.churchId, churchId)));
  if (!row) throw notFound('staff.play.planNotFound');
  return row;
}

export async function savePlan(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number | null,
  input: PlanFields,
) {
  const columns = {
    name: input.nome,
    description: input.descricao ?? '',
    priceCents: toCents(Number(input.valor)),
    feeCents: toCents(Number(input.taxaAdesao ?? 0)),
    periodDays: Number(input.periodicidadeDias),
    active: input.ativo ?? true,
    position: Number(input.ordem ?? 0),
  };
  return staffWrite(
    deps,
    actor,
    (saved: { id: number }) => ({
      action: id ? 'play.plan.update' : 'play.plan.create',
      kind: 'play_plano',
      targetId: saved.id,
      summary: input.nome,
      details: {
        valor: toMoney(columns.priceCents),
        taxaAdesao: toMoney(columns.feeCents),
        periodicidadeDias: columns.periodDays,
      },
    }),
    async (tx) => {
      if (id === null) {
        // a new plan without an order of its own goes after the others
        const [last] = await tx
          .select({ max: sql<number | null>`max(${t.playPlans.position})` })
          .from(t.playPlans)
          .where(eq(t.playPlans.churchId, actor.churchId));
        const position = columns.position || (last?.max == null ? 0 : Number(last.max) + 1);
        const [row] = await tx
          .insert(t.playPlans)
          .values({ churchId: actor.churchId, ...columns, position })
          .returning({ id: t.playPlans.id });
        return row!;
      }
      await ownPlan(tx, actor.churchId, id);
      await tx.update(t.playPlans).set(columns).where(eq(t.playPlans.id, id));
      return { id };
    },
  );
}

/**
 * Puts the church's plans in the order given (`ordem` 0, 1, 2…), which the public plans list and
 * the checkout follow. The list must name each of the church's plans once (422 on `planos`).
 */
export async function reorderPlans(deps: PlayStaffDeps, actor: StaffActor, ids: number[]) {
  await staffWrite(
    deps,
    actor,
    (names: string) => ({
      action: 'play.plan.reorder',
      kind: 'play_plano',
      targetId: null,
      summary: names,
      details: { planos: ids },
    }),
    async (tx) => {
      const own = await tx
        .select({ id: t.playPlans.id, name: t.playPlans.name })
        .from(t.playPlans)
        .where(eq(t.playPlans.churchId, actor.churchId));
      const known = new Set(own.map((p) => p.id));
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== known.size ||
        ids.some((id) => !known.has(id))
      )
        throw fieldProblem(422, 'planos', 'staff.play.planOrder');
      for (const [position, id] of ids.entries())
        await tx
          .update(t.playPlans)
          .set({ position })
          .where(and(eq(t.playPlans.id, id), eq(t.playPlans.churchId, actor.churchId)));
      return ids.map((id) => own.find((p) => p.id === id)!.name).join(' · ');
    },
  );
  return listPlans(deps.db, actor.churchId);
}

/** A plan anyone ever subscribed to stays (its subscriptions and payments name it): withdraw it instead. */
export async function deletePlan(deps: PlayStaffDeps, actor: StaffActor, id: number) {
  await staffWrite(
    deps,
    actor,
    (name: string) => ({
      action: 'play.plan.delete',
      kind: 'play_plano',
      targetId: id,
      summary: name,
    }),
    async (tx) => {
      const row = await ownPlan(tx, actor.churchId, id);
      const [used] = await tx
        .select({ id: t.playSubscriptions.id })
        .from(t.playSubscriptions)
        .where(or(eq(t.playSubscriptions.planId, id), eq(t.playSubscriptions.nextPlanId, id)))
        .limit(1);
      if (used) throw new ApiProblem(409, 'staff.play.planInUse');
      await tx.delete(t.playPlans).where(eq(t.playPlans.id, id));
      return row.name;
    },
  );
}

export async function listSubscribers(
  db: Database,
  churchId: number,
  q: SubscriberListFilters,
): Promise<SubscriberPage> {
  const filters: (SQL | undefined)[] = [eq(t.playSubscriptions.churchId, churchId)];
  if (q.situacao) filters.push(eq(t.playSubscriptions.status, q.situacao));
  if (q.plano) filters.push(eq(t.playSubscriptions.planId, Number(q.plano)));
  if (q.busca) {
    filters.push(
      matches(q.busca, [
        sql`${t.users.firstName} || ' ' || coalesce(${t.users.lastName}, '')`,
        t.users.email,
        t.playSubscriptions.code,
      ]),
    );
  }
  const where = and(...filters);
  const base = () =>
    db
      .select({
        s: t.playSubscriptions,
        user: {
          id: t.users.id,
          first: t.users.firstName,
          last: t.users.lastName,
          email: t.users.email,
        },
        plan: { id: t.playPlans.id, name: t.playPlans.name },
      })
      .from(t.playSubscriptions)
      .innerJoin(t.users, eq(t.users.id, t.playSubscriptions.userId))
      .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(t.playSubscriptions)
    .innerJoin(t.users, eq(t.users.id, t.playSubscriptions.userId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(t.playSubscriptions.subscribedAt), desc(t.playSubscriptions.id))
    .limit(PLAY_PAGE_SIZE)
    .offset((q.page - 1) * PLAY_PAGE_SIZE);
  const now = Date.now();
  const assinantes: StaffSubscriber[] = rows.map(({ s, user, plan }) => ({
    id: s.id,
    codigo: s.code,
    usuario: {
      id: user.id,
      nome: [user.first, user.last].filter(Boolean).join(' '),
      email: user.email,
    },
    plano: { id: plan.id, nome: plan.name },
    situacao: s.status as StaffSubscriber['situacao'],
    acessoAte:
      s.status === 'ativo' && s.paidUntil && s.paidUntil.getTime() > now
        ? s.paidUntil.toISOString()
        : null,
    dataAssinatura: s.subscribedAt.toISOString(),
    pagoAte: s.paidUntil?.toISOString() ?? null,
    canceladoEm: s.cancelledAt?.toISOString() ?? null,
    renovarEm: s.renewAt?.toISOString() ?? null,
  }));
  return { assinantes, total, page: q.page, totalPages: pages(total) };
}
