// Giving (MOD_DOACAO, spec §2 give, §3 Give checkout, §5 donation rules, §9 give defaults):
// the church's reasons, its giving settings, the lines of a gift, recurring gifts and the
// captcha tokens already spent. Money is kept in integer cents.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { payments, savedCards } from './events.ts';
import { users } from './users.ts';

/** A reason a payment can be for (GET /igreja/{slug}/pagamento-motivo/?doacao=true). */
export const paymentReasons = pgTable(
  'pagamento_motivo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao'),
    /** Offered on the giving page (doacao=true). */
    forGiving: boolean('flag_doacao').notNull().default(true),
    /** spec §5: recurrence only for reasons the church authorised. */
    recurrenceAllowed: boolean('flag_recorrencia').notNull().default(false),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('pagamento_motivo_igreja_idx').on(t.churchId, t.position)],
);

/** A church's giving settings; a church without a row does not take online gifts. */
export const givingSettings = pgTable('doacao_configuracao', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  /** spec §5: the amount must be greater than this (not shown to the giver). */
  minimumCents: integer('valor_minimo_centavos').notNull().default(500),
  /** The church takes gifts online at all (spec §8 "church not accepting online donations"). */
  online: boolean('flag_ativo').notNull().default(true),
  /** Visitors may give without an account (docs/giving.md). */
  visitors: boolean('flag_visitante').notNull().default(false),
  /** spec §9 give defaults: recurrence allowed (allowRecurrency). */
  recurrence: boolean('flag_recorrencia').notNull().default(true),
});

/** One line per reason of a gift: one payment, one receipt, one line per reason. */
export const paymentLines = pgTable(
  'pagamento_item',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    paymentId: integer('pagamento_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    reasonId: integer('motivo_id')
      .notNull()
      .references(() => paymentReasons.id),
    /** The reason's name when given, so history keeps it if the reason is renamed. */
    reasonName: text('motivo_nome').notNull(),
    amountCents: integer('valor_centavos').notNull(),
  },
  (t) => [
    index('pagamento_item_pagamento_idx').on(t.paymentId),
    check('pagamento_item_valor_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The church's gifts added up per month (of the church's clock, migration 0060), reason, method and status, so the treasurer's
 * summary and the list's totals read a year in a few hundred rows (docs/performance.md "Staff
 * pages"). Kept by the database's own triggers on `pagamento` and `pagamento_item` (migration
 * 0058), in the transaction of every write, whoever writes: the pipeline, a refund, a reason
 * merge, an import, an undo. Rows whose `quantidade` fell to 0 stay and are skipped.
 */
export const givingTotals = pgTable(
  'doacao_total',
  {
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The month's first day of the gift's `created_at` on the church's clock (docs/giving.md "Which clock"). */
    month: date('mes', { mode: 'string' }).notNull(),
    /** No foreign key: a merged reason's rows stay at 0 until nothing reads them. */
    reasonId: integer('motivo_id').notNull(),
    method: text('metodo').notNull(),
    status: text('status').notNull(),
    /** Gifts with a line of this reason (each once). */
    gifts: integer('quantidade').notNull(),
    /** Gifts counted once over all their reasons: on the row of their lowest reason id. */
    giftsOnce: integer('doacoes').notNull(),
    amountCents: bigint('valor_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'doacao_total_pk',
      columns: [t.churchId, t.month, t.reasonId, t.method, t.status],
    }),
  ],
);

export const RECURRING_STATUSES = ['ativa', 'pausada', 'cancelada'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** A recurring gift (spec §3 recorrenciaDias): charged on a saved card every `days` days. */
export const recurringGifts = pgTable(
  'doacao_recorrente',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonId: integer('motivo_id')
      .notNull()
      .references(() => paymentReasons.id),
    amountCents: integer('valor_centavos').notNull(),
    /** The giver covers the fees (spec §3 flagUsuarioTaxa). */
    giverPaysFees: boolean('flag_usuario_taxa').notNull().default(false),
    days: integer('recorrencia_dias').notNull().default(30),
    cardId: integer('cartao_id').references(() => savedCards.id, { onDelete: 'set null' }),
    status: text('status').$type<RecurringStatus>().notNull().default('ativa'),
    /** The date (yyyy-mm-dd) of the occurrence due next: it names the charge's idempotency key. */
    nextOccurrence: text('proxima_ocorrencia').notNull(),
    /** When the next charge (or retry of a declined one) is due. */
    nextChargeAt: timestamp('proxima_cobranca', { withTimezone: true }).notNull(),
    /** Declined tries of the current occurrence. */
    failedTries: integer('tentativas_falhas').notNull().default(0),
    lastPaymentId: integer('ultimo_pagamento_id').references(() => payments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('doacao_recorrente_usuario_idx').on(t.userId, t.churchId),
    index('doacao_recorrente_vencimento_idx').on(t.status, t.nextChargeAt),
    check('doacao_recorrente_valor_ck', sql`${t.amountCents} > 0 and ${t.days} between 1 and 366`),
  ],
);

/** Captcha tokens already used: each token answers once (server/giving/captcha.ts). */
export const spentCaptchas = pgTable(
  'captcha_usado',
  {
    id: text('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('captcha_usado_igreja_idx').on(t.churchId, t.id)],
);
