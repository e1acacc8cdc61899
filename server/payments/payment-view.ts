// A payment and its registrations (or gift lines) in the wire shape of contract/payments.ts.
import { createHmac } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Payment, PaymentResponse, PaymentSubscription } from '../../contract/payments.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { toRegistration } from '../events/events.serializers.ts';
import { toMoney } from './money.ts';
import { paymentSubscriptionOf } from '../play/subscription-state.ts';
import { pixQrSvg } from './pix.ts';
import { accountSettings } from '../auth/settings.ts';
import { jwtSecret } from '../auth/jwt-secret.ts';
import { isOverdue } from './expiry.ts';

/** The key of a visitor's receipt page: only who paid (and their e-mail) knows it. */
export function receiptKey(code: string): string {
  return createHmac('sha256', jwtSecret(accountSettings()))
    .update(`receipt:${code}`)
    .digest('base64url')
    .slice(0, 32);
}

export interface PaymentExtras {
  lines: { reasonId: number; reasonName: string; amountCents: number }[];
  recurring: { id: number; days: number; nextOccurrence: string } | null;
  /** A Play subscription's payment: the subscription it started or renewed. */
  subscription?: PaymentSubscription | null;
}

type Reader = Pick<Database, 'select'>;

/**
 * The status a reader sees: an unpaid Pix or abandoned challenge past its validity is shown as
 * cancelled at once, though the job (server/jobs) cancels it in the database a little later.
 */
export function shownStatus<S extends string>(
  row: { method: string; status: S; expiresAt: Date | null },
  now = new Date(),
): S | 'cancelado' {
  return isOverdue(row, now) ? 'cancelado' : row.status;
}

export async function toPayment(
  stored: typeof t.payments.$inferSelect,
  event: { id: number; title: string } | null,
  extras: PaymentExtras = { lines: [], recurring: null },
): Promise<Payment> {
  const row = { ...stored, status: shownStatus(stored) };
  const pending =
    row.status === 'pendente' || row.status === 'aguardando' || row.status === 'em_aberto';
  return {
    codigo: row.code,
    status: row.status,
    metodoPagamento: row.method as Payment['metodoPagamento'],
    idGatewayPagamento: row.gatewayId,
    moeda: row.currency,
    valor: toMoney(row.subtotalCents),
    taxas: toMoney(row.feesCents),
    juros: toMoney(row.interestCents),
    valorTotal: toMoney(row.totalCents),
    parcelas: row.installments,
    valorParcela: toMoney(row.installmentCents),
    cartao:
      row.cardBrand && row.cardLast4 ? { bandeira: row.cardBrand, final: row.cardLast4 } : null,
    pixCopiaCola: row.pixCode,
    pixQrCode:
      row.pixCode && pending
        ? `data:image/svg+xml;base64,${Buffer.from(await pixQrSvg(row.pixCode)).toString('base64')}`
        : null,
    linhaDigitavel: row.boletoLine,
    urlPagamento: row.paymentUrl,
    expiraEm: row.expiresAt ? row.expiresAt.toISOString() : null,
    desafio: row.method === 'cartao' && row.status === 'em_aberto',
    mensagem: row.message,
    evento: event ? { id: event.id, titulo: event.title } : null,
    tipo: row.kind === 'doacao' || row.kind === 'assinatura' ? row.kind : 'evento',
    itens: extras.lines.map((l) => ({
      idMotivo: l.reasonId,
      motivo: l.reasonName,
      valor: toMoney(l.amountCents),
    })),
    doacaoRecorrente: extras.recurring
      ? {
          id: extras.recurring.id,
          recorrenciaDias: extras.recurring.days,
          proximaCobranca: extras.recurring.nextOccurrence,
        }
      : null,
    assinatura: extras.subscription ?? null,
    doador:
      row.userId === null && row.donorName && row.donorEmail
        ? { nome: row.donorName, email: row.donorEmail }
        : null,
    dataCadastro: row.createdAt.toISOString(),
  };
}

export async function loadPaymentResponse(db: Reader, paymentId: number): Promise<PaymentResponse> {
  const [row] = await db.select().from(t.payments).where(eq(t.payments.id, paymentId));
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  const [event] = row.eventId
    ? await db.select().from(t.events).where(eq(t.events.id, row.eventId))
    : [];
  return {
    pagamento: await toPayment(
      row,
      event ? { id: event.id, title: event.title } : null,
      await paymentExtras(db, row),
    ),
    inscricoes: event
      ? await loadRegistrations(db, { churchId: row.churchId, paymentId: row.id })
      : [],
  };
}

/** Registrations with their event, ticket, buyer and payment, filtered as asked. */
export async function loadRegistrations(
  db: Reader,
  where: {
    churchId: number;
    paymentId?: number;
    userId?: number;
    eventId?: number;
    ids?: number[];
  },
) {
  const filters = [eq(t.registrations.churchId, where.churchId)];
  if (where.paymentId !== undefined) filters.push(eq(t.registrations.paymentId, where.paymentId));
  if (where.userId !== undefined) filters.push(eq(t.registrations.userId, where.userId));
  if (where.eventId !== undefined) filters.push(eq(t.registrations.eventId, where.eventId));
  if (where.ids) filters.push(inArray(t.registrations.id, where.ids));
  const rows = await db
    .select({
      r: t.registrations,
      e: t.events,
      tk: t.tickets,
      u: { id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName },
      p: {
        code: t.payments.code,
        status: t.payments.status,
        method: t.payments.method,
        expiresAt: t.payments.expiresAt,
        visitorName: t.payments.donorName,
      },
    })
    .from(t.registrations)
    .innerJoin(t.events, eq(t.events.id, t.registrations.eventId))
    .innerJoin(t.tickets, eq(t.tickets.id, t.registrations.ticketId))
    .leftJoin(t.users, eq(t.users.id, t.registrations.userId)) // none for a visitor's ticket
    .leftJoin(t.payments, and(eq(t.payments.id, t.registrations.paymentId)))
    .where(and(...filters))
    .orderBy(t.registrations.id);
  const now = new Date();
  return rows.map((x) => {
    const paymentStatus = x.p?.code ? shownStatus(x.p, now) : null;
    // Seats of an overdue payment are shown freed, as the job will free them.
    const r =
      paymentStatus === 'cancelado' &&
      x.p!.status !== 'cancelado' &&
      (x.r.status === 'pendente' || x.r.status === 'confirmada')
        ? { ...x.r, status: 'cancelada' as const }
        : x.r;
    return toRegistration(
      r,
      x.e,
      x.tk,
      x.u ?? { id: null, firstName: x.p?.visitorName ?? '', lastName: null },
      x.p?.code ? { code: x.p.code, status: paymentStatus! } : null,
    );
  });
}

/** A gift's lines, and the recurring gift it started or belongs to. */
export async function paymentExtras(
  db: Reader,
  row: typeof t.payments.$inferSelect,
): Promise<PaymentExtras> {
  if (row.kind === 'assinatura')
    return { lines: [], recurring: null, subscription: await paymentSubscriptionOf(db, row.id) };
  if (row.kind !== 'doacao') return { lines: [], recurring: null };
  const lines = await db
    .select({
      reasonId: t.paymentLines.reasonId,
      reasonName: t.paymentLines.reasonName,
      amountCents: t.paymentLines.amountCents,
    })
    .from(t.paymentLines)
    .where(and(eq(t.paymentLines.paymentId, row.id), eq(t.paymentLines.churchId, row.churchId)))
    .orderBy(t.paymentLines.id);
  const [gift] = row.recurringGiftId
    ? await db
        .select({
          id: t.recurringGifts.id,
          days: t.recurringGifts.days,
          nextOccurrence: t.recurringGifts.nextOccurrence,
        })
        .from(t.recurringGifts)
        .where(
          and(
            eq(t.recurringGifts.id, row.recurringGiftId),
            eq(t.recurringGifts.churchId, row.churchId),
          ),
        )
    : [];
  return { lines, recurring: gift ?? null };
}
