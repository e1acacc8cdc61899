// One checkout pipeline for every kind of order (docs/payments.md): event tickets, donations and Play
// subscriptions (server/play/subscription.ts). An order kind says what is bought (its
// value, its own rules, what it reserves and what it records); the pipeline does the rest the
// same way for all: method and gateway, Brazil-only methods, fees, installments, card,
// idempotency key, charge, payment row, saved card, stored answer. Three steps, none of which
// needs the HTTP request:
//   check   — everything that can be refused before touching the database's stock;
//   reserve — inside one transaction: claim the idempotency key, then the order's stock;
//   charge  — the gateway, the payment row and what the order records, in that same transaction.
// `runPayment` (run-payment.ts) runs them, or hands a live gateway's order to live.ts.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import { declinedMessageKey, paymentMessage } from '../../contract/messages/payments.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { LinkChurch } from '../auth/church-link.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { orderCode } from './codes.ts';
import {
  pickInstallments,
  quoteFees,
  type FeeQuote,
  type InstallmentOption,
  type PaymentMethodCode,
} from './fees.ts';
import { charge, gatewaySupports, type ChargeResult } from './gateways.ts';
import { loadPaymentResponse, receiptKey } from './payment-view.ts';
import { churchPixKey } from './pix-keys.ts';
import { liveAdapterFor } from './gateway-accounts.ts';
import { chargeableHere, gatewayModeOf } from './saved-cards.ts';
import { enqueuePaidMail } from './paid-mail.task.ts';

export interface OrderChurch {
  id: number;
  name: string;
  code: string;
  email: string | null;
  city: string | null;
}

export interface RecordContext {
  paymentId: number;
  status: PaymentStatus;
  now: Date;
  userId: number | null;
}

/** What differs between orders: what is bought, and its own rules. */
export interface Order {
  kind: 'evento' | 'doacao' | 'assinatura';
  /** Prefix of the order code people read (EV-…, DO-…, AS-…). */
  codePrefix: string;
  church: OrderChurch;
  currency: string;
  /** The value before fees; 0 makes a free order. */
  subtotalCents: number;
  /** spec §3 flagAssumirTaxasServico; for a gift, !flagUsuarioTaxa. */
  churchPaysFees: boolean;
  maxInstallments: number;
  interest: boolean;
  cashDaysToPay: number;
  eventId: number | null;
  /** A rule of this kind on the chosen method (e.g. PicPay's maximum per gift). */
  checkMethod?(method: PaymentMethodCode, fees: FeeQuote): void;
  /** Inside the transaction, before the charge: take what is limited (seats). Throws to refuse. */
  reserve?(tx: Tx, now: Date): Promise<void>;
  /** The charge was refused: give back what reserve took. */
  release?(tx: Tx): Promise<void>;
  /** What was bought, once the payment row exists (registrations, gift lines, recurring gift). */
  record(tx: Tx, ctx: RecordContext): Promise<void>;
}

export interface Payer {
  /** null: a visitor (only where the order kind allows it). */
  userId: number | null;
  donor?: { name: string; email: string; cpf: string | null } | null;
  method: PaymentMethodCode;
  installments: number;
  card?: { token?: string | undefined; idCartao?: number | undefined } | undefined;
  saveCard: boolean;
  ach?: { numeroConta: string; numeroRoteamento: string; tipoConta: string } | undefined;
  /** The billing address country the client sent; a member's address on file wins. */
  country?: string | undefined;
  idempotencyKey: string;
  /** The body as sent, so one key cannot be reused for a different order. */
  fingerprint: unknown;
  lang: MessageLang;
  /** An automatic charge of a recurring gift: its occurrence and try. */
  recurring?: { giftId: number; occurrence: string; attempt: number } | undefined;
  /** A saved card charged with nobody there (a recurring gift, a Play renewal): Stripe off_session, card on file. */
  offSession?: boolean | undefined;
}

export interface PaymentAnswer {
  status: ContentfulStatusCode;
  body: PaymentResponse;
}

/** What an order kind is told of the call that asks for it (never the HTTP request itself). */
export interface OrderCall {
  /** The caller of a valid token; null for a visitor, where the kind allows one. */
  user: AuthUser | null;
  lang: MessageLang;
  idempotencyKey: string;
  mailer: Mailer;
  /** The church's address for links sent by e-mail, preferring the host the call came to. */
  originOf(church: LinkChurch): Promise<string>;
  /** The caller's network address (TRUST_PROXY-aware), for the visitor limits; unknown off HTTP. */
  address?: string;
}

/** How every order kind (event tickets, a gift, a Play subscription) enters the pipeline. */
export type OrderEntry<Body> = (
  db: Database,
  call: OrderCall,
  body: Body,
) => Promise<PaymentAnswer>;

export interface CheckedPayment {
  method: PaymentMethodCode;
  gatewayId: number | null;
  fees: FeeQuote;
  plan: InstallmentOption;
  card: {
    token: string;
    behaviour: string;
    brand: string;
    last4: string;
    holder: string;
    expiry: string;
    saved: boolean;
  } | null;
}

const hashOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The stored answer of a key already used by this payer, or null; 422 when the body differs. */
export async function storedAnswer(
  db: Db,
  order: Pick<Order, 'church'>,
  payer: Payer,
): Promise<PaymentAnswer | null> {
  const owner =
    payer.userId === null
      ? and(isNull(t.paymentIdempotency.userId), eq(t.paymentIdempotency.churchId, order.church.id))
      : eq(t.paymentIdempotency.userId, payer.userId);
  const [row] = await db
    .select()
    .from(t.paymentIdempotency)
    .where(and(owner, eq(t.paymentIdempotency.key, payer.idempotencyKey)));
  if (!row) return null;
  if (row.requestHash !== hashOf(payer.fingerprint)) throw new ApiProblem(422, 'pay.keyReused');
  if (!row.httpStatus) return null; // claimed by a transaction that has not finished
  const stored =
    typeof row.response === 'string'
      ? (JSON.parse(row.response) as PaymentResponse)
      : (row.response as PaymentResponse);
  return { status: row.httpStatus as ContentfulStatusCode, body: stored };
}

/** Step 1: method, gateway, country, fees, installments and card, all refused before any write. */
export async function checkPayment(db: Db, order: Order, payer: Payer): Promise<CheckedPayment> {
  const churchId = order.church.id;
  let method = payer.method;
  if (order.subtotalCents === 0)
    method = 'gratuito'; // a free order needs no payment, whatever was chosen
  else if (method === 'gratuito') throw fieldProblem(400, 'metodoPagamento', 'pay.paidNeedsMethod');

  let gatewayId: number | null = null;
  if (method !== 'gratuito') {
    const [row] = await db
      .select({ gatewayId: t.churchPaymentMethods.gatewayId })
      .from(t.churchPaymentMethods)
      .where(
        and(
          eq(t.churchPaymentMethods.churchId, churchId),
          eq(t.churchPaymentMethods.code, method),
          eq(t.churchPaymentMethods.active, true),
        ),
      );
    if (!row || !gatewaySupports(row.gatewayId, method))
      throw fieldProblem(422, 'metodoPagamento', 'pay.methodUnavailable');
    gatewayId = row.gatewayId;
  }

  if (method === 'pix' || method === 'boleto') {
    // spec §5: Pix and bank slip are only for addresses in Brazil (a member's address on file).
    const [address] =
      payer.userId === null
        ? []
        : await db
            .select({ country: t.userAddresses.country })
            .from(t.userAddresses)
            .where(eq(t.userAddresses.userId, payer.userId))
            .orderBy(desc(t.userAddresses.id))
            .limit(1);
    const country = (address?.country ?? payer.country ?? '').toUpperCase();
    if (!country) throw fieldProblem(422, 'pais', 'pay.addressRequired');
    if (country !== 'BR') throw fieldProblem(422, 'metodoPagamento', 'pay.brazilOnly');
  }

  const fees = quoteFees(order.subtotalCents, method, order.churchPaysFees);
  order.checkMethod?.(method, fees);
  const plan = pickInstallments(
    fees.totalCents,
    method === 'cartao' ? order.maxInstallments : 1,
    order.interest,
    payer.installments,
  );
  if (!plan) throw fieldProblem(422, 'parcelas', 'pay.installmentsUnavailable');

  let card: CheckedPayment['card'] = null;
  if (method === 'cartao') {
    let token = payer.card?.token;
    let saved = false;
    let savedRow: typeof t.savedCards.$inferSelect | undefined;
    if (payer.card?.idCartao && payer.userId !== null) {
      const [s] = await db
        .select()
        .from(t.savedCards)
        .where(
          and(
            eq(t.savedCards.id, payer.card.idCartao),
            eq(t.savedCards.userId, payer.userId),
            eq(t.savedCards.churchId, churchId),
          ),
        );
      if (!s) throw fieldProblem(404, 'cartao', 'pay.cardNotFound');
      // only where it can be charged: a sandbox card means nothing to a live account (docs/payments.md "Saved cards")
      if (!chargeableHere(s, gatewayId, await gatewayModeOf(db, churchId, gatewayId)))
        throw fieldProblem(422, 'cartao', 'pay.cardOtherGateway');
      token = s.token;
      saved = true;
      savedRow = s;
    }
    const owner =
      payer.userId === null ? isNull(t.cardTokens.userId) : eq(t.cardTokens.userId, payer.userId);
    const [vault] = token
      ? await db
          .select()
          .from(t.cardTokens)
          .where(and(eq(t.cardTokens.token, token), eq(t.cardTokens.churchId, churchId), owner))
      : [];
    // A card a live gateway kept (Stripe's `cus_…|pm_…`) has no token row of ours: the saved card
    // stands for it (and the sandbox, which only knows its own tokens, declines it).
    if (!vault && savedRow && savedRow.gatewayId === gatewayId)
      card = {
        token: savedRow.token,
        behaviour: 'decline',
        brand: savedRow.brand,
        last4: savedRow.last4,
        holder: savedRow.holder,
        expiry: savedRow.expiry,
        saved,
      };
    else if (!vault || vault.gatewayId !== gatewayId)
      throw fieldProblem(422, 'cartao', 'pay.cardInvalid');
    else
      card = {
        token: vault.token,
        behaviour: vault.behaviour,
        brand: vault.brand,
        last4: vault.last4,
        holder: vault.holder,
        expiry: vault.expiry,
        saved,
      };
  }
  return { method, gatewayId, fees, plan, card };
}

/** Step 2, inside the transaction: claim the key (null: a twin already holds it), then the order's stock. */
export async function reservePayment(
  tx: Tx,
  order: Order,
  payer: Payer,
  now: Date,
): Promise<number | null> {
  // A concurrent twin blocks here until this transaction ends, then finds the row.
  const claimed = await tx
    .insert(t.paymentIdempotency)
    .values({
      churchId: order.church.id,
      userId: payer.userId,
      key: payer.idempotencyKey,
      requestHash: hashOf(payer.fingerprint),
      httpStatus: 0,
      response: {},
    })
    .onConflictDoNothing()
    .returning({ id: t.paymentIdempotency.id });
  if (!claimed.length) return null;
  await order.reserve?.(tx, now);
  return claimed[0]!.id;
}

/** Step 3, in the same transaction: the gateway, the payment row, the order's records, the answer. */
export async function chargePayment(
  tx: Tx,
  order: Order,
  payer: Payer,
  checked: CheckedPayment,
  claimId: number,
  now: Date,
): Promise<PaymentAnswer> {
  const { method, gatewayId, fees, plan, card } = checked;
  const code = orderCode(order.codePrefix);
  const church = order.church;
  // A live gateway is never answered by the sandbox: callers open a live charge instead (live.ts).
  if (await liveAdapterFor(tx, church.id, checked)) throw new ApiProblem(503, 'pay.gatewayPending');
  const result: ChargeResult = charge({
    method,
    gatewayId,
    orderCode: code,
    totalCents: plan.totalCents,
    now,
    card: card ? { behaviour: card.behaviour as never } : undefined,
    ach: payer.ach
      ? { routingNumber: payer.ach.numeroRoteamento, accountNumber: payer.ach.numeroConta }
      : undefined,
    pixReceiver: {
      // the treasurer's Pix key (/admin/gateways); before one is entered, the church's e-mail
      key:
        (method === 'pix' ? (await churchPixKey(tx, church.id))?.key : null) ??
        church.email ??
        `pix@${church.code}.demo`,
      name: church.name,
      city: church.city ?? 'Brasil',
    },
    cashDaysToPay: order.cashDaysToPay,
    // a visitor has no status page behind a login: the sandbox's PicPay page is their receipt page
    payerPage:
      payer.userId === null
        ? `/give/thank-you?pedido=${encodeURIComponent(code)}&chave=${encodeURIComponent(receiptKey(code))}`
        : undefined,
  });
  const refused = result.status === 'nao_aprovado';
  if (refused) await order.release?.(tx); // a refused payment charges nothing and keeps nothing
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
      status: result.status,
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
      gatewayReference: result.reference,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      pixCode: result.pixCode ?? null,
      boletoLine: result.boletoLine ?? null,
      paymentUrl: result.paymentUrl ?? null,
      expiresAt: result.expiresAt ?? null,
      message: refused ? paymentMessage(payer.lang, declinedMessageKey(method)) : null,
      paidAt: result.status === 'aprovado' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.payments.id });
  const paymentId = payment!.id;
  if (!refused)
    await order.record(tx, { paymentId, status: result.status, now, userId: payer.userId });
  // Paid at once: the tickets or a visitor's receipt go after this commit (paid-mail.task.ts).
  if (result.status === 'aprovado')
    await enqueuePaidMail(
      tx,
      { id: paymentId, churchId: church.id, kind: order.kind, userId: payer.userId },
      payer.lang,
    );
  if (
    card &&
    !card.saved &&
    payer.saveCard &&
    payer.userId !== null &&
    result.status === 'aprovado'
  ) {
    await tx
      .insert(t.savedCards)
      .values({
        churchId: church.id,
        userId: payer.userId,
        gatewayId: gatewayId!,
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        holder: card.holder,
        expiry: card.expiry,
      })
      .onConflictDoNothing();
  }
  const body = await loadPaymentResponse(tx, paymentId);
  if (payer.userId === null) body.chaveRecibo = receiptKey(code);
  const status: ContentfulStatusCode = 201;
  // Kept as the exact JSON text (jsonb would reorder keys), so every replay is byte-identical.
  await tx
    .update(t.paymentIdempotency)
    .set({ httpStatus: status, response: JSON.stringify(body) })
    .where(eq(t.paymentIdempotency.id, claimId));
  return { status, body: JSON.parse(JSON.stringify(body)) as PaymentResponse };
}
