// The church's weekly services, Monday to Sunday (spec §9), prepared once (server/db/prepared.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { WeeklyService } from '../../contract/schedule.ts';
import type { Database } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';

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

export async function weeklyServicesOf(db: Database, churchId: number): Promise<WeeklyService[]> {
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
  ).execute({ churchId });
  return rows.map(toWeeklyService);
}
