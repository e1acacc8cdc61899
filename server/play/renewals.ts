// Play subscriptions renew by themselves (docs/play.md "Subscribing, cancelling, renewals": charged by the same scheduler as
// recurring gifts, once per period, across restarts and nodes"), exactly as recurring gifts do
// (server/giving/recurring.ts): each due subscription is claimed with SELECT … FOR UPDATE SKIP LOCKED
// and charged in that same transaction through the shared pipeline, with the idempotency key
// `assinatura:{id}:{period}` and a unique (subscription, period) row in usuario_plano_assinatura_pagamento.
// A second process skips a claimed row; a process killed mid-charge rolls back and frees it.
// Approved → pago_ate moves one period on. Declined (or no card, or the plan withdrawn) → no more
// renewals: access lasts until pago_ate, then the subscription lapses ('expirado'), and the member is
// e-mailed. A cancelled one ends as 'cancelado' at pago_ate.
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { messageLangOfLocale } from '../../contract/messages/index.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { givingChurch } from '../giving/donation.ts';
import { ApiProblem } from '../http/errors.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import type { Mail } from '../mail/outbox.ts';
import { checkPayment, chargePayment, reservePayment, type Payer } from '../payments/pipeline.ts';
import { renewalOrder } from './subscription.ts';
import { renewalDeclinedMail } from './subscription-mail.ts';
import { periodEnd, renewalTime } from './subscription-state.ts';

/** The job's mailer and settings (links in the member's e-mails), and the test hooks. */
export type RenewOptions = ClaimOptions;

export interface RenewOutcome {
  subscriptionId: number;
  /** The pago_ate the charge extends (ISO 8601). */
  period: string;
  status: string;
}

/** Charges every subscription due at `now`, each in its own claim, then lapses the ones whose period ended. */
export async function renewDueSubscriptions(
  db: Database,
  now: Date,
  options: RenewOptions,
): Promise<RenewOutcome[]> {
  const outcomes = await eachClaimed(
    db,
    options,
    async (tx) =>
      (
        await tx
          .select()
          .from(t.playSubscriptions)
          .where(
            and(
              eq(t.playSubscriptions.status, 'ativo'),
              isNotNull(t.playSubscriptions.paidUntil),
              lte(t.playSubscriptions.renewAt, now),
            ),
          )
          .orderBy(asc(t.playSubscriptions.renewAt), asc(t.playSubscriptions.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    (tx, sub, mails) => renewOne(tx, sub, now, mails, options.settings),
  );
  await lapseEnded(db, now);
  return outcomes;
}

/** Paid periods that ended without a renewal: cancelled ones end 'cancelado', the others lapse 'expirado'. */
async function lapseEnded(db: Database, now: Date): Promise<void> {
  const ended = and(
    eq(t.playSubscriptions.status, 'ativo'),
    isNull(t.playSubscriptions.renewAt),
    lte(t.playSubscriptions.paidUntil, now),
  );
  await db
    .update(t.playSubscriptions)
    .set({ status: 'cancelado' })
    .where(and(ended, isNotNull(t.playSubscriptions.cancelledAt)));
  await db
    .update(t.playSubscriptions)
    .set({ status: 'expirado' })
    .where(and(ended, isNull(t.playSubscriptions.cancelledAt)));
}

async function renewOne(
  tx: Tx,
  sub: typeof t.playSubscriptions.$inferSelect,
  now: Date,
  mails: Mail[],
  settings: RenewOptions['settings'],
): Promise<RenewOutcome> {
  const paidUntil = sub.paidUntil!;
  const period = paidUntil.toISOString();
  const church = await givingChurch(tx, sub.churchId);
  const [plan] = await tx
    .select()
    .from(t.playPlans)
    .where(and(eq(t.playPlans.id, sub.planId), eq(t.playPlans.churchId, sub.churchId)));

  // This period already charged (by a run whose answer was lost): only move on.
  const [done] = await tx
    .select({ status: t.payments.status })
    .from(t.playSubscriptionPayments)
    .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
    .where(
      and(
        eq(t.playSubscriptionPayments.subscriptionId, sub.id),
        eq(t.playSubscriptionPayments.period, period),
      ),
    );
  let status: string;
  if (done) status = done.status;
  else {
    try {
      if (!church || !plan?.active || sub.cardId === null)
        throw new Error('plan, church or card gone');
      const payer: Payer = {
        userId: sub.userId,
        method: 'cartao',
        installments: 1,
        card: { idCartao: sub.cardId },
        saveCard: false,
        idempotencyKey: `assinatura:${sub.id}:${period}`,
        fingerprint: { assinatura: sub.id, periodo: period },
        lang: messageLangOfLocale(church.locale),
      };
      const order = renewalOrder({ church, plan, userId: sub.userId, payer }, sub.id, period);
      const checked = await checkPayment(tx, order, payer);
      const claimId = await reservePayment(tx, order, payer, now);
      if (claimId === null) throw new Error('idempotency key already used');
      status = (await chargePayment(tx, order, payer, checked, claimId, now)).body.pagamento.status;
    } catch (error) {
      // A card no longer valid, a plan withdrawn: no renewal, nothing charged.
      if (
        !(error instanceof ApiProblem) &&
        !(error instanceof Error && /gone|already used/.test(error.message))
      )
        throw error;
      status = 'nao_aprovado';
    }
  }

  if (status === 'aprovado' && plan) {
    // One period on from the old end; a subscription far behind (the job was down) starts again from now.
    let next = periodEnd(paidUntil, plan.periodDays);
    if (next <= now) next = periodEnd(now, plan.periodDays);
    await tx
      .update(t.playSubscriptions)
      .set({ paidUntil: next, renewAt: renewalTime(next, sub.cardId) })
      .where(eq(t.playSubscriptions.id, sub.id));
  } else {
    // Only an approved charge pays a period: anything else stops renewals and the plan lapses at pago_ate.
    await tx
      .update(t.playSubscriptions)
      .set({ renewAt: null })
      .where(eq(t.playSubscriptions.id, sub.id));
    const [user] = await tx
      .select({ email: t.users.email, name: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.id, sub.userId));
    if (user && church && plan) {
      const link = `${churchHomeUrl(church.code, settings)}/play/plans`;
      mails.push(
        renewalDeclinedMail(messageLangOfLocale(church.locale), user.email, {
          name: user.name,
          church: church.name,
          plan: plan.name,
          paidUntil,
          link,
        }),
      );
    }
  }
  return { subscriptionId: sub.id, period, status };
}
