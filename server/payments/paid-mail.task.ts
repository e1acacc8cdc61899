// What an order sends once its payment is paid (docs/payments.md "After a payment is paid"): the
// tickets of an event order (server/events/ticket-mail.ts, one mail per ticket, with its QR) and
// a visitor's gift receipt (server/giving/receipt-mail.ts). The task is queued in the very
// transaction that marks the payment paid — the pipeline's immediate approval (pipeline.ts) or a
// later one (settlePayment: sandbox "pay", the card challenge, webhooks and reconciliation via
// live.ts applyStatus) — so it runs only after that commit, and once per payment, because a
// payment becomes paid only once (statuses only move forward).
import { and, eq, inArray } from 'drizzle-orm';
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ticketMail } from '../events/ticket-mail.ts';
import { receiptMail } from '../giving/receipt-mail.ts';
import { defineTask, enqueueTask } from '../jobs/tasks.ts';
import { loadPaymentResponse, receiptKey } from './payment-view.ts';

export const PAID_MAIL_TASK = 'payments.paid-mail';

export interface PaidMailPayload {
  paymentId: number;
  /** The buyer's language when the paying call knew it; else the church's. */
  lang?: MessageLang | undefined;
}

/**
 * Queues the after-paid mail of a payment that just became paid, in the caller's transaction.
 * Event orders always; gifts only a visitor's (a member's receipt is sent by the gift call itself,
 * whatever its status, server/giving/give.ts); Play subscriptions send nothing here.
 */
export async function enqueuePaidMail(
  tx: Tx,
  payment: { id: number; churchId: number; kind: string; userId: number | null },
  lang?: MessageLang,
): Promise<void> {
  const wanted =
    payment.kind === 'evento' || (payment.kind === 'doacao' && payment.userId === null);
  if (!wanted) return;
  await enqueueTask(tx, {
    churchId: payment.churchId,
    kind: PAID_MAIL_TASK,
    payload: { paymentId: payment.id, ...(lang ? { lang } : {}) } satisfies PaidMailPayload,
  });
}

export const paidMailTask = defineTask<PaidMailPayload>({
  kind: PAID_MAIL_TASK,
  async run(ctx, task) {
    const { db, mailer, settings } = ctx;
    const [row] = await db
      .select({ payment: t.payments, church: t.churches, buyerEmail: t.users.email })
      .from(t.payments)
      .innerJoin(t.churches, eq(t.churches.id, t.payments.churchId))
      .leftJoin(t.users, eq(t.users.id, t.payments.userId))
      .where(
        and(eq(t.payments.id, task.payload.paymentId), eq(t.payments.churchId, task.churchId)),
      );
    // Refunded or gone since: nothing to send.
    if (!row || row.payment.status !== 'aprovado') return { enviados: 0 };
    const { payment, church } = row;
    const lang = task.payload.lang ?? messageLangOfLocale(church.locale);
    const buyerEmail = row.buyerEmail ?? payment.donorEmail;

    if (payment.kind === 'doacao') {
      if (!payment.donorEmail) return { enviados: 0 };
      const answer = await loadPaymentResponse(db, payment.id);
      const link = `${churchHomeUrl(church.code, settings)}/give/thank-you?pedido=${encodeURIComponent(payment.code)}&chave=${encodeURIComponent(receiptKey(payment.code))}`;
      await mailer.send(
        receiptMail(lang, payment.donorEmail, {
          name: payment.donorName ?? payment.donorEmail,
          church: church.name,
          link,
          payment: answer.pagamento,
        }),
      );
      return { enviados: 1 };
    }

    const tickets = await db
      .select({ r: t.registrations, ticket: t.tickets.name, event: t.events })
      .from(t.registrations)
      .innerJoin(t.tickets, eq(t.tickets.id, t.registrations.ticketId))
      .innerJoin(t.events, eq(t.events.id, t.registrations.eventId))
      .where(
        and(
          eq(t.registrations.paymentId, payment.id),
          eq(t.registrations.churchId, church.id),
          inArray(t.registrations.status, ['confirmada']),
        ),
      )
      .orderBy(t.registrations.id);
    let sent = 0;
    for (const { r, ticket, event } of tickets) {
      const to = r.holderEmail || buyerEmail;
      if (!to) continue;
      await mailer.send(
        await ticketMail(lang, to, {
          church: church.name,
          event: event.title,
          startsAt: event.startsAt,
          timeZone: event.timeZone,
          place: [event.placeName, event.address].filter(Boolean).join(' · '),
          holder: r.holderName,
          ticket,
          code: r.code,
          pending: false,
        }),
      );
      sent++;
    }
    return { enviados: sent };
  },
});
