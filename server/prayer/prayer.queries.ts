// Queries shared by the wall's public reads and the member's actions, and the wall's reads
// themselves (prepared once per shape, server/db/prepared.ts: they serve every page render).
import { and, asc, count, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { prayerListQuery } from '../../contract/prayer.ts';
import type { Database } from '../db/client.ts';
import { pageTotal, totalColumn } from '../db/page-total.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import { toPrayerItem, toPrayerMessage, type PrayerRecord } from './prayer.serializers.ts';

/** spec §2: a church without this module has no prayer wall. */
export const PRAYER_MODULE = 'MOD_MURAL_ORACAO';

/** Active supportive messages per request, counted in the same church. */
const messageCount = (churchId: number | Placeholder) =>
  sql<number>`(select count(*) from ${t.prayerMessages} m where m.oracao_id = ${t.prayers.id} and m.igreja_id = ${churchId} and m.flag_ativo)`.mapWith(
    Number,
  );

/** A request's columns, its reason's and its message count. */
const prayerFields = (churchId: number | Placeholder) => ({
  prayer: t.prayers,
  reason: t.prayerReasons,
  messages: messageCount(churchId),
});

/** A request's reason, of the same church. */
const reasonOf = (churchId: number | Placeholder) =>
  and(eq(t.prayerReasons.id, t.prayers.reasonId), eq(t.prayerReasons.churchId, churchId));

/**
 * Requests with their reason (of the same church) and message count; callers add the church filter.
 * The church may be a placeholder, for a prepared statement (server/db/prepared.ts).
 */
export function selectPrayers(db: Database, churchId: number | Placeholder) {
  return db
    .select(prayerFields(churchId))
    .from(t.prayers)
    .leftJoin(t.prayerReasons, reasonOf(churchId));
}

const onWall = (churchId: number | Placeholder) =>
  and(
    eq(t.prayers.churchId, churchId),
    // As the partial index oracao_mural_idx spells them, so a kept (generic) plan can use it.
    sql`${t.prayers.publishOnWall} and ${t.prayers.active}`,
  );

/** The church's prayer reasons, in their order. */
export function prayerReasonsOf(db: Database, churchId: number) {
  return prepared(db, 'prayer.reasons', (name) =>
    db
      .select({ id: t.prayerReasons.id, nome: t.prayerReasons.name })
      .from(t.prayerReasons)
      .where(eq(t.prayerReasons.churchId, sql.placeholder('churchId')))
      .orderBy(asc(t.prayerReasons.position), asc(t.prayerReasons.name))
      .prepare(name),
  ).execute({ churchId });
}

/** A page of the wall, newest first, of one reason when `motivo` is given. */
export async function wallPage(
  db: Database,
  churchId: number,
  query: z.output<typeof prayerListQuery>,
) {
  const p = sql.placeholder;
  const shape = query.motivo !== undefined ? 'reason' : 'all';
  const where = () =>
    and(
      onWall(p('churchId')),
      shape === 'reason' ? eq(t.prayers.reasonId, p('reason')) : undefined,
    );
  const values = {
    churchId,
    reason: query.motivo,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const countOf = () => db.select({ n: count() }).from(t.prayers).where(where());
  // The page and the wall's total in one statement (server/db/page-total.ts).
  const rows = await prepared(db, `prayer.wall.${shape}`, (name) =>
    db
      .select({ ...prayerFields(p('churchId')), total: totalColumn(countOf()) })
      .from(t.prayers)
      .leftJoin(t.prayerReasons, reasonOf(p('churchId')))
      .where(where())
      .orderBy(desc(t.prayers.createdAt), desc(t.prayers.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(name),
  ).execute(values);
  const total = await pageTotal(rows, values.offset, () =>
    prepared(db, `prayer.wall-count.${shape}`, (name) => countOf().prepare(name)).execute(values),
  );
  return {
    oracoes: rows.map((r: PrayerRecord) => toPrayerItem(r)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** One request on the wall with its active messages, or null. */
export async function wallPrayer(db: Database, churchId: number, id: number) {
  const [row] = await selectPrayers(db, churchId).where(
    and(onWall(churchId), eq(t.prayers.id, id)),
  );
  if (!row) return null;
  const messages = await db
    .select()
    .from(t.prayerMessages)
    .where(
      and(
        eq(t.prayerMessages.churchId, churchId),
        eq(t.prayerMessages.prayerId, id),
        eq(t.prayerMessages.active, true),
      ),
    )
    .orderBy(asc(t.prayerMessages.createdAt), asc(t.prayerMessages.id));
  return { ...toPrayerItem(row), mensagens: messages.map(toPrayerMessage) };
}
