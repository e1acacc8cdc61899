// Who may watch what (docs/play.md "Watching"; spec §6 closed content): anyone logged in for open
// content, only a member with an active subscription (access.ts) for closed content; and the
// member's resume position, kept on the same row as their list flag.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { activeSubscription, isContentOpen } from './access.ts';
import { visible, type ContentRow } from './play.queries.ts';

/** A visible content the member may watch, or 404 / 403 (closed content without a subscription). */
export async function watchableContent(
  db: Database,
  churchId: number,
  userId: number,
  contentId: number,
): Promise<ContentRow> {
  const [content] = await db
    .select()
    .from(t.playContents)
    .where(and(visible(churchId), eq(t.playContents.id, contentId)));
  if (!content) throw notFound('play.notFound');
  if (!(await isContentOpen(db, content)) && !(await activeSubscription(db, churchId, userId)))
    throw new ApiProblem(403, 'play.watch.subscriptionRequired');
  return content;
}

/** The member's row for the content: resume position and whether it is in their list. */
export async function listItemOf(
  db: Database,
  churchId: number,
  userId: number,
  contentId: number,
) {
  const [item] = await db
    .select({
      id: t.playListItems.id,
      position: t.playListItems.positionSeconds,
      inList: t.playListItems.inList,
    })
    .from(t.playListItems)
    .where(
      and(
        eq(t.playListItems.churchId, churchId),
        eq(t.playListItems.userId, userId),
        eq(t.playListItems.contentId, contentId),
      ),
    );
  return item ?? null;
}

/** One row per member and content keeps both the list flag and the resume point; a new row is not in the list. */
export async function savePosition(
  db: Database,
  churchId: number,
  userId: number,
  contentId: number,
  position: number,
): Promise<void> {
  await db
    .insert(t.playListItems)
    .values({ churchId, userId, contentId, positionSeconds: position, inList: false })
    .onConflictDoUpdate({
      target: [t.playListItems.churchId, t.playListItems.userId, t.playListItems.contentId],
      set: { positionSeconds: position },
    });
}

/** An active content by id, whatever its church (the media URL's signature names it). */
export async function activeContent(db: Database, id: number): Promise<ContentRow | null> {
  const [content] = await db
    .select()
    .from(t.playContents)
    .where(and(eq(t.playContents.id, id), eq(t.playContents.active, true)));
  return content ?? null;
}
