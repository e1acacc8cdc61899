import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { readersOf } from '../db/readers.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createJobRunner, defineJob, type Job } from './runner.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testBackends())('job runner on %s', (backend) => {
  let database: DatabaseHandle;
  // A second connection pool on the same PostgreSQL database stands for a second server process.
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(backend, { seed: false });
    if (backend === 'postgres') {
      const result = (await database.db.execute(
        'select current_database() as name',
      )) as unknown as { rows: { name: string }[] };
      const name = result.rows[0]!.name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openDatabase(url.toString());
    }
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
  });

  const counting = (name: string, runs: string[], ms = 50, everyMs = 60_000): Job =>
    defineJob({
      name,
      everyMs,
      run: async ({ workerId }) => {
        runs.push(workerId);
        await sleep(ms);
      },
    });

  it('runs a due job once when two processes tick at the same moment, then waits for its period', async () => {
    const runs: string[] = [];
    const job = counting('test.once', runs);
    const a = createJobRunner(database.db, [job], { workerId: 'a' });
    const b = createJobRunner((second ?? database).db, [job], { workerId: 'b' });
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    expect([...ranA, ...ranB]).toEqual(['test.once']);
    // Not due again until everyMs has passed.
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    expect(runs).toHaveLength(1);
  });

  it('runs the due jobs of a tick at once: a long run does not hold the others', async () => {
    const order: string[] = [];
    let shortRan!: () => void;
    const shortDone = new Promise<void>((resolve) => (shortRan = resolve));
    // the long job ends only once the short one has run: one after another, the tick would never end
    const long = defineJob({
      name: 'test.long',
      everyMs: 60_000,
      run: async () => {
        order.push('long started');
        await shortDone;
        order.push('long ended');
      },
    });
    const short = defineJob({
      name: 'test.short',
      everyMs: 60_000,
      run: async () => {
        order.push('short');
        shortRan();
      },
    });
    const a = createJobRunner(database.db, [long, short], { workerId: 'a' });
    expect(await a.tick()).toEqual(['test.long', 'test.short']);
    expect(order.at(-1)).toBe('long ended');
    expect([...order].sort()).toEqual(['long ended', 'long started', 'short']);
  });

  it('leaves a job alone while another process holds a live lease, and takes it when the lease has run out', async () => {
    const runs: string[] = [];
    const job = counting('test.lease', runs);
    await database.db
      .insert(t.jobRuns)
      .values({ name: job.name, lockedBy: 'dead', lockedUntil: new Date(Date.now() + 60_000) });
    const a = createJobRunner(database.db, [job], { workerId: 'a' });
    expect(await a.tick()).toEqual([]);
    expect(await a.runNow(job.name)).toBe(false);
    // The holder died: its lease is over.
    await database.db
      .update(t.jobRuns)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(t.jobRuns.name, job.name));
    expect(await a.tick()).toEqual([job.name]);
    expect(runs).toEqual(['a']);
    const [row] = await database.db.select().from(t.jobRuns).where(eq(t.jobRuns.name, job.name));
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, lastError: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('records a failing run, frees the job and tries again at its next period', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.fails',
      everyMs: 0,
      run: async () => {
        calls += 1;
        throw new Error('gateway down');
      },
    });
    const errors: unknown[] = [];
    const a = createJobRunner(database.db, [job], {
      workerId: 'a',
      onError: (_, e) => errors.push(e),
    });
    expect(await a.tick()).toEqual([job.name]);
    const [row] = await database.db.select().from(t.jobRuns).where(eq(t.jobRuns.name, job.name));
    expect(row).toMatchObject({ lockedBy: null, lastError: 'gateway down' });
    expect(errors).toHaveLength(1);
    await sleep(5);
    expect(await a.tick()).toEqual([job.name]);
    expect(calls).toBe(2);
  });

  it('ticks by itself once started and stops cleanly, waiting for the run in progress', async () => {
    const runs: string[] = [];
    const job = counting('test.started', runs, 30, 0);
    const a = createJobRunner(database.db, [job], { workerId: 'a', tickMs: 10 });
    a.start();
    const until = Date.now() + 5000;
    while (runs.length < 2 && Date.now() < until) await sleep(20);
    await a.stop();
    const after = runs.length;
    expect(after).toBeGreaterThanOrEqual(2);
    await sleep(80);
    expect(runs.length).toBe(after);
  });

  it('is not a page being read: its claims and jobs do not make an import give way', async () => {
    const readers = readersOf(database.db);
    expect(readers).toBeDefined();
    const job = defineJob({
      name: 'test.reads',
      everyMs: 60_000,
      run: async ({ db }) => void (await db.select().from(t.churches).limit(1)),
    });
    const a = createJobRunner(database.db, [job], { workerId: 'a' });
    const sent = readers!.sent;
    expect(await a.tick()).toEqual(['test.reads']);
    expect(readers!.sent).toBe(sent);
    await database.db.select().from(t.churches).limit(1); // a page's statement counts
    expect(readers!.sent).toBe(sent + 1);
  });

  it('refuses two jobs with one name', () => {
    const job = counting('test.dup', []);
    expect(() => createJobRunner(database.db, [job, job])).toThrow(/Two jobs/);
  });
});
