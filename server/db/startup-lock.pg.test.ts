// Nodes started together on a new PostgreSQL database (docs/deploy.md "Several machines"): both
// migrate and seed without tripping over each other, because start-up work takes one advisory lock.
// Needs TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { scratchDatabase } from '../jobs/worker-processes.test-support.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { seedDemo } from './seed/index.ts';

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('start-up work of two nodes on one new PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const opened: DatabaseHandle[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase(base!, 'church_test_startup');
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await scratch?.drop();
  });

  it('migrates and seeds once when both start at the same moment', async () => {
    const [a, b] = await Promise.all([openDatabase(scratch.url), openDatabase(scratch.url)]);
    opened.push(a!, b!);
    const seeded = await Promise.all([
      a!.exclusive(() => seedDemo(a!.db)),
      b!.exclusive(() => seedDemo(b!.db)),
    ]);
    // One of them seeded every part; the other found it done.
    expect(seeded.filter((parts) => parts.length > 0)).toHaveLength(1);
    const churches = await a!.db.execute(sql`select count(*)::int as n from igreja`);
    const rows = (churches as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBeGreaterThan(0);
  }, 180_000);

  it('runs exclusive work of two nodes one after the other', async () => {
    const [a, b] = opened;
    const spans: [number, number][] = [];
    const work = async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      spans.push([start, Date.now()]);
    };
    await Promise.all([a!.exclusive(work), b!.exclusive(work)]);
    spans.sort((x, y) => x[0] - y[0]);
    expect(spans[1]![0]).toBeGreaterThanOrEqual(spans[0]![1]);
  });
});
