// Database rows → the wire shapes of contract/events.ts.
import type {
  EventCard,
  EventWire,
  ListedEvent,
  ListedTicket,
  Registration,
  Ticket,
} from '../../contract/events.ts';
import type * as t from '../db/schema/index.ts';
import { toMoney } from '../payments/money.ts';
import { descriptionHtml, descriptionText } from './description.ts';

type EventRow = typeof t.events.$inferSelect;
type TicketRow = typeof t.tickets.$inferSelect;
type RegistrationRow = typeof t.registrations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    nome: row.name,
    descricao: row.description,
    valor: toMoney(row.priceCents),
    disponiveis: Math.max(0, row.stock - row.sold),
    estoque: row.stock,
    disponivelDe: iso(row.availableFrom),
    disponivelAte: iso(row.availableUntil),
    limitePorUsuario: row.perUserLimit,
    perguntas: row.questions.map((q) => ({
      id: q.id,
      titulo: q.label,
      tipo: q.type,
      obrigatorio: q.required,
      opcoes: q.options ?? [],
    })),
  };
}

export function toEvent(row: EventRow, tickets: TicketRow[], hasOnlineContent: boolean): EventWire {
  return {
    id: row.id,
    titulo: row.title,
    // Readable text for calendars and apps; the page prints the sanitised HTML (docs/events.md).
    descricao: descriptionText(row.description, row.descriptionFormat),
    descricaoHtml: descriptionHtml(row.description, row.descriptionFormat),
    imagem: row.image,
    largura: row.imageWidth,
    altura: row.imageHeight,
    local: row.placeName,
    endereco: row.address,
    dataInicio: row.startsAt.toISOString(),
    dataFim: row.endsAt.toISOString(),
    fusoHorario: row.timeZone,
    moeda: row.currency,
    flagJuros: row.interest,
    flagAssumirTaxasServico: row.churchPaysFees,
    qtdeMaxParcelas: row.maxInstallments,
    diasPagamentoDinheiro: row.cashDaysToPay,
    flagInscricaoAberta: row.registrationOpen,
    flagConteudoOnline: hasOnlineContent,
    flagVisitante: row.visitorsAllowed,
    metodosPagamento: row.paymentMethods,
    ingressos: tickets
      .filter((tk) => tk.eventId === row.id && tk.active)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(toTicket),
  };
}

/** The fields of an event a card shows (`loadUpcomingEvents`). */
export type EventCardRow = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'image'
  | 'imageWidth'
  | 'imageHeight'
  | 'placeName'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
>;

export function toEventCard(row: EventCardRow): EventCard {
  return {
    id: row.id,
    titulo: row.title,
    imagem: row.image,
    largura: row.imageWidth,
    altura: row.imageHeight,
    local: row.placeName,
    dataInicio: row.startsAt.toISOString(),
    dataFim: row.endsAt.toISOString(),
    fusoHorario: row.timeZone,
  };
}

/** The fields of an event the events list shows (`loadEventsPage`). */
export type ListedEventRow = EventCardRow & Pick<EventRow, 'currency' | 'registrationOpen'>;

/** A ticket as the list reads it: the database's JSON, timestamps as text. */
export interface ListedTicketJson {
  id: number;
  priceCents: number;
  stock: number;
  sold: number;
  availableFrom: string | null;
  availableUntil: string | null;
  perUserLimit: number | null;
}

const isoText = (text: string | null) => (text === null ? null : new Date(text).toISOString());

export function toListedTicket(k: ListedTicketJson): ListedTicket {
  return {
    id: k.id,
    valor: toMoney(k.priceCents),
    disponiveis: Math.max(0, k.stock - k.sold),
    disponivelDe: isoText(k.availableFrom),
    disponivelAte: isoText(k.availableUntil),
    limitePorUsuario: k.perUserLimit,
  };
}

/** An event as the list shows it: its card, currency, flags and active tickets (already in order). */
export function toListedEvent(
  row: ListedEventRow,
  tickets: ListedTicketJson[],
  hasOnlineContent: boolean,
): ListedEvent {
  return {
    ...toEventCard(row),
    moeda: row.currency,
    flagInscricaoAberta: row.registrationOpen,
    flagConteudoOnline: hasOnlineContent,
    ingressos: tickets.map(toListedTicket),
  };
}

export function toRegistration(
  row: RegistrationRow,
  event: EventRow,
  ticket: TicketRow,
  buyer: { id: number | null; firstName: string; lastName: string | null },
  payment: { code: string; status: string } | null,
): Registration {
  return {
    id: row.id,
    codigo: row.code,
    status: row.status as Registration['status'],
    evento: {
      id: event.id,
      titulo: event.title,
      dataInicio: event.startsAt.toISOString(),
      dataFim: event.endsAt.toISOString(),
      fusoHorario: event.timeZone,
      local: event.placeName,
      endereco: event.address,
    },
    ingresso: { id: ticket.id, nome: ticket.name, valor: toMoney(ticket.priceCents) },
    comprador: { id: buyer.id, nome: [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') },
    nomeTitular: row.holderName,
    emailTitular: row.holderEmail,
    respostas: row.answers,
    pagamento: payment ? { codigo: payment.code, status: payment.status } : null,
    dataCadastro: row.createdAt.toISOString(),
  };
}
