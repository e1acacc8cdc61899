// The `postgres` file store (docs/deploy.md "Files"): each key is a row of table `arquivo`, so every
// node on the same database (PostgreSQL, or PGlite for one node and tests) sees the same files.
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { storedFiles } from '../db/schema/files.ts';
import { checkFileKey, type FileStore } from './file-store.ts';

/** A LIKE pattern matching every key that starts with `prefix` (`_` is a key character). */
const startsWith = (prefix: string) =>
  sql`${storedFiles.key} like ${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%'}`;

/** Files up to this size move as one base64 text; larger ones in slices (PostgreSQL's bytea holds up to 1 GB). */
const CHUNK_BYTES = 16 * 1024 * 1024;

export function createPostgresFileStore(
  db: Database,
  { chunkBytes = CHUNK_BYTES }: { /** tests make it small */ chunkBytes?: number } = {},
): FileStore {
  const byKey = (key: string) => eq(storedFiles.key, checkFileKey(key));
  // Base64 text decoded by the database: PGlite handles a byte parameter ~10× slower.
  const decoded = (bytes: Buffer) => sql`decode(${bytes.toString('base64')}, 'base64')`;
  // Base64 text, decoded here natively: PGlite's own bytea parser is slow on large files.
  const slice = (from: number) =>
    sql<string>`encode(substring(${storedFiles.bytes} from ${from + 1} for ${chunkBytes}), 'base64')`;

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
      const [row] = await db
        .select({ base64: slice(0), contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(byKey(key));
      if (!row) return null;
      const parts = [Buffer.from(row.base64, 'base64')];
      for (let at = chunkBytes; at < row.size; at += chunkBytes) {
        const [next] = await db
          .select({ base64: slice(at) })
          .from(storedFiles)
          .where(byKey(key));
        if (!next) return null; // deleted while being read
        parts.push(Buffer.from(next.base64, 'base64'));
      }
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      return { bytes, contentType: row.contentType, size: bytes.length };
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
