// Sermon notes (spec §2 /user/notes, §7 "Notes") and reading plans (spec §2 /reading-plans, §4).
// Every table belongs to a church; notes and subscriptions also to one member.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** A member's sermon note. `chave` is the browser's id for it (a replayed POST finds it). */
export const sermonNotes = pgTable(
  'nota_sermao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('chave').notNull(),
    title: text('titulo').notNull(),
    text: text('texto').notNull().default(''),
    /** Counts saves: a PUT carrying an older one is a conflict (409). */
    version: integer('versao').notNull().default(1),
    createdAt: timestamp('data_criacao', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nota_sermao_usuario_chave_uq').on(t.userId, t.key),
    index('nota_sermao_lista_idx').on(t.churchId, t.userId, t.updatedAt),
  ],
);

/** One passage of a day: a whole chapter of a book (books.ts code). */
export interface PlanPassage {
  livro: string;
  capitulo: number;
}

/** A church's reading plan (Discover tab). */
export const readingPlans = pgTable(
  'plano_leitura',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao').notNull().default(''),
    /** Language of the plan (pt/en/es): which Bible text its passages are read in. */
    language: text('idioma').notNull(),
    days: integer('dias').notNull(),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('plano_leitura_igreja_idx').on(t.churchId, t.position)],
);

export const readingPlanDays = pgTable(
  'plano_leitura_dia',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    planId: integer('plano_leitura_id')
      .notNull()
      .references(() => readingPlans.id, { onDelete: 'cascade' }),
    day: integer('dia').notNull(),
    passages: jsonb('passagens').$type<PlanPassage[]>().notNull(),
    /** The team's optional note for the day (docs/staff.md "Reading plans"). */
    note: text('nota'),
  },
  (t) => [uniqueIndex('plano_leitura_dia_uq').on(t.planId, t.day)],
);

/** A member following a plan: day 1 is due on `dataInicio`, day n n-1 days later. */
export const readingPlanSubscriptions = pgTable(
  'plano_leitura_inscricao',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plano_leitura_id')
      .notNull()
      .references(() => readingPlans.id, { onDelete: 'cascade' }),
    startDate: date('data_inicio', { mode: 'string' }).notNull(),
    completedAt: timestamp('data_conclusao', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plano_leitura_inscricao_uq').on(t.userId, t.planId),
    index('plano_leitura_inscricao_igreja_idx').on(t.churchId, t.userId),
  ],
);

/** A day marked read. */
export const readingPlanProgress = pgTable(
  'plano_leitura_progresso',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    subscriptionId: integer('plano_leitura_inscricao_id')
      .notNull()
      .references(() => readingPlanSubscriptions.id, { onDelete: 'cascade' }),
    day: integer('dia').notNull(),
    readAt: timestamp('data_leitura', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plano_leitura_progresso_uq').on(t.subscriptionId, t.day)],
);
