// A church's life after it is created (docs/staff.md "First steps", docs/provider.md "Exports" and
// "Deleting a church"): whether its team put the first-steps checklist away, the zips of
// everything it holds (made by its admin or by the provider), and its deletion after a grace period.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** The staff dashboard's per-church state: the first-steps checklist put away (and by whom). */
export const churchDashboard = pgTable('igreja_painel', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  checklistDismissedAt: timestamp('checklist_dispensado_em', { withTimezone: true }),
  dismissedBy: integer('dispensado_por').references(() => users.id, { onDelete: 'set null' }),
});

export const EXPORT_ORIGINS = ['equipe', 'provedor', 'exclusao'] as const;
export type ExportOrigin = (typeof EXPORT_ORIGINS)[number];
export const EXPORT_STATES = ['preparando', 'pronta', 'falhou'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/**
 * One zip of everything a church holds (server/exports/). `igreja_id` has no foreign key on
 * purpose: the copy made before a deletion is the provider's and outlives the church, so the
 * church's code and name are kept beside it. The zip lives in the file store as parts under
 * `exports/<id>/`; `expira_em` null means kept until the provider removes it.
 */
export const churchExports = pgTable(
  'exportacao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id').notNull(),
    churchCode: text('igreja_codigo').notNull(),
    churchName: text('igreja_nome').notNull(),
    origin: text('origem').$type<ExportOrigin>().notNull(),
    requestedBy: integer('pedida_por').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('pedida_por_nome').notNull(),
    taskId: integer('tarefa_id'),
    state: text('estado').$type<ExportState>().notNull().default('preparando'),
    parts: integer('partes').notNull().default(0),
    size: bigint('tamanho', { mode: 'number' }).notNull().default(0),
    /** Rows per file of the zip (`pessoas.csv: 41`), as the task wrote them. */
    summary: jsonb('resumo').$type<Record<string, number>>().notNull().default({}),
    error: text('erro'),
    createdAt: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('pronta_em', { withTimezone: true }),
    expiresAt: timestamp('expira_em', { withTimezone: true }),
  },
  (t) => [
    index('exportacao_igreja_idx').on(t.churchId, t.createdAt.desc()),
    index('exportacao_expira_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * A church marked for deletion by the provider: suspended at once, deleted by the job
 * `church.delete-due` once `excluir_em` has passed and its export is ready. Cancelling removes
 * the row and puts back the state it had (`estado_anterior`).
 */
export const churchDeletions = pgTable(
  'igreja_exclusao',
  {
    churchId: integer('igreja_id')
      .primaryKey()
      .references(() => churches.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('pedida_em', { withTimezone: true }).notNull().defaultNow(),
    deleteAt: timestamp('excluir_em', { withTimezone: true }).notNull(),
    requestedBy: integer('pedida_por').references(() => users.id, { onDelete: 'set null' }),
    /** `ativa` or `suspensa`: what a cancel puts back. */
    previousState: text('estado_anterior').$type<'ativa' | 'suspensa'>().notNull(),
    exportId: integer('exportacao_id'),
  },
  (t) => [index('igreja_exclusao_quando_idx').on(t.deleteAt)],
);
