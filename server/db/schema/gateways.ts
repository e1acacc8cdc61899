// Real payment gateways (docs/payments.md): a church's credentials per gateway, the live charges
// the pipeline opened before asking the gateway, and the webhook events already handled.
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { payments } from './events.ts';
import { users } from './users.ts';

/** A church's account at one gateway (spec §9 ids 1, 4, 5, 8); no row: the sandbox. */
export const churchGateways = pgTable(
  'igreja_gateway',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    /** sandbox | live: live charges go to the provider with the credentials below. */
    mode: text('modo').$type<'sandbox' | 'live'>().notNull().default('sandbox'),
    /** The credentials as JSON, sealed with AES-256-GCM under PAYMENT_KEY (server/payments/secret-box.ts). */
    sealed: text('credenciais_cifradas'),
    /** Field → its last four characters, the only part ever shown back. */
    hints: jsonb('dicas').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('igreja_gateway_uq').on(t.churchId, t.gatewayId)],
);

/**
 * A member's one customer at a church's gateway (a Stripe Customer, a Zoop buyer), per gateway and
 * mode (docs/payments.md "Saved cards"). The row is claimed before the gateway is asked to make the
 * customer, so callers at the same moment wait for that one; `cliente` is null while it is made.
 */
export const gatewayCustomers = pgTable(
  'cliente_gateway',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    mode: text('modo').$type<'sandbox' | 'live'>().notNull(),
    /** The gateway's id of the customer (Stripe `cus_…`, Zoop's buyer id); null while being made. */
    customer: text('cliente'),
    /** Who is making it, and until when that claim holds (a caller that died leaves it to run out). */
    claim: text('reserva'),
    claimedUntil: timestamp('reservado_ate', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cliente_gateway_uq').on(t.churchId, t.userId, t.gatewayId, t.mode)],
);

/**
 * A charge sent to a live gateway: opened (and committed) before the call, so a process that
 * dies after the gateway's answer leaves a row the reconciliation job finds (docs/payments.md).
 */
export const gatewayCharges = pgTable(
  'pagamento_gateway',
  {
    paymentId: integer('pagamento_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    /** The idempotency claim whose stored answer this charge completes. */
    claimId: integer('idempotencia_id'),
    /** The gateway answered the create call (its reference is on the payment). */
    answered: boolean('respondido').notNull().default(false),
    /** What the create call carried that a retry needs (card token, ACH account id); no card number. */
    request: jsonb('requisicao').$type<Record<string, unknown>>().notNull().default({}),
    checks: integer('verificacoes').notNull().default(0),
    /** When the reconciliation job next asks the gateway. */
    nextCheckAt: timestamp('proxima_verificacao', { withTimezone: true }).notNull(),
    lastError: text('ultimo_erro'),
    /**
     * Paid at the gateway after we had cancelled or declined the order: the money is given back
     * (docs/payments.md "Paid after we cancelled"); when the job next tries, and when it was done.
     */
    refundDueAt: timestamp('devolucao_em', { withTimezone: true }),
    refundedAt: timestamp('devolvido_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pagamento_gateway_verificacao_idx').on(t.nextCheckAt),
    index('pagamento_gateway_devolucao_idx').on(t.refundDueAt),
  ],
);

/** Webhook events already applied: the same event twice changes nothing. */
export const gatewayEvents = pgTable(
  'gateway_evento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    gatewayId: integer('id_gateway_pagamento').notNull(),
    eventId: text('evento_id').notNull(),
    kind: text('tipo').notNull(),
    paymentId: integer('pagamento_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_evento_uq').on(t.churchId, t.gatewayId, t.eventId),
    index('gateway_evento_pagamento_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);
