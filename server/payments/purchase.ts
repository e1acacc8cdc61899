// Buying event tickets (POST /pagamento/ and free registrations): checks, then one transaction
// that claims the idempotency key, takes the seats with a conditional UPDATE (never oversells,
// DESIGN.md §4), charges the sandbox gateway and writes payment and registrations together.
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { messageLang } from '../../contract/account-messages.ts';
import type { PaymentBody, PaymentResponse } from '../../contract/payments.ts';
import { paymentMessage, type PaymentMessageKey } from '../../contract/payment-messages.ts';
import { ticketChoicesSchema } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { ApiProblem } from '../http/errors.ts';
import { orderCode } from './codes.ts';
import { pickInstallments, quoteFees, type PaymentMethodCode } from './fees.ts';
import { charge, gatewaySupports, type ChargeResult } from './gateways.ts';
import { loadPaymentResponse } from './payment-view.ts';
import { expireOverduePix } from './expiry.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An API error in the request's language. */
export function payProblem(c: Context, status: ContentfulStatusCode, key: PaymentMessageKey, values?: Record<string, string | number>, errors?: Record<string, string[]>): ApiProblem {
  return new ApiProblem(status, paymentMessage(messageLang(c.req.header('accept-language')), key, values), errors);
}

export interface PurchaseInput {
  userId: number;
  eventId: number;
  choices: z.output<typeof ticketChoicesSchema>;
  method: PaymentMethodCode;
  installments: number;
  card?: { token?: string | undefined; idCartao?: number | undefined } | undefined;
  saveCard: boolean;
  ach?: { numeroConta: string; numeroRoteamento: string; tipoConta: string } | undefined;
  country?: string | undefined;
  idempotencyKey: string;
  /** The body as sent, so one key cannot be reused for a different purchase. */
  fingerprint: unknown;
}

export interface PurchaseAnswer {
  status: ContentfulStatusCode;
  body: PaymentResponse;
}

const HOLDER_STATUSES = ['pendente', 'confirmada'];

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Everything that can be refused before touching stock: answers, method, country, card, installments. */
export async function purchase(db: Database, c: Context, input: PurchaseInput): Promise<PurchaseAnswer> {
  const now = new Date();
  const [event] = await db
    .select({ event: t.events, church: t.churches })
    .from(t.events)
    .innerJoin(t.churches, eq(t.churches.id, t.events.churchId))
    .where(and(eq(t.events.id, input.eventId), eq(t.events.active, true), eq(t.churches.active, true)));
  if (!event) throw payProblem(c, 404, 'pay.eventNotFound');
  const churchId = event.church.id;

  // A member of another church gets nothing of this one.
  const [membership] = await db
    .select({ active: t.churchUsers.active })
    .from(t.churchUsers)
    .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, input.userId)));
  if (!membership?.active) throw new ApiProblem(403, paymentMessage(messageLang(c.req.header('accept-language')), 'pay.eventNotFound'));

  // Replays of a finished purchase answer at once, before any check that could now differ.
  const replay = await storedAnswer(db, c, input);
  if (replay) return replay;

  if (!event.event.registrationOpen || now > event.event.endsAt) throw payProblem(c, 422, 'pay.eventClosed');
  await expireOverduePix(db, churchId, now);

  const ticketIds = [...new Set(input.choices.map((ch) => ch.ingresso))];
  const ticketRows = await db
    .select()
    .from(t.tickets)
    .where(and(eq(t.tickets.churchId, churchId), eq(t.tickets.eventId, event.event.id), inArray(t.tickets.id, ticketIds), eq(t.tickets.active, true)));
  const byId = new Map(ticketRows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  const lang = messageLang(c.req.header('accept-language'));
  const wanted = new Map<number, number>();
  input.choices.forEach((choice, i) => {
    const ticket = byId.get(choice.ingresso);
    if (!ticket) {
      errors[`ingressos.${i}.ingresso`] = [paymentMessage(lang, 'pay.ticketNotFound')];
      return;
    }
    wanted.set(ticket.id, (wanted.get(ticket.id) ?? 0) + choice.titulares.length);
    choice.titulares.forEach((holder, h) => {
      for (const q of ticket.questions) {
        const answer = holder.respostas[q.id]?.trim() ?? '';
        const key = `ingressos.${i}.titulares.${h}.respostas.${q.id}`;
        if (q.required && !answer) errors[key] = [paymentMessage(lang, 'pay.answerRequired', { question: q.label })];
        else if (answer && q.type === 'select' && q.options && !q.options.includes(answer)) errors[key] = [paymentMessage(lang, 'pay.answerInvalid', { question: q.label })];
      }
    });
  });
  if (Object.keys(errors).length) throw new ApiProblem(400, Object.values(errors)[0]![0]!, errors);

  const subtotal = [...wanted].reduce((sum, [id, n]) => sum + byId.get(id)!.priceCents * n, 0);
  let method = input.method;
  if (subtotal === 0) method = 'gratuito'; // a free event needs no payment, whatever was chosen
  else if (method === 'gratuito') throw payProblem(c, 400, 'pay.paidNeedsMethod', undefined, { metodoPagamento: [paymentMessage(lang, 'pay.paidNeedsMethod')] });

  let gatewayId: number | null = null;
  if (method !== 'gratuito') {
    const [row] = await db
      .select({ gatewayId: t.churchPaymentMethods.gatewayId })
      .from(t.churchPaymentMethods)
      .where(and(eq(t.churchPaymentMethods.churchId, churchId), eq(t.churchPaymentMethods.code, method), eq(t.churchPaymentMethods.active, true)));
    if (!row || !gatewaySupports(row.gatewayId, method)) {
      throw payProblem(c, 422, 'pay.methodUnavailable', undefined, { metodoPagamento: [paymentMessage(lang, 'pay.methodUnavailable')] });
    }
    gatewayId = row.gatewayId;
  }

  if (method === 'pix' || method === 'boleto') {
    // spec §5: Pix and bank slip are only for addresses in Brazil (the member's address on file).
    const [address] = await db
      .select({ country: t.userAddresses.country })
      .from(t.userAddresses)
      .where(eq(t.userAddresses.userId, input.userId))
      .orderBy(desc(t.userAddresses.id))
      .limit(1);
    const country = (address?.country ?? input.country ?? '').toUpperCase();
    if (!country) throw payProblem(c, 422, 'pay.addressRequired', undefined, { pais: [paymentMessage(lang, 'pay.addressRequired')] });
    if (country !== 'BR') throw payProblem(c, 422, 'pay.brazilOnly', undefined, { metodoPagamento: [paymentMessage(lang, 'pay.brazilOnly')] });
  }

  const fees = quoteFees(subtotal, method, event.event.churchPaysFees);
  const plan = pickInstallments(fees.totalCents, method === 'cartao' ? event.event.maxInstallments : 1, event.event.interest, input.installments);
  if (!plan) throw payProblem(c, 422, 'pay.installmentsUnavailable', undefined, { parcelas: [paymentMessage(lang, 'pay.installmentsUnavailable')] });

  let card: { token: string; behaviour: string; brand: string; last4: string; holder: string; expiry: string; saved: boolean } | null = null;
  if (method === 'cartao') {
    let token = input.card?.token;
    let saved = false;
    if (input.card?.idCartao) {
      const [s] = await db
        .select({ token: t.savedCards.token })
        .from(t.savedCards)
        .where(and(eq(t.savedCards.id, input.card.idCartao), eq(t.savedCards.userId, input.userId), eq(t.savedCards.churchId, churchId)));
      if (!s) throw payProblem(c, 404, 'pay.cardNotFound', undefined, { cartao: [paymentMessage(lang, 'pay.cardNotFound')] });
      token = s.token;
      saved = true;
    }
    const [vault] = token
      ? await db.select().from(t.cardTokens).where(and(eq(t.cardTokens.token, token), eq(t.cardTokens.churchId, churchId), eq(t.cardTokens.userId, input.userId)))
      : [];
    if (!vault || vault.gatewayId !== gatewayId) throw payProblem(c, 422, 'pay.cardInvalid', undefined, { cartao: [paymentMessage(lang, 'pay.cardInvalid')] });
    card = { token: vault.token, behaviour: vault.behaviour, brand: vault.brand, last4: vault.last4, holder: vault.holder, expiry: vault.expiry, saved };
  }

  const requestHash = hashOf(input.fingerprint);
  const code = orderCode('EV');
  const church = event.church;
  const eventRow = event.event;

  let answer: { paymentId: number; status: ContentfulStatusCode; body: PaymentResponse } | { replay: PurchaseAnswer };
  try {
    answer = await db.transaction(async (tx) => {
      // Claim the key. A concurrent twin blocks here until this transaction ends, then finds the row.
      const claimed = await tx
        .insert(t.paymentIdempotency)
        .values({ churchId, userId: input.userId, key: input.idempotencyKey, requestHash, httpStatus: 0, response: {} })
        .onConflictDoNothing()
        .returning({ id: t.paymentIdempotency.id });
      if (!claimed.length) return { replay: (await storedAnswer(tx, c, input))! };
      const claimId = claimed[0]!.id;

      // Take the seats: the row lock of the UPDATE serialises buyers of one ticket, and the
      // condition re-checked after the lock means the stock is never exceeded.
      for (const [ticketId, n] of wanted) {
        const ticket = byId.get(ticketId)!;
        const taken = await tx
          .update(t.tickets)
          .set({ sold: sql`${t.tickets.sold} + ${n}` })
          .where(
            and(
              eq(t.tickets.id, ticketId),
              eq(t.tickets.churchId, churchId),
              sql`${t.tickets.sold} + ${n} <= ${t.tickets.stock}`,
              sql`(${t.tickets.availableFrom} is null or ${t.tickets.availableFrom} <= ${now.toISOString()}::timestamptz)`,
              sql`(${t.tickets.availableUntil} is null or ${t.tickets.availableUntil} >= ${now.toISOString()}::timestamptz)`,
            ),
          )
          .returning({ id: t.tickets.id });
        if (!taken.length) {
          const onSale = (!ticket.availableFrom || ticket.availableFrom <= now) && (!ticket.availableUntil || ticket.availableUntil >= now);
          throw payProblem(c, onSale ? 409 : 422, onSale ? 'pay.soldOut' : 'pay.notOnSale', { name: ticket.name });
        }
        if (ticket.perUserLimit !== null) {
          // Counted after the seat row is locked, so two purchases of one buyer cannot both pass.
          const [held] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(t.registrations)
            .where(and(eq(t.registrations.ticketId, ticketId), eq(t.registrations.userId, input.userId), inArray(t.registrations.status, HOLDER_STATUSES)));
          if (Number(held?.n ?? 0) + n > ticket.perUserLimit) throw payProblem(c, 422, 'pay.userLimit', { count: ticket.perUserLimit, name: ticket.name });
        }
      }

      const result: ChargeResult = charge({
        method,
        gatewayId,
        orderCode: code,
        totalCents: plan.totalCents,
        now,
        card: card ? { behaviour: card.behaviour as never } : undefined,
        ach: input.ach ? { routingNumber: input.ach.numeroRoteamento, accountNumber: input.ach.numeroConta } : undefined,
        pixReceiver: { key: church.email ?? `pix@${church.code}.demo`, name: church.name, city: church.city ?? 'Brasil' },
        cashDaysToPay: eventRow.cashDaysToPay,
      });
      const refused = result.status === 'nao_aprovado';
      if (refused) {
        // A refused payment charges nothing and keeps no seat.
        for (const [ticketId, n] of wanted) {
          await tx.update(t.tickets).set({ sold: sql`${t.tickets.sold} - ${n}` }).where(eq(t.tickets.id, ticketId));
        }
      }
      const [payment] = await tx
        .insert(t.payments)
        .values({
          churchId, userId: input.userId, code, eventId: eventRow.id, method, gatewayId, status: result.status,
          subtotalCents: subtotal, feesCents: fees.feesCents, interestCents: plan.interestCents, totalCents: plan.totalCents,
          currency: eventRow.currency, installments: plan.installments, installmentCents: plan.installmentCents,
          gatewayReference: result.reference, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null,
          pixCode: result.pixCode ?? null, boletoLine: result.boletoLine ?? null, paymentUrl: result.paymentUrl ?? null,
          expiresAt: result.expiresAt ?? null, message: refused ? paymentMessage(lang, method === 'cartao' ? 'pay.cardDeclined' : 'pay.cardInvalid') : null,
          paidAt: result.status === 'aprovado' ? now : null, createdAt: now, updatedAt: now,
        })
        .returning({ id: t.payments.id });
      const paymentId = payment!.id;
      if (!refused) {
        const rows = input.choices.flatMap((choice) =>
          choice.titulares.map((holder) => ({
            churchId, eventId: eventRow.id, ticketId: choice.ingresso, userId: input.userId, paymentId,
            status: result.status === 'aprovado' ? 'confirmada' : 'pendente',
            holderName: holder.nome, holderEmail: holder.email ?? null, answers: holder.respostas, code: orderCode('TK'), createdAt: now,
          })),
        );
        await tx.insert(t.registrations).values(rows);
      }
      if (card && !card.saved && input.saveCard && result.status === 'aprovado') {
        await tx
          .insert(t.savedCards)
          .values({ churchId, userId: input.userId, gatewayId: gatewayId!, token: card.token, brand: card.brand, last4: card.last4, holder: card.holder, expiry: card.expiry })
          .onConflictDoNothing();
      }
      const body = await loadPaymentResponse(tx, paymentId);
      const status: ContentfulStatusCode = 201;
      // Kept as the exact JSON text (jsonb would reorder keys), so every replay is byte-identical.
      await tx.update(t.paymentIdempotency).set({ httpStatus: status, response: JSON.stringify(body) }).where(eq(t.paymentIdempotency.id, claimId));
      return { paymentId, status, body: JSON.parse(JSON.stringify(body)) as PaymentResponse };
    });
  } catch (error) {
    // A twin that lost the race on PostgreSQL's unique index after the winner committed.
    if (isUniqueViolation(error)) {
      const again = await storedAnswer(db, c, input);
      if (again) return again;
    }
    throw error;
  }
  if ('replay' in answer) return answer.replay;
  return { status: answer.status, body: answer.body };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The stored answer of a key already used by this user, or null; 422 when the body differs. */
async function storedAnswer(db: Database | Tx, c: Context, input: PurchaseInput): Promise<PurchaseAnswer | null> {
  const [row] = await db
    .select()
    .from(t.paymentIdempotency)
    .where(and(eq(t.paymentIdempotency.userId, input.userId), eq(t.paymentIdempotency.key, input.idempotencyKey)));
  if (!row) return null;
  if (row.requestHash !== hashOf(input.fingerprint)) throw payProblem(c, 422, 'pay.keyReused');
  const stored = typeof row.response === 'string' ? (JSON.parse(row.response) as PaymentResponse) : (row.response as PaymentResponse);
  return { status: (row.httpStatus || 200) as ContentfulStatusCode, body: stored };
}

/** Builds PurchaseInput from a POST /pagamento/ body. */
export function purchaseInputFromBody(userId: number, body: z.output<typeof import('../../contract/payments.ts').paymentBodySchema>, key: string, raw: PaymentBody): PurchaseInput {
  return {
    userId,
    eventId: body.evento,
    choices: body.ingressos,
    method: body.metodoPagamento,
    installments: body.parcelas,
    card: body.cartao,
    saveCard: body.salvarCartao,
    ach: body.ach,
    country: body.pais,
    idempotencyKey: key,
    fingerprint: { ...raw, chaveIdempotencia: undefined },
  };
}

/** Moves a payment to a new status, confirming or freeing its seats (sandbox, challenge, expiry). */
export async function settlePayment(tx: Tx, paymentId: number, status: PaymentStatus, now = new Date()): Promise<void> {
  if (status === 'aprovado') {
    await tx.update(t.payments).set({ status, paidAt: now, updatedAt: now }).where(eq(t.payments.id, paymentId));
    await tx.update(t.registrations).set({ status: 'confirmada' }).where(and(eq(t.registrations.paymentId, paymentId), eq(t.registrations.status, 'pendente')));
    return;
  }
  await tx.update(t.payments).set({ status, updatedAt: now }).where(eq(t.payments.id, paymentId));
}
