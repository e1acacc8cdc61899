// The staff area's worship tables (docs/staff.md "Songs", "Moderation"): a service's set list
// the team sees in /praise, and the moderators' hide/restore of prayer wall posts with a reason.
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
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { prayers } from './prayer.ts';
import { users } from './users.ts';

/** One song of a set list, in the key it is sung in that service (null: the song's own). */
export interface SetListItem {
  louvorId: number;
  tom: string | null;
}

/** A service's set list: its songs in order (docs/staff.md "Songs"). */
export const praiseSetLists = pgTable(
  'louvor_repertorio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    /** The service's day (YYYY-MM-DD). */
    date: date('data', { mode: 'string' }).notNull(),
    notes: text('observacao'),
    items: jsonb('itens').$type<SetListItem[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('louvor_repertorio_igreja_data_idx').on(t.churchId, t.date)],
);

/**
 * A moderator's last decision on a prayer post: hidden (the post's `flag_ativo` false) or restored,
 * why and by whom. Only a post hidden here can be restored: an author's own deletion stays deleted.
 */
export const prayerModeration = pgTable('oracao_moderacao', {
  prayerId: integer('oracao_id')
    .primaryKey()
    .references(() => prayers.id, { onDelete: 'cascade' }),
  churchId: integer('igreja_id')
    .notNull()
    .references(() => churches.id, { onDelete: 'cascade' }),
  hidden: boolean('oculto').notNull(),
  reason: text('motivo').notNull(),
  userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('usuario_nome').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
