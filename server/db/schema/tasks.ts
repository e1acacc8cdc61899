// The one task queue (server/jobs/tasks.ts, docs/architecture.md "Jobs"): long work a person started
// (a video to transcode, a file to import) waits here as a row, is claimed by one process with a
// lease, and reports progress and its outcome on the same row for the page that started it.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

export const tasks = pgTable(
  'tarefa',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** Which handler runs it (a `defineTask` kind listed in server/jobs/index.ts TASKS). */
    kind: text('tipo').notNull(),
    /** 'queued', 'running', 'done' or 'failed'. */
    state: text('estado').notNull().default('queued'),
    payload: jsonb('carga').notNull().default({}),
    result: jsonb('resultado'),
    /** Why it failed, readable by the person who started it. */
    error: text('erro'),
    done: integer('feito').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** How many times a process has claimed it (a claim lost with its process counts). */
    attempts: integer('tentativas').notNull().default(0),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('iniciado_em', { withTimezone: true }),
    finishedAt: timestamp('terminado_em', { withTimezone: true }),
    /** The process working on it; its lease ends at `bloqueado_ate` unless it keeps beating. */
    lockedBy: text('bloqueado_por'),
    lockedUntil: timestamp('bloqueado_ate', { withTimezone: true }),
  },
  (t) => [
    index('tarefa_fila_idx').on(t.state, t.lockedUntil),
    index('tarefa_igreja_idx').on(t.churchId, t.id),
  ],
);
