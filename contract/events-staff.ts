// The staff area's events desk (docs/events.md "The staff side"): events and their ticket types
// (area `events`), registrations and their CSV (area `registrations`) and check-in at the door
// (area `checkin`), all under `/admin/{slug}/evento/…`. Field messages are `staff.events.*` keys
// (contract/messages/staff-events.ts); the web's forms run the same schemas before sending.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { isTimeZone } from '../common/time-zone.ts';
import { idParam, pageNumber } from './common.ts';
import { paymentMethodCodes } from './payments.ts';

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 20_000;
export const STAFF_EVENTS_PAGE_SIZE = 20;
export const REGISTRATIONS_PAGE_SIZE = 50;
/** Scans a phone sends at once when its connection returns. */
export const CHECKIN_BATCH_MAX = 200;
export const QUESTION_TYPES = ['text', 'email', 'phone', 'select'] as const;
/** The methods an event may accept (free tickets need none). */
export const EVENT_PAYMENT_METHODS = paymentMethodCodes.filter((m) => m !== 'gratuito');

const text = (max: number) =>
  z.string({ error: 'v.required' }).trim().max(max, { error: 'staff.events.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'v.required' });
/** An optional text: empty means none. */
const optional = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const moment = z.iso.datetime({ offset: true, error: 'staff.events.badDate' });
const optionalMoment = z
  .union([moment, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'staff.events.badNumber' })
    .int({ error: 'staff.events.badNumber' })
    .min(min, { error: 'staff.events.badNumber' })
    .max(max, { error: 'staff.events.badNumber' });

export const eventIdParams = z.object({ id: idParam });
export const registrationParams = z.object({ id: idParam, inscricao: idParam });

// ---- an event as the staff edits it ----

export const staffQuestionInput = z
  .object({
    /** Kept across edits so stored answers still match; new questions get one from the server. */
    id: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'staff.events.badQuestion' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    titulo: required(200),
    tipo: z.enum(QUESTION_TYPES, { error: 'staff.events.badQuestion' }),
    obrigatorio: z.boolean().default(false),
    opcoes: z.array(required(100)).max(30).default([]),
  })
  .refine((q) => q.tipo !== 'select' || q.opcoes.length >= 2, {
    error: 'staff.events.selectNeedsOptions',
    path: ['opcoes'],
  });

export const staffTicketInput = z
  .object({
    /** An existing ticket type of this event; absent for a new one. */
    id: idParam.optional(),
    nome: required(120),
    descricao: optional(500),
    /** In currency units, two decimals. */
    valor: z.coerce
      .number({ error: 'staff.events.badPrice' })
      .min(0, { error: 'staff.events.badPrice' })
      .max(1_000_000, { error: 'staff.events.badPrice' }),
    estoque: whole(0, 1_000_000),
    limitePorUsuario: z
      .union([whole(1, 1000), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    disponivelDe: optionalMoment,
    disponivelAte: optionalMoment,
    perguntas: z.array(staffQuestionInput).max(20).default([]),
  })
  .refine(
    (k) =>
      !k.disponivelDe || !k.disponivelAte || new Date(k.disponivelAte) > new Date(k.disponivelDe),
    { error: 'staff.events.endBeforeStart', path: ['disponivelAte'] },
  );

export const staffEventInput = z
  .object({
    titulo: required(EVENT_TITLE_MAX),
    descricao: optional(EVENT_DESCRIPTION_MAX),
    imagem: optional(300),
    local: optional(200),
    endereco: optional(300),
    mapaUrl: z
      .union([
        z.literal(''),
        z.null(),
        z.string().trim().max(500, { error: 'staff.events.tooLong' }),
      ])
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^https:\/\/[^\s]+$/i.test(v), {
        error: 'staff.events.badLink',
      }),
    dataInicio: moment,
    dataFim: moment,
    fusoHorario: required(60).default('America/Sao_Paulo'),
    moeda: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { error: 'staff.events.badCurrency' })
      .default('BRL'),
    flagInscricaoAberta: z.boolean().default(true),
    /** Visitors may buy without an account (docs/events.md "Visitors"). */
    flagVisitante: z.boolean().default(false),
    flagJuros: z.boolean().default(false),
    flagAssumirTaxasServico: z.boolean().default(false),
    qtdeMaxParcelas: whole(1, 12).default(1),
    diasPagamentoDinheiro: whole(1, 60).default(3),
    /** null: every method the church takes. */
    metodosPagamento: z
      .array(z.enum(EVENT_PAYMENT_METHODS, { error: 'staff.events.badMethod' }))
      .max(10)
      .nullable()
      .default(null),
    ingressos: z.array(staffTicketInput).max(30).default([]),
    /** The version the form was loaded from (edits only): an older one is refused with 409. */
    versao: z.number().int().min(1).optional(),
  })
  .refine((e) => new Date(e.dataFim) >= new Date(e.dataInicio), {
    error: 'staff.events.endBeforeStart',
    path: ['dataFim'],
  })
  .refine((e) => e.fusoHorario && isTimeZone(e.fusoHorario), {
    error: 'staff.events.badTimeZone',
    path: ['fusoHorario'],
  });
export type StaffEventInput = z.input<typeof staffEventInput>;
export type StaffEventInputParsed = z.output<typeof staffEventInput>;

// ---- answers ----

export const staffQuestionSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  tipo: z.enum(QUESTION_TYPES),
  obrigatorio: z.boolean(),
  opcoes: z.array(z.string()),
});

export const staffTicketSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  valor: z.number(),
  estoque: z.number(),
  /** Seats taken by paid and pending purchases (the floor of `estoque`). */
  vendidos: z.number(),
  limitePorUsuario: z.number().nullable(),
  disponivelDe: z.string().nullable(),
  disponivelAte: z.string().nullable(),
  perguntas: z.array(staffQuestionSchema),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffEventSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  imagem: z.string().nullable(),
  local: z.string().nullable(),
  endereco: z.string().nullable(),
  mapaUrl: z.string().nullable(),
  dataInicio: z.string(),
  dataFim: z.string(),
  fusoHorario: z.string(),
  moeda: z.string(),
  flagInscricaoAberta: z.boolean(),
  flagVisitante: z.boolean(),
  flagJuros: z.boolean(),
  flagAssumirTaxasServico: z.boolean(),
  qtdeMaxParcelas: z.number(),
  diasPagamentoDinheiro: z.number(),
  metodosPagamento: z.array(z.string()).nullable(),
  /** Shown on the public pages. */
  publicado: z.boolean(),
  versao: z.number(),
  ingressos: z.array(staffTicketSchema),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

/** GET /evento: a row of the staff list. */
export const staffEventSummarySchema = z.object({
  id: z.number(),
  titulo: z.string(),
  dataInicio: z.string(),
  dataFim: z.string(),
  fusoHorario: z.string(),
  local: z.string().nullable(),
  publicado: z.boolean(),
  /** Seats sold (paid and pending) over all ticket types, and their total. */
  vendidos: z.number(),
  estoque: z.number(),
  admitidos: z.number(),
});
export type StaffEventSummary = z.infer<typeof staffEventSummarySchema>;

export const staffEventsQuery = z.object({
  busca: z.string().trim().max(100).optional(),
  /** proximos: not yet ended (soonest first); passados: ended (latest first). */
  quando: z.enum(['proximos', 'passados']).default('proximos'),
  page: pageNumber(100_000, 'Invalid input.').default(1),
});

export const staffEventsPageSchema = z.object({
  eventos: z.array(staffEventSummarySchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type StaffEventsPage = z.infer<typeof staffEventsPageSchema>;

// ---- registrations ----

/** The registrations table's sortable columns; `ordem` is one, `-` first for descending. */
export const REGISTRATION_SORTS = [
  'titular',
  'ingresso',
  'status',
  'pagamento',
  'checkin',
  'data',
] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];
/** At most this many registrations picked by hand for one CSV. */
export const REGISTRATIONS_SELECTION_MAX = 1000;

export const registrationsQuery = z.object({
  busca: z.string().trim().max(100).optional(),
  status: z.enum(['confirmada', 'pendente', 'cancelada']).optional(),
  ingresso: idParam.optional(),
  pagamento: z.enum(['pago', 'pendente']).optional(),
  /** `data` (newest first, the default, is `-data`), `titular`, `-titular`, … */
  ordem: z
    .string()
    .regex(new RegExp(`^-?(${REGISTRATION_SORTS.join('|')})$`), { error: 'staff.events.badSort' })
    .optional(),
  /** Only these registrations (ids, comma-separated): the CSV of the rows selected in the table. */
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, { error: 'staff.events.badSelection' })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((v) => v.length <= REGISTRATIONS_SELECTION_MAX, {
      error: 'staff.events.badSelection',
    })
    .optional(),
  page: pageNumber(100_000, 'Invalid input.').default(1),
});
export type RegistrationsQuery = z.input<typeof registrationsQuery>;

export const staffRegistrationSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  status: z.enum(['confirmada', 'pendente', 'cancelada']),
  ingresso: z.object({ id: z.number(), nome: z.string() }),
  nomeTitular: z.string(),
  emailTitular: z.string().nullable(),
  comprador: z.object({ id: z.number().nullable(), nome: z.string(), email: z.string() }),
  respostas: z.record(z.string(), z.string()),
  pagamento: z
    .object({
      codigo: z.string(),
      status: z.string(),
      metodo: z.string(),
      total: z.number(),
      /** Tickets bought in the same order (a cancel or refund applies to all of them). */
      ingressos: z.number(),
    })
    .nullable(),
  /** Admitted at the door: when and where. */
  checkin: z.object({ quando: z.string(), porta: z.string(), por: z.string() }).nullable(),
  dataCadastro: z.string(),
});
export type StaffRegistration = z.infer<typeof staffRegistrationSchema>;

export const registrationTotalsSchema = z.object({
  /** Seats of confirmed and pending registrations. */
  vendidos: z.number(),
  confirmadas: z.number(),
  pendentes: z.number(),
  canceladas: z.number(),
  admitidos: z.number(),
  /** Money received (approved payments of this event), in the event's currency. */
  arrecadado: z.number(),
  moeda: z.string(),
});
export type RegistrationTotals = z.infer<typeof registrationTotalsSchema>;

export const registrationsPageSchema = z.object({
  evento: z.object({ id: z.number(), titulo: z.string(), moeda: z.string() }),
  inscricoes: z.array(staffRegistrationSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  totais: registrationTotalsSchema,
  ingressos: z.array(z.object({ id: z.number(), nome: z.string() })),
  perguntas: z.array(z.object({ id: z.string(), titulo: z.string() })),
});
export type RegistrationsPage = z.infer<typeof registrationsPageSchema>;

/** POST /evento/{id}/inscricao/{inscricao}/cancelar: what happened to the order. */
export const cancelResultSchema = z.object({
  /** estornado: paid and refunded; cancelado: unpaid and cancelled. */
  resultado: z.enum(['estornado', 'cancelado']),
  canceladas: z.number(),
  pedido: z.string().nullable(),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

// ---- check-in ----

export const CHECKIN_REFUSALS = [
  'naoEncontrado',
  'outraIgreja',
  'outroEvento',
  'cancelada',
  'pendente',
  'jaUsado',
] as const;
export type CheckinRefusal = (typeof CHECKIN_REFUSALS)[number];

/** A scan: the ticket code (typed or read from the QR), the door, and when the phone read it. */
export const checkinScanInput = z.object({
  codigo: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(40, { error: 'staff.events.tooLong' })
    .transform((v) => v.toUpperCase()),
  porta: text(60).default(''),
  /** An offline scan carries the moment it was read; the server's time otherwise. */
  escaneadoEm: moment.optional(),
});
export type CheckinScan = z.input<typeof checkinScanInput>;

export const checkinBatchInput = z.object({
  leituras: z.array(checkinScanInput).min(1).max(CHECKIN_BATCH_MAX),
});

export const checkinAnswerSchema = z.object({
  codigo: z.string(),
  admitido: z.boolean(),
  motivo: z.enum(CHECKIN_REFUSALS).nullable(),
  /** The message to show, in the caller's language. */
  mensagem: z.string(),
  titular: z.string().nullable(),
  ingresso: z.string().nullable(),
  /** The earlier admission of an already used ticket (or this one). */
  uso: z.object({ quando: z.string(), porta: z.string(), por: z.string() }).nullable(),
});
export type CheckinAnswer = z.infer<typeof checkinAnswerSchema>;

export const checkinCountSchema = z.object({ admitidos: z.number(), vendidos: z.number() });
export type CheckinCount = z.infer<typeof checkinCountSchema>;

export const checkinResultSchema = z.object({
  resposta: checkinAnswerSchema,
  contagem: checkinCountSchema,
});
export const checkinBatchResultSchema = z.object({
  respostas: z.array(checkinAnswerSchema),
  contagem: checkinCountSchema,
});

/** GET /evento/{id}/checkin: the door's screen. */
export const checkinStateSchema = z.object({
  evento: z.object({
    id: z.number(),
    titulo: z.string(),
    dataInicio: z.string(),
    fusoHorario: z.string(),
  }),
  contagem: checkinCountSchema,
});
export type CheckinState = z.infer<typeof checkinStateSchema>;
