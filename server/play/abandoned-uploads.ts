// Abandoned video uploads (docs/play.md "Uploading a video"): an upload still receiving chunks a
// day after it started is given up; its chunks leave the file store and its row is removed, so a
// dropped upload never keeps gigabytes of parts for ever. Run by the job `play.abandoned-uploads`.
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { uploadPrefix } from './video-file.ts';

/** An upload not completed this many hours after it started is abandoned (4 GB at 1 Mbit/s takes ~9 h). */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Marks every upload older than the limit and still `enviando` as `abandonado` (one statement, so
 * a chunk or a "complete" arriving later is refused), then removes each marked upload's chunks and
 * its row. A run stopped halfway leaves marked rows, which the next run finishes. Returns the ids.
 */
export async function removeAbandonedUploads(
  db: Database,
  files: FileStore,
  now: Date,
): Promise<number[]> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_HOURS * 3_600_000);
  await db
    .update(t.playUploads)
    .set({ state: 'abandonado' })
    .where(and(eq(t.playUploads.state, 'enviando'), lt(t.playUploads.createdAt, cutoff)));
  const marked = await db
    .select({ id: t.playUploads.id })
    .from(t.playUploads)
    .where(eq(t.playUploads.state, 'abandonado'))
    .limit(500);
  const removed: number[] = [];
  for (const { id } of marked) {
    await files.deletePrefix(uploadPrefix(id));
    await db
      .delete(t.playUploads)
      .where(and(eq(t.playUploads.id, id), eq(t.playUploads.state, 'abandonado')));
    removed.push(id);
  }
  return removed;
}
