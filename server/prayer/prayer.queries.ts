// Queries shared by the wall's public reads and the member's actions.
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** spec §2: a church without this module has no prayer wall. */
export const PRAYER_MODULE = 'MOD_MURAL_ORACAO';

/** Active supportive messages per request, counted in the same church. */
const messageCount = (churchId: number | Placeholder) =>
  sql<number>`(select count(*) from ${t.prayerMessages} m where m.oracao_id = ${t.prayers.id} and m.igreja_id = ${churchId} and m.flag_ativo)`.mapWith(
    Number,
  );

/**
 * Requests with their reason (of the same church) and message count; callers add the church filter.
 * The church may be a placeholder, for a prepared statement (server/db/prepared.ts).
 */
export function selectPrayers(db: Database, churchId: number | Placeholder) {
  return db
    .select({ prayer: t.prayers, reason: t.prayerReasons, messages: messageCount(churchId) })
    .from(t.prayers)
    .leftJoin(
      t.prayerReasons,
      and(eq(t.prayerReasons.id, t.prayers.reasonId), eq(t.prayerReasons.churchId, churchId)),
    );
}
