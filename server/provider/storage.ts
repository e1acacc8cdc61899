// A church's share of the file store (docs/provider.md "Churches"): the files of its Play videos
// (`play/<video id>/…`) and the uploaded images and song scores its rows point at
// (`/api/v1/imagem/<kind>/<file>` → `uploads/<kind>/<file>`), sized by the file store itself, so
// the answer is the same on the local, postgres and s3 backends. Kept a few minutes per church.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isFileKey, type FileStore } from '../files/file-store.ts';

const KEEP_MS = 5 * 60_000;
const cache = new Map<number, { bytes: number; at: number }>();

/** `uploads/<kind>/<file>` of a served upload path, or null (a site asset, an outside URL). */
export function uploadKey(path: string | null | undefined): string | null {
  const match = /^\/api\/v1\/(?:imagem|arquivo)\/([a-z0-9_-]+)\/([^/?#]+)$/.exec(path ?? '');
  if (!match) return null;
  const key = `uploads/${match[1]}/${match[2]}`;
  return isFileKey(key) ? key : null;
}

async function measure(db: Database, files: FileStore, churchId: number): Promise<number> {
  const [videos, contents, banners, prayers, collections, songs, church] = await Promise.all([
    db
      .select({ id: t.playContents.id, image: t.playContents.image })
      .from(t.playContents)
      .where(eq(t.playContents.churchId, churchId)),
    db
      .select({ image: t.contents.image })
      .from(t.contents)
      .where(eq(t.contents.churchId, churchId)),
    db.select({ image: t.banners.image }).from(t.banners).where(eq(t.banners.churchId, churchId)),
    db.select({ image: t.prayers.image }).from(t.prayers).where(eq(t.prayers.churchId, churchId)),
    db
      .select({ image: t.playCollections.image })
      .from(t.playCollections)
      .where(eq(t.playCollections.churchId, churchId)),
    db.select({ scores: t.praises.scores }).from(t.praises).where(eq(t.praises.churchId, churchId)),
    db.select({ images: t.churches.images }).from(t.churches).where(eq(t.churches.id, churchId)),
  ]);
  const keys = new Set<string>();
  for (const v of videos) for (const key of await files.list(`play/${v.id}/`)) keys.add(key);
  const paths = [
    ...videos.map((v) => v.image),
    ...contents.map((c) => c.image),
    ...banners.map((b) => b.image),
    ...prayers.map((p) => p.image),
    ...collections.map((c) => c.image),
    ...songs.flatMap((s) => s.scores.map((f) => f.url)),
    ...Object.values(church[0]?.images ?? {}),
  ];
  for (const p of paths) {
    const key = uploadKey(p);
    if (key) keys.add(key);
  }
  let bytes = 0;
  for (const key of keys) bytes += (await files.head(key))?.size ?? 0;
  return bytes;
}

export async function churchStorageBytes(
  db: Database,
  files: FileStore,
  churchId: number,
  now = Date.now(),
): Promise<number> {
  const kept = cache.get(churchId);
  if (kept && now - kept.at < KEEP_MS) return kept.bytes;
  const bytes = await measure(db, files, churchId);
  cache.set(churchId, { bytes, at: now });
  return bytes;
}
