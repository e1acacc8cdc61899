// PostgreSQL template databases for tests (tests/README.md "Time of each phase"): the migrated
// template of test-database.ts and the seeded one of seeded-template.ts are built the same way.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `run` on a connection to the server of `url` (create, drop and rename databases). */
export async function withAdmin(
  url: string,
  run: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the database `name` once: created from `source` (a template database, or an empty one
 * when null) under a name of its own, filled by `fill(url)`, then renamed into place, so two
 * processes building at once never copy half of one. True when this call built it.
 */
export async function buildDatabaseOnce(
  base: string,
  name: string,
  source: string | null,
  fill: (url: string) => Promise<void>,
): Promise<boolean> {
  let exists = false;
  await withAdmin(base, async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    exists = (found.rowCount ?? 0) > 0;
  });
  if (exists) return false;
  const building = `${name}_b${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin(base, (c) =>
    c.query(`create database ${building}${source ? ` template ${source}` : ''}`),
  );
  const url = new URL(base);
  url.pathname = `/${building}`;
  await fill(url.toString());
  await withAdmin(base, async (c) => {
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch {
      await c.query(`drop database if exists ${building} with (force)`); // another file won the race
    }
  });
  return true;
}
