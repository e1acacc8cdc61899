// spec §4: a Pix order is cancelled automatically when unpaid by its validity. The background job
// `payments.expire-overdue` (server/jobs) sweeps them, and a purchase sweeps its church before it
// takes ticket stock; reads never write (docs/performance.md): they show an overdue payment as cancelled.
// A live gateway's unpaid bank slip is swept too, once its due date and clearing time have passed
// (docs/payments.md "Expiry at the gateway").
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { cancelPendingSubscriptionsOf } from '../play/subscription-state.ts';
import { log } from '../log.ts';
import { liveAdapter } from './gateway-accounts.ts';
import { isGatewayId } from './gateways.ts';
import { owePaidAfterClose } from './late-refund.ts';

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

/**
 * Days after a live slip's due date before it is given up: the due day itself, then up to three
 * business days of bank clearing (a weekend between them), so a slip paid on time is never swept.
 */
export const SLIP_GRACE_DAYS = 6;

/**
 * Unpaid Pix codes, and card challenges never completed, stop holding seats at their expiry; an
 * unpaid slip at a live gateway (one with a pagamento_gateway row) at its due date + SLIP_GRACE_DAYS.
 */
const overdueFilter = (churchId: number | null, now: Date) =>
  and(
    churchId === null ? undefined : eq(t.payments.churchId, churchId),
    or(
      and(
        lt(t.payments.expiresAt, now),
        or(
          and(eq(t.payments.method, 'pix'), eq(t.payments.status, 'pendente')),
          and(eq(t.payments.method, 'cartao'), eq(t.payments.status, 'em_aberto')),
        ),
      ),
      and(
        eq(t.payments.method, 'boleto'),
        eq(t.payments.status, 'pendente'),
        lt(t.payments.expiresAt, new Date(now.getTime() - SLIP_GRACE_DAYS * 86_400_000)),
        sql`exists (select 1 from pagamento_gateway g where g.pagamento_id = ${t.payments.id})`,
      ),
    ),
  );

/**
 * Cancels at their live gateway the charges our sweep just cancelled (a Pix, a card challenge), so
 * they can no longer be paid there; a failure is logged and left to the gateway's own expiry,
 * which every live Pix carries too (docs/payments.md "Expiry at the gateway").
 */
export async function cancelAtGateways(db: Database, paymentIds: number[]): Promise<number> {
  if (!paymentIds.length) return 0;
  const live = await db
    .select({
      id: t.payments.id,
      churchId: t.payments.churchId,
      code: t.payments.code,
      reference: t.payments.gatewayReference,
      gatewayId: t.gatewayCharges.gatewayId,
    })
    .from(t.payments)
    .innerJoin(t.gatewayCharges, eq(t.gatewayCharges.paymentId, t.payments.id))
    .where(inArray(t.payments.id, paymentIds));
  let cancelled = 0;
  for (const row of live) {
    if (row.reference?.startsWith('declined:') || !isGatewayId(row.gatewayId)) continue;
    try {
      const adapter = await liveAdapter(db, row.churchId, row.gatewayId);
      if (!adapter) continue; // the church left live mode: nothing of ours to cancel there
      // a charge whose answer we never got may still exist there: found by our order code
      const reference = row.reference ?? (await adapter.lookup(row.code, null))?.reference;
      if (!reference || reference.startsWith('declined:')) continue;
      try {
        await adapter.cancel(reference);
      } catch (error) {
        // refused because it was paid meanwhile (a Stripe intent that succeeded): the money is given back
        const there = await adapter.lookup(row.code, reference).catch(() => null);
        if (there?.status !== 'aprovado') throw error;
        await db.transaction((tx) => owePaidAfterClose(tx, row.id, new Date()));
        continue;
      }
      cancelled++;
    } catch (error) {
      log.warn(
        { errorName: (error as Error)?.name, paymentId: row.id },
        '[payments] an expired charge could not be cancelled at its gateway',
      );
    }
  }
  return cancelled;
}

/**
 * Cancels the church's Pix payments (and abandoned card challenges) whose validity has passed.
 * Live ones are then cancelled at their gateway: awaited by the job, in the background when a
 * purchase sweeps (a slow gateway never delays a buyer).
 */
export async function expireOverduePix(
  db: Database,
  churchId: number,
  now = new Date(),
  gatewayCancels: 'await' | 'background' = 'background',
): Promise<number> {
  // A cheap read first: nearly always nothing is overdue, and then no transaction is opened.
  const overdue = await db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(overdueFilter(churchId, now))
    .limit(1);
  if (!overdue.length) return 0;
  const { freed, ids } = await db.transaction(async (tx) => {
    // The conditional update claims each payment once, however many sweeps run at the same time.
    const claimed = await tx
      .update(t.payments)
      .set({ status: 'cancelado', updatedAt: now })
      .where(overdueFilter(churchId, now))
      .returning({ id: t.payments.id });
    const ids = claimed.map((p) => p.id);
    return { freed: await releasePayments(tx, ids, 'cancelado'), ids };
  });
  const cancels = cancelAtGateways(db, ids).catch(() => 0);
  if (gatewayCancels === 'await') await cancels;
  return freed;
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
