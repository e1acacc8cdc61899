// GET /igreja/{slug}/agenda/: the church's weekly services, Monday to Sunday (spec §9). Not gated on
// MOD_CULTO: the services are the church's timetable; the home shows them only with the module.
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { slugParams } from '../../contract/church.ts';
import type { WeeklyService } from '../../contract/schedule.ts';
import type { Database } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { validate } from '../http/validate.ts';

type Row = typeof t.weeklyServices.$inferSelect;

export function toWeeklyService(row: Row): WeeklyService {
  return {
    id: row.id,
    diaSemana: row.weekday,
    horario: row.startTime.slice(0, 5), // Postgres time is HH:MM:SS
    titulo: row.title,
    local: row.place,
    flagTransmissao: row.liveStream,
  };
}

export function scheduleRoutes(db: Database) {
  return new Hono({ strict: false }).get(
    '/igreja/:slug/agenda',
    validate('param', slugParams),
    async (c) => {
      const { slug } = c.req.valid('param');
      const church = await churchBySlug(db, c, slug);
      const rows = await prepared(db, 'schedule.week', (name) =>
        db
          .select()
          .from(t.weeklyServices)
          .where(
            and(
              eq(t.weeklyServices.churchId, sql.placeholder('churchId')),
              eq(t.weeklyServices.active, true),
            ),
          )
          .orderBy(
            asc(t.weeklyServices.weekday),
            asc(t.weeklyServices.startTime),
            asc(t.weeklyServices.id),
          )
          .prepare(name),
      ).execute({ churchId: church.id });
      return c.json({ agenda: rows.map(toWeeklyService) });
    },
  );
}
