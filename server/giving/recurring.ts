// Recurring gifts that run by themselves (docs/giving.md). The job runner (server/jobs/) makes
// sure one process runs this job at a time; on top of that every due gift is claimed in the
// database, one at a time, with SELECT … FOR UPDATE SKIP LOCKED, and charged inside that same
// transaction through the shared checkout pipeline with the idempotency key
// `recorrente:{gift}:{occurrence}:{try}` (also unique on pagamento). So a second process skips a
// gift being charged, and a process killed mid-charge leaves nothing behind: its transaction
// rolls back, the row lock goes with it, and the next run charges that occurrence once.
// At a church whose card gateway is live the claim's transaction is the live charge's first
// commit (docs/payments.md "How a live charge runs": the payment pending, the gift set aside for
// LIVE_WAIT_MS); the gateway is asked after it, off-session, and its answer settles the gift.
// A declined card is tried again RETRY_DAYS later; the donor is e-mailed each time, and after
// the last try the gift pauses.
// A try declined because the bank wants the donor there can be made by the donor, on-session,
// before the job reaches it (confirmGiftCharge); the job then settles the gift from that payment.
import { addDays, churchToday } from '../../common/time-zone.ts';
import { and, asc, eq, lte } from 'drizzle-orm';
import {
  MESSAGE_LANGS,
  messageLangOfLocale,
  type MessageLang,
} from '../../contract/messages/lang.ts';
import { paymentMessage } from '../../contract/messages/payments.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { ApiProblem } from '../http/errors.ts';
import type { ClaimOptions } from '../jobs/claim.ts';
import { eachClaimedThenSent, type LiveSend, type SentPayment } from '../jobs/claim-live.ts';
import type { Mail } from '../mail/outbox.ts';
import { liveAdapterFor } from '../payments/gateway-accounts.ts';
import { openLiveCharge } from '../payments/live.ts';
import { checkPayment, chargePayment, reservePayment, type Payer } from '../payments/pipeline.ts';
import { chargeTimeOf, donationOrder, givingChurch } from './donation.ts';
import { NO_CHURCH, zoneOfChurch } from '../church/church-clock.ts';
import { declinedMail } from './receipt-mail.ts';

/** Days after a declined charge before the next try; after the last one the gift pauses. */
export const RETRY_DAYS = [1, 3, 7] as const;
const DAY = 86_400_000;
/**
 * A gift whose live charge is open is looked at again this much later: by then the gateway has
 * answered, or the reconciliation job (docs/payments.md "Reconciliation") has asked it.
 */
export const LIVE_WAIT_MS = 15 * 60_000;
const OPEN: PaymentStatus[] = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];
/** Nothing was charged: the gift's decline path (a live charge the gateway never had is cancelled). */
const FAILED: string[] = ['nao_aprovado', 'cancelado'];

/** The job's mailer and settings (links in the donor's e-mails), and the test hooks. */
export type ChargeOptions = ClaimOptions;

export interface ChargeOutcome {
  giftId: number;
  occurrence: string;
  status: string;
  /** The payment of this try, when one was written. */
  paymentId?: number | null;
}

type Gift = typeof t.recurringGifts.$inferSelect;

/** Charges every gift due at `now`, each in its own claim; returns what happened. */
export async function chargeDueGifts(
  db: Database,
  now: Date,
  options: ChargeOptions,
): Promise<ChargeOutcome[]> {
  return eachClaimedThenSent(
    db,
    now,
    options,
    async (tx) =>
      (
        await tx
          .select()
          .from(t.recurringGifts)
          .where(and(eq(t.recurringGifts.status, 'ativa'), lte(t.recurringGifts.nextChargeAt, now)))
          .orderBy(asc(t.recurringGifts.nextChargeAt), asc(t.recurringGifts.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    (tx, gift, mails) => chargeOne(tx, gift, now, mails, options.settings),
    (tx, send, payment, mails) => settleSent(tx, send, payment, now, mails, options.settings),
  );
}

/** Who and where a gift's charge is for, and the language of its messages. */
async function giftParties(tx: Tx, gift: Gift) {
  const church = await givingChurch(tx, gift.churchId);
  const [user] = await tx.select().from(t.users).where(eq(t.users.id, gift.userId));
  return { church, user, lang: messageLangOfLocale(church?.locale) };
}

/**
 * The gift's next try: by the job (off-session), or `onSession` by the donor confirming it with
 * their bank (docs/payments.md "Recurring gifts at a live gateway"), which only opens a live charge.
 */
async function chargeOne(
  tx: Tx,
  gift: Gift,
  now: Date,
  mails: Mail[],
  settings: ChargeOptions['settings'],
  { onSession = false }: { onSession?: boolean } = {},
): Promise<ChargeOutcome | { send: LiveSend<Gift> }> {
  const parties = await giftParties(tx, gift);
  const { church, user, lang } = parties;
  const occurrence = gift.nextOccurrence;
  const attempt = gift.failedTries;
  const payer: Payer = {
    userId: gift.userId,
    method: 'cartao',
    installments: 1,
    card: gift.cardId ? { idCartao: gift.cardId } : undefined,
    saveCard: false,
    idempotencyKey: `recorrente:${gift.id}:${occurrence}:${attempt}`,
    fingerprint: { recorrente: gift.id, ocorrencia: occurrence, tentativa: attempt },
    lang,
    recurring: { giftId: gift.id, occurrence, attempt },
    offSession: !onSession,
  };

  // The occurrence and try already charged (by a run whose answer was lost): only move on.
  const [done] = await tx
    .select({ id: t.payments.id, status: t.payments.status, message: t.payments.message })
    .from(t.payments)
    .where(
      and(
        eq(t.payments.recurringGiftId, gift.id),
        eq(t.payments.occurrence, occurrence),
        eq(t.payments.attempt, attempt),
      ),
    );
  if (done) {
    const [live] = await tx
      .select({ paymentId: t.gatewayCharges.paymentId })
      .from(t.gatewayCharges)
      .where(eq(t.gatewayCharges.paymentId, done.id));
    return settleOccurrence(tx, gift, done, Boolean(live), now, mails, settings, parties);
  }
  try {
    if (!church || !user) throw new Error('church or donor gone');
    const order = await donationOrder(
      tx,
      church,
      {
        tipo: 'doacao',
        igreja: church.id,
        motivos: [{ motivo: gift.reasonId, valor: gift.amountCents / 100 }],
        flagUsuarioTaxa: gift.giverPaysFees,
        recorrencia: false,
        recorrenciaDias: gift.days,
        metodoPagamento: 'cartao',
        parcelas: 1,
        salvarCartao: false,
        ...(gift.cardId ? { cartao: { idCartao: gift.cardId } } : {}),
      },
      payer,
    );
    const checked = await checkPayment(tx, order, payer);
    // A live gateway: this transaction is the charge's first commit; the gateway is asked after it.
    const adapter = await liveAdapterFor(tx, church.id, checked);
    // only a live gateway's bank asks for the donor; the sandbox never declines for that
    if (onSession && !adapter) throw new ApiProblem(409, 'give.recurringNoConfirm');
    if (adapter) {
      const opened = await openLiveCharge(tx, order, payer, checked, now);
      if (!opened) throw new Error('idempotency key already used');
      // a gift paused after its last declined try runs again: the job settles it from this payment
      const row = onSession ? { ...gift, status: 'ativa' as const } : gift;
      await tx
        .update(t.recurringGifts)
        .set({
          nextChargeAt: new Date(now.getTime() + LIVE_WAIT_MS),
          ...(onSession ? { status: 'ativa' as const } : {}),
          updatedAt: now,
        })
        .where(eq(t.recurringGifts.id, gift.id));
      return { send: { row, adapter, opened } };
    }
    const claimId = await reservePayment(tx, order, payer, now);
    if (claimId === null) throw new Error('idempotency key already used');
    const answer = await chargePayment(tx, order, payer, checked, claimId, now);
    const [row] = await tx
      .select({ id: t.payments.id, status: t.payments.status, message: t.payments.message })
      .from(t.payments)
      .where(eq(t.payments.code, answer.body.pagamento.codigo));
    return settleOccurrence(
      tx,
      gift,
      row ?? { id: null, status: answer.body.pagamento.status, message: null },
      false,
      now,
      mails,
      settings,
      parties,
    );
  } catch (error) {
    // The donor is there: they are told why, and nothing is written.
    if (onSession) throw error;
    // No card, a card no longer valid, a reason gone: counts as a declined try, nothing charged.
    if (
      !(error instanceof ApiProblem) &&
      !(error instanceof Error && /gone|already used/.test(error.message))
    )
      throw error;
    return settleOccurrence(
      tx,
      gift,
      { id: null, status: 'nao_aprovado', message: null },
      false,
      now,
      mails,
      settings,
      parties,
    );
  }
}

/** After the live charge's first commit and the gateway's answer: the gift moved on or retried. */
async function settleSent(
  tx: Tx,
  send: LiveSend<Gift>,
  payment: SentPayment | undefined,
  now: Date,
  mails: Mail[],
  settings: ChargeOptions['settings'],
): Promise<ChargeOutcome> {
  // the gift as the claim left it: a donor who paused or changed it meanwhile is not moved
  const [gift] = await tx
    .select()
    .from(t.recurringGifts)
    .where(
      and(
        eq(t.recurringGifts.id, send.row.id),
        eq(t.recurringGifts.status, 'ativa'),
        eq(t.recurringGifts.nextOccurrence, send.row.nextOccurrence),
        eq(t.recurringGifts.failedTries, send.row.failedTries),
      ),
    )
    .for('update');
  if (!gift || !payment)
    return {
      giftId: send.row.id,
      occurrence: send.row.nextOccurrence,
      status: payment?.status ?? 'pendente',
      paymentId: send.opened.paymentId,
    };
  const parties = await giftParties(tx, gift);
  return settleOccurrence(tx, gift, payment, true, now, mails, settings, parties);
}

/** What a charged occurrence means for its gift: the next occurrence, a retry (and e-mail), or a wait. */
async function settleOccurrence(
  tx: Tx,
  gift: Gift,
  payment: { id: number | null; status: string; message: string | null },
  live: boolean,
  now: Date,
  mails: Mail[],
  settings: ChargeOptions['settings'],
  parties: Awaited<ReturnType<typeof giftParties>>,
): Promise<ChargeOutcome> {
  const { church, user, lang } = parties;
  const occurrence = gift.nextOccurrence;
  const attempt = gift.failedTries;
  const status = payment.status;
  const paymentId = payment.id;

  if (live && OPEN.includes(status as PaymentStatus)) {
    // The gateway has not said yet (no answer, 5xx): the reconciliation job asks it; look again later.
    await tx
      .update(t.recurringGifts)
      .set({ nextChargeAt: new Date(now.getTime() + LIVE_WAIT_MS), updatedAt: now })
      .where(eq(t.recurringGifts.id, gift.id));
  } else if (FAILED.includes(status)) {
    const tries = attempt + 1;
    const pause = tries > RETRY_DAYS.length;
    await tx
      .update(t.recurringGifts)
      .set({
        failedTries: tries,
        status: pause ? 'pausada' : 'ativa',
        nextChargeAt: pause
          ? gift.nextChargeAt
          : new Date(now.getTime() + RETRY_DAYS[attempt]! * DAY),
        lastPaymentId: paymentId ?? gift.lastPaymentId,
        updatedAt: now,
      })
      .where(eq(t.recurringGifts.id, gift.id));
    if (user && church) {
      const link = `${churchHomeUrl(church.code, settings)}/user/giving`;
      mails.push(
        declinedMail(lang, user.email, {
          name: user.firstName,
          church: church.name,
          amountCents: gift.amountCents,
          currency: church.currency,
          paused: pause,
          retryDays: pause ? 0 : RETRY_DAYS[attempt]!,
          link,
          reason: needsAuthentication(payment.message, lang) ? payment.message! : undefined,
        }),
      );
    }
  } else {
    // Approved or still processing: this occurrence is done; the next one is `days` later.
    // A gift far behind (e.g. its card kept failing) is not charged for every missed occurrence.
    let next = addDays(occurrence, gift.days);
    // the church's today (docs/giving.md "Which clock"); a church gone meanwhile keeps the default clock
    const zone = church?.timeZone ?? zoneOfChurch(NO_CHURCH);
    const today = churchToday(zone, now);
    if (next <= today) next = addDays(today, gift.days);
    await tx
      .update(t.recurringGifts)
      .set({
        nextOccurrence: next,
        nextChargeAt: chargeTimeOf(next, zone),
        failedTries: 0,
        lastPaymentId: paymentId,
        updatedAt: now,
      })
      .where(eq(t.recurringGifts.id, gift.id));
  }
  return { giftId: gift.id, occurrence, status, paymentId };
}

/** Where a gift's confirmation with the bank stands: needed, and the open payment already made for it. */
export async function confirmationOf(
  db: Database | Tx,
  gift: Gift,
): Promise<{ needed: boolean; openPaymentId: number | null }> {
  const none = { needed: false, openPaymentId: null };
  if (gift.status === 'cancelada' || gift.failedTries === 0 || gift.lastPaymentId === null)
    return none;
  const [last] = await db
    .select({ message: t.payments.message })
    .from(t.payments)
    .where(eq(t.payments.id, gift.lastPaymentId));
  if (!last || !MESSAGE_LANGS.some((lang) => needsAuthentication(last.message, lang))) return none;
  // the try the job would make next: made already (by the donor, or the job right now) or not yet
  const [next] = await db
    .select({ id: t.payments.id, status: t.payments.status })
    .from(t.payments)
    .where(
      and(
        eq(t.payments.recurringGiftId, gift.id),
        eq(t.payments.occurrence, gift.nextOccurrence),
        eq(t.payments.attempt, gift.failedTries),
      ),
    );
  if (!next) return { needed: true, openPaymentId: null };
  return OPEN.includes(next.status) ? { needed: true, openPaymentId: next.id } : none;
}

/**
 * The donor confirms a gift's declined charge with their bank (docs/payments.md "Recurring gifts
 * at a live gateway"): the gift's next try, made now on-session through the job's own claim and
 * charge, so the job later finds it made and settles the gift from it. A try already open is
 * answered as it is. 409 `give.recurringNoConfirm` when the gift has nothing to confirm.
 */
export async function confirmGiftCharge(
  db: Database,
  giftId: number,
  now: Date,
  options: ChargeOptions,
): Promise<{ paymentId: number; created: boolean }> {
  const open: { id: number | null } = { id: null };
  const [outcome] = await eachClaimedThenSent(
    db,
    now,
    { ...options, limit: 1 },
    async (tx) => {
      const [gift] = await tx
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId))
        .for('update');
      if (!gift) throw new ApiProblem(404, 'give.recurringNotFound');
      const state = await confirmationOf(tx, gift);
      if (!state.needed) throw new ApiProblem(409, 'give.recurringNoConfirm');
      open.id = state.openPaymentId;
      return open.id === null ? gift : undefined;
    },
    (tx, gift, mails) => chargeOne(tx, gift, now, mails, options.settings, { onSession: true }),
    (tx, send, payment, mails) => settleSent(tx, send, payment, now, mails, options.settings),
  );
  if (open.id !== null) return { paymentId: open.id, created: false };
  if (!outcome?.paymentId) throw new Error('the confirmation wrote no payment');
  return { paymentId: outcome.paymentId, created: true };
}

/** The payment was declined because the bank wants the payer there (Stripe `authentication_required`). */
export function needsAuthentication(message: string | null, lang: MessageLang): boolean {
  return (
    message !== null &&
    (message === paymentMessage(lang, 'pay.cardNeedsAuthentication') ||
      message === paymentMessage(lang, 'pay.cardNeedsAuthenticationPlan'))
  );
}
