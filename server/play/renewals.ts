// Play subscriptions renew by themselves (docs/play.md "Subscribing, cancelling, renewals": charged by the same scheduler as
// recurring gifts, once per period, across restarts and nodes), exactly as recurring gifts do
// (server/giving/recurring.ts): each due subscription is claimed with SELECT … FOR UPDATE SKIP LOCKED
// and charged in that same transaction through the shared pipeline, with the idempotency key
// `assinatura:{id}:{period}` and a unique (subscription, period) row in usuario_plano_assinatura_pagamento.
// A second process skips a claimed row; a process killed mid-charge rolls back and frees it.
// Approved → pago_ate moves one period on (on the plan the member switched to, if any). Declined (or no
// card, or the plan withdrawn) → tried again after recurring gifts' RETRY_DAYS (1, 3, 7 days), the member
// e-mailed each time and keeping access meanwhile (access.ts); after the last try the plan lapses
// ('expirado', e-mailed again). A cancelled one ends as 'cancelado' at pago_ate.
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { messageLangOfLocale } from '../../contract/messages/index.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { givingChurch } from '../giving/donation.ts';
// the one retry rule of charges that run by themselves: recurring gifts' schedule, not a copy
import { RETRY_DAYS } from '../giving/recurring.ts';
import { ApiProblem } from '../http/errors.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import type { Mail } from '../mail/outbox.ts';
import { log } from '../log.ts';
import { checkPayment, chargePayment, reservePayment, type Payer } from '../payments/pipeline.ts';
import { renewalOrder } from './subscription.ts';
import { renewalDeclinedMail, subscriptionLapsedMail } from './subscription-mail.ts';
import { periodEnd, renewalTime } from './subscription-state.ts';

/** The job's mailer and settings (links in the member's e-mails), and the test hooks. */
export type RenewOptions = ClaimOptions;

export interface RenewOutcome {
  subscriptionId: number;
  /** The pago_ate the charge extends (ISO 8601). */
  period: string;
  status: string;
}

const DAY = 86_400_000;

/** The `periodo` of a renewal's payment row: the pago_ate it extends, with `#n` for the nth retry. */
export const renewalPeriod = (paidUntil: Date, attempt: number) =>
  attempt === 0 ? paidUntil.toISOString() : `${paidUntil.toISOString()}#${attempt}`;

/** After `tries` declines in a row: when to try again, or null when that was the last try (the plan lapses). */
export function nextRetry(now: Date, tries: number): Date | null {
  const days = RETRY_DAYS[tries - 1];
  return days === undefined ? null : new Date(now.getTime() + days * DAY);
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
  await lapseEnded(db, now, options);
  return outcomes;
}

/**
 * Paid periods that ended without a renewal: cancelled ones end 'cancelado', the others lapse 'expirado'.
 * A lapse after declined renewals is e-mailed (the UPDATE … RETURNING hands each row to one runner only).
 */
async function lapseEnded(db: Database, now: Date, options: RenewOptions): Promise<void> {
  const ended = and(
    eq(t.playSubscriptions.status, 'ativo'),
    isNull(t.playSubscriptions.renewAt),
    lte(t.playSubscriptions.paidUntil, now),
  );
  await db
    .update(t.playSubscriptions)
    .set({ status: 'cancelado' })
    .where(and(ended, isNotNull(t.playSubscriptions.cancelledAt)));
  const lapsed = await db
    .update(t.playSubscriptions)
    .set({ status: 'expirado' })
    .where(and(ended, isNull(t.playSubscriptions.cancelledAt)))
    .returning();
  for (const sub of lapsed.filter((s) => s.failedTries > 0)) {
    const mail = await memberMail(db, sub, options.settings, subscriptionLapsedMail);
    if (mail)
      await options.mailer
        .send(mail)
        .catch((error: unknown) => log.error({ err: error }, '[play] e-mail failed'));
  }
}

/** An e-mail to the subscription's member in the church's language, with a link to the plans (to subscribe again); null if gone. */
async function memberMail(
  db: Db,
  sub: typeof t.playSubscriptions.$inferSelect,
  settings: RenewOptions['settings'],
  make: (
    lang: ReturnType<typeof messageLangOfLocale>,
    to: string,
    v: { name: string; church: string; plan: string; paidUntil: Date; link: string },
  ) => Mail,
): Promise<Mail | null> {
  const church = await givingChurch(db, sub.churchId);
  const [row] = await db
    .select({ email: t.users.email, name: t.users.firstName, plan: t.playPlans.name })
    .from(t.users)
    .innerJoin(t.playPlans, eq(t.playPlans.id, sub.planId))
    .where(eq(t.users.id, sub.userId));
  if (!church || !row) return null;
  return make(messageLangOfLocale(church.locale), row.email, {
    name: row.name,
    church: church.name,
    plan: row.plan,
    paidUntil: sub.paidUntil!,
    link: `${churchHomeUrl(church.code, settings)}/play/plans`,
  });
}

async function renewOne(
  tx: Tx,
  sub: typeof t.playSubscriptions.$inferSelect,
  now: Date,
  mails: Mail[],
  settings: RenewOptions['settings'],
): Promise<RenewOutcome> {
  const paidUntil = sub.paidUntil!;
  const attempt = sub.failedTries;
  const period = renewalPeriod(paidUntil, attempt);
  const church = await givingChurch(tx, sub.churchId);
  const planRow = async (id: number | null) =>
    id === null
      ? undefined
      : (
          await tx
            .select()
            .from(t.playPlans)
            .where(and(eq(t.playPlans.id, id), eq(t.playPlans.churchId, sub.churchId)))
        )[0];
  const current = await planRow(sub.planId);
  // A plan switch takes effect at this renewal; a switched-to plan withdrawn since keeps the current one.
  const switched = await planRow(sub.nextPlanId);
  const plan = switched?.active ? switched : current;

  // This period and try already charged (by a run whose answer was lost): only move on.
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
      // A card no longer valid, a plan withdrawn: a declined try, nothing charged.
      if (
        !(error instanceof ApiProblem) &&
        !(error instanceof Error && /gone|already used/.test(error.message))
      )
        throw error;
      status = 'nao_aprovado';
    }
  }

  if (status === 'aprovado' && plan) {
    // One period on from the old end; a subscription far behind (the job was down, or retries ran
    // past the end) starts again from now.
    let next = periodEnd(paidUntil, plan.periodDays);
    if (next <= now) next = periodEnd(now, plan.periodDays);
    await tx
      .update(t.playSubscriptions)
      .set({
        planId: plan.id,
        nextPlanId: null,
        paidUntil: next,
        renewAt: renewalTime(next, sub.cardId),
        failedTries: 0,
      })
      .where(eq(t.playSubscriptions.id, sub.id));
  } else {
    // Only an approved charge pays a period: anything else is tried again after RETRY_DAYS, then the plan lapses.
    const tries = attempt + 1;
    const retryAt = nextRetry(now, tries);
    await tx
      .update(t.playSubscriptions)
      .set({ renewAt: retryAt, failedTries: tries })
      .where(eq(t.playSubscriptions.id, sub.id));
    const [user] = await tx
      .select({ email: t.users.email, name: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.id, sub.userId));
    if (user && church && current) {
      const link = `${churchHomeUrl(church.code, settings)}/play/my-plan`;
      mails.push(
        renewalDeclinedMail(messageLangOfLocale(church.locale), user.email, {
          name: user.name,
          church: church.name,
          plan: current.name,
          paidUntil,
          retryAt,
          now,
          link,
        }),
      );
    }
  }
  return { subscriptionId: sub.id, period: paidUntil.toISOString(), status };
}
