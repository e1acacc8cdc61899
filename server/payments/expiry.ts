// spec §4: a Pix order is cancelled automatically when unpaid by its validity. The background job
// `payments.expire-overdue` (server/jobs) sweeps them, and a purchase sweeps its church before it
// takes ticket stock; reads never write (docs/performance.md): they show an overdue payment as cancelled.
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { cancelPendingSubscriptionsOf } from '../play/subscription-state.ts';

/** Cancels payments and gives their seats back; returns how many registrations were freed. */
export async function releasePayments(
  tx: Tx,
  paymentIds: number[],
  status: 'cancelado' | 'estornado' | 'nao_aprovado',
): Promise<number> {
  if (!paymentIds.length) return 0;
  const freed = await tx
    .update(t.registrations)
    .set({ status: 'cancelada' })
    .where(
      and(
        inArray(t.registrations.paymentId, paymentIds),
        inArray(t.registrations.status, ['pendente', 'confirmada']),
      ),
    )
    .returning({ ticketId: t.registrations.ticketId });
  const perTicket = new Map<number, number>();
  for (const r of freed) perTicket.set(r.ticketId, (perTicket.get(r.ticketId) ?? 0) + 1);
  for (const [ticketId, n] of perTicket) {
    await tx
      .update(t.tickets)
      .set({ sold: sql`${t.tickets.sold} - ${n}` })
      .where(eq(t.tickets.id, ticketId));
  }
  await tx
    .update(t.payments)
    .set({ status, updatedAt: new Date() })
    .where(inArray(t.payments.id, paymentIds));
  await cancelPendingSubscriptionsOf(tx, paymentIds, status); // the Play subscription of these payments (docs/play.md)
  return freed.length;
}

/** Whether a payment is an unpaid Pix or an abandoned card challenge past its validity (the sweep's rule, in JS). */
export function isOverdue(
  row: { method: string; status: string; expiresAt: Date | null },
  now = new Date(),
): boolean {
  if (!row.expiresAt || row.expiresAt >= now) return false;
  return (
    (row.method === 'pix' && row.status === 'pendente') ||
    (row.method === 'cartao' && row.status === 'em_aberto')
  );
}

/** Unpaid Pix codes, and card challenges never completed, stop holding seats at their expiry. */
const overdueFilter = (churchId: number | null, now: Date) =>
  and(
    churchId === null ? undefined : eq(t.payments.churchId, churchId),
    lt(t.payments.expiresAt, now),
    or(
      and(eq(t.payments.method, 'pix'), eq(t.payments.status, 'pendente')),
      and(eq(t.payments.method, 'cartao'), eq(t.payments.status, 'em_aberto')),
    ),
  );

/** Cancels the church's Pix payments (and abandoned card challenges) whose validity has passed. */
export async function expireOverduePix(
  db: Database,
  churchId: number,
  now = new Date(),
): Promise<number> {
  // A cheap read first: nearly always nothing is overdue, and then no transaction is opened.
  const overdue = await db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(overdueFilter(churchId, now))
    .limit(1);
  if (!overdue.length) return 0;
  return db.transaction(async (tx) => {
    // The conditional update claims each payment once, however many sweeps run at the same time.
    const claimed = await tx
      .update(t.payments)
      .set({ status: 'cancelado', updatedAt: now })
      .where(overdueFilter(churchId, now))
      .returning({ id: t.payments.id });
    return releasePayments(
      tx,
      claimed.map((p) => p.id),
      'cancelado',
    );
  });
}

/** The churches that have an overdue payment now, for the background sweep (server/jobs). */
export async function churchesWithOverduePayments(
  db: Database,
  now = new Date(),
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ churchId: t.payments.churchId })
    .from(t.payments)
    .where(overdueFilter(null, now));
  return rows.map((r) => r.churchId);
}
