// What leaving a church stops there (docs/accounts.md "Changing church", "Deleting an account"):
// its recurring gifts, its Play plan, its saved cards and its customer at the gateways. One rule for
// the member's deletion request and for the change of church, so money never keeps flowing to a
// church the member left, where they could no longer see or stop it.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ChangeChurchEffects } from '../../contract/user.ts';
import { churchCurrency } from '../../contract/payment-rules.ts';
import { churchToday } from '../../common/time-zone.ts';
import { clockColumns, NO_CHURCH, zoneOfChurch } from '../church/church-clock.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { deletedCardColumns, enqueueForgetCards } from '../payments/forget-card.task.ts';
import {
  deletedCustomerColumns,
  enqueueForgetCustomers,
} from '../payments/forget-customer.task.ts';
import { cancelSubscriptionsOf } from '../play/subscription.ts';

/** Recurring gifts that still charge: active, or paused after declined tries (a new card resumes them). */
const RUNNING_GIFTS = ['ativa', 'pausada'] as const;

/** What leaving `churchId` would stop for the member, read before they confirm (no write). */
export async function moneyRunningAt(
  db: Database | Tx,
  churchId: number,
  userId: number,
): Promise<ChangeChurchEffects> {
  const [church] = await db
    .select(clockColumns)
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  // A gift's next charge is 06:00 of its day on the church's clock (chargeTimeOf): that day is the
  // church's, which UTC's is not east of UTC+6.
  const zone = zoneOfChurch(church ?? NO_CHURCH);
  const day = (d: Date | null) => (d ? churchToday(zone, d) : null);
  const gifts = await db
    .select({
      id: t.recurringGifts.id,
      reason: t.paymentReasons.name,
      amountCents: t.recurringGifts.amountCents,
      days: t.recurringGifts.days,
      next: t.recurringGifts.nextChargeAt,
    })
    .from(t.recurringGifts)
    .innerJoin(t.paymentReasons, eq(t.paymentReasons.id, t.recurringGifts.reasonId))
    .where(
      and(
        eq(t.recurringGifts.churchId, churchId),
        eq(t.recurringGifts.userId, userId),
        inArray(t.recurringGifts.status, [...RUNNING_GIFTS]),
      ),
    )
    .orderBy(asc(t.recurringGifts.nextChargeAt));
  const [plan] = await db
    .select({
      name: t.playPlans.name,
      priceCents: t.playPlans.priceCents,
      paidUntil: t.playSubscriptions.paidUntil,
    })
    .from(t.playSubscriptions)
    .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId))
    .where(
      and(
        eq(t.playSubscriptions.churchId, churchId),
        eq(t.playSubscriptions.userId, userId),
        inArray(t.playSubscriptions.status, ['ativo', 'pendente']),
        isNull(t.playSubscriptions.cancelledAt),
      ),
    )
    .limit(1);
  const [membership] = await db
    .select({ roles: t.churchUsers.roles })
    .from(t.churchUsers)
    .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, userId)));
  return {
    moeda: churchCurrency(church?.country),
    doacoesRecorrentes: gifts.map((g) => ({
      id: g.id,
      motivo: g.reason,
      valor: g.amountCents / 100,
      dias: g.days,
      proximaData: day(g.next)!,
    })),
    assinaturaPlay: plan
      ? { plano: plan.name, valor: plan.priceCents / 100, pagoAte: day(plan.paidUntil) }
      : null,
    papeis: membership?.roles ?? [],
  };
}

/**
 * Stops the member's money at the church, in the caller's transaction: recurring gifts cancelled
 * (the UPDATE waits for a charge the job holds locked, so none starts after this commits), the
 * Play plan renews no more (its paid period is kept), saved cards and the gateway customer are
 * removed there and at the gateways after the commit. Returns what was running, for the e-mail.
 */
export async function stopMoneyAt(
  tx: Tx,
  churchId: number,
  userId: number,
): Promise<ChangeChurchEffects> {
  const running = await moneyRunningAt(tx, churchId, userId);
  const mine = <T extends { churchId: unknown; userId: unknown }>(table: T) =>
    and(eq(table.churchId as never, churchId), eq(table.userId as never, userId));
  await tx
    .update(t.recurringGifts)
    .set({ status: 'cancelada', cardId: null, updatedAt: new Date() })
    .where(mine(t.recurringGifts));
  await cancelSubscriptionsOf(tx, churchId, userId);
  // leaving the church takes its cards and gateway customer, there too (docs/payments.md "Saved cards")
  await enqueueForgetCards(
    tx,
    await tx.delete(t.savedCards).where(mine(t.savedCards)).returning(deletedCardColumns),
  );
  await enqueueForgetCustomers(
    tx,
    await tx
      .delete(t.gatewayCustomers)
      .where(mine(t.gatewayCustomers))
      .returning(deletedCustomerColumns),
  );
  return running;
}
