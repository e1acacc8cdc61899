// The church's clock on the server (docs/giving.md "Which clock", docs/volunteers.md "Which
// clock", docs/kids.md "Which clock"): one reading of a church's zone, `churchTimeZone` of
// common/time-zone.ts over its country and language, the same as `igreja_fuso` in SQL (migration
// 0060). Its "today" is `churchToday` of common/time-zone.ts at that zone.
import { eq } from 'drizzle-orm';
import { churchTimeZone, churchToday } from '../../common/time-zone.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { memoized } from '../http/request-memo.ts';

/** The church's clock: its country's zone, else its language's (docs/notifications.md "Scheduled sends"). */
export const zoneOfChurch = (row: { country: string | null; locale: string | null }): string =>
  churchTimeZone(row.country, (row.locale ?? 'pt').slice(0, 2));

/** The zone of a church by its id (São Paulo's for a church that is not there); once per render. */
export function churchZone(db: Db, churchId: number): Promise<string> {
  return memoized(`zone:church:${churchId}`, async () => {
    const [row] = await db
      .select({ country: t.churches.country, locale: t.churches.locale })
      .from(t.churches)
      .where(eq(t.churches.id, churchId));
    return zoneOfChurch(row ?? { country: null, locale: null });
  });
}

/** `yyyy-mm-dd`: the church's today at `now` (its zone read once more). */
export const churchDayOf = async (db: Db, churchId: number, now: Date = new Date()) =>
  churchToday(await churchZone(db, churchId), now);
