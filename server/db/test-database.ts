// Databases for tests: a fresh in-memory PGlite, and, when TEST_DATABASE_URL is set, a fresh
// PostgreSQL database of its own (created and dropped around the test file). Both seeded.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { seedDemo } from './seed/index.ts';

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
    handle = await openDatabase('memory://');
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `church_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin(base, (c) => c.query(`create database ${name}`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    handle = await openDatabase(url.toString());
    drop = () => withAdmin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
  if (seed) await seedDemo(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
