// Spec §3 Event and the calls of spec §7 "Events". Dates are ISO 8601 strings; money is a
// number of currency units with two decimals, in the event's `moeda`.
import { z } from 'zod';
import { idParam, pageNumber, slugParam } from './common.ts';

export const holderQuestionSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  tipo: z.enum(['text', 'email', 'phone', 'select']),
  obrigatorio: z.boolean(),
  opcoes: z.array(z.string()),
});
export type HolderQuestionWire = z.infer<typeof holderQuestionSchema>;

/** A ticket type ("lote") of an event. */
export const ticketSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  valor: z.number(),
  /** Seats left right now. */
  disponiveis: z.number().int(),
  estoque: z.number().int(),
  disponivelDe: z.string().nullable(),
  disponivelAte: z.string().nullable(),
  limitePorUsuario: z.number().int().nullable(),
  perguntas: z.array(holderQuestionSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  /** The description as readable text (line breaks kept). */
  descricao: z.string().nullable(),
  /** The description as safe HTML to print (staff rich text, or plain text as paragraphs); '' for none. */
  descricaoHtml: z.string(),
  imagem: z.string().nullable(),
  largura: z.number().int(),
  altura: z.number().int(),
  local: z.string().nullable(),
  endereco: z.string().nullable(),
  dataInicio: z.string(),
  dataFim: z.string(),
  fusoHorario: z.string(),
  moeda: z.string(),
  flagJuros: z.boolean(),
  flagAssumirTaxasServico: z.boolean(),
  qtdeMaxParcelas: z.number().int(),
  diasPagamentoDinheiro: z.number().int(),
  flagInscricaoAberta: z.boolean(),
  /** The event gives exclusive online content to ticket holders (spec §6). */
  flagConteudoOnline: z.boolean(),
  /** Visitors may buy without an account (docs/events.md "Visitors"). */
  flagVisitante: z.boolean(),
  /** The payment methods the event accepts (codes); null: every method of the church. */
  metodosPagamento: z.array(z.string()).nullable(),
  ingressos: z.array(ticketSchema),
});
export type EventWire = z.infer<typeof eventSchema>;

/** GET /igreja/{slug}/evento/ */
export const eventsResponseSchema = z.object({ eventos: z.array(eventSchema) });

/** An event as a card shows it (the home's block): when, where, its picture; no tickets or description. */
export const eventCardSchema = eventSchema.pick({
  id: true,
  titulo: true,
  imagem: true,
  largura: true,
  altura: true,
  local: true,
  dataInicio: true,
  dataFim: true,
  fusoHorario: true,
});
export type EventCard = z.infer<typeof eventCardSchema>;
/** GET /igreja/{slug}/evento/?proximos=N */
export const upcomingEventsResponseSchema = z.object({ eventos: z.array(eventCardSchema) });
/** GET /igreja/{slug}/evento/{eventId}/ */
export const eventResponseSchema = z.object({ evento: eventSchema });

export const registrationStatusSchema = z.enum(['confirmada', 'pendente', 'cancelada']);

/** A bought ticket ("inscricao") with the spec §3 ticket data. */
export const registrationSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  status: registrationStatusSchema,
  evento: z.object({
    id: z.number().int(),
    titulo: z.string(),
    dataInicio: z.string(),
    dataFim: z.string(),
    fusoHorario: z.string(),
    local: z.string().nullable(),
    endereco: z.string().nullable(),
  }),
  ingresso: z.object({ id: z.number().int(), nome: z.string(), valor: z.number() }),
  /** id null: a visitor's order not yet claimed by an account (docs/events.md "Visitors"). */
  comprador: z.object({ id: z.number().int().nullable(), nome: z.string() }),
  nomeTitular: z.string(),
  emailTitular: z.string().nullable(),
  respostas: z.record(z.string(), z.string()),
  pagamento: z.object({ codigo: z.string(), status: z.string() }).nullable(),
  dataCadastro: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registrationsResponseSchema = z.object({ inscricoes: z.array(registrationSchema) });

/** GET /usuario/{id}/evento/: the events the user holds tickets for, with how many. */
export const userEventsResponseSchema = z.object({
  eventos: z.array(eventSchema.extend({ qtdeInscricoes: z.number().int() })),
});

export const eventContentSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  tipo: z.enum(['video', 'link', 'texto']),
  url: z.string().nullable(),
  texto: z.string().nullable(),
});
export type EventContent = z.infer<typeof eventContentSchema>;
/** GET /usuario/{id}/evento/{eventId}/inscricao/{ticketId}/conteudo/ */
export const eventContentsResponseSchema = z.object({ conteudos: z.array(eventContentSchema) });

// ---- requests ----

export const churchEventParams = z.object({ slug: slugParam, eventId: idParam });
export const churchEventsParams = z.object({ slug: slugParam });
/** Events on a page of the events list. */
export const EVENTS_PAGE_SIZE = 12;
/**
 * `?proximos=N` (an addition to spec §7, for the home's block): only the next N events that have
 * not ended, soonest first, as cards (`eventCardSchema`: no tickets, no description), so a church
 * with many events does not send them all, nor all their tickets, for three cards.
 */
export const churchEventsQuery = z.object({
  proximos: pageNumber(50, 'At most 50.').optional(),
  /**
   * `?page=N&limit=M` (an addition, docs/performance.md): one page of the list as the events page shows it,
   * events not yet ended first (soonest first), then ended ones (latest first), with `total`; each
   * event as the list shows it (`listedEventSchema`).
   * Without `page`, every active event, soonest first, as spec §7 reads `eventos`.
   */
  page: pageNumber(10_000, 'At most 10000.').optional(),
  limit: pageNumber(50, 'At most 50.').default(EVENTS_PAGE_SIZE),
});

/** A ticket as a list's card needs it: its price, and what decides whether it can be bought now. */
export const listedTicketSchema = ticketSchema.pick({
  id: true,
  valor: true,
  disponiveis: true,
  disponivelDe: true,
  disponivelAte: true,
  limitePorUsuario: true,
});
export type ListedTicket = z.infer<typeof listedTicketSchema>;

/**
 * An event as the events page lists it: its card, its currency, whether registration is open or it
 * gives online content, and its active tickets' prices and availability (no description, no
 * ticket names or questions: the event's own page has them).
 */
export const listedEventSchema = eventCardSchema.extend({
  ...eventSchema.pick({ moeda: true, flagInscricaoAberta: true, flagConteudoOnline: true }).shape,
  ingressos: z.array(listedTicketSchema),
});
export type ListedEvent = z.infer<typeof listedEventSchema>;

/** GET /igreja/{slug}/evento/?page=N: a page of the events page's list. */
export const eventsPageResponseSchema = z.object({
  eventos: z.array(listedEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const userEventParams = z.object({ userId: idParam, eventId: idParam });
export const userParams = z.object({ userId: idParam });
export const contentParams = z.object({ userId: idParam, eventId: idParam, ticketId: idParam });

/** One ticket holder: name, e-mail and the answers to the ticket's questions by question id. */
export const holderSchema = z.object({
  nome: z.string().trim().min(1, 'Required.').max(120),
  email: z.email('Invalid e-mail.').max(200).optional().nullable(),
  respostas: z.record(z.string().max(40), z.string().trim().max(500)).default({}),
});

/** The tickets of a purchase: per ticket type, one holder per seat. */
export const ticketChoiceSchema = z.object({
  ingresso: idParam,
  titulares: z.array(holderSchema).min(1, 'Choose at least one ticket.').max(50),
});

export const ticketChoicesSchema = z
  .array(ticketChoiceSchema)
  .min(1, 'Choose at least one ticket.')
  .max(20);

/** POST /usuario/{user}/evento/{event}/inscricao/: registration in a free event. */
export const registerBodySchema = z.object({
  ingressos: ticketChoicesSchema,
  chaveIdempotencia: z.string().trim().min(8).max(100).optional(),
});
