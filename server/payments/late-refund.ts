// Money paid at a live gateway for an order we had already closed (docs/payments.md "Paid after
// we cancelled"): the payment stays closed here, since statuses only move forward, and the
// reconciliation job gives the money back at the gateway, once, safe on two nodes.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { paymentMessage } from '../../contract/messages/payments.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { log } from '../log.ts';
import { liveAdapter } from './gateway-accounts.ts';
import { isGatewayId } from './gateways.ts';

const minutes = (n: number) => n * 60_000;
const retryDelay = (now: Date, since: Date) =>
  Math.min(minutes(360), Math.max(minutes(5), (now.getTime() - since.getTime()) / 4));

/** Closed here without the money: a gateway that says "paid" for one of these is paid back. */
const CLOSED_UNPAID: PaymentStatus[] = ['cancelado', 'nao_aprovado'];

/**
 * The gateway says a payment we had already cancelled or declined is paid (a Pix paid as our sweep
 * cancelled it, a 3-D Secure completed after we gave it up): it stays closed here (statuses only
 * move forward) and the money is owed back — the job gives it back at the gateway
 * (`refundPaidAfterClose`, docs/payments.md "Paid after we cancelled"). True when newly owed.
 */
export async function owePaidAfterClose(tx: Tx, paymentId: number, now: Date): Promise<boolean> {
  const [payment] = await tx
    .select({ status: t.payments.status })
    .from(t.payments)
    .where(eq(t.payments.id, paymentId));
  if (!payment || !CLOSED_UNPAID.includes(payment.status)) return false;
  const [owed] = await tx
    .update(t.gatewayCharges)
    .set({ refundDueAt: now })
    .where(
      and(
        eq(t.gatewayCharges.paymentId, paymentId),
        isNull(t.gatewayCharges.refundDueAt),
        isNull(t.gatewayCharges.refundedAt),
      ),
    )
    .returning({ request: t.gatewayCharges.request });
  if (!owed) return false;
  const lang = (owed.request as { lang?: MessageLang }).lang ?? 'pt';
  await tx
    .update(t.payments)
    .set({ message: paymentMessage(lang, 'pay.paidAfterCancel'), updatedAt: now })
    .where(eq(t.payments.id, paymentId));
  log.warn({ paymentId }, '[payments] paid at the gateway after it was closed here: refund owed');
  return true;
}

/**
 * One pass of the job's refunds of payments paid after we closed them: each owed refund is
 * claimed (a conditional update, so two nodes never refund twice) and asked of its gateway (the
 * order code keys the refund where the gateway takes a key); a failure is tried again later.
 */
export async function refundPaidAfterClose(db: Database, now = new Date(), limit = 25) {
  const due = await db
    .select({ charge: t.gatewayCharges, payment: t.payments })
    .from(t.gatewayCharges)
    .innerJoin(t.payments, eq(t.payments.id, t.gatewayCharges.paymentId))
    .where(and(lte(t.gatewayCharges.refundDueAt, now), isNull(t.gatewayCharges.refundedAt)))
    .orderBy(asc(t.gatewayCharges.refundDueAt))
    .limit(limit);
  let refunded = 0;
  for (const { charge, payment } of due) {
    const [claimed] = await db
      .update(t.gatewayCharges)
      // tried again later, less often as the charge ages (5 minutes up to 6 hours)
      .set({ refundDueAt: new Date(now.getTime() + retryDelay(now, charge.createdAt)) })
      .where(
        and(
          eq(t.gatewayCharges.paymentId, charge.paymentId),
          eq(t.gatewayCharges.refundDueAt, charge.refundDueAt!),
          isNull(t.gatewayCharges.refundedAt),
        ),
      )
      .returning({ paymentId: t.gatewayCharges.paymentId });
    if (!claimed) continue; // another node has it
    const adapter = isGatewayId(charge.gatewayId)
      ? await liveAdapter(db, charge.churchId, charge.gatewayId)
      : null;
    if (!adapter) continue; // the church left live mode: the treasurer gives it back by hand
    try {
      const reference =
        payment.gatewayReference ?? (await adapter.lookup(payment.code, null))?.reference;
      if (!reference || reference.startsWith('declined:')) continue;
      // given back already (a Zoop void or PicPay cancellation of a paid charge is its refund)
      const there = await adapter.lookup(payment.code, reference);
      if (there?.status === 'aprovado')
        await adapter.refund(reference, payment.totalCents, payment.code);
      await db
        .update(t.gatewayCharges)
        .set({ refundedAt: now, lastError: null })
        .where(eq(t.gatewayCharges.paymentId, charge.paymentId));
      refunded++;
    } catch (error) {
      log.warn(
        { errorName: (error as Error)?.name, paymentId: payment.id },
        '[payments] a payment made after its order was closed could not be refunded yet',
      );
      await db
        .update(t.gatewayCharges)
        .set({ lastError: `refund: ${(error as Error)?.name ?? 'error'}` })
        .where(eq(t.gatewayCharges.paymentId, charge.paymentId));
    }
  }
  return refunded;
}
