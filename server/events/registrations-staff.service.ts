// An event's registrations at the desk (docs/events.md "The staff side"): the list with its filters,
// sort and totals, the CSV of the one rule (server/http/csv.ts), cancel, refund and resend.
// Every write runs through staffWrite (audit + purge).
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  REGISTRATIONS_PAGE_SIZE,
  type CancelResult,
  type RegistrationsPage,
  type StaffRegistration,
  type registrationsQuery,
  type RegistrationSort,
} from '../../contract/events-staff.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { staffEventsMessage } from '../../contract/messages/staff-events.ts';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { exactFirst, folded, foldTerm, matches, searchPattern } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import {
  amount,
  csvDocument,
  csvFileSlug,
  paymentMethodWord,
  paymentStatusWord,
} from '../http/csv.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { releasePayments } from '../payments/expiry.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import type { Tx } from '../db/client.ts';
import { ticketMail } from './ticket-mail.ts';
import { eventOf, ticketsOf, type EventRow } from './events-staff.service.ts';

/** A payment still on its way: it may yet be approved, so a cancel must release it. */
const OPEN_PAYMENTS = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

type RegistrationsFilter = z.output<typeof registrationsQuery>;

function registrationFilters(eventId: number, churchId: number, q: Partial<RegistrationsFilter>) {
  const filters: SQL[] = [
    eq(t.registrations.eventId, eventId),
    eq(t.registrations.churchId, churchId),
  ];
  if (q.ids) filters.push(inArray(t.registrations.id, q.ids.length ? q.ids : [0]));
  if (q.status) filters.push(eq(t.registrations.status, q.status));
  if (q.ingresso) filters.push(eq(t.registrations.ticketId, q.ingresso));
  if (q.pagamento === 'pago') filters.push(eq(t.payments.status, 'aprovado'));
  if (q.pagamento === 'pendente')
    filters.push(inArray(t.payments.status, OPEN_PAYMENTS as PaymentStatus[]));
  if (q.busca) filters.push(registrationSearch(q.busca));
  return and(...filters);
}

/** Line `n` (1: the name) of a stored folded text (`busca_texto`, one field per line). */
const foldedLine = (col: PgColumn, n: number) =>
  sql`split_part(${col}, chr(10), ${sql.raw(String(n))})`;

/**
 * The one search rule (server/db/search.ts): a door volunteer types "joao" for João. Holder name,
 * e-mail and ticket code are read from the registration's stored folded text, the buyer's name and
 * e-mail from the account's (`usuario.busca_texto`: its phone, on the third line, is not searched
 * here); only the order's code and a visitor's name and e-mail are folded at query time.
 */
function registrationSearch(term: string): SQL {
  const order = [t.payments.code, t.payments.donorEmail, t.payments.donorName]; // a visitor's order (docs/events.md "Visitors")
  // a term with a line break could match across the stored fields: it is matched field by field
  if (foldTerm(term).includes('\n'))
    return matches(term, [
      t.registrations.holderName,
      t.registrations.holderEmail,
      t.registrations.code,
      t.users.email,
      sql`${t.users.firstName} || ' ' || coalesce(${t.users.lastName}, '')`,
      ...order,
    ]);
  const pattern = searchPattern(term);
  return sql`(${t.registrations.searchText} like ${pattern} or ${foldedLine(t.users.searchText, 1)} like ${pattern} or ${foldedLine(t.users.searchText, 2)} like ${pattern} or ${matches(term, order)})`;
}

const { searchText: _searchText, ...registrationColumns } = getTableColumns(t.registrations);

function selectRegistrations(db: Database | Tx, where: SQL | undefined) {
  return db
    .select({
      r: registrationColumns,
      ticketName: t.tickets.name,
      buyer: {
        id: t.users.id,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
      },
      payment: {
        code: t.payments.code,
        status: t.payments.status,
        method: t.payments.method,
        total: t.payments.totalCents,
        visitorName: t.payments.donorName,
        visitorEmail: t.payments.donorEmail,
      },
      inOrder: sql<number>`(select count(*) from inscricao o where o.pagamento_id = ${t.registrations.paymentId})::int`,
      checkin: { at: t.checkins.scannedAt, door: t.checkins.door, by: t.checkins.userName },
    })
    .from(t.registrations)
    .innerJoin(t.tickets, eq(t.tickets.id, t.registrations.ticketId))
    .leftJoin(t.users, eq(t.users.id, t.registrations.userId)) // none yet for a visitor's ticket
    .leftJoin(t.payments, eq(t.payments.id, t.registrations.paymentId))
    .leftJoin(t.checkins, eq(t.checkins.registrationId, t.registrations.id))
    .where(where);
}

type RegistrationRowOut = Awaited<ReturnType<typeof selectRegistrations>>[number];

/**
 * What each sortable column of the table sorts by (names folded, so "Álvaro" sits among the A's;
 * the holder's from the stored folded text, its first line).
 */
const SORT_KEYS: Record<RegistrationSort, SQL[]> = {
  titular: [foldedLine(t.registrations.searchText, 1)],
  ingresso: [folded(t.tickets.name)],
  status: [sql`${t.registrations.status}`],
  pagamento: [sql`${t.payments.totalCents}`, sql`${t.payments.status}`],
  checkin: [sql`${t.checkins.scannedAt}`],
  data: [sql`${t.registrations.createdAt}`],
};

/**
 * The ORDER BY of the registrations table (`ordem`, docs/events.md "Registrations"): exact search
 * matches first, then the column (empty values last either way), then newest first so equal rows
 * keep one order across pages.
 */
function registrationOrder(query: Partial<RegistrationsFilter>): SQL[] {
  const ordem = query.ordem ?? '-data';
  const dir = ordem.startsWith('-') ? sql`desc` : sql`asc`;
  const keys = SORT_KEYS[ordem.replace(/^-/, '') as RegistrationSort];
  return [
    ...(query.busca
      ? [
          exactFirst(query.busca, [
            t.registrations.holderName,
            t.registrations.code,
            t.payments.code,
            t.users.email,
          ]),
        ]
      : []),
    ...keys.map((k) => sql`${k} ${dir} nulls last`),
    ...(keys === SORT_KEYS.data
      ? [sql`${t.registrations.id} ${dir}`]
      : [desc(t.registrations.createdAt), desc(t.registrations.id)]),
  ];
}

function toStaffRegistration(row: RegistrationRowOut): StaffRegistration {
  const r = row.r;
  return {
    id: r.id,
    codigo: r.code,
    status: r.status as StaffRegistration['status'],
    ingresso: { id: r.ticketId, nome: row.ticketName },
    nomeTitular: r.holderName,
    emailTitular: r.holderEmail,
    comprador: row.buyer
      ? {
          id: row.buyer.id,
          nome: [row.buyer.first, row.buyer.last].filter(Boolean).join(' '),
          email: row.buyer.email,
        }
      : // a visitor's order, until an account with that e-mail claims it
        { id: null, nome: row.payment?.visitorName ?? '', email: row.payment?.visitorEmail ?? '' },
    respostas: r.answers,
    pagamento:
      row.payment && row.payment.code
        ? {
            codigo: row.payment.code,
            status: row.payment.status,
            metodo: row.payment.method,
            total: toMoney(row.payment.total),
            ingressos: Number(row.inOrder),
          }
        : null,
    checkin:
      row.checkin && row.checkin.at
        ? { quando: row.checkin.at.toISOString(), porta: row.checkin.door, por: row.checkin.by }
        : null,
    dataCadastro: r.createdAt.toISOString(),
  };
}

export async function listRegistrations(
  db: Database,
  churchId: number,
  eventId: number,
  query: RegistrationsFilter,
): Promise<RegistrationsPage> {
  const event = await eventOf(db, churchId, eventId);
  const where = registrationFilters(eventId, churchId, query);
  const [rows, [counted], totals, tickets] = await Promise.all([
    selectRegistrations(db, where)
      .orderBy(...registrationOrder(query))
      .limit(REGISTRATIONS_PAGE_SIZE)
      .offset((query.page - 1) * REGISTRATIONS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(t.registrations)
      .leftJoin(t.users, eq(t.users.id, t.registrations.userId))
      .leftJoin(t.payments, eq(t.payments.id, t.registrations.paymentId))
      .where(where),
    registrationTotals(db, event),
    ticketsOf(db, eventId),
  ]);
  const total = Number(counted?.n ?? 0);
  const questions = new Map<string, string>();
  for (const k of tickets) for (const q of k.questions) questions.set(q.id, q.label);
  return {
    evento: { id: event.id, titulo: event.title, moeda: event.currency },
    inscricoes: rows.map(toStaffRegistration),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / REGISTRATIONS_PAGE_SIZE)),
    totais: totals,
    ingressos: tickets.map((k) => ({ id: k.id, nome: k.name })),
    perguntas: [...questions].map(([id, titulo]) => ({ id, titulo })),
  };
}

async function registrationTotals(db: Database, event: EventRow) {
  const [byStatus, [money], [admitted]] = await Promise.all([
    db
      .select({ status: t.registrations.status, n: sql<number>`count(*)::int` })
      .from(t.registrations)
      .where(eq(t.registrations.eventId, event.id))
      .groupBy(t.registrations.status),
    db
      .select({ total: sql<number>`coalesce(sum(${t.payments.totalCents}), 0)::int` })
      .from(t.payments)
      .where(
        and(
          eq(t.payments.eventId, event.id),
          eq(t.payments.churchId, event.churchId),
          eq(t.payments.status, 'aprovado'),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.checkins)
      .where(eq(t.checkins.eventId, event.id)),
  ]);
  const n = (s: string) => Number(byStatus.find((b) => b.status === s)?.n ?? 0);
  return {
    vendidos: n('confirmada') + n('pendente'),
    confirmadas: n('confirmada'),
    pendentes: n('pendente'),
    canceladas: n('cancelada'),
    admitidos: Number(admitted?.n ?? 0),
    arrecadado: toMoney(Number(money?.total ?? 0)),
    moeda: event.currency,
  };
}

// ---- CSV ----

/**
 * The registrations matching the filters (or the rows selected in the table, `ids`), in the
 * table's order, as a CSV of the one rule (server/http/csv.ts) in the church's language.
 */
export async function registrationsCsv(
  db: Database,
  churchId: number,
  eventId: number,
  query: Partial<RegistrationsFilter>,
  lang: MessageLang,
): Promise<{ filename: string; body: string }> {
  const event = await eventOf(db, churchId, eventId);
  const rows = (
    await selectRegistrations(db, registrationFilters(eventId, churchId, query)).orderBy(
      ...registrationOrder({ ...query, ordem: query.ordem ?? 'data' }),
    )
  ).map(toStaffRegistration);
  const questions = new Map<string, string>();
  for (const k of await ticketsOf(db, eventId))
    for (const q of k.questions) questions.set(q.id, q.label);
  const m = (key: Parameters<typeof staffEventsMessage>[1]) => staffEventsMessage(lang, key);
  const dateTime = dateFormat(INTL_LOCALE[lang], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: event.timeZone,
  });
  const when = (v: string | null) => (v ? dateTime.format(new Date(v)) : '');
  const header = [
    m('staff.events.csv.code'),
    m('staff.events.csv.status'),
    m('staff.events.csv.ticket'),
    m('staff.events.csv.holder'),
    m('staff.events.csv.holderEmail'),
    m('staff.events.csv.buyer'),
    m('staff.events.csv.buyerEmail'),
    m('staff.events.csv.order'),
    m('staff.events.csv.payment'),
    m('staff.events.csv.method'),
    m('staff.events.csv.total'),
    m('staff.events.csv.date'),
    m('staff.events.csv.checkin'),
    m('staff.events.csv.door'),
    ...questions.values(),
  ];
  const lines = rows.map((r) => [
    r.codigo,
    m(`staff.events.status.${r.status}`),
    r.ingresso.nome,
    r.nomeTitular,
    r.emailTitular,
    r.comprador.nome,
    r.comprador.email,
    r.pagamento?.codigo ?? '',
    r.pagamento ? paymentStatusWord(r.pagamento.status, lang) : '',
    r.pagamento ? paymentMethodWord(r.pagamento.metodo, lang) : '',
    r.pagamento ? amount(r.pagamento.total) : '',
    when(r.dataCadastro),
    when(r.checkin?.quando ?? null),
    r.checkin?.porta ?? '',
    ...[...questions.keys()].map((q) => r.respostas[q] ?? ''),
  ]);
  return {
    filename: `${csvFileSlug(event.title, 'evento')}-${event.id}.csv`,
    body: csvDocument(lang, header, lines),
  };
}

// ---- cancel, refund, resend ----

/** The registration of this event and church, or 404. */
async function registrationOf(
  db: Database | Tx,
  churchId: number,
  eventId: number,
  id: number,
  lock = false,
) {
  const query = db
    .select()
    .from(t.registrations)
    .where(
      and(
        eq(t.registrations.id, id),
        eq(t.registrations.eventId, eventId),
        eq(t.registrations.churchId, churchId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('staff.events.registrationNotFound');
  return row;
}

/**
 * Cancels a registration's order through the one payment pipeline (server/payments/expiry.ts):
 * a paid order is refunded (estornado), an unpaid one cancelled; every seat of it returns to sale.
 */
export async function cancelRegistration(
  deps: StaffWriteDeps,
  actor: StaffActor,
  eventId: number,
  id: number,
): Promise<CancelResult> {
  return staffWrite(
    deps,
    actor,
    (r: CancelResult & { holder: string }) => ({
      action: r.resultado === 'estornado' ? 'registrations.refund' : 'registrations.cancel',
      kind: 'inscricao',
      targetId: id,
      summary: `${r.holder}${r.pedido ? ` · ${r.pedido}` : ''}`,
      details: { evento: eventId, pedido: r.pedido, canceladas: r.canceladas },
    }),
    async (tx) => {
      await eventOf(tx, actor.churchId, eventId);
      const reg = await registrationOf(tx, actor.churchId, eventId, id, true);
      if (reg.status === 'cancelada') throw new ApiProblem(409, 'staff.events.alreadyCancelled');
      const [payment] = reg.paymentId
        ? await tx.select().from(t.payments).where(eq(t.payments.id, reg.paymentId)).for('update')
        : [];
      if (payment && (payment.status === 'aprovado' || OPEN_PAYMENTS.includes(payment.status))) {
        const resultado: CancelResult['resultado'] =
          payment.status === 'aprovado' && payment.totalCents > 0 ? 'estornado' : 'cancelado';
        const freed = await releasePayments(tx, [payment.id], resultado);
        return { resultado, canceladas: freed, pedido: payment.code, holder: reg.holderName };
      }
      // No live payment behind it (a gift registration, or an order already closed): free this seat only.
      await tx
        .update(t.registrations)
        .set({ status: 'cancelada' })
        .where(eq(t.registrations.id, reg.id));
      await tx
        .update(t.tickets)
        .set({ sold: sql`greatest(${t.tickets.sold} - 1, 0)` })
        .where(eq(t.tickets.id, reg.ticketId));
      return {
        resultado: 'cancelado' as const,
        canceladas: 1,
        pedido: payment?.code ?? null,
        holder: reg.holderName,
      };
    },
  ).then(({ holder: _h, ...result }) => result);
}

/** Sends the ticket e-mail (with its QR) again to the holder, or the buyer when the holder has none. */
export async function resendTicket(
  deps: StaffWriteDeps & { mailer: Mailer },
  actor: StaffActor,
  eventId: number,
  id: number,
  lang: MessageLang,
): Promise<{ para: string }> {
  const event = await eventOf(deps.db, actor.churchId, eventId);
  const reg = await registrationOf(deps.db, actor.churchId, eventId, id);
  if (reg.status === 'cancelada') throw new ApiProblem(409, 'staff.events.alreadyCancelled');
  const [row] = await deps.db
    .select({
      email: sql<string | null>`coalesce(${t.users.email}, ${t.payments.donorEmail})`,
      ticket: t.tickets.name,
      church: t.churches.name,
    })
    .from(t.registrations)
    .leftJoin(t.users, eq(t.users.id, t.registrations.userId))
    .leftJoin(t.payments, eq(t.payments.id, t.registrations.paymentId))
    .innerJoin(t.tickets, eq(t.tickets.id, t.registrations.ticketId))
    .innerJoin(t.churches, eq(t.churches.id, t.registrations.churchId))
    .where(eq(t.registrations.id, reg.id));
  const to = reg.holderEmail || row?.email;
  if (!to) throw new ApiProblem(422, 'staff.events.noEmail');
  const mail = await ticketMail(lang, to, {
    church: row!.church,
    event: event.title,
    startsAt: event.startsAt,
    timeZone: event.timeZone,
    place: [event.placeName, event.address].filter(Boolean).join(' · '),
    holder: reg.holderName,
    ticket: row!.ticket,
    code: reg.code,
    pending: reg.status === 'pendente',
  });
  await deps.mailer.send(mail);
  await staffWrite(
    deps,
    actor,
    {
      action: 'registrations.resend',
      kind: 'inscricao',
      targetId: reg.id,
      summary: `${reg.holderName} · ${to}`,
    },
    async () => undefined,
    { purge: false },
  );
  return { para: to };
}
