// Every key of the file store that belongs to one church (docs/provider.md "A church's data leaves
// with it", "Deleting a church"): what `uso_arquivo` records under the church's own things (its
// staff images, its Play videos and uploads, its imports, its songs' scores), the folders of those
// things, and the uploads its rows point at (files stored before sizes were recorded). Used by the
// export (the files go into the zip) and by the deletion (the files go with the church).
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { uploadKey } from '../provider/storage.ts';

export async function churchFileKeys(
  db: Database,
  files: FileStore,
  churchId: number,
): Promise<string[]> {
  const [videos, uploads, imports, songs, contents, banners, prayers, collections, church, visual] =
    await Promise.all([
      db
        .select({ id: t.playContents.id, image: t.playContents.image })
        .from(t.playContents)
        .where(eq(t.playContents.churchId, churchId)),
      db
        .select({ id: t.playUploads.id })
        .from(t.playUploads)
        .where(eq(t.playUploads.churchId, churchId)),
      db.select({ id: t.imports.id }).from(t.imports).where(eq(t.imports.churchId, churchId)),
      db
        .select({ id: t.praises.id, scores: t.praises.scores })
        .from(t.praises)
        .where(eq(t.praises.churchId, churchId)),
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
      db.select({ images: t.churches.images }).from(t.churches).where(eq(t.churches.id, churchId)),
      db
        .select({ logo: t.churchVisuals.logo })
        .from(t.churchVisuals)
        .where(eq(t.churchVisuals.churchId, churchId)),
    ]);
  const keys = new Set<string>();
  const owned = (owner: string, ids: number[]) =>
    ids.length ? and(eq(t.fileUsage.owner, owner), inArray(t.fileUsage.ownerId, ids)) : undefined;
  const recorded = await db
    .select({ key: t.fileUsage.key })
    .from(t.fileUsage)
    .where(
      or(
        and(eq(t.fileUsage.owner, 'igreja'), eq(t.fileUsage.ownerId, churchId)),
        owned(
          'play',
          videos.map((v) => v.id),
        ),
        owned(
          'play-envio',
          uploads.map((u) => u.id),
        ),
        owned(
          'importacao',
          imports.map((i) => i.id),
        ),
        owned(
          'louvor',
          songs.map((s) => s.id),
        ),
      ),
    );
  for (const r of recorded) keys.add(r.key);
  // the folders of its things, whatever was recorded
  const folders = [
    ...videos.map((v) => `play/${v.id}/`),
    ...uploads.map((u) => `play-upload/${u.id}/`),
    ...imports.map((i) => `imports/${i.id}/`),
  ];
  for (const folder of folders) for (const key of await files.list(folder)) keys.add(key);
  const paths = [
    ...videos.map((v) => v.image),
    ...contents.map((c) => c.image),
    ...banners.map((b) => b.image),
    ...prayers.map((p) => p.image),
    ...collections.map((c) => c.image),
    ...songs.flatMap((s) => s.scores.map((f) => f.url)),
    ...Object.values(church[0]?.images ?? {}),
    visual[0]?.logo,
  ];
  for (const p of paths) {
    const key = uploadKey(p);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}
