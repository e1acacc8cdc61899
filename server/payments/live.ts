// Charges through a church's live gateway (docs/payments.md "How a live charge runs"): the order
// and a pagamento_gateway row are committed before the gateway is asked, its answer is applied
// in a second transaction, and whatever is lost between the two (a crash, a timeout, a 5xx) is
// found by the reconciliation job or the gateway's webhook. Statuses only move forward.
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageLang } from '../../contract/messages/lang.ts';
import {
  declinedMessageKey,
  paymentMessage,
  type PaymentMessageKey,
} from '../../contract/messages/payments.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import { accountSettings } from '../auth/settings.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { ApiProblem } from '../http/errors.ts';
import { orderCode } from './codes.ts';
import { releasePayments } from './expiry.ts';
import { CHALLENGE_MINUTES, GATEWAYS, isGatewayId } from './gateways.ts';
import { loadPaymentResponse, receiptKey } from './payment-view.ts';
import type { CheckedPayment, Order, Payer, PaymentAnswer } from './pipeline.ts';
import { reservePayment, storedAnswer } from './pipeline.ts';
import { pixExpiry } from './pix.ts';
import { BOLETO_DAYS_TO_PAY } from './boleto.ts';
import { settlePayment } from './settle.ts';
import { owePaidAfterClose } from './late-refund.ts';
import { liveMemberCustomer, memberCustomerKey } from './gateway-customer.ts';
import { liveAdapter, webhookUrl } from './gateway-accounts.ts';
import { keepSubscriptionCardOf } from '../play/subscription-state.ts';
import {
  GatewayUnavailable,
  type GatewayAdapter,
  type LiveChargeInput,
  type LiveChargeResult,
} from './adapters/types.ts';
import { log } from '../log.ts';

const OPEN: PaymentStatus[] = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];
const OPEN_RANK: Partial<Record<PaymentStatus, number>> = {
  pendente: 0,
  aguardando: 1,
  em_aberto: 1,
  em_analise: 2,
};

/** The statuses a payment may move to `to` from: forward only, so paid never becomes pending. */
export function movableFrom(to: PaymentStatus): PaymentStatus[] {
  if (to === 'aprovado' || to === 'nao_aprovado' || to === 'cancelado') return OPEN;
  if (to === 'estornado') return ['aprovado'];
  const rank = OPEN_RANK[to];
  if (rank === undefined) return [];
  return OPEN.filter((s) => (OPEN_RANK[s] ?? 0) < rank); // pendente → aguardando → em_análise, never back
}

/** Moves a payment to `to` when that is forward from where it is; true when it moved. */
export async function applyStatus(
  tx: Tx,
  paymentId: number,
  to: PaymentStatus,
  now: Date,
): Promise<boolean> {
  const from = movableFrom(to);
  if (!from.length) return false;
  const [moved] = await tx
    .update(t.payments)
    .set({ status: to, updatedAt: now })
    .where(and(eq(t.payments.id, paymentId), inArray(t.payments.status, from)))
    .returning({ id: t.payments.id });
  if (!moved) return false;
  if (to === 'aprovado') await settlePayment(tx, paymentId, 'aprovado', now);
  else if (to === 'nao_aprovado' || to === 'cancelado' || to === 'estornado')
    await releasePayments(tx, [paymentId], to);
  return true;
}

const minutes = (n: number) => n * 60_000;
const reconcileAfter = () => minutes(accountSettings().PAYMENT_RECONCILE_MINUTES);

/** Test seam: runs between the gateway's answer and our commit (a crash there is what reconciliation is for). */
export const liveHooks: { afterGatewayAnswer?: (result: LiveChargeResult | null) => void } = {};

interface ChargeRequestRecord {
  lang: MessageLang;
  cardToken?: string;
  saveCard?: boolean;
  userId: number | null;
  returnUrl: string;
  notifyUrl: string;
  cardBrand?: string;
  cardLast4?: string;
  cardHolder?: string;
  cardExpiry?: string;
  /** A saved card charged with nobody there (a recurring gift, a Play renewal); a re-send keeps it so. */
  offSession?: boolean;
  /** The card the gateway said it keeps (`savedToken`), recorded before a later approval. */
  keptToken?: string;
  /** The member's customer at the gateway, recorded by charges opened before `cliente_gateway` (a re-send reuses it). */
  customer?: string;
}

/** A live charge whose first commit is made: what the gateway is then asked. */
export interface OpenedLiveCharge {
  paymentId: number;
  claimId: number;
  gatewayId: number;
  userId: number | null;
  input: LiveChargeInput;
}

/**
 * The first commit of a live charge, inside the caller's transaction (docs/payments.md "How a live
 * charge runs"): the idempotency key claimed, the stock reserved, the payment written `pendente`
 * with its order's records and a pagamento_gateway row; null when a twin already holds the key.
 */
export async function openLiveCharge(
  tx: Tx,
  order: Order,
  payer: Payer,
  checked: CheckedPayment,
  now: Date,
): Promise<OpenedLiveCharge | null> {
  const church = order.church;
  const { method, gatewayId, fees, plan, card } = checked;
  const code = orderCode(order.codePrefix);
  const origin = churchHomeUrl(church.code, accountSettings(), 'https');
  const returnUrl =
    payer.userId === null
      ? `${origin}/give/thank-you?pedido=${encodeURIComponent(code)}&chave=${encodeURIComponent(receiptKey(code))}`
      : `${origin}/user/payment/${code}`;
  // a job's charge of a saved card runs with nobody there (Stripe off_session, CardConnect card on file)
  const offSession = payer.offSession === true && card?.saved === true;
  // a Pix's validity, or a slip's due date (the expiry sweep gives an unpaid live slip up after it)
  const expiresAt =
    method === 'pix'
      ? pixExpiry(now)
      : method === 'boleto'
        ? new Date(now.getTime() + BOLETO_DAYS_TO_PAY * 86_400_000)
        : undefined;
  const request: ChargeRequestRecord = {
    lang: payer.lang,
    userId: payer.userId,
    returnUrl,
    notifyUrl: webhookUrl(church.code, church.id, gatewayId!),
    ...(offSession ? { offSession } : {}),
    ...(card
      ? {
          cardToken: card.token,
          saveCard: payer.saveCard && payer.userId !== null && !card.saved,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardHolder: card.holder,
          cardExpiry: card.expiry,
        }
      : {}),
  };
  // a gateway whose card token is itself the kept card names it now, so an approval found later (the job) keeps it
  if (
    request.saveCard &&
    card &&
    isGatewayId(gatewayId) &&
    'reusableCardToken' in GATEWAYS[gatewayId]
  )
    request.keptToken = card.token;
  const claimId = await reservePayment(tx, order, payer, now);
  if (claimId === null) return null;
  const [payment] = await tx
    .insert(t.payments)
    .values({
      churchId: church.id,
      userId: payer.userId,
      code,
      kind: order.kind,
      eventId: order.eventId,
      method,
      gatewayId,
      status: 'pendente',
      donorName: payer.donor?.name ?? null,
      donorEmail: payer.donor?.email ?? null,
      donorCpf: payer.donor?.cpf ?? null,
      recurringGiftId: payer.recurring?.giftId ?? null,
      occurrence: payer.recurring?.occurrence ?? null,
      attempt: payer.recurring?.attempt ?? null,
      subtotalCents: order.subtotalCents,
      feesCents: fees.feesCents,
      interestCents: plan.interestCents,
      totalCents: plan.totalCents,
      currency: order.currency,
      installments: plan.installments,
      installmentCents: plan.installmentCents,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      // an unanswered Pix stops holding seats at its validity, like any other (server/payments/expiry.ts)
      expiresAt: expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.payments.id });
  const paymentId = payment!.id;
  await order.record(tx, { paymentId, status: 'pendente', now, userId: payer.userId });
  await tx.insert(t.gatewayCharges).values({
    paymentId,
    churchId: church.id,
    gatewayId: gatewayId!,
    claimId,
    request: { ...request },
    nextCheckAt: new Date(now.getTime() + reconcileAfter()),
    createdAt: now,
  });
  const input: LiveChargeInput = {
    orderCode: code,
    churchId: church.id,
    method,
    totalCents: plan.totalCents,
    currency: order.currency,
    installments: plan.installments,
    now,
    cardToken: card?.token,
    cardExpiry: card?.expiry,
    saveCard: request.saveCard,
    offSession,
    customerKey: payer.userId === null ? undefined : memberCustomerKey(church.id, payer.userId),
    ach: payer.ach
      ? {
          routingNumber: payer.ach.numeroRoteamento,
          accountNumber: payer.ach.numeroConta,
          accountType: payer.ach.tipoConta,
        }
      : undefined,
    payer: {
      name: payer.donor?.name ?? card?.holder ?? null,
      email: payer.donor?.email ?? null,
      cpf: payer.donor?.cpf ?? null,
    },
    returnUrl,
    notifyUrl: request.notifyUrl,
    expiresAt,
  };
  return { paymentId, claimId, gatewayId: gatewayId!, userId: payer.userId, input };
}

/** After the first commit: the gateway (order code as its idempotency key), then the second commit. */
export async function sendLiveCharge(
  db: Database,
  adapter: GatewayAdapter,
  opened: OpenedLiveCharge,
  now: Date,
): Promise<LiveChargeResult | null> {
  const result = await askGateway(() =>
    chargeAsMember(db, adapter, opened.input, opened.gatewayId, opened.userId),
  );
  liveHooks.afterGatewayAnswer?.(result.answer);
  await finishLiveCharge(db, opened.paymentId, result, now);
  return result.answer;
}

/** check is done; reserve + a pending payment in one commit, then the gateway, then its answer. */
export async function runLivePayment(
  db: Database,
  order: Order,
  payer: Payer,
  checked: CheckedPayment,
  adapter: GatewayAdapter,
  now: Date,
): Promise<PaymentAnswer> {
  const opened = await db.transaction((tx) => openLiveCharge(tx, order, payer, checked, now));
  if (!opened) {
    const stored = await storedAnswer(db, order, payer);
    if (!stored) throw new ApiProblem(409, 'pay.keyReused');
    return stored;
  }
  await sendLiveCharge(db, adapter, opened, now);
  const body = await loadPaymentResponse(db, opened.paymentId);
  if (payer.userId === null) body.chaveRecibo = receiptKey(opened.input.orderCode);
  return { status: 201, body: JSON.parse(JSON.stringify(body)) as PaymentResponse };
}

/**
 * The gateway's charge; one that keeps a member's card first finds or makes the member's one
 * customer there (docs/payments.md "Saved cards"), so two first charges at once share it. A
 * customer the gateway refuses to make is a decline with nothing charged.
 */
async function chargeAsMember(
  db: Database,
  adapter: GatewayAdapter,
  input: LiveChargeInput,
  gatewayId: number,
  userId: number | null,
): Promise<LiveChargeResult> {
  if (input.saveCard && userId !== null && !input.customer && adapter.customer) {
    const customer = await liveMemberCustomer(
      db,
      adapter,
      { churchId: input.churchId, userId, gatewayId },
      { name: input.payer.name, email: input.payer.email },
    );
    if (!customer)
      return {
        status: 'nao_aprovado',
        reference: `declined:${input.orderCode}`,
        message: 'The gateway did not keep the customer.',
      };
    input = { ...input, customer };
  }
  return adapter.charge(input);
}

type Asked = { answer: LiveChargeResult | null; error: string | null };

/** A gateway call whose failure (timeout, 5xx, anything unexpected) is kept as "no answer". */
async function askGateway(call: () => Promise<LiveChargeResult | null>): Promise<Asked> {
  try {
    return { answer: await call(), error: null };
  } catch (error) {
    const message =
      error instanceof GatewayUnavailable ? error.message : `Unexpected: ${(error as Error)?.name}`;
    if (!(error instanceof GatewayUnavailable))
      log.error({ errorName: (error as Error)?.name }, '[payments] gateway call failed');
    return { answer: null, error: message };
  }
}

/** Applies a gateway's answer (or its silence) to a live payment and refreshes its stored answer. */
export async function finishLiveCharge(
  db: Database,
  paymentId: number,
  asked: Asked | { answer: LiveChargeResult; error?: null } | { giveUp: true },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(t.gatewayCharges)
      .innerJoin(t.payments, eq(t.payments.id, t.gatewayCharges.paymentId))
      .where(eq(t.gatewayCharges.paymentId, paymentId));
    if (!row) return;
    const charge = row.pagamento_gateway;
    const payment = row.pagamento;
    const request = charge.request as unknown as ChargeRequestRecord;
    const lang = request.lang ?? 'pt';
    const say = (key: PaymentMessageKey) => paymentMessage(lang, key);

    if ('giveUp' in asked) {
      if (await applyStatus(tx, paymentId, 'cancelado', now))
        await tx
          .update(t.payments)
          .set({ message: say('pay.gatewayFailed') })
          .where(eq(t.payments.id, paymentId));
    } else if (asked.answer) {
      const result = asked.answer;
      const declined = result.status === 'nao_aprovado';
      await tx
        .update(t.payments)
        .set({
          gatewayReference: result.reference,
          ...(result.pixCode ? { pixCode: result.pixCode } : {}),
          ...(result.boletoLine ? { boletoLine: result.boletoLine } : {}),
          ...(result.paymentUrl ? { paymentUrl: result.paymentUrl } : {}),
          ...(result.expiresAt
            ? { expiresAt: result.expiresAt }
            : result.status === 'em_aberto' && payment.method === 'cartao'
              ? { expiresAt: new Date(now.getTime() + minutes(CHALLENGE_MINUTES)) }
              : {}),
          message: declined
            ? say(
                result.needsAuthentication
                  ? payment.kind === 'assinatura'
                    ? 'pay.cardNeedsAuthenticationPlan'
                    : 'pay.cardNeedsAuthentication'
                  : declinedMessageKey(payment.method),
              )
            : null,
          updatedAt: now,
        })
        .where(eq(t.payments.id, paymentId));
      const moved = await applyStatus(tx, paymentId, result.status, now); // a webhook may have moved it first
      if (result.status === 'aprovado' && !moved) await owePaidAfterClose(tx, paymentId, now);
      // approved now, or already by a webhook: the card the gateway kept is saved and charged next
      await keepApprovedCard(tx, paymentId, result.savedToken);
      await tx
        .update(t.gatewayCharges)
        .set({
          answered: true,
          lastError: null,
          // a 3-D Secure charge names the card it will keep before it is approved (webhook or job)
          ...(result.savedToken && result.savedToken !== request.keptToken
            ? { request: { ...request, keptToken: result.savedToken } }
            : {}),
        })
        .where(eq(t.gatewayCharges.paymentId, paymentId));
    } else {
      // No answer: the order stays pending; the job asks again soon, and a retry reuses the same idempotency key.
      await tx
        .update(t.payments)
        .set({ message: say('pay.gatewayPending'), updatedAt: now })
        .where(and(eq(t.payments.id, paymentId), inArray(t.payments.status, OPEN)));
      await tx
        .update(t.gatewayCharges)
        .set({ lastError: asked.error, nextCheckAt: new Date(now.getTime() + minutes(1)) })
        .where(eq(t.gatewayCharges.paymentId, paymentId));
    }
    if (charge.claimId !== null) {
      const body = await loadPaymentResponse(tx, paymentId);
      if (payment.userId === null) body.chaveRecibo = receiptKey(payment.code);
      const status: ContentfulStatusCode = 201;
      await tx
        .update(t.paymentIdempotency)
        .set({ httpStatus: status, response: JSON.stringify(body) })
        .where(eq(t.paymentIdempotency.id, charge.claimId));
    }
  });
}

/**
 * Approved → the card the gateway kept is saved for the member and the recurring gift or Play
 * subscription this payment started charges it (docs/payments.md "Recurring gifts at a live
 * gateway"). Every path that approves a live charge calls it (our answer, the job, a webhook);
 * only a charge that asked to keep its card, and only a card the gateway kept (not Zoop's single-use token).
 */
export async function keepApprovedCard(
  tx: Tx,
  paymentId: number,
  savedToken: string | null | undefined,
): Promise<number | null> {
  const [row] = await tx
    .select({ charge: t.gatewayCharges, payment: t.payments })
    .from(t.gatewayCharges)
    .innerJoin(t.payments, eq(t.payments.id, t.gatewayCharges.paymentId))
    .where(eq(t.gatewayCharges.paymentId, paymentId));
  if (!row || row.payment.status !== 'aprovado') return null;
  const { charge, payment } = row;
  const request = charge.request as unknown as ChargeRequestRecord;
  const token = savedToken ?? request.keptToken;
  const userId = request.userId;
  if (!token || !request.saveCard || userId === null) return null;
  const mine = (value: string) =>
    and(
      eq(t.savedCards.userId, userId),
      eq(t.savedCards.churchId, payment.churchId),
      eq(t.savedCards.token, value),
    );
  let [kept] = await tx.select({ id: t.savedCards.id }).from(t.savedCards).where(mine(token));
  // the gift or subscription recorded the card as paid with (its bare token, which cannot be charged
  // again): that row becomes the kept card, or gives way to it, so the member sees the card once
  const [bare] =
    request.cardToken && request.cardToken !== token
      ? await tx
          .select({ id: t.savedCards.id })
          .from(t.savedCards)
          .where(and(mine(request.cardToken), eq(t.savedCards.gatewayId, charge.gatewayId)))
      : [];
  if (bare && !kept)
    [kept] = await tx
      .update(t.savedCards)
      .set({ token, mode: 'live' })
      .where(eq(t.savedCards.id, bare.id))
      .returning({ id: t.savedCards.id });
  else if (bare && kept) {
    await tx
      .update(t.recurringGifts)
      .set({ cardId: kept.id })
      .where(and(eq(t.recurringGifts.cardId, bare.id), eq(t.recurringGifts.userId, userId)));
    await tx
      .update(t.playSubscriptions)
      .set({ cardId: kept.id })
      .where(and(eq(t.playSubscriptions.cardId, bare.id), eq(t.playSubscriptions.userId, userId)));
    await tx.delete(t.savedCards).where(eq(t.savedCards.id, bare.id));
  }
  if (!kept) {
    await tx
      .insert(t.savedCards)
      .values({
        churchId: payment.churchId,
        userId,
        gatewayId: charge.gatewayId,
        token,
        brand: request.cardBrand ?? payment.cardBrand ?? 'unknown',
        last4: request.cardLast4 ?? payment.cardLast4 ?? '',
        holder: request.cardHolder ?? '',
        expiry: request.cardExpiry ?? '',
        mode: 'live', // charged only while this gateway is live here (docs/payments.md "Saved cards")
      })
      .onConflictDoNothing();
    [kept] = await tx.select({ id: t.savedCards.id }).from(t.savedCards).where(mine(token));
  }
  if (!kept) return null;
  // a card the live gateway says it kept is a live card, even when saved earlier as paid with (CardConnect)
  await tx.update(t.savedCards).set({ mode: 'live' }).where(eq(t.savedCards.id, kept.id));
  if (payment.recurringGiftId !== null)
    await tx
      .update(t.recurringGifts)
      .set({ cardId: kept.id })
      .where(
        and(
          eq(t.recurringGifts.id, payment.recurringGiftId),
          eq(t.recurringGifts.churchId, payment.churchId),
        ),
      );
  await keepSubscriptionCardOf(tx, paymentId, userId, token);
  return kept.id;
}

/** How long the job waits before asking again: doubling from N minutes, at most six hours. */
export function nextCheckDelay(checks: number): number {
  return Math.min(reconcileAfter() * 2 ** Math.min(checks, 10), minutes(360));
}

/** Retries of a create that never got an answer, before the order is given up (and nothing charged). */
export const MAX_CREATE_RETRIES = 5;

/**
 * One pass of the reconciliation job: each live payment still open whose check is due is
 * claimed (a conditional update, so two nodes never ask twice), asked of its gateway, and updated.
 */
export async function reconcileLivePayments(
  db: Database,
  now = new Date(),
  limit = 25,
): Promise<number> {
  const due = await db
    .select({ charge: t.gatewayCharges, payment: t.payments })
    .from(t.gatewayCharges)
    .innerJoin(t.payments, eq(t.payments.id, t.gatewayCharges.paymentId))
    .where(and(lte(t.gatewayCharges.nextCheckAt, now), inArray(t.payments.status, OPEN)))
    .orderBy(asc(t.gatewayCharges.nextCheckAt))
    .limit(limit);
  let settled = 0;
  for (const { charge, payment } of due) {
    const [claimed] = await db
      .update(t.gatewayCharges)
      .set({
        checks: charge.checks + 1,
        nextCheckAt: new Date(now.getTime() + nextCheckDelay(charge.checks + 1)),
      })
      .where(
        and(
          eq(t.gatewayCharges.paymentId, charge.paymentId),
          eq(t.gatewayCharges.nextCheckAt, charge.nextCheckAt),
        ),
      )
      .returning({ paymentId: t.gatewayCharges.paymentId });
    if (!claimed) continue; // another node has it
    const adapter = isGatewayId(charge.gatewayId)
      ? await liveAdapter(db, charge.churchId, charge.gatewayId)
      : null;
    if (!adapter) continue; // the church left live mode: the treasurer settles it by hand
    const request = charge.request as unknown as ChargeRequestRecord;
    const asked = await askGateway(async () => {
      const found = await adapter.lookup(payment.code, payment.gatewayReference);
      if (found || charge.answered) return found;
      // Never reached the gateway (or its answer was lost): the same create, the same idempotency key.
      if (charge.checks >= MAX_CREATE_RETRIES || !request.cardToken) return null;
      const input: LiveChargeInput = {
        orderCode: payment.code,
        churchId: payment.churchId,
        method: payment.method as LiveChargeInput['method'],
        totalCents: payment.totalCents,
        currency: payment.currency,
        installments: payment.installments,
        now,
        cardToken: request.cardToken,
        cardExpiry: request.cardExpiry,
        saveCard: request.saveCard,
        offSession: request.offSession,
        customerKey:
          request.userId === null ? undefined : memberCustomerKey(payment.churchId, request.userId),
        customer: request.customer,
        payer: {
          name: payment.donorName ?? request.cardHolder ?? null,
          email: payment.donorEmail,
          cpf: payment.donorCpf,
        },
        returnUrl: request.returnUrl,
        notifyUrl: request.notifyUrl,
      };
      return chargeAsMember(db, adapter, input, charge.gatewayId, request.userId ?? null);
    });
    if (asked.answer) {
      await finishLiveCharge(db, payment.id, asked, now);
      settled++;
    } else if (
      asked.error === null &&
      !charge.answered &&
      charge.checks + 1 >= MAX_CREATE_RETRIES
    ) {
      await finishLiveCharge(db, payment.id, { giveUp: true }, now); // the gateway never had it: nothing was charged
      settled++;
    } else if (asked.error !== null) {
      await db
        .update(t.gatewayCharges)
        .set({ lastError: asked.error })
        .where(eq(t.gatewayCharges.paymentId, payment.id));
    }
  }
  return settled;
}

/** Refunds a live payment at its gateway first; false when the payment is not a live one. */
export async function refundAtGateway(db: Database, paymentId: number): Promise<boolean> {
  const [row] = await db
    .select({ payment: t.payments, charge: t.gatewayCharges })
    .from(t.payments)
    .innerJoin(t.gatewayCharges, eq(t.gatewayCharges.paymentId, t.payments.id))
    .where(eq(t.payments.id, paymentId));
  if (!row || !row.payment.gatewayReference || !isGatewayId(row.charge.gatewayId)) return false;
  const adapter = await liveAdapter(db, row.payment.churchId, row.charge.gatewayId);
  if (!adapter) return false;
  await adapter.refund(row.payment.gatewayReference, row.payment.totalCents, row.payment.code);
  return true;
}

/** A verified webhook event, applied once: the event row and the status move share one transaction. */
export async function applyWebhookEvent(
  db: Database,
  churchId: number,
  gatewayId: number,
  event: {
    id: string;
    kind: string;
    reference: string | null;
    orderCode: string | null;
    status: PaymentStatus | null;
    savedToken?: string;
  },
  now = new Date(),
): Promise<{ duplicate: boolean; paymentId: number | null; moved: boolean }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(t.gatewayEvents)
      .values({ churchId, gatewayId, eventId: event.id, kind: event.kind, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: t.gatewayEvents.id });
    if (!fresh) return { duplicate: true, paymentId: null, moved: false };
    const keys = [
      event.reference ? eq(t.payments.gatewayReference, event.reference) : undefined,
      event.orderCode ? eq(t.payments.code, event.orderCode) : undefined,
    ].filter((k) => k !== undefined);
    if (!keys.length) return { duplicate: false, paymentId: null, moved: false };
    const [payment] = await tx
      .select({ id: t.payments.id, reference: t.payments.gatewayReference })
      .from(t.payments)
      .where(
        and(eq(t.payments.churchId, churchId), eq(t.payments.gatewayId, gatewayId), or(...keys)),
      );
    if (!payment) return { duplicate: false, paymentId: null, moved: false };
    await tx
      .update(t.gatewayEvents)
      .set({ paymentId: payment.id })
      .where(eq(t.gatewayEvents.id, fresh.id));
    // The webhook may beat our own commit of the gateway's answer: it brings the reference too.
    if (!payment.reference && event.reference)
      await tx
        .update(t.payments)
        .set({ gatewayReference: event.reference })
        .where(eq(t.payments.id, payment.id));
    const moved = event.status ? await applyStatus(tx, payment.id, event.status, now) : false;
    // paid there after we had cancelled or declined it here: the money is given back
    if (event.status === 'aprovado' && !moved) await owePaidAfterClose(tx, payment.id, now);
    // approved here after 3-D Secure: the card is kept as on every other approval path
    if (event.status === 'aprovado') await keepApprovedCard(tx, payment.id, event.savedToken);
    if (moved)
      await tx
        .update(t.gatewayCharges)
        .set({ answered: true })
        .where(eq(t.gatewayCharges.paymentId, payment.id));
    return { duplicate: false, paymentId: payment.id, moved };
  });
}
