// Databases for tests: a fresh PGlite, and, when TEST_DATABASE_URL is set, a fresh PostgreSQL
// database of its own (created and dropped around the test file). Both seeded.
// Both start from an already migrated copy (tests/README.md "Time of each phase"): PGlite from the
// cached migrated folder (server/db/pglite-template.ts) copied into /dev/shm, PostgreSQL from a
// migrated template database; initdb and the migrations were most of a file's start. A seeded
// database is a copy of a seeded template made in the last five minutes (seeded-template.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client.ts';
import { buildDatabaseOnce, withAdmin } from './pg-template.ts';
import { templateKey } from './pglite-template.ts';
import { seedDemo } from './seed/index.ts';
import {
  copySeededPglite,
  seededTemplatesEnabled,
  seededPostgresTemplate,
} from './seeded-template.ts';

export type TestBackend = 'pglite' | 'postgres';

/** The backends the API tests run on: PGlite always, PostgreSQL when configured. */
export function testBackends(): TestBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(
  backend: TestBackend,
  { seed = true } = {},
): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (backend === 'pglite') {
    // A memory-backed folder: the migrated template is copied in (no initdb), files stay in RAM.
    const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
    const dir = mkdtempSync(path.join(parent, 'church-test-'));
    if (seed) await copySeededPglite(dir); // else openDatabase copies the migrated template
    handle = await openDatabase(dir, { thread: false });
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `church_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const create = async () => {
      const migrated = await migratedTemplate(base);
      const template =
        seed && seededTemplatesEnabled() ? await seededPostgresTemplate(base, migrated) : migrated;
      await withAdmin(base, (c) => c.query(`create database ${name} template ${template}`));
    };
    // A run with other migrations may have just dropped the template: build it again once.
    await create().catch(create);
    const url = new URL(base);
    url.pathname = `/${name}`;
    handle = await openDatabase(url.toString());
    drop = () => withAdmin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
  if (seed) await seedDemo(handle.db); // nothing left to do after a seeded copy: each part ran
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}

/**
 * The name of a PostgreSQL database holding every migration and no data, built once per set of
 * migration files (keyed like the PGlite template) and reused by every test file and run.
 */
async function migratedTemplate(base: string): Promise<string> {
  const name = `church_test_template_${templateKey(migrationsFolder)}`;
  const built = await buildDatabaseOnce(base, name, null, async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder });
    } finally {
      await pool.end();
    }
  });
  if (!built) return name;
  // Templates of older migration sets are never used again.
  await withAdmin(base, async (c) => {
    const old = await c.query(
      `select datname from pg_database where datname like 'church_test_template_%' and datname <> $1`,
      [name],
    );
    for (const row of old.rows as { datname: string }[])
      if (!row.datname.startsWith(`${name}_`))
        await c.query(`drop database if exists ${row.datname}`).catch(() => undefined);
  });
  return name;
}
