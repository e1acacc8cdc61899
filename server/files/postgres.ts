// The `postgres` file store (docs/deploy.md "Files"): each key is a row of table `arquivo`, so every
// node on the same database (PostgreSQL, or PGlite for one node and tests) sees the same files.
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { storedFiles } from '../db/schema/files.ts';
import { checkFileKey, type FileStore } from './file-store.ts';

/** A LIKE pattern matching every key that starts with `prefix` (`_` is a key character). */
const startsWith = (prefix: string) =>
  sql`${storedFiles.key} like ${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%'}`;

/** Files up to this size are written as one base64 text; larger ones in slices (PostgreSQL's bytea holds up to 1 GB). */
const CHUNK_BYTES = 16 * 1024 * 1024;
/**
 * Files are read back in slices of this size, one statement each: the event loop is free between
 * them, and no answer is long to parse or decode (docs/performance.md "Moving in at scale", stop 60).
 */
const READ_SLICE_BYTES = 1024 * 1024;

export function createPostgresFileStore(
  db: Database,
  {
    chunkBytes = CHUNK_BYTES,
    readSliceBytes = READ_SLICE_BYTES,
  }: { /** tests make them small */ chunkBytes?: number; readSliceBytes?: number } = {},
): FileStore {
  const byKey = (key: string) => eq(storedFiles.key, checkFileKey(key));
  // Base64 text decoded by the database: PGlite handles a byte parameter ~10× slower.
  const decoded = (bytes: Buffer) => sql`decode(${bytes.toString('base64')}, 'base64')`;
  // Base64 text, decoded here natively: PGlite's own bytea parser is slow on large files.
  const slice = (from: number) =>
    sql<string>`encode(substring(${storedFiles.bytes} from ${from + 1} for ${readSliceBytes}), 'base64')`;
  // The writing transaction's id: a put in between changes it (all of one put's slices share it).
  const version = sql<string>`xmin::text`;
  const sliceAt = (on: Db, key: string, from: number) =>
    on
      .select({
        base64: slice(from),
        version,
        contentType: storedFiles.contentType,
        size: storedFiles.size,
      })
      .from(storedFiles)
      .where(byKey(key))
      .then(([row]) => row);
  type Slice = NonNullable<Awaited<ReturnType<typeof sliceAt>>>;

  const whole = (first: Slice) => {
    const bytes = Buffer.from(first.base64, 'base64');
    return { bytes, contentType: first.contentType, size: bytes.length };
  };

  /** The file of which `first` is the first slice, the rest read in `tx` (one snapshot), each slice decoded into place. */
  const readRest = async (tx: Db, key: string, first: Slice) => {
    let head = first;
    let bytes = Buffer.allocUnsafe(head.size);
    let filled = bytes.write(head.base64, 0, 'base64');
    while (filled < head.size) {
      const next = await sliceAt(tx, key, filled);
      if (!next) return null; // deleted after the first slice
      if (next.version !== head.version) {
        // replaced after the first slice: this snapshot's version, from its start
        head = (await sliceAt(tx, key, 0))!;
        if (head.size <= readSliceBytes) return whole(head);
        bytes = Buffer.allocUnsafe(head.size);
        filled = bytes.write(head.base64, 0, 'base64');
        continue;
      }
      const wrote = bytes.write(next.base64, filled, 'base64');
      if (!wrote) throw new Error(`file ${key} is shorter than its size`);
      filled += wrote;
    }
    return { bytes, contentType: head.contentType, size: head.size };
  };

  return {
    backend: 'postgres',
    async put(key, bytes, contentType) {
      checkFileKey(key);
      const first = bytes.subarray(0, chunkBytes);
      await db.transaction(async (tx) => {
        await tx
          .insert(storedFiles)
          .values({ key, contentType, size: bytes.length, bytes: decoded(first) })
          .onConflictDoUpdate({
            target: storedFiles.key,
            set: {
              contentType,
              size: bytes.length,
              bytes: sql`excluded.dados`,
              createdAt: sql`now()`,
            },
          });
        // A large file is appended slice by slice, in the same transaction: readers see it whole or not at all.
        for (let at = chunkBytes; at < bytes.length; at += chunkBytes)
          await tx
            .update(storedFiles)
            .set({
              bytes: sql`${storedFiles.bytes} || ${decoded(bytes.subarray(at, at + chunkBytes))}`,
            })
            .where(byKey(key));
      });
    },
    async get(key) {
      const first = await sliceAt(db, checkFileKey(key), 0);
      if (!first) return null;
      if (first.size <= readSliceBytes) return whole(first);
      // The other slices in one snapshot, so a put meanwhile never mixes two versions.
      return db.transaction((tx) => readRest(tx, key, first), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
    async head(key) {
      const [row] = await db
        .select({ contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(byKey(key));
      return row ?? null;
    },
    async delete(key) {
      await db.delete(storedFiles).where(byKey(key));
    },
    async list(prefix) {
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(startsWith(prefix))
        .orderBy(asc(storedFiles.key));
      // Sorted by code point, like the other backends, whatever the database's collation.
      return rows.map((r) => r.key).sort();
    },
    async deletePrefix(prefix) {
      await db.delete(storedFiles).where(startsWith(prefix));
    },
  };
}
