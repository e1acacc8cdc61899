// Opens the database the configuration asks for: PostgreSQL when a URL is given, otherwise
// the embedded PGlite (in a folder, or in memory for tests), migrated to the latest schema.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite-extensions.ts';
import { copyMigratedTemplate, isFreshDataDir } from './pglite-template.ts';
import { fastQueries } from './pglite-fast.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { PreparingPool } from './pg-prepared.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { recordQuery } from './query-stats.ts';
import { readerGauge, registerReaders, type ReaderGauge } from './readers.ts';
import * as schema from './schema/index.ts';
import { makePrivateDir, restrictTree } from '../utils/private-files.ts';
import { log } from '../log.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The open transaction `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or an open transaction: for functions a job may run inside its own transaction. */
export type Db = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for /healthz. */
  ping(): Promise<void>;
  /** Runs `work` while no other node runs start-up work (PostgreSQL: an advisory lock; PGlite has one process). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (migrations, the demo seed): any fixed 64-bit number. */
const STARTUP_LOCK = 0x636875726368;

/** Every statement is reported to query-stats.ts (queries per request, write detection in tests). */
const logger = { logQuery: (query: string) => recordQuery(query) };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * @param location `postgres://…` for PostgreSQL, `memory://` for a throwaway PGlite,
 *   anything else is a folder for a persistent PGlite.
 * @param thread run PGlite on its own thread (pglite-thread.ts); default for a folder
 *   (PGLITE_THREAD), while `memory://` (tests) stays inline, which starts faster.
 */
export async function openDatabase(
  location: string,
  { thread = location !== 'memory://' }: { thread?: boolean } = {},
): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const pool = new PreparingPool({ connectionString: location, max: 10 });
    // An idle connection closed by the server (restart, admin) must not crash the process.
    pool.on('error', (error) => log.warn({ reason: error.message }, '[db] idle connection error'));
    // statements outside a transaction go through pool.query (a transaction checks out a client)
    const readers = readerGauge();
    const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    pool.query = ((...args: unknown[]) => {
      const result = poolQuery(...args);
      return result instanceof Promise ? readers.track(result) : result;
    }) as pg.Pool['query'];
    const db = drizzlePg(pool as pg.Pool, { schema, logger }) as unknown as Database;
    registerReaders(db, readers);
    // Nodes started together on a new database migrate one after the other (docs/deploy.md).
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        holder.release();
      }
    };
    await exclusive(() => migratePg(db as never, { migrationsFolder }));
    return {
      db,
      kind: 'postgres',
      exclusive,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let dataDir = 'memory://';
  if (location !== 'memory://') {
    dataDir = path.resolve(location);
    // A fresh folder starts as a copy of the cached migrated template (skips initdb: pglite-template.ts).
    if (isFreshDataDir(dataDir)) await copyMigratedTemplate(dataDir, migrationsFolder);
    makePrivateDir(dataDir);
    restrictTree(dataDir); // PGlite creates its files 0666: only the server's user may read them
  }
  // The thread answers drizzle exactly as a PGlite does (the same calls, values and errors).
  const client = thread ? (openPgliteThread(dataDir) as unknown as PGlite) : openPglite(dataDir);
  await client.waitReady;
  // Inline, queries take one trip into the engine (pglite-fast.ts); the thread does the same on its side.
  const queries = thread ? client : (fastQueries(client) as unknown as PGlite);
  const readers = readerGauge();
  const db = drizzlePglite({
    client: trackReaders(queries, readers),
    schema,
    logger,
  }) as unknown as Database;
  registerReaders(db, readers);
  await migratePglite(db as never, { migrationsFolder });
  const tighten = () => dataDir !== 'memory://' && restrictTree(dataDir);
  tighten(); // files initdb or the migrations just wrote
  return {
    db,
    kind: 'pglite',
    exclusive: (work) => work(),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      await client.close();
      tighten();
    },
  };
}

/** The client with its statements outside a transaction counted (a transaction's are its own). */
function trackReaders(client: PGlite, readers: ReaderGauge): PGlite {
  const tracked = Object.create(client) as PGlite;
  tracked.query = ((...args: Parameters<PGlite['query']>) =>
    readers.track(client.query(...args))) as PGlite['query'];
  tracked.exec = ((...args: Parameters<PGlite['exec']>) =>
    readers.track(client.exec(...args))) as PGlite['exec'];
  tracked.transaction = client.transaction.bind(client);
  return tracked;
}
