// What a church keeps in the file store (docs/deploy.md "Storage quotas"): every key whose path
// names a church's thing — `uploads/<staff kind>/<church>-…`, `uploads/partitura/<song>-…`,
// `play/<video>/…`, `play-upload/<upload>/…`, `imports/<import>/…` — is recorded with its size in
// `uso_arquivo` as the store writes or deletes it, whatever backend keeps the bytes, so a church's
// total is one indexed sum. The record is written just after the store call, off its path: a
// file stored inside a transaction (an import's upload) must not wait for the database that
// transaction holds (PGlite has one connection); `settleFileUsage()` waits for what is on its way.
import { and, eq, inArray, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { log } from '../log.ts';
import type { FileStore } from './file-store.ts';

export type FileOwner = 'igreja' | 'play' | 'play-envio' | 'importacao' | 'louvor';

/** Staff image kinds whose stored names start with the church's id (server/images/store.ts). */
const CHURCH_KINDS = new Set(['conteudo', 'banner', 'igreja', 'oracao']);

/** The owner a key's path names, or null (a member's own photo, anything else: not a church's). */
export function fileOwner(key: string): { owner: FileOwner; id: number } | null {
  const [top, second, third] = key.split('/');
  const id = (text: string | undefined) => {
    const n = Number(/^(\d+)/.exec(text ?? '')?.[1] ?? NaN);
    return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
  };
  if (top === 'uploads' && third !== undefined) {
    const owner = CHURCH_KINDS.has(second ?? '')
      ? 'igreja'
      : second === 'partitura'
        ? 'louvor'
        : null;
    const n = id(third.includes('-') ? third : undefined);
    return owner && n ? { owner, id: n } : null;
  }
  const byFolder: Record<string, FileOwner> = {
    play: 'play',
    'play-upload': 'play-envio',
    imports: 'importacao',
  };
  const owner = byFolder[top ?? ''];
  const n = third !== undefined ? id(second) : null;
  return owner && n && String(n) === second ? { owner, id: n } : null;
}

let pending: Promise<void> = Promise.resolve();

/** Runs `work` after the records already on their way; a failure is logged, never thrown at the upload. */
function record(work: () => Promise<unknown>): void {
  pending = pending.then(work).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error }, 'file usage not recorded'),
  );
}

/** Waits until every size recorded so far in this process is in the database. */
export const settleFileUsage = (): Promise<void> => pending;

const startsWith = (prefix: string) =>
  sql`${t.fileUsage.key} like ${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%'}`;

/** The store, with each church's file sizes kept in `uso_arquivo` as it writes and deletes. */
export function meteredFileStore(inner: FileStore, db: Database): FileStore {
  return {
    backend: inner.backend,
    get: (key) => inner.get(key),
    head: (key) => inner.head(key),
    list: (prefix) => inner.list(prefix),
    async put(key, bytes, contentType) {
      await inner.put(key, bytes, contentType);
      const owner = fileOwner(key);
      if (!owner) return;
      const row = { key, owner: owner.owner, ownerId: owner.id, size: bytes.length };
      record(() =>
        db
          .insert(t.fileUsage)
          .values(row)
          .onConflictDoUpdate({
            target: t.fileUsage.key,
            set: { size: row.size, owner: row.owner, ownerId: row.ownerId, updatedAt: sql`now()` },
          }),
      );
    },
    async delete(key) {
      await inner.delete(key);
      if (fileOwner(key)) record(() => db.delete(t.fileUsage).where(eq(t.fileUsage.key, key)));
    },
    async deletePrefix(prefix) {
      await inner.deletePrefix(prefix);
      record(() => db.delete(t.fileUsage).where(startsWith(prefix)));
    },
  };
}

/**
 * Records every file already in the store (files kept before sizes were recorded, or a store
 * filled by copy-files.ts); safe to run again. Answers how many keys it recorded.
 */
export async function recountFileUsage(db: Database, files: FileStore): Promise<number> {
  let n = 0;
  for (const key of await files.list('')) {
    const owner = fileOwner(key);
    if (!owner) continue;
    const size = (await files.head(key))?.size;
    if (size === undefined) continue;
    await db
      .insert(t.fileUsage)
      .values({ key, owner: owner.owner, ownerId: owner.id, size })
      .onConflictDoUpdate({ target: t.fileUsage.key, set: { size, updatedAt: sql`now()` } });
    n++;
  }
  return n;
}

/**
 * Bytes a church keeps in the file store. A video upload still arriving counts with the size it
 * declared (not the chunks so far), so two uploads started together cannot both slip under the
 * limit; `except` leaves out the unfinished upload a new start would resume.
 */
export async function churchStorageBytes(
  db: Database,
  churchId: number,
  except?: { contentId: number; fileName: string; size: number },
): Promise<number> {
  await settleFileUsage();
  const owned = (owner: FileOwner, ids: SQLWrapper) =>
    and(eq(t.fileUsage.owner, owner), inArray(t.fileUsage.ownerId, ids));
  const ids = {
    play: db
      .select({ id: t.playContents.id })
      .from(t.playContents)
      .where(eq(t.playContents.churchId, churchId)),
    importacao: db
      .select({ id: t.imports.id })
      .from(t.imports)
      .where(eq(t.imports.churchId, churchId)),
    louvor: db.select({ id: t.praises.id }).from(t.praises).where(eq(t.praises.churchId, churchId)),
  };
  const [stored] = await db
    .select({ bytes: sql<string>`coalesce(sum(${t.fileUsage.size}), 0)` })
    .from(t.fileUsage)
    .where(
      or(
        and(eq(t.fileUsage.owner, 'igreja'), eq(t.fileUsage.ownerId, churchId)),
        owned('play', ids.play),
        owned('importacao', ids.importacao),
        owned('louvor', ids.louvor),
        // an upload's chunks count once it is complete (until the conversion removes them)
        owned(
          'play-envio',
          db
            .select({ id: t.playUploads.id })
            .from(t.playUploads)
            .where(and(eq(t.playUploads.churchId, churchId), ne(t.playUploads.state, 'enviando'))),
        ),
      ),
    );
  const arriving = await db
    .select({
      contentId: t.playUploads.contentId,
      fileName: t.playUploads.fileName,
      size: t.playUploads.size,
    })
    .from(t.playUploads)
    .where(and(eq(t.playUploads.churchId, churchId), eq(t.playUploads.state, 'enviando')));
  let declared = 0;
  let skipped = false;
  for (const upload of arriving) {
    const resumed =
      !skipped &&
      !!except &&
      upload.contentId === except.contentId &&
      upload.fileName === except.fileName &&
      Number(upload.size) === except.size;
    if (resumed) skipped = true;
    else declared += Number(upload.size);
  }
  return Number(stored?.bytes ?? 0) + declared;
}
