// A member's prayer requests and actions (spec §3 Prayer, §7 "Prayer"): the queries and rules
// behind prayer-actions.routes.ts. Every query filters on the request's church; the routes check
// the church's wall and the caller's membership first. Each write announces its change itself, so the
// wall's cached pages (30 s) show it at once.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { prayerPostSchema } from '../../contract/prayer.ts';
import type { WriteDeps } from '../changes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { selectPrayers } from './prayer.queries.ts';
import { toOwnPrayer, toPrayerMessage } from './prayer.serializers.ts';

type PrayerRow = typeof t.prayers.$inferSelect;

/** An active request (on the wall when `published`), or 404; the route then checks its church. */
export async function activePrayer(
  db: Database,
  id: number,
  published: boolean,
): Promise<PrayerRow> {
  const [row] = await db
    .select({ prayer: t.prayers })
    .from(t.prayers)
    .where(
      and(
        eq(t.prayers.id, id),
        eq(t.prayers.active, true),
        published ? eq(t.prayers.publishOnWall, true) : undefined,
      ),
    );
  if (!row) throw new ApiProblem(404, 'prayer.notFound');
  return row.prayer;
}

/** The member's own active requests of the church matching `where`, as the wall reads them. */
function ownRecords(db: Database, churchId: number, where: SQL | undefined) {
  return selectPrayers(db, churchId).where(
    and(eq(t.prayers.churchId, churchId), eq(t.prayers.active, true), where),
  );
}

/** A 400 on idOracaoMotivo unless the reason is one of the church's. */
export async function refuseUnknownReason(
  db: Database,
  churchId: number,
  reasonId: number | undefined,
): Promise<void> {
  if (reasonId === undefined) return;
  const [reason] = await db
    .select({ id: t.prayerReasons.id })
    .from(t.prayerReasons)
    .where(and(eq(t.prayerReasons.id, reasonId), eq(t.prayerReasons.churchId, churchId)));
  if (!reason) throw fieldProblem(400, 'idOracaoMotivo', 'Choose one of the reasons.');
}

/** A new request with its stored image (if any); answers it as the member's own list shows it. */
export async function createPrayer(
  { db, changes }: WriteDeps,
  userId: number,
  body: z.output<typeof prayerPostSchema>,
  imagePath: string | null,
) {
  const [row] = await db
    .insert(t.prayers)
    .values({
      churchId: body.idIgreja,
      userId,
      reasonId: body.idOracaoMotivo ?? null,
      name: body.nome ?? null,
      message: body.mensagem,
      image: imagePath,
      publishOnWall: body.flagPublicarMural,
      wantsCall: body.flagReceberLigacao,
      wantsVisit: body.flagReceberVisita,
    })
    .returning({ id: t.prayers.id });
  changes.churchChanged(body.idIgreja);
  return row!.id;
}

export async function ownPrayer(db: Database, churchId: number, id: number) {
  const [record] = await ownRecords(db, churchId, eq(t.prayers.id, id));
  return toOwnPrayer(record!);
}

/** A message of encouragement to the request's author, signed with the sender's first name. */
export async function addMessage(
  { db, changes }: WriteDeps,
  prayer: PrayerRow,
  userId: number,
  text: string,
) {
  const [author] = await db
    .select({ firstName: t.users.firstName })
    .from(t.users)
    .where(eq(t.users.id, userId));
  const [row] = await db
    .insert(t.prayerMessages)
    .values({
      churchId: prayer.churchId,
      prayerId: prayer.id,
      userId,
      name: author?.firstName ?? null,
      message: text,
    })
    .returning();
  changes.churchChanged(prayer.churchId);
  return toPrayerMessage(row!);
}

/**
 * spec §3 Pray: one mark per user and request. The unique index settles concurrent clicks: the
 * loser's insert does nothing, so only a new mark increments the count, in the same transaction.
 */
export async function pray({ db, changes }: WriteDeps, prayer: PrayerRow, userId: number) {
  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(t.prayerPrays)
      .values({ churchId: prayer.churchId, prayerId: prayer.id, userId })
      .onConflictDoNothing()
      .returning({ id: t.prayerPrays.id });
    const [row] = inserted.length
      ? await tx
          .update(t.prayers)
          .set({ prayedCount: sql`${t.prayers.prayedCount} + 1` })
          .where(and(eq(t.prayers.id, prayer.id), eq(t.prayers.churchId, prayer.churchId)))
          .returning({ n: t.prayers.prayedCount })
      : await tx
          .select({ n: t.prayers.prayedCount })
          .from(t.prayers)
          .where(and(eq(t.prayers.id, prayer.id), eq(t.prayers.churchId, prayer.churchId)));
    return { count: row!.n, counted: inserted.length > 0 };
  });
  if (result.counted) changes.churchChanged(prayer.churchId);
  return result;
}

/** Soft delete (spec §3 flagAtivo): the pastoral team keeps the record; only its author may. */
export async function deletePrayer(
  { db, changes }: WriteDeps,
  prayer: PrayerRow,
  userId: number,
): Promise<void> {
  if (prayer.userId !== userId) throw new ApiProblem(403, 'prayer.onlyAuthor');
  await db
    .update(t.prayers)
    .set({ active: false })
    .where(
      and(
        eq(t.prayers.id, prayer.id),
        eq(t.prayers.churchId, prayer.churchId),
        eq(t.prayers.userId, userId),
      ),
    );
  changes.churchChanged(prayer.churchId);
}

/** The member's requests of the church, newest first. */
export async function ownPrayers(db: Database, churchId: number, userId: number) {
  const rows = await ownRecords(db, churchId, eq(t.prayers.userId, userId)).orderBy(
    desc(t.prayers.createdAt),
    desc(t.prayers.id),
  );
  return rows.map(toOwnPrayer);
}

/** One of the member's requests with the messages it received, or 404. */
export async function ownPrayerWithMessages(
  db: Database,
  churchId: number,
  userId: number,
  id: number,
) {
  const [record] = await ownRecords(
    db,
    churchId,
    and(eq(t.prayers.id, id), eq(t.prayers.userId, userId)),
  );
  if (!record) throw new ApiProblem(404, 'prayer.notFound');
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
  return { ...toOwnPrayer(record), mensagens: messages.map(toPrayerMessage) };
}
