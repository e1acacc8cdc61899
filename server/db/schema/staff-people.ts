// The staff area's people, giving and groups (docs/staff.md "Giving", "People", "Groups"): the
// yearly statement batches and the statements sent (each giver once per church and year), the
// deletion requests carried out, and who came to a group's meeting.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { groupMeetings } from './groups.ts';
import { deletionRequests, users } from './users.ts';

export type StatementBatchStatus = 'enviando' | 'concluido';

/** A yearly statement e-mailed to every giver of a year (the job `giving.statements` works it). */
export const statementBatches = pgTable(
  'extrato_lote',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    year: integer('ano').notNull(),
    status: text('status').$type<StatementBatchStatus>().notNull().default('enviando'),
    /** Givers of the year when the batch was started (the progress bar's end). */
    total: integer('total').notNull().default(0),
    sent: integer('enviados').notNull().default(0),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('concluido_em', { withTimezone: true }),
  },
  (t) => [index('extrato_lote_igreja_idx').on(t.churchId, t.year)],
);

/** One statement sent: the unique key makes each giver of a year e-mailed once, whatever node runs. */
export const sentStatements = pgTable(
  'extrato_enviado',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    year: integer('ano').notNull(),
    /** `u:<user id>` for a member, `e:<e-mail>` for a visitor. */
    giver: text('doador').notNull(),
    email: text('email').notNull(),
    batchId: integer('lote_id').references(() => statementBatches.id, { onDelete: 'set null' }),
    sentAt: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('extrato_enviado_uq').on(t.churchId, t.year, t.giver)],
);

/** A deletion request carried out by the staff: personal data removed, gifts kept. */
export const deletionsDone = pgTable('pedido_exclusao_conclusao', {
  requestId: integer('pedido_id')
    .primaryKey()
    .references(() => deletionRequests.id, { onDelete: 'cascade' }),
  churchId: integer('igreja_id')
    .notNull()
    .references(() => churches.id, { onDelete: 'cascade' }),
  byUserId: integer('por_usuario_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('por_nome').notNull(),
  doneAt: timestamp('concluido_em', { withTimezone: true }).notNull().defaultNow(),
});

/** Who was at a group's meeting (ticked by the leader). */
export const meetingAttendance = pgTable(
  'celula_presenca',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    meetingId: integer('reuniao_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('celula_presenca_uq').on(t.meetingId, t.userId),
    index('celula_presenca_usuario_idx').on(t.churchId, t.userId),
  ],
);
