// Buying event tickets (POST /pagamento/ and free registrations): the event order kind of the
// shared checkout pipeline (./pipeline.ts). Its own checks (event open, member of the church,
// holder answers, tickets of the event), its reservation (seats, by a conditional UPDATE that
// never oversells, docs/api-foundation.md "Payments") and its records (one registration per holder).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { PaymentBody, paymentBodySchema } from '../../contract/payments.ts';
import { paymentMessage } from '../../contract/messages/payments.ts';
import { ticketChoicesSchema } from '../../contract/events.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { isValidCpf, onlyDigits } from '../../contract/account-rules.ts';
import { spendCaptcha } from '../giving/captcha.ts';
import { isPortugueseChurch } from '../../contract/language.ts';
import { recordDeclined, spendVisitorGift, tokenFingerprint } from '../giving/visitor-limits.ts';
import { orderCode } from './codes.ts';
import type { PaymentMethodCode } from './fees.ts';
import { expireOverduePix } from './expiry.ts';
import {
  storedAnswer,
  type Order,
  type OrderEntry,
  type PaymentAnswer,
  type Payer,
} from './pipeline.ts';
import { runPayment } from './run-payment.ts';

export interface PurchaseInput {
  /** null: a visitor, where the event allows visitors (docs/events.md "Visitors"). */
  userId: number | null;
  /** Who buys without an account: the tickets and the order are theirs until an account claims them. */
  visitor?: { name: string; email: string; cpf: string | null } | undefined;
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

export type PurchaseAnswer = PaymentAnswer;

const HOLDER_STATUSES = ['pendente', 'confirmada'];

function payerOf(input: PurchaseInput, lang: MessageLang): Payer {
  return {
    userId: input.userId,
    donor: input.userId === null ? (input.visitor ?? null) : null,
    method: input.method,
    installments: input.installments,
    card: input.card,
    saveCard: input.saveCard,
    ach: input.ach,
    country: input.country,
    idempotencyKey: input.idempotencyKey,
    fingerprint: input.fingerprint,
    lang,
  };
}

/**
 * The event order kind of POST /pagamento/: a member's tickets, or a visitor's where the event
 * allows visitors (docs/events.md "Visitors"), with the protections of a visitor's gift: every
 * field checked first, then the visitor limits, then the proof-of-work captcha, then the charge.
 */
export const buyTickets: OrderEntry<z.output<typeof paymentBodySchema>> = async (
  db,
  call,
  body,
) => {
  if (call.user) {
    const input = purchaseInputFromBody(call.user.userId, body, call.idempotencyKey, body as never);
    return purchase(db, call.lang, input);
  }
  if (!body.visitante) throw new ApiProblem(401, 'auth.loginRequired');
  const input: PurchaseInput = {
    ...purchaseInputFromBody(null, body, call.idempotencyKey, body as never),
    visitor: {
      name: body.visitante.nome,
      email: body.visitante.email.toLowerCase(),
      cpf: body.visitante.cpf ? onlyDigits(body.visitante.cpf) : null,
    },
    saveCard: false, // nothing is kept for a visitor
  };
  const payer = payerOf(input, call.lang);
  const order = await eventOrder(db, input, payer);
  if ('replay' in order) return order.replay;
  const address = call.address ?? 'unknown';
  const card = await tokenFingerprint(db, order.church.id, body.cartao?.token);
  // Counted before the challenge, so a script pays for every try (docs/security.md "Visitor gifts and card testing").
  await spendVisitorGift(db, { address, email: input.visitor!.email, card });
  if (
    !body.captcha ||
    !(await spendCaptcha(db, order.church.id, body.captcha.token, body.captcha.resposta))
  )
    throw fieldProblem(422, 'captcha', 'give.captcha');
  const answer = await runPayment(db, order, payer);
  if (answer.body.pagamento.status === 'nao_aprovado') await recordDeclined(db, address, card);
  return answer;
};

/** Buys event tickets through the shared pipeline (check, reserve, charge). */
export async function purchase(
  db: Database,
  lang: MessageLang,
  input: PurchaseInput,
): Promise<PurchaseAnswer> {
  const payer = payerOf(input, lang);
  const order = await eventOrder(db, input, payer);
  if ('replay' in order) return order.replay;
  return runPayment(db, order, payer);
}

/** The event order: everything about the event refused before any write, or a replay. */
async function eventOrder(
  db: Database,
  input: PurchaseInput,
  payer: Payer,
): Promise<Order | { replay: PaymentAnswer }> {
  const lang = payer.lang;
  const now = new Date();
  const [event] = await db
    .select({ event: t.events, church: t.churches })
    .from(t.events)
    .innerJoin(t.churches, eq(t.churches.id, t.events.churchId))
    .where(
      and(eq(t.events.id, input.eventId), eq(t.events.active, true), eq(t.churches.active, true)),
    );
  if (!event) throw new ApiProblem(404, 'pay.eventNotFound');
  const churchId = event.church.id;
  const church = {
    id: churchId,
    name: event.church.name,
    code: event.church.code,
    email: event.church.email,
    city: event.church.city,
  };

  if (input.userId === null) {
    // A visitor buys only where the staff opened the event to visitors.
    if (!event.event.visitorsAllowed) throw new ApiProblem(401, 'auth.loginRequired');
  } else {
    // A member of another church gets nothing of this one.
    const [membership] = await db
      .select({ active: t.churchUsers.active })
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, input.userId)));
    if (!membership?.active) throw new ApiProblem(403, 'pay.eventNotFound');
  }

  // Replays of a finished purchase answer at once, before any check that could now differ.
  const replay = await storedAnswer(db, { church }, payer);
  if (replay) return { replay };

  if (!event.event.registrationOpen || now > event.event.endsAt)
    throw new ApiProblem(422, 'pay.eventClosed');
  await expireOverduePix(db, churchId, now);

  const ticketIds = [...new Set(input.choices.map((ch) => ch.ingresso))];
  const ticketRows = await db
    .select()
    .from(t.tickets)
    .where(
      and(
        eq(t.tickets.churchId, churchId),
        eq(t.tickets.eventId, event.event.id),
        inArray(t.tickets.id, ticketIds),
        eq(t.tickets.active, true),
      ),
    );
  const byId = new Map(ticketRows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
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
        if (q.required && !answer)
          errors[key] = [paymentMessage(lang, 'pay.answerRequired', { question: q.label })];
        else if (answer && q.type === 'select' && q.options && !q.options.includes(answer))
          errors[key] = [paymentMessage(lang, 'pay.answerInvalid', { question: q.label })];
      }
    });
  });
  if (input.userId === null && input.visitor && isPortugueseChurch(event.church.locale)) {
    const cpf = input.visitor.cpf ?? '';
    if (!cpf) errors['visitante.cpf'] = ['give.cpfRequired'];
    else if (!isValidCpf(cpf)) errors['visitante.cpf'] = ['give.cpfInvalid'];
  }
  if (Object.keys(errors).length) throw new ApiProblem(400, Object.values(errors)[0]![0]!, errors);

  const subtotal = [...wanted].reduce((sum, [id, n]) => sum + byId.get(id)!.priceCents * n, 0);
  const eventRow = event.event;
  return {
    kind: 'evento',
    codePrefix: 'EV',
    church,
    currency: eventRow.currency,
    subtotalCents: subtotal,
    churchPaysFees: eventRow.churchPaysFees,
    maxInstallments: eventRow.maxInstallments,
    interest: eventRow.interest,
    cashDaysToPay: eventRow.cashDaysToPay,
    eventId: eventRow.id,
    checkMethod(method) {
      // The staff may limit an event to some of the church's methods (docs/events.md "The staff side").
      if (
        method !== 'gratuito' &&
        eventRow.paymentMethods &&
        !eventRow.paymentMethods.includes(method)
      )
        throw new ApiProblem(422, 'pay.methodUnavailable', {
          metodoPagamento: ['pay.methodUnavailable'],
        });
    },
    async reserve(tx: Tx, at: Date) {
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
              sql`(${t.tickets.availableFrom} is null or ${t.tickets.availableFrom} <= ${at.toISOString()}::timestamptz)`,
              sql`(${t.tickets.availableUntil} is null or ${t.tickets.availableUntil} >= ${at.toISOString()}::timestamptz)`,
            ),
          )
          .returning({ id: t.tickets.id });
        if (!taken.length) {
          const onSale =
            (!ticket.availableFrom || ticket.availableFrom <= at) &&
            (!ticket.availableUntil || ticket.availableUntil >= at);
          throw new ApiProblem(
            onSale ? 409 : 422,
            onSale ? 'pay.soldOut' : 'pay.notOnSale',
            undefined,
            { name: ticket.name },
          );
        }
        if (ticket.perUserLimit !== null) {
          // Counted after the seat row is locked, so two purchases of one buyer cannot both pass.
          // A visitor's tickets are counted by the e-mail of their orders.
          const buyer =
            input.userId !== null
              ? eq(t.registrations.userId, input.userId)
              : sql`${t.registrations.paymentId} in (select id from pagamento where usuario_id is null and lower(doador_email) = ${input.visitor?.email ?? ''})`;
          const [held] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(t.registrations)
            .where(
              and(
                eq(t.registrations.ticketId, ticketId),
                buyer,
                inArray(t.registrations.status, HOLDER_STATUSES),
              ),
            );
          if (Number(held?.n ?? 0) + n > ticket.perUserLimit)
            throw new ApiProblem(422, 'pay.userLimit', undefined, {
              count: ticket.perUserLimit,
              name: ticket.name,
            });
        }
      }
    },
    async release(tx: Tx) {
      for (const [ticketId, n] of wanted) {
        await tx
          .update(t.tickets)
          .set({ sold: sql`${t.tickets.sold} - ${n}` })
          .where(eq(t.tickets.id, ticketId));
      }
    },
    async record(tx: Tx, ctx) {
      const rows = input.choices.flatMap((choice) =>
        choice.titulares.map((holder) => ({
          churchId,
          eventId: eventRow.id,
          ticketId: choice.ingresso,
          userId: input.userId,
          paymentId: ctx.paymentId,
          status: ctx.status === 'aprovado' ? 'confirmada' : 'pendente',
          holderName: holder.nome,
          holderEmail: holder.email ?? null,
          answers: holder.respostas,
          code: orderCode('TK'),
          createdAt: ctx.now,
        })),
      );
      await tx.insert(t.registrations).values(rows);
    },
  };
}

/** Builds PurchaseInput from a POST /pagamento/ body. */
export function purchaseInputFromBody(
  userId: number | null,
  body: z.output<typeof paymentBodySchema>,
  key: string,
  raw: PaymentBody,
): PurchaseInput {
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
    fingerprint: { ...raw, chaveIdempotencia: undefined, captcha: undefined },
  };
}
