// The door team of an event (docs/events.md "Door team"): the door volunteers
// (ROLE_ADMIN_CHECKIN) an admin gave this event. A volunteer with any row here checks in at
// those events only; one with none keeps checking in at every event of the church.
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { events } from './events.ts';
import { users } from './users.ts';

export const eventDoorTeam = pgTable(
  'evento_porta',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    eventId: integer('evento_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evento_porta_evento_usuario_uq').on(t.eventId, t.userId),
    index('evento_porta_igreja_usuario_idx').on(t.churchId, t.userId),
  ],
);
