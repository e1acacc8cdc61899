// PGlite has no autovacuum: the job vacuums it (the visibility map then lets index-only scans skip
// the table), and leaves PostgreSQL to its own autovacuum.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../jobs/runner.ts';
import { JOBS } from '../jobs/index.ts';
import type { DatabaseHandle } from './client.ts';
import { countQueries } from './query-stats.ts';
import { rowsOf } from './rows.ts';
import { openTestDatabase, testBackends } from './test-database.ts';
import { isPglite, pgliteVacuumJob } from './vacuum.job.ts';

describe.each(testBackends())('database upkeep on %s', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  }, 120_000);
  afterAll(() => database?.close());

  const allVisiblePages = async () => {
    const [row] = await rowsOf<{ n: number }>(
      database.db.execute(sql`select relallvisible as n from pg_class where relname = 'conteudo'`),
    );
    return Number(row!.n);
  };

  it('is one of the product’s jobs and knows which engine it runs on', async () => {
    expect(JOBS).toContain(pgliteVacuumJob);
    expect(await isPglite(database.db)).toBe(backend === 'pglite');
  });

  it('vacuums PGlite (pages become all-visible) and sends PostgreSQL nothing but the engine check', async () => {
    const runner = createJobRunner(database.db, [pgliteVacuumJob], { onError: () => {} });
    const before = await allVisiblePages();
    const run = await countQueries(() => pgliteVacuumJob.run({ db: database.db } as never));
    if (backend === 'pglite') {
      expect(before).toBe(0); // freshly written, never vacuumed
      expect(await allVisiblePages()).toBeGreaterThan(0);
      expect(run.stats.statements.some((s) => /vacuum/i.test(s))).toBe(true);
    } else {
      expect(run.stats.statements.some((s) => /vacuum/i.test(s))).toBe(false);
    }
    expect(await runner.runNow('db.pglite-vacuum')).toBe(true); // claimed and run by the runner
  });
});
