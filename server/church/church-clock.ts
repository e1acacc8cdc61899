// The church's clock on the server (docs/giving.md "Which clock", docs/volunteers.md "Which
// clock", docs/kids.md "Which clock"): one reading of a church's zone, `churchTimeZone` of
// common/time-zone.ts over its chosen zone, country and language, the same as `igreja_fuso` in SQL
// (migration 0061). Its "today" is `churchToday` of common/time-zone.ts at that zone.
import { eq, sql } from 'drizzle-orm';
import { churchTimeZone, churchToday } from '../../common/time-zone.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { rowsOf } from '../db/rows.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import { memoized } from '../http/request-memo.ts';

/** What a church's clock is read from: `igreja.fuso_horario`, `pais`, `idioma`. */
export interface ClockOfChurch {
  timeZone: string | null;
  country: string | null;
  locale: string | null;
}

/** The columns `zoneOfChurch` reads, for a select. */
export const clockColumns = {
  timeZone: t.churches.timeZone,
  country: t.churches.country,
  locale: t.churches.locale,
};

/** A church that is not there: São Paulo's clock. */
export const NO_CHURCH: ClockOfChurch = { timeZone: null, country: null, locale: null };

/** The church's clock: the zone it chose, else its country's, else its language's (docs/giving.md "Which clock"). */
export const zoneOfChurch = (row: ClockOfChurch): string =>
  churchTimeZone(row.country, (row.locale ?? 'pt').slice(0, 2), row.timeZone);

/** The zone of a church by its id (São Paulo's for a church that is not there); once per render. */
export function churchZone(db: Db, churchId: number): Promise<string> {
  return memoized(`zone:church:${churchId}`, async () => {
    const [row] = await db.select(clockColumns).from(t.churches).where(eq(t.churches.id, churchId));
    return zoneOfChurch(row ?? NO_CHURCH);
  });
}

/** `yyyy-mm-dd`: the church's today at `now` (its zone read once more). */
export const churchDayOf = async (db: Db, churchId: number, now: Date = new Date()) =>
  churchToday(await churchZone(db, churchId), now);

/**
 * What to store as a church's chosen zone: null when it is the one its country (else language)
 * gives anyway, so a later change of country moves its clock with it.
 */
export const chosenZone = (zone: string | null, church: Omit<ClockOfChurch, 'timeZone'>) =>
  zone && zone !== zoneOfChurch({ ...church, timeZone: null }) ? zone : null;

/** Whether the database knows the zone too (its totals read months with it: migration 0061). */
export async function databaseKnowsZone(db: Db, zone: string): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from pg_timezone_names where name = ${zone}`),
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Sets the zone a church chose (null: its country's), in the caller's transaction; a zone the
 * database does not know is the field's 422. Its kept totals are rebuilt by the database when its
 * clock moves (migration 0061). Returns the clock before and after.
 */
export async function storeChurchZone(
  tx: Db,
  churchId: number,
  zone: string | null,
  field = 'fusoHorario',
): Promise<{ before: string; after: string }> {
  const [church] = await tx
    .select(clockColumns)
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  if (!church) throw notFound();
  if (zone && !(await databaseKnowsZone(tx, zone)))
    throw fieldProblem(422, field, 'provider.timeZone');
  const timeZone = chosenZone(zone, church);
  if (timeZone !== church.timeZone)
    await tx.update(t.churches).set({ timeZone }).where(eq(t.churches.id, churchId));
  return { before: zoneOfChurch(church), after: zoneOfChurch({ ...church, timeZone }) };
}
