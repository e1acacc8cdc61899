// PGlite runs PostgreSQL without its background workers, so nothing ever vacuums it: dead rows
// pile up, the planner's statistics go stale and index-only scans (the content lists' pages and
// counts, docs/performance.md) read the table again for every row whose page is not marked all-visible.
// This job does what autovacuum does on PostgreSQL, which needs no help.
import { sql } from 'drizzle-orm';
import { defineJob } from '../jobs/runner.ts';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';

const engines = new WeakMap<Database, Promise<boolean>>();

/** Whether `db` is PGlite (its version string says so), asked once per database. */
export function isPglite(db: Database): Promise<boolean> {
  let known = engines.get(db);
  if (!known) {
    known = rowsOf<{ version: string }>(db.execute(sql`select version() as version`)).then((rows) =>
      /\bPGlite\b/.test(String(rows[0]?.version)),
    );
    engines.set(db, known);
  }
  return known;
}

export const pgliteVacuumJob = defineJob({
  name: 'db.pglite-vacuum',
  everyMs: 6 * 60 * 60_000,
  leaseMs: 30 * 60_000, // a large database takes a while; no other process may start a second one
  async run({ db }) {
    if (await isPglite(db)) await db.execute(sql`vacuum (analyze)`);
  },
});
