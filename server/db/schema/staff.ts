// The staff area (docs/staff.md): the audit log of every staff write, per church.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** One staff write: who, when, what (docs/staff.md "Audit log"). Kept when the person leaves. */
export const auditLog = pgTable(
  'auditoria',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, as they were named at the time (the account may be deleted later). */
    userName: text('usuario_nome').notNull(),
    /** What was done: `<area>.<verb>`, e.g. `content.publish`, `banner.delete`. */
    action: text('acao').notNull(),
    /** What kind of thing it was done to, e.g. `noticia`, `banner`, `igreja`. */
    kind: text('tipo').notNull(),
    targetId: text('alvo_id'),
    /** A line a person reads in the log: the title or name of the thing. */
    summary: text('resumo').notNull().default(''),
    details: jsonb('detalhes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auditoria_igreja_idx').on(t.churchId, t.createdAt.desc(), t.id.desc()),
    index('auditoria_usuario_idx').on(t.churchId, t.userId),
  ],
);
