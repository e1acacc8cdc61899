// Play subscriptions renew by themselves (docs/play.md "Subscribing, cancelling, renewals": charged by the same scheduler as
// recurring gifts, once per period, across restarts and nodes), exactly as recurring gifts do
// (server/giving/recurring.ts): each due subscription is claimed with SELECT … FOR UPDATE SKIP LOCKED
// and charged in that same transaction through the shared pipeline, with the idempotency key
// `assinatura:{id}:{period}` and a unique (subscription, period) row in usuario_plano_assinatura_pagamento.
// A second process skips a claimed row; a process killed mid-charge rolls back and frees it.
// At a church whose card gateway is live the claim is the live charge's first commit and the gateway
// is asked after it, off-session, exactly as for recurring gifts (eachClaimedThenSent, docs/payments.md
// "Recurring gifts at a live gateway"); a payment still open is looked at again LIVE_WAIT_MS later.
// Approved → pago_ate moves one period on (on the plan the member switched to, if any). Declined (or no
// card, or the plan withdrawn) → tried again after recurring gifts' RETRY_DAYS (1, 3, 7 days), the member
// e-mailed each time and keeping access meanwhile (access.ts); after the last try the plan lapses
// ('expirado', e-mailed again). A cancelled one ends as 'cancelado' at pago_ate. A plan without renewal
// (no card) is warned a week before it ends (end-notice.ts).
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { messageLangOfLocale } from '../../contract/messages/index.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { givingChurch } from '../giving/donation.ts';
// the one retry rule of charges that run by themselves: recurring gifts' schedule, not a copy
import { LIVE_WAIT_MS, needsAuthentication, RETRY_DAYS } from '../giving/recurring.ts';
import { ApiProblem } from '../http/errors.ts';
import type { ClaimOptions } from '../jobs/claim.ts';
import { eachClaimedThenSent, type LiveSend, type SentPayment } from '../jobs/claim-live.ts';
import type { Mail } from '../mail/outbox.ts';
import { log } from '../log.ts';
import { liveAdapterFor } from '../payments/gateway-accounts.ts';
import { openLiveCharge } from '../payments/live.ts';
import { checkPayment, chargePayment, reservePayment, type Payer } from '../payments/pipeline.ts';
import { warnEndingSubscriptions } from './end-notice.ts';
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
const OPEN: PaymentStatus[] = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

type Subscription = typeof t.playSubscriptions.$inferSelect;

/** The `periodo` of a renewal's payment row: the pago_ate it extends, with `#n` for the nth retry. */
export const renewalPeriod = (paidUntil: Date, attempt: number) =>
  attempt === 0 ? paidUntil.toISOString() : `${paidUntil.toISOString()}#${attempt}`;

/** After `tries` declines in a row: when to try again, or null when that was the last try (the plan lapses). */
export function nextRetry(now: Date, tries: number): Date | null {
  const days = RETRY_DAYS[tries - 1];
  return days === undefined ? null : new Date(now.getTime() + days * DAY);
}

/** Charges every subscription due at `now`, each in its own claim, lapses the ones whose period ended, and warns the ones ending without renewal. */
export async function renewDueSubscriptions(
  db: Database,
  now: Date,
  options: RenewOptions,
): Promise<RenewOutcome[]> {
  const outcomes = await eachClaimedThenSent(
    db,
    now,
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
    (tx, send, payment, mails) => settleSent(tx, send, payment, now, mails, options.settings),
  );
  await lapseEnded(db, now, options);
  await warnEndingSubscriptions(db, now, options);
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
    v: { name: string; church: string; plan: string; paidUntil: Date; zone: string; link: string },
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
    zone: church.timeZone,
    link: `${churchHomeUrl(church.code, settings)}/play/plans`,
  });
}

/** The church, the plan the subscription is on, and the plan this renewal charges (a switch takes effect now). */
async function renewalParties(tx: Tx, sub: Subscription) {
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
  return { church, current, plan };
}
type Parties = Awaited<ReturnType<typeof renewalParties>>;

async function renewOne(
  tx: Tx,
  sub: Subscription,
  now: Date,
  mails: Mail[],
  settings: RenewOptions['settings'],
): Promise<RenewOutcome | { send: LiveSend<Subscription> }> {
  const paidUntil = sub.paidUntil!;
  const period = renewalPeriod(paidUntil, sub.failedTries);
  const parties = await renewalParties(tx, sub);
  const { church, plan } = parties;

  // This period and try already charged (by a run whose answer was lost, or a live charge sent): only move on.
  const [done] = await tx
    .select({
      id: t.payments.id,
      status: t.payments.status,
      message: t.payments.message,
      live: t.gatewayCharges.paymentId,
    })
    .from(t.playSubscriptionPayments)
    .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
    .leftJoin(t.gatewayCharges, eq(t.gatewayCharges.paymentId, t.payments.id))
    .where(
      and(
        eq(t.playSubscriptionPayments.subscriptionId, sub.id),
        eq(t.playSubscriptionPayments.period, period),
      ),
    );
  if (done) return settleRenewal(tx, sub, done, done.live !== null, now, mails, settings, parties);
  if (sub.cancelledAt) {
    // cancelled while nothing was being charged: no renewal (cancelSubscription keeps renovar_em only for an open one)
    await tx
      .update(t.playSubscriptions)
      .set({ renewAt: null })
      .where(eq(t.playSubscriptions.id, sub.id));
    return { subscriptionId: sub.id, period: paidUntil.toISOString(), status: 'cancelado' };
  }
  let status: string;
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
      offSession: true, // the saved card, the member not there
    };
    const order = renewalOrder({ church, plan, userId: sub.userId, payer }, sub.id, period);
    const checked = await checkPayment(tx, order, payer);
    // A live gateway: this transaction is the charge's first commit; the gateway is asked after it.
    const adapter = await liveAdapterFor(tx, church.id, checked);
    if (adapter) {
      const opened = await openLiveCharge(tx, order, payer, checked, now);
      if (!opened) throw new Error('idempotency key already used');
      await tx
        .update(t.playSubscriptions)
        .set({ renewAt: new Date(now.getTime() + LIVE_WAIT_MS) })
        .where(eq(t.playSubscriptions.id, sub.id));
      return { send: { row: sub, adapter, opened } };
    }
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
  return settleRenewal(tx, sub, { status, message: null }, false, now, mails, settings, parties);
}

/** After the live charge's first commit and the gateway's answer: the subscription renewed, retried, or left to wait. */
async function settleSent(
  tx: Tx,
  send: LiveSend<Subscription>,
  payment: SentPayment | undefined,
  now: Date,
  mails: Mail[],
  settings: RenewOptions['settings'],
): Promise<RenewOutcome> {
  // the subscription as the claim left it (the same period and try); a cancel meanwhile is read in settleRenewal
  const [sub] = await tx
    .select()
    .from(t.playSubscriptions)
    .where(
      and(
        eq(t.playSubscriptions.id, send.row.id),
        eq(t.playSubscriptions.status, 'ativo'),
        eq(t.playSubscriptions.paidUntil, send.row.paidUntil!),
        eq(t.playSubscriptions.failedTries, send.row.failedTries),
      ),
    )
    .for('update');
  if (!sub || !payment)
    return {
      subscriptionId: send.row.id,
      period: send.row.paidUntil!.toISOString(),
      status: payment?.status ?? 'pendente',
    };
  const parties = await renewalParties(tx, sub);
  return settleRenewal(tx, sub, payment, true, now, mails, settings, parties);
}

/** What a renewal's charge means for its subscription: one period on, a retry (and e-mail), or a wait. */
async function settleRenewal(
  tx: Tx,
  sub: Subscription,
  payment: { status: string; message: string | null },
  live: boolean,
  now: Date,
  mails: Mail[],
  settings: RenewOptions['settings'],
  { church, current, plan }: Parties,
): Promise<RenewOutcome> {
  const paidUntil = sub.paidUntil!;
  const attempt = sub.failedTries;
  const { status } = payment;
  const outcome = { subscriptionId: sub.id, period: paidUntil.toISOString(), status };

  if (live && OPEN.includes(status as PaymentStatus)) {
    // The gateway has not said yet (no answer, 5xx): the reconciliation job asks it; look again later.
    await tx
      .update(t.playSubscriptions)
      .set({ renewAt: new Date(now.getTime() + LIVE_WAIT_MS) })
      .where(eq(t.playSubscriptions.id, sub.id));
  } else if (status === 'aprovado' && plan) {
    // One period on from the old end; a subscription far behind (the job was down, or retries ran
    // past the end) starts again from now. Cancelled while it was charged: paid, but no further renewal.
    let next = periodEnd(paidUntil, plan.periodDays);
    if (next <= now) next = periodEnd(now, plan.periodDays);
    await tx
      .update(t.playSubscriptions)
      .set({
        planId: plan.id,
        nextPlanId: null,
        paidUntil: next,
        renewAt: sub.cancelledAt ? null : renewalTime(next, sub.cardId),
        failedTries: 0,
      })
      .where(eq(t.playSubscriptions.id, sub.id));
  } else if (sub.cancelledAt) {
    // Cancelled while a live renewal was open, and it did not go through: it ends at pago_ate.
    await tx
      .update(t.playSubscriptions)
      .set({ renewAt: null })
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
      const lang = messageLangOfLocale(church.locale);
      const link = `${churchHomeUrl(church.code, settings)}/play/my-plan`;
      mails.push(
        renewalDeclinedMail(lang, user.email, {
          name: user.name,
          church: church.name,
          plan: current.name,
          paidUntil,
          zone: church.timeZone,
          retryAt,
          now,
          link,
          needsAuthentication: needsAuthentication(payment.message, lang),
        }),
      );
    }
  }
  return outcome;
}
