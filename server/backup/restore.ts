// Rebuilds a deployment from a backup archive (docs/deploy.md "Backups"). Two passes over the
// archive, both streamed: the first checks every part against the manifest (sha256, row counts,
// the migration is one this code knows) before anything is touched; the second loads the tables
// into an empty database in one transaction (all or nothing), sets the sequences, counts the rows
// again, then writes the files. A non-empty target is refused unless `force`.
import { StringDecoder } from 'node:string_decoder';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database, type Tx } from '../db/client.ts';
import { openPglite } from '../db/pglite-extensions.ts';
import { rowsOf } from '../db/rows.ts';
import { unnestInsert } from '../db/bulk-insert.ts';
import * as schema from '../db/schema/index.ts';
import { contentTypeOf } from '../files/content-type.ts';
import type { FileStore } from '../files/file-store.ts';
import { makePrivateDir, PRIVATE_DIR, PRIVATE_FILE, restrictTree } from '../utils/private-files.ts';
import { FORMAT, MANIFEST, type Manifest } from './backup.ts';
import { decryptStream, isEncrypted } from './crypt.ts';
import { journal, parseCopyLine, quoteIdent, type MigrationMark } from './dump.ts';
import { readTar, type TarEntry } from './tar.ts';

/** A restore refused or failed; `message` says why in words an operator can act on. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** The archive's tar stream: read, decrypted when it is encrypted, gunzipped. */
export async function archiveEntries(
  file: string,
  key?: Buffer,
): Promise<AsyncGenerator<TarEntry>> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new RestoreError(`Cannot read ${file}: ${error.code ?? error.message}`);
  });
  const head = Buffer.alloc(8);
  await handle.read(head, 0, 8, 0);
  await handle.close();
  const encrypted = isEncrypted(head);
  if (encrypted && !key)
    throw new RestoreError(`${file} is encrypted: set BACKUP_KEY to the key it was written with`);
  let stream: Readable = createReadStream(file, { highWaterMark: 1024 * 1024 });
  if (encrypted) stream = stream.pipe(decryptStream(key!));
  const gunzip = createGunzip();
  // A failure upstream (a wrong key) ends the gunzip with that error, so the reader sees it.
  stream.on('error', (error) => gunzip.destroy(error));
  return readTar(stream.pipe(gunzip));
}

const lineCount = (chunk: Buffer) => {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n += 1;
  return n;
};

/** Pass one: every part's checksum, each table's rows and parts, against the manifest. */
export async function checkArchive(file: string, key?: Buffer): Promise<Manifest> {
  const tableHash = new Map<string, ReturnType<typeof createHash>>();
  const tableRows = new Map<string, number>();
  const tableParts = new Map<string, string[]>();
  const sums = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  try {
    for await (const entry of await archiveEntries(file, key)) {
      if (entry.path === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        continue;
      }
      const table = /^db\/([^/]+)\/\d+\.tsv$/.exec(entry.path)?.[1];
      const own = createHash('sha256');
      let th = table ? tableHash.get(table) : undefined;
      if (table && !th) {
        th = createHash('sha256');
        tableHash.set(table, th);
        tableRows.set(table, 0);
        tableParts.set(table, []);
      }
      let rows = 0;
      let size = 0;
      for await (const chunk of entry.body) {
        own.update(chunk);
        th?.update(chunk);
        size += chunk.length;
        if (table) rows += lineCount(chunk);
      }
      if (table) {
        tableRows.set(table, tableRows.get(table)! + rows);
        tableParts.get(table)!.push(entry.path);
      }
      sums.set(entry.path, { size, sha256: own.digest('hex') });
    }
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`${file} cannot be read: ${(error as Error).message}`);
  }
  if (!manifest || manifest.format !== FORMAT)
    throw new RestoreError(`${file} is not a backup archive of this product (no ${MANIFEST})`);
  const problems: string[] = [];
  for (const t of manifest.database.tables) {
    const sha = tableHash.get(t.name)?.digest('hex') ?? createHash('sha256').digest('hex');
    if (sha !== t.sha256) problems.push(`table ${t.name}: checksum differs`);
    if ((tableRows.get(t.name) ?? 0) !== t.rows)
      problems.push(
        `table ${t.name}: ${tableRows.get(t.name) ?? 0} rows, the manifest says ${t.rows}`,
      );
    if ((tableParts.get(t.name) ?? []).join() !== t.parts.join())
      problems.push(`table ${t.name}: parts differ`);
  }
  for (const name of tableHash.keys())
    if (!manifest.database.tables.some((t) => t.name === name))
      problems.push(`table ${name} is not in the manifest`);
  const listed = [
    ...(manifest.files.backend === 'local' ? manifest.files.parts : []),
    ...manifest.keys,
  ];
  for (const part of listed) {
    const found = sums.get(part.path);
    if (!found) problems.push(`${part.path} is missing`);
    else if (found.sha256 !== part.sha256 || found.size !== part.size)
      problems.push(`${part.path}: checksum differs`);
  }
  const listedPaths = new Set(listed.map((p) => p.path));
  for (const p of sums.keys())
    if (!p.startsWith('db/') && !listedPaths.has(p)) problems.push(`${p} is not in the manifest`);
  if (problems.length)
    throw new RestoreError(
      `${file} does not match its manifest, nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  const mark = manifest.database.lastMigration;
  if (mark && !journal().some((m) => m.when === mark.when))
    throw new RestoreError(
      `${file} was made by a version with migration ${mark.tag}, which this version does not have: restore it with that version (or newer)`,
    );
  return manifest;
}

export interface RestoreTarget {
  /** DATA_DIR: the PGlite folder (without a database URL), local files and keys go under it. */
  dataDir: string;
  /** An empty PostgreSQL database instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Where files go when the target's file store is not `local` (built on the restored database). */
  fileStore?: (db: Database) => FileStore;
}

export interface RestoreReport {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: number;
  keys: string[];
  /** What `force` moved aside or emptied first. */
  replaced: string[];
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Refuses a target holding anything, or (with force) empties it, returning what was replaced. */
async function prepareTarget(target: RestoreTarget, force: boolean): Promise<string[]> {
  const replaced: string[] = [];
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const filesDir = path.join(target.dataDir, 'files');
  if (target.databaseUrl) {
    const url = target.databaseUrl;
    const tables = await withClient(url, async (c) => {
      const r = await c.query(
        `select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      return (r.rows as { name: string }[]).map((row) => row.name);
    });
    if (tables.length && !force)
      throw new RestoreError(
        `The database is not empty (${tables.length} tables): restore into an empty database, or pass --force to replace everything in it`,
      );
    if (tables.length) {
      await withClient(url, (c) =>
        c.query(
          'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
        ),
      );
      replaced.push(`database: ${tables.length} tables dropped`);
    }
  } else {
    const dir = path.join(target.dataDir, 'pglite');
    if (nonEmptyDir(dir)) {
      if (!force)
        throw new RestoreError(
          `${dir} already holds a database: restore into an empty DATA_DIR, or pass --force (the old folder is kept aside)`,
        );
      const aside = `${dir}.replaced-${stamp}`;
      await rename(dir, aside);
      replaced.push(aside);
    }
  }
  if (nonEmptyDir(filesDir)) {
    if (!force)
      throw new RestoreError(
        `${filesDir} already holds files: restore into an empty DATA_DIR, or pass --force (the old folder is kept aside)`,
      );
    const aside = `${filesDir}.replaced-${stamp}`;
    await rename(filesDir, aside);
    replaced.push(aside);
  }
  return replaced;
}

/** A copy of the migrations folder whose journal stops at `mark` (an archive of an older version). */
function migrationsUpTo(mark: MigrationMark): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'church-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const j = JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number }[] };
  j.entries = j.entries.filter((e) => e.when <= mark.when);
  writeFileSync(file, JSON.stringify(j));
  return dir;
}

interface Opened {
  db: Database;
  /** Applies the migrations newer than the archive's. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** The target database, migrated exactly to the archive's migration. */
async function openTarget(target: RestoreTarget, mark: MigrationMark | null): Promise<Opened> {
  const latest = journal().at(-1)!;
  const location = target.databaseUrl ?? path.join(target.dataDir, 'pglite');
  if (!mark || mark.when === latest.when) {
    makePrivateDir(target.dataDir);
    const handle = await openDatabase(location, { thread: false });
    return { db: handle.db, migrateRest: async () => undefined, close: () => handle.close() };
  }
  const prefix = migrationsUpTo(mark);
  try {
    if (target.databaseUrl) {
      const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 });
      const db = drizzlePg(pool, { schema }) as unknown as Database;
      await migratePg(db as never, { migrationsFolder: prefix });
      return {
        db,
        migrateRest: () => migratePg(db as never, { migrationsFolder }),
        close: () => pool.end(),
      };
    }
    makePrivateDir(target.dataDir);
    makePrivateDir(location);
    const client = openPglite(location);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: prefix });
    return {
      db,
      migrateRest: () => migratePglite(db as never, { migrationsFolder }),
      close: async () => {
        await client.close();
        restrictTree(location);
      },
    };
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

const BATCH_ROWS = 500;
const BATCH_BYTES = 2 * 1024 * 1024;

/** Loads one table's lines, streamed, in batches of a few hundred rows. */
async function loadPart(
  tx: Tx,
  table: string,
  columns: { name: string; type: string }[],
  body: AsyncIterable<Buffer>,
): Promise<number> {
  let rows: (string | null)[][] = [];
  let bytes = 0;
  let total = 0;
  const flush = async () => {
    if (!rows.length) return;
    await tx.execute(unnestInsert(table, columns, rows, { overriding: true }));
    total += rows.length;
    rows = [];
    bytes = 0;
  };
  let rest = '';
  // a chunk may end inside a character (ã, ”): the decoder keeps its first bytes for the next one
  const decoder = new StringDecoder('utf8');
  for await (const chunk of body) {
    const text = rest + decoder.write(chunk);
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      const values = parseCopyLine(line);
      if (values.length !== columns.length)
        throw new RestoreError(
          `table ${table}: a row has ${values.length} values, ${columns.length} expected`,
        );
      rows.push(values);
      bytes += line.length;
      if (rows.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
    }
  }
  rest += decoder.end();
  if (rest) throw new RestoreError(`table ${table}: the last row is cut`);
  await flush();
  return total;
}

/** Writes a file atomically under the `local` store's folder (0600 in 0700 folders). */
async function writeLocal(root: string, rel: string, body: AsyncIterable<Buffer>): Promise<void> {
  const file = path.join(root, ...rel.split('/'));
  if (!file.startsWith(root + path.sep))
    throw new RestoreError(`unsafe path in the archive: ${rel}`);
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const temp = path.join(path.dirname(file), `.tmp-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', PRIVATE_FILE);
  try {
    for await (const chunk of body) await handle.write(chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temp, file);
}

/**
 * Tables the database's own triggers keep from others, with the statement that rebuilds each: a
 * restore that is not a superuser's cannot turn triggers off, so these fill as their sources load,
 * and are rebuilt whole at the end rather than loaded from the archive (docs/giving.md "Kept totals").
 */
export const KEPT_BY_TRIGGERS: Record<string, string> = {
  doacao_total: 'select doacao_total_refazer()',
};

/** Restores `file` into `target`; see the file's head for the steps. */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { key, force = false }: { key?: Buffer | undefined; force?: boolean } = {},
): Promise<RestoreReport> {
  const manifest = await checkArchive(file, key);
  const replaced = await prepareTarget(target, force);
  const opened = await openTarget(target, manifest.database.lastMigration);
  const tables: RestoreReport['tables'] = [];
  let filesRestored = 0;
  const keys: string[] = [];
  try {
    const entries = await archiveEntries(file, key);
    let next = await entries.next();
    await opened.db.transaction(async (tx) => {
      const run = <T>(text: string) => rowsOf<T>(tx.execute(sql.raw(text)));
      // As superuser (PGlite always), foreign keys wait for the end: a cycle or self-reference loads in any order.
      const [su] = await run<{ su: string }>(`select current_setting('is_superuser') as su`);
      const triggersFire = su?.su !== 'on';
      if (!triggersFire) await run('set local session_replication_role = replica');
      const types = await run<{ table: string; column: string; type: string }>(
        `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
      );
      const typeOf = new Map(types.map((t) => [`${t.table}.${t.column}`, t.type]));
      const loaded = new Map<string, number>();
      while (!next.done && next.value.path.startsWith('db/')) {
        const name = /^db\/([^/]+)\//.exec(next.value.path)![1]!;
        if (triggersFire && name in KEPT_BY_TRIGGERS) {
          for await (const _ of next.value.body); // the triggers fill it as its sources load
          next = await entries.next();
          continue;
        }
        const dump = manifest.database.tables.find((t) => t.name === name)!;
        const columns = dump.columns.map((c) => {
          const type = typeOf.get(`${name}.${c.name}`);
          if (!type) throw new RestoreError(`table ${name} has no column ${c.name} here`);
          return { name: c.name, type };
        });
        loaded.set(
          name,
          (loaded.get(name) ?? 0) + (await loadPart(tx, name, columns, next.value.body)),
        );
        next = await entries.next();
      }
      for (const [name, seq] of Object.entries(manifest.database.sequences))
        await run(
          `select setval('${quoteIdent(name).replace(/'/g, "''")}', ${Number(seq.lastValue)}, ${seq.isCalled})`,
        );
      if (triggersFire) for (const rebuild of Object.values(KEPT_BY_TRIGGERS)) await run(rebuild);
      // The rows now in the database, against the manifest.
      for (const t of manifest.database.tables) {
        const [count] = await run<{ n: string | number }>(
          `select count(*)::text as n from ${quoteIdent(t.name)}`,
        );
        if (Number(count!.n) !== t.rows)
          throw new RestoreError(
            `table ${t.name}: ${count!.n} rows restored, the manifest says ${t.rows}`,
          );
        tables.push({ name: t.name, rows: t.rows });
      }
    });
    const store = target.databaseUrl && target.fileStore ? target.fileStore(opened.db) : undefined;
    const filesRoot = path.resolve(target.dataDir, 'files');
    const types = new Map<string, string>();
    for (; !next.done; next = await entries.next()) {
      const entry = next.value;
      if (entry.path.startsWith('files/')) {
        const rel = entry.path.slice('files/'.length);
        if (!store || store.backend === 'local') {
          await writeLocal(filesRoot, rel, entry.body);
          if (!path.basename(rel).startsWith('.')) filesRestored += 1;
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        const base = path.basename(rel);
        const typeFile = /^\.(.+)\.type$/.exec(base);
        if (typeFile) {
          types.set(
            path.posix.join(path.posix.dirname(rel), typeFile[1]!),
            Buffer.concat(chunks).toString(),
          );
          continue;
        }
        await store.put(rel, Buffer.concat(chunks), types.get(rel) ?? contentTypeOf(rel));
        filesRestored += 1;
      } else if (entry.path.startsWith('keys/')) {
        const name = entry.path.slice('keys/'.length);
        const dest = path.join(target.dataDir, path.basename(name));
        if (existsSync(dest)) continue; // a key of this deployment is never replaced
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        makePrivateDir(target.dataDir);
        await writeFile(dest, Buffer.concat(chunks), { mode: PRIVATE_FILE, flag: 'wx' });
        keys.push(dest);
      }
    }
    await opened.migrateRest();
  } finally {
    await opened.close();
  }
  return { manifest, tables, files: filesRestored, keys, replaced };
}
