// Chat mutes kept in the database (docs/security.md "Chat identities"), so a moderator's mute
// survives a restart and reaches every node: one row per muted chat author, and for a guest one
// more row for the keyed hash of the address and browser it wrote from.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

export const chatMutes = pgTable(
  'chat_silencio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The muted chat author (`u<userId>` or `a<16 hex>`); unmuting them removes every row of theirs. */
    authorId: text('autor_id').notNull(),
    /** Set on a guest's address row: HMAC of address + user agent; applies only to guests. */
    addressHash: text('endereco_hash'),
    /** Muted until (12 h for the author, 24 h for a guest's address). */
    until: timestamp('ate', { withTimezone: true }).notNull(),
    moderatorId: integer('moderador_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_silencio_autor_idx').on(t.churchId, t.authorId),
    index('chat_silencio_endereco_idx').on(t.churchId, t.addressHash),
  ],
);
