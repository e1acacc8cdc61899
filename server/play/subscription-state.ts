// What a payment does to the Play subscription it belongs to (docs/play.md "Subscribing, cancelling, renewals"), for the shared payment
// paths that move a payment's status later (sandbox, card challenge, Pix/slip paid, expiry, refusal):
// a first payment approved activates its pending subscription; cancelled or refused cancels it.
// Schema-only on purpose: server/payments/ imports it, and it imports nothing of the pipeline.
import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentSubscription } from '../../contract/payments.ts';
import { SUBSCRIPTION_STATUSES } from '../../contract/payments.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

type Reader = Pick<Database, 'select'>;

const DAY = 86_400_000;
/** Renewals are charged this long before the paid period ends, so access never stops while a card pays. */
export const RENEW_AHEAD_MS = DAY;
/** The `periodo` of a subscription's first payment (price + contracting fee). */
export const FIRST_PERIOD = 'adesao';

/** The end of a period of `days` that starts at `from`. */
export const periodEnd = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY);
/** When the renewal of a period ending at `paidUntil` is charged; null without a saved card. */
export const renewalTime = (paidUntil: Date, cardId: number | null): Date | null =>
  cardId === null ? null : new Date(paidUntil.getTime() - RENEW_AHEAD_MS);

/** A first payment was approved: its pending subscription becomes 'ativo', paid for one period from now. */
export async function activateSubscriptionOf(
  tx: Tx,
  paymentId: number,
  now = new Date(),
): Promise<void> {
  const [row] = await tx
    .select({ s: t.playSubscriptions, days: t.playPlans.periodDays })
    .from(t.playSubscriptionPayments)
    .innerJoin(
      t.playSubscriptions,
      eq(t.playSubscriptions.id, t.playSubscriptionPayments.subscriptionId),
    )
    .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId))
    .where(
      and(
        eq(t.playSubscriptionPayments.paymentId, paymentId),
        eq(t.playSubscriptionPayments.period, FIRST_PERIOD),
        eq(t.playSubscriptions.status, 'pendente'),
      ),
    );
  if (!row) return;
  const paidUntil = periodEnd(now, row.days);
  await tx
    .update(t.playSubscriptions)
    .set({ status: 'ativo', paidUntil, renewAt: renewalTime(paidUntil, row.s.cardId) })
    .where(and(eq(t.playSubscriptions.id, row.s.id), eq(t.playSubscriptions.status, 'pendente')));
}

/**
 * Payments cancelled, refused or refunded: a pending subscription they would have started is cancelled, never
 * activated; a refund (`estornado`, of the first payment or a renewal) also ends an active one at once.
 */
export async function cancelPendingSubscriptionsOf(
  tx: Tx,
  paymentIds: number[],
  status?: string,
  now = new Date(),
): Promise<void> {
  if (!paymentIds.length) return;
  const refund = status === 'estornado';
  const links = await tx
    .select({ id: t.playSubscriptionPayments.subscriptionId })
    .from(t.playSubscriptionPayments)
    .where(
      and(
        inArray(t.playSubscriptionPayments.paymentId, paymentIds),
        refund ? undefined : eq(t.playSubscriptionPayments.period, FIRST_PERIOD),
      ),
    );
  if (!links.length) return;
  await tx
    .update(t.playSubscriptions)
    .set({ status: 'cancelado', cancelledAt: now, renewAt: null })
    .where(
      and(
        inArray(
          t.playSubscriptions.id,
          links.map((l) => l.id),
        ),
        inArray(t.playSubscriptions.status, refund ? ['pendente', 'ativo'] : ['pendente']),
      ),
    );
}

/** The subscription a payment started or renewed, in the payment answer's shape; null for other payments. */
export async function paymentSubscriptionOf(
  db: Reader,
  paymentId: number,
): Promise<PaymentSubscription | null> {
  const [row] = await db
    .select({ s: t.playSubscriptions, p: t.playPlans })
    .from(t.playSubscriptionPayments)
    .innerJoin(
      t.playSubscriptions,
      eq(t.playSubscriptions.id, t.playSubscriptionPayments.subscriptionId),
    )
    .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId))
    .where(eq(t.playSubscriptionPayments.paymentId, paymentId));
  if (!row) return null;
  return {
    id: row.s.id,
    codigo: row.s.code,
    situacao: SUBSCRIPTION_STATUSES.find((x) => x === row.s.status) ?? 'pendente',
    pagoAte: row.s.paidUntil?.toISOString() ?? null,
    plano: { id: row.p.id, nome: row.p.name, periodicidadeDias: row.p.periodDays },
  };
}

/**
 * A live first payment approved with the card the gateway kept (Stripe's `cus_…|pm_…`, CardConnect's
 * reusable token): its subscription renews with that card, off-session (docs/play.md "Subscribing,
 * cancelling, renewals"), and starts renewing if it had no card yet.
 */
export async function keepSubscriptionCardOf(
  tx: Tx,
  paymentId: number,
  userId: number,
  savedToken: string,
): Promise<void> {
  const [row] = await tx
    .select({ s: t.playSubscriptions })
    .from(t.playSubscriptionPayments)
    .innerJoin(
      t.playSubscriptions,
      eq(t.playSubscriptions.id, t.playSubscriptionPayments.subscriptionId),
    )
    .where(
      and(
        eq(t.playSubscriptionPayments.paymentId, paymentId),
        eq(t.playSubscriptionPayments.period, FIRST_PERIOD),
        eq(t.playSubscriptions.userId, userId),
      ),
    );
  if (!row) return;
  const [kept] = await tx
    .select({ id: t.savedCards.id })
    .from(t.savedCards)
    .where(
      and(
        eq(t.savedCards.userId, userId),
        eq(t.savedCards.churchId, row.s.churchId),
        eq(t.savedCards.token, savedToken),
      ),
    );
  if (!kept) return;
  const s = row.s;
  const startsRenewing =
    s.status === 'ativo' && s.renewAt === null && s.cancelledAt === null && s.paidUntil !== null;
  await tx
    .update(t.playSubscriptions)
    .set({
      cardId: kept.id,
      ...(startsRenewing ? { renewAt: renewalTime(s.paidUntil!, kept.id) } : {}),
    })
    .where(eq(t.playSubscriptions.id, s.id));
}
