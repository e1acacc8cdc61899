// Events, tickets, registrations and payments (spec §3 Event, Checkout state, Payment fields;
// §4 Payment statuses; docs/api-foundation.md "Payments"). Money is kept in integer cents.
import { sql } from 'drizzle-orm';
import type { PaymentStatusKey } from '../../../contract/payments.ts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { SEARCH_ACCENTED, SEARCH_PLAIN } from './content.ts';
import { users } from './users.ts';

/** A question each ticket holder answers (spec §2: holder questions, step x of n). */
export interface HolderQuestion {
  id: string;
  label: string;
  type: 'text' | 'email' | 'phone' | 'select';
  required: boolean;
  options?: string[];
}

export const events = pgTable(
  'evento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    description: text('descricao'),
    /** `html` (the staff editor's, sanitised on save) or `texto` (seed, imports: line breaks kept on the page). */
    descriptionFormat: text('descricao_formato')
      .$type<'texto' | 'html'>()
      .notNull()
      .default('texto'),
    image: text('imagem'),
    imageWidth: integer('largura').notNull().default(1200),
    imageHeight: integer('altura').notNull().default(600),
    placeName: text('local'),
    address: text('endereco'),
    startsAt: timestamp('data_inicio', { withTimezone: true }).notNull(),
    endsAt: timestamp('data_fim', { withTimezone: true }).notNull(),
    /** IANA zone the event's date and time are shown in. */
    timeZone: text('fuso_horario').notNull().default('America/Sao_Paulo'),
    /** ISO 4217 code of every price of the event. */
    currency: text('moeda').notNull().default('BRL'),
    /** Installments carry interest (spec §3 flagJuros). */
    interest: boolean('flag_juros').notNull().default(false),
    /** The church absorbs the service fees (spec §3 flagAssumirTaxasServico). */
    churchPaysFees: boolean('flag_assumir_taxas_servico').notNull().default(false),
    maxInstallments: integer('qtde_max_parcelas').notNull().default(1),
    /** spec §9: cash payment has a number of days to pay, set per event. */
    cashDaysToPay: integer('dias_pagamento_dinheiro').notNull().default(3),
    /** Registrations closed by the church, whatever the tickets say (event button "closed"). */
    registrationOpen: boolean('flag_inscricao_aberta').notNull().default(true),
    /** Published: the public pages show only active events (the staff desk publishes and unpublishes). */
    active: boolean('flag_ativo').notNull().default(true),
    /** A link to the place on a map (the staff desk, docs/events.md "The staff side"). */
    mapUrl: text('mapa_url'),
    /** The payment methods this event accepts (codes of igreja_metodo_pagamento); null: every method of the church. */
    paymentMethods: text('metodos_pagamento').array(),
    /** Visitors may buy tickets without an account (spec §3 checkout "unregistered"; docs/events.md "Visitors"). */
    visitorsAllowed: boolean('flag_visitante').notNull().default(false),
    /** Bumped on every staff edit: an edit made on an older copy is refused (409). */
    version: integer('versao').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the public page last changed (set by every staff edit): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evento_igreja_idx').on(t.churchId, t.startsAt)],
);

/** A ticket type ("lote") of an event, with its own stock and sale window. */
export const tickets = pgTable(
  'evento_ingresso',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    eventId: integer('evento_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao'),
    priceCents: integer('valor_centavos').notNull().default(0),
    stock: integer('estoque').notNull(),
    /** Seats taken by approved and still-pending purchases. */
    sold: integer('vendidos').notNull().default(0),
    availableFrom: timestamp('disponivel_de', { withTimezone: true }),
    availableUntil: timestamp('disponivel_ate', { withTimezone: true }),
    perUserLimit: integer('limite_por_usuario'),
    questions: jsonb('perguntas').$type<HolderQuestion[]>().notNull().default([]),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [
    index('evento_ingresso_evento_idx').on(t.eventId),
    // Ticket stock never oversells (docs/api-foundation.md "Payments"), enforced by the database as a last line
    check('evento_ingresso_estoque_ck', sql`${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
  ],
);

/** Exclusive online content of an event, for ticket holders only (spec §6). */
export const eventContents = pgTable(
  'evento_conteudo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    eventId: integer('evento_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    /** video | link | texto */
    kind: text('tipo').notNull(),
    url: text('url'),
    body: text('texto'),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [index('evento_conteudo_evento_idx').on(t.eventId)],
);

/** Payment statuses of spec §4, plus the end states the payment-status page shows (one list, in contract/). */
export type PaymentStatus = PaymentStatusKey;

export const payments = pgTable(
  'pagamento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** Null for a visitor's gift (a visitor gives without an account, docs/giving.md); the donor fields say who. */
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The order code ("pedido") the payment-status page is addressed by. */
    code: text('codigo').notNull().unique(),
    /** What was bought: evento | doacao (server/payments/pipeline.ts order kinds). */
    kind: text('tipo').notNull().default('evento'),
    donorName: text('doador_nome'),
    donorEmail: text('doador_email'),
    /** 11 digits (pt churches ask a visitor's CPF). */
    donorCpf: text('doador_cpf'),
    /** The recurring gift (doacao_recorrente) an automatic charge belongs to, with its occurrence date and try. */
    recurringGiftId: integer('doacao_recorrente_id'),
    occurrence: text('ocorrencia'),
    attempt: integer('tentativa'),
    eventId: integer('evento_id').references(() => events.id),
    method: text('metodo').notNull(),
    gatewayId: integer('id_gateway_pagamento'),
    status: text('status').$type<PaymentStatus>().notNull(),
    subtotalCents: integer('valor_centavos').notNull(),
    feesCents: integer('taxas_centavos').notNull().default(0),
    interestCents: integer('juros_centavos').notNull().default(0),
    totalCents: integer('valor_total_centavos').notNull(),
    currency: text('moeda').notNull(),
    installments: integer('parcelas').notNull().default(1),
    installmentCents: integer('valor_parcela_centavos').notNull(),
    /** Gateway-side reference; the card number itself is never stored (docs/api-foundation.md "Payments"). */
    gatewayReference: text('referencia_gateway'),
    cardBrand: text('cartao_bandeira'),
    cardLast4: text('cartao_final'),
    pixCode: text('pix_copia_cola'),
    boletoLine: text('boleto_linha_digitavel'),
    paymentUrl: text('url_pagamento'),
    /** Pix validity, bank slip due date, cash deadline. */
    expiresAt: timestamp('expira_em', { withTimezone: true }),
    /** Why a gateway refused, shown to the buyer. */
    message: text('mensagem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('pago_em', { withTimezone: true }),
  },
  (t) => [
    index('pagamento_usuario_idx').on(t.userId, t.churchId),
    index('pagamento_status_expira_idx').on(t.status, t.expiresAt),
    // the treasurer's gifts of a period (list, totals, chart) read one church's kind by date
    // instead of the whole table (docs/performance.md "Staff pages")
    index('pagamento_igreja_tipo_data_idx').on(t.churchId, t.kind, t.createdAt),
    // one charge per occurrence and try of a recurring gift, whatever process runs it
    uniqueIndex('pagamento_recorrente_ocorrencia_uq')
      .on(t.recurringGiftId, t.occurrence, t.attempt)
      .where(sql`${t.recurringGiftId} is not null`),
  ],
);

/** Every payment-creating call carries a key: a retry or a double click never charges twice. */
export const paymentIdempotency = pgTable(
  'pagamento_idempotencia',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** Null for a visitor's payment: its keys are unique per church instead. */
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('chave').notNull(),
    /** Hash of the request body, so one key cannot be reused for a different purchase. */
    requestHash: text('hash_requisicao').notNull(),
    httpStatus: integer('status_http').notNull(),
    response: jsonb('resposta').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagamento_idempotencia_uq').on(t.userId, t.key),
    uniqueIndex('pagamento_idempotencia_visitante_uq')
      .on(t.churchId, t.key)
      .where(sql`${t.userId} is null`),
  ],
);

/** One bought ticket ("inscricao"), with its holder and the holder's answers. */
export const registrations = pgTable(
  'inscricao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    eventId: integer('evento_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: integer('ingresso_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null for a visitor's ticket until an account with the buyer's e-mail claims it (docs/events.md "Visitors"). */
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('pagamento_id').references(() => payments.id),
    /** confirmada | pendente | cancelada */
    status: text('status').notNull(),
    holderName: text('nome_titular').notNull(),
    holderEmail: text('email_titular'),
    answers: jsonb('respostas').$type<Record<string, string>>().notNull().default({}),
    code: text('codigo').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the desk's search and its sort by holder read (server/db/search.ts): the holder's name,
     * e-mail and the ticket code, folded once when the row is written, one per line (the name first),
     * so a search of a 5,000-seat event folds no text per row (docs/performance.md "Staff pages").
     */
    searchText: text('busca_texto').generatedAlwaysAs(
      sql.raw(
        `lower(translate(nome_titular || E'\\n' || coalesce(email_titular, '') || E'\\n' || codigo, '${SEARCH_ACCENTED}', '${SEARCH_PLAIN}'))`,
      ),
    ),
  },
  (t) => [
    index('inscricao_usuario_idx').on(t.userId, t.eventId),
    // an event's desk reads its registrations, not the whole table
    index('inscricao_evento_idx').on(t.eventId),
    index('inscricao_ingresso_idx').on(t.ticketId),
    index('inscricao_pagamento_idx').on(t.paymentId),
  ],
);

/**
 * A ticket admitted at the door (docs/events.md "Check-in at the door"): one row per registration,
 * claimed by the unique key, so two doors scanning the same ticket at once admit it once.
 */
export const checkins = pgTable(
  'inscricao_checkin',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    eventId: integer('evento_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    registrationId: integer('inscricao_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** Who admitted it (kept as a name when the account is deleted). */
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('usuario_nome').notNull(),
    /** The door's name as the volunteer typed it ("Main door"). */
    door: text('porta').notNull().default(''),
    /** When the phone scanned it (an offline scan is sent later). */
    scannedAt: timestamp('escaneado_em', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inscricao_checkin_inscricao_uq').on(t.registrationId),
    index('inscricao_checkin_evento_idx').on(t.eventId),
  ],
);

/**
 * The sandbox gateways' card vault: what a gateway keeps behind a token. Only brand, last
 * four digits, holder and expiry, plus how the sandbox will answer for that test card.
 */
export const cardTokens = pgTable(
  'gateway_cartao_token',
  {
    token: text('token').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** Who tokenised the card: nobody else can pay with or save it. */
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    brand: text('bandeira').notNull(),
    last4: text('final').notNull(),
    holder: text('titular').notNull(),
    expiry: text('validade').notNull(),
    /** approve | decline | analysis | challenge: the sandbox's answer for this test card. */
    behaviour: text('comportamento').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gateway_cartao_token_igreja_idx').on(t.churchId)],
);

/** Saved cards (spec §3: grouped by idGatewayPagamento): gateway token, brand and last four only. */
export const savedCards = pgTable(
  'usuario_cartao_gateway_pagamento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    token: text('token').notNull(),
    brand: text('bandeira').notNull(),
    last4: text('final').notNull(),
    holder: text('titular').notNull(),
    expiry: text('validade').notNull(),
    /** The gateway's mode when saved: a sandbox token means nothing to a live account (docs/payments.md "Saved cards"). */
    mode: text('modo').$type<'sandbox' | 'live'>().notNull().default('sandbox'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usuario_cartao_usuario_idx').on(t.userId, t.churchId),
    uniqueIndex('usuario_cartao_token_uq').on(t.userId, t.token),
  ],
);
