// The church's weekly schedule (the home's "schedule", docs/content.md): services and live streams that repeat
// every week. Weekdays are ISO numbers, 1 = Monday … 7 = Sunday (spec §9 lists Monday first).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, time } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';

export const weeklyServices = pgTable(
  'culto_agenda',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** 1 = Monday … 7 = Sunday (ISO 8601). */
    weekday: integer('dia_semana').notNull(),
    /** Local time of the church. */
    startTime: time('horario').notNull(),
    title: text('titulo').notNull(),
    place: text('local'),
    /** The service is streamed live (MOD_CULTO's /live). */
    liveStream: boolean('flag_transmissao').notNull().default(false),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [
    index('culto_agenda_igreja_idx').on(t.churchId, t.weekday, t.startTime),
    check('culto_agenda_dia_semana_ck', sql`${t.weekday} between 1 and 7`),
  ],
);
