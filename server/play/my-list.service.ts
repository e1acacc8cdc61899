// A member's Play list (spec §7 Play "my list"): every query filters on the church and the
// member; a removed item keeps its row (and its resume position) out of the list.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { toCards, visible } from './play.queries.ts';

/** The member's list, newest first, as content cards. */
export async function myList(db: Database, churchId: number, userId: number) {
  const rows = await db
    .select({ id: t.playListItems.id, content: t.playContents })
    .from(t.playListItems)
    .innerJoin(t.playContents, eq(t.playContents.id, t.playListItems.contentId))
    .where(
      and(
        eq(t.playListItems.churchId, churchId),
        eq(t.playListItems.userId, userId),
        eq(t.playListItems.inList, true),
        visible(churchId),
      ),
    )
    .orderBy(desc(t.playListItems.createdAt), desc(t.playListItems.id));
  const cards = await toCards(
    db,
    churchId,
    rows.map((r) => r.content),
  );
  return rows.map((r, i) => ({ id: r.id, conteudo: cards[i]! }));
}

/** Adds a visible content; adding twice keeps one item (the unique index settles concurrent clicks). */
export async function addToMyList(
  db: Database,
  churchId: number,
  userId: number,
  contentId: number,
) {
  const [content] = await db
    .select({ id: t.playContents.id })
    .from(t.playContents)
    .where(and(visible(churchId), eq(t.playContents.id, contentId)));
  if (!content) throw notFound('play.notFound');
  await db
    .insert(t.playListItems)
    .values({ churchId, userId, contentId: content.id, inList: true })
    .onConflictDoUpdate({
      target: [t.playListItems.churchId, t.playListItems.userId, t.playListItems.contentId],
      set: { inList: true, createdAt: new Date() },
    });
  return (await myList(db, churchId, userId)).find((i) => i.conteudo.id === content.id)!;
}

/** Takes one of the member's own items out of the list, or 404. */
export async function removeFromMyList(db: Database, userId: number, itemId: number) {
  const [row] = await db
    .update(t.playListItems)
    .set({ inList: false })
    .where(
      and(
        eq(t.playListItems.id, itemId),
        eq(t.playListItems.userId, userId),
        eq(t.playListItems.inList, true),
      ),
    )
    .returning({ id: t.playListItems.id });
  if (!row) throw notFound('play.notFound');
}
