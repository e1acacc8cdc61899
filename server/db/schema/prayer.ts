// Prayer wall (spec §2 "/prayer", MOD_MURAL_ORACAO; spec §3 Prayer post, Prayer message, Pray):
// reasons, requests, supportive messages and "I prayed" marks. Every table belongs to a church.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** A church's prayer reasons (health, family, …): the wall's filter. */
export const prayerReasons = pgTable(
  'oracao_motivo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [index('oracao_motivo_igreja_idx').on(t.churchId, t.position)],
);

/** spec §3 Prayer post. Only `flagPublicarMural` and `flagAtivo` requests show on the wall. */
export const prayers = pgTable(
  'oracao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    reasonId: integer('oracao_motivo_id').references(() => prayerReasons.id, {
      onDelete: 'set null',
    }),
    /** The name shown on the wall (may be a first name only, or blank for anonymous). */
    name: text('nome'),
    message: text('mensagem').notNull(),
    /** Public path of an optional image (served by GET /imagem/…). */
    image: text('imagem'),
    publishOnWall: boolean('flag_publicar_mural').notNull().default(true),
    active: boolean('flag_ativo').notNull().default(true),
    /** Private to the church's team: never on the public wall. */
    wantsCall: boolean('flag_receber_ligacao').notNull().default(false),
    wantsVisit: boolean('flag_receber_visita').notNull().default(false),
    /** How many times someone marked "I prayed" (kept in step with `oracao_orar`). */
    prayedCount: integer('qtde_orar').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oracao_mural_idx')
      .on(t.churchId, t.createdAt)
      .where(sql`${t.publishOnWall} and ${t.active}`),
  ],
);

/** spec §3 Prayer message: a supportive word left under a request. */
export const prayerMessages = pgTable(
  'oracao_mensagem',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    prayerId: integer('oracao_id')
      .notNull()
      .references(() => prayers.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as shown (kept when the account goes away). */
    name: text('nome'),
    message: text('mensagem').notNull(),
    active: boolean('flag_ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oracao_mensagem_oracao_idx').on(t.prayerId, t.createdAt)],
);

/** spec §3 Pray: one "I prayed" per user and request. */
export const prayerPrays = pgTable(
  'oracao_orar',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    prayerId: integer('oracao_id')
      .notNull()
      .references(() => prayers.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oracao_orar_uq').on(t.prayerId, t.userId)],
);
