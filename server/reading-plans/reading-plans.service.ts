// Reading plans (spec §2 /reading-plans, §4 start, reset, delete): the queries and rules behind
// reading-plans.routes.ts. Every query filters on the church the route resolved; subscriptions
// also on the member, so someone else's subscription is never reachable.
import { and, asc, eq } from 'drizzle-orm';
import type { Subscription } from '../../contract/reading-plans.ts';
import { BIBLE_SOURCES } from '../bible/sources.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import {
  asLang,
  DAY_MS,
  dayNumber,
  isoDate,
  subscriptionView,
  toPassage,
  toPlanSummary,
} from './reading-plans.serializers.ts';

type PlanRow = typeof t.readingPlans.$inferSelect;
type SubRow = typeof t.readingPlanSubscriptions.$inferSelect;

const missing = () => notFound('plan.notFound');

/** The member's date: theirs when sent and within a day of the server's (time zones), else UTC. */
export function todayOf(sent: string | undefined, now = Date.now()): string {
  const server = isoDate(now);
  if (
    sent &&
    !Number.isNaN(Date.parse(`${sent}T00:00:00Z`)) &&
    Math.abs(dayNumber(sent) - dayNumber(server)) <= 1
  )
    return sent;
  return server;
}

export async function plansOf(db: Database, churchId: number) {
  const rows = await db
    .select()
    .from(t.readingPlans)
    .where(and(eq(t.readingPlans.churchId, churchId), eq(t.readingPlans.active, true)))
    .orderBy(asc(t.readingPlans.position), asc(t.readingPlans.id));
  return rows.map(toPlanSummary);
}

/** An active plan of the church, or 404. */
export async function planIn(db: Database, churchId: number, uuid: string): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(t.readingPlans)
    .where(
      and(
        eq(t.readingPlans.churchId, churchId),
        eq(t.readingPlans.uuid, uuid),
        eq(t.readingPlans.active, true),
      ),
    );
  if (!plan) throw missing();
  return plan;
}

/** The plan with each day's passages. */
export async function planWithDays(db: Database, churchId: number, plan: PlanRow) {
  const days = await db
    .select({ day: t.readingPlanDays.day, passages: t.readingPlanDays.passages })
    .from(t.readingPlanDays)
    .where(and(eq(t.readingPlanDays.churchId, churchId), eq(t.readingPlanDays.planId, plan.id)))
    .orderBy(asc(t.readingPlanDays.day));
  const l = asLang(plan.language);
  return {
    plano: toPlanSummary(plan),
    dias: days.map((d) => ({ dia: d.day, passagens: d.passages.map((p) => toPassage(p, l)) })),
  };
}

/** A day's passages with their text, when a translation in the plan's language exists. */
export async function planDay(db: Database, churchId: number, plan: PlanRow, dia: number) {
  const [day] = await db
    .select({ passages: t.readingPlanDays.passages })
    .from(t.readingPlanDays)
    .where(
      and(
        eq(t.readingPlanDays.churchId, churchId),
        eq(t.readingPlanDays.planId, plan.id),
        eq(t.readingPlanDays.day, dia),
      ),
    );
  if (!day) throw notFound('plan.dayOutOfRange');
  const l = asLang(plan.language);
  // Only a translation in the plan's own language is shown (the KJV is English only).
  const source = BIBLE_SOURCES.find((s) => s.language === l) ?? null;
  const passagens = await Promise.all(
    day.passages.map(async (p) => ({
      ...toPassage(p, l),
      versiculos: source
        ? (((await source.chapter(p.livro, p.capitulo)) ?? null)?.map((v) => ({
            numero: v.number,
            texto: v.text,
            paragrafo: v.paragraph,
          })) ?? null)
        : null,
    })),
  );
  const versao = source
    ? {
        codigo: source.code,
        nome: source.name,
        abreviacao: source.abbreviation,
        idioma: source.language,
        descricao: source.description,
      }
    : null;
  return {
    dia,
    passagens,
    versao,
    textoDisponivel: !!source && passagens.every((p) => p.versiculos !== null),
  };
}

async function readDays(db: Database, churchId: number, subId: number): Promise<number[]> {
  const rows = await db
    .select({ day: t.readingPlanProgress.day })
    .from(t.readingPlanProgress)
    .where(
      and(
        eq(t.readingPlanProgress.churchId, churchId),
        eq(t.readingPlanProgress.subscriptionId, subId),
      ),
    );
  return rows.map((r) => r.day);
}

/** The member's subscriptions to the church's active plans, in the plans' order. */
export async function subscriptionsOf(
  db: Database,
  churchId: number,
  userId: number,
  today: string,
): Promise<Subscription[]> {
  const rows = await db
    .select({ sub: t.readingPlanSubscriptions, plan: t.readingPlans })
    .from(t.readingPlanSubscriptions)
    .innerJoin(
      t.readingPlans,
      and(
        eq(t.readingPlans.id, t.readingPlanSubscriptions.planId),
        eq(t.readingPlans.churchId, churchId),
      ),
    )
    .where(
      and(
        eq(t.readingPlanSubscriptions.churchId, churchId),
        eq(t.readingPlanSubscriptions.userId, userId),
        eq(t.readingPlans.active, true),
      ),
    )
    .orderBy(asc(t.readingPlans.position));
  return Promise.all(
    rows.map(async ({ sub, plan }) =>
      subscriptionView(sub, plan, await readDays(db, churchId, sub.id), today),
    ),
  );
}

async function subscriptionOf(
  db: Database,
  churchId: number,
  userId: number,
  planId: number,
): Promise<SubRow | undefined> {
  const [sub] = await db
    .select()
    .from(t.readingPlanSubscriptions)
    .where(
      and(
        eq(t.readingPlanSubscriptions.churchId, churchId),
        eq(t.readingPlanSubscriptions.userId, userId),
        eq(t.readingPlanSubscriptions.planId, planId),
      ),
    );
  return sub;
}

/** The member's subscription to the plan, or 404 "not started". */
export async function requireSubscription(
  db: Database,
  churchId: number,
  userId: number,
  planId: number,
): Promise<SubRow> {
  const sub = await subscriptionOf(db, churchId, userId, planId);
  if (!sub) throw notFound('plan.notStarted');
  return sub;
}

/** Where the member stands in the plan on `today` (what every subscription call answers). */
export async function subscriptionNow(
  db: Database,
  churchId: number,
  userId: number,
  plan: PlanRow,
  today: string,
): Promise<Subscription> {
  const sub = await subscriptionOf(db, churchId, userId, plan.id);
  if (!sub) throw missing();
  return subscriptionView(sub, plan, await readDays(db, churchId, sub.id), today);
}

/** Start (spec §4): day 1 is today; false when the member had already started. */
export async function startPlan(
  db: Database,
  churchId: number,
  userId: number,
  plan: PlanRow,
  today: string,
): Promise<boolean> {
  const inserted = await db
    .insert(t.readingPlanSubscriptions)
    .values({ churchId, userId, planId: plan.id, startDate: today })
    .onConflictDoNothing()
    .returning({ id: t.readingPlanSubscriptions.id });
  return inserted.length > 0;
}

/** Every day of a subscription unread again (delete and reset both start here). */
function clearProgress(tx: Tx, churchId: number, subscriptionId: number) {
  return tx
    .delete(t.readingPlanProgress)
    .where(
      and(
        eq(t.readingPlanProgress.churchId, churchId),
        eq(t.readingPlanProgress.subscriptionId, subscriptionId),
      ),
    );
}

/** Delete (spec §4, irreversible): the subscription and its progress go. */
export async function deleteSubscription(
  db: Database,
  churchId: number,
  userId: number,
  sub: SubRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    await clearProgress(tx, churchId, sub.id);
    await tx
      .delete(t.readingPlanSubscriptions)
      .where(
        and(
          eq(t.readingPlanSubscriptions.id, sub.id),
          eq(t.readingPlanSubscriptions.churchId, churchId),
          eq(t.readingPlanSubscriptions.userId, userId),
        ),
      );
  });
}

/** Reset (spec §4): every day unread, day 1 today. */
export async function resetSubscription(
  db: Database,
  churchId: number,
  sub: SubRow,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await clearProgress(tx, churchId, sub.id);
    await tx
      .update(t.readingPlanSubscriptions)
      .set({ startDate: today, completedAt: null })
      .where(
        and(
          eq(t.readingPlanSubscriptions.id, sub.id),
          eq(t.readingPlanSubscriptions.churchId, churchId),
        ),
      );
  });
}

/** "Catch me up": the first unread day becomes today's, so missed days move forward. */
export async function catchUp(
  db: Database,
  churchId: number,
  sub: SubRow,
  plan: PlanRow,
  today: string,
): Promise<void> {
  const view = subscriptionView(sub, plan, await readDays(db, churchId, sub.id), today);
  if (view.proximoDia === null || view.atrasados === 0) return;
  await db
    .update(t.readingPlanSubscriptions)
    .set({ startDate: isoDate(Date.parse(`${today}T00:00:00Z`) - (view.proximoDia - 1) * DAY_MS) })
    .where(
      and(
        eq(t.readingPlanSubscriptions.id, sub.id),
        eq(t.readingPlanSubscriptions.churchId, churchId),
      ),
    );
}

/** Keeps dataConclusao in step with the days read. */
async function settleCompletion(db: Database, churchId: number, sub: SubRow, plan: PlanRow) {
  const all = (await readDays(db, churchId, sub.id)).length >= plan.days;
  if (all === !!sub.completedAt) return;
  await db
    .update(t.readingPlanSubscriptions)
    .set({ completedAt: all ? new Date() : null })
    .where(
      and(
        eq(t.readingPlanSubscriptions.id, sub.id),
        eq(t.readingPlanSubscriptions.churchId, churchId),
      ),
    );
}

/** A day of the plan read or unread; marking twice counts once. */
export async function markDay(
  db: Database,
  churchId: number,
  userId: number,
  plan: PlanRow,
  dia: number,
  read: boolean,
): Promise<void> {
  if (dia > plan.days) throw notFound('plan.dayOutOfRange');
  const sub = await requireSubscription(db, churchId, userId, plan.id);
  if (read)
    await db
      .insert(t.readingPlanProgress)
      .values({ churchId, subscriptionId: sub.id, day: dia })
      .onConflictDoNothing();
  else
    await db
      .delete(t.readingPlanProgress)
      .where(
        and(
          eq(t.readingPlanProgress.churchId, churchId),
          eq(t.readingPlanProgress.subscriptionId, sub.id),
          eq(t.readingPlanProgress.day, dia),
        ),
      );
  await settleCompletion(db, churchId, sub, plan);
}
