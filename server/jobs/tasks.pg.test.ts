// Two real worker processes drain one task queue on PostgreSQL at the same moment; one is killed
// with SIGKILL in the middle of a task. Every task finishes exactly once, the killed one's task by
// the survivor once its lease ran out (docs/architecture.md "Jobs"). Needs TEST_DATABASE_URL.
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { enqueueTask } from './tasks.ts';
import { runWorker, scratchDatabase, waitFor } from './worker-processes.test-support.ts';

const base = process.env.TEST_DATABASE_URL;
const worker = fileURLToPath(new URL('./tasks-worker.test-support.ts', import.meta.url));
const TASKS = 6;

if (!base) console.warn('[tasks.pg.test] skipped: set TEST_DATABASE_URL=postgres://… to run it');

describe.skipIf(!base)('the task queue with two processes and a kill -9 on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: DatabaseHandle;
  const ids: number[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase(base!, 'church_test_tasks');
    database = await openDatabase(scratch.url);
    const [church] = await database.db
      .insert(t.churches)
      .values({ slug: 'tasks', code: 'tasks', name: 'Tasks' })
      .returning({ id: t.churches.id });
    for (let i = 0; i < TASKS; i++)
      ids.push(
        await enqueueTask(database.db, {
          churchId: church!.id,
          kind: 'test.sleep',
          payload: { ms: 400 },
        }),
      );
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const run = () =>
    runWorker(worker, {
      DATABASE_URL: scratch.url,
      TASK_LEASE_MS: '1500',
      DATA_DIR: `/tmp/${scratch.name}`,
    });

  it('runs each task once; the survivor finishes the task the killed process held', async () => {
    const a = run();
    const b = run();
    await waitFor(() => (a.output().match(/claimed \d+/g) ?? []).length >= 2, 90_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    const held = Number(
      a
        .output()
        .match(/claimed (\d+)/g)!
        .at(-1)!
        .split(' ')[1],
    );
    expect(await b.exited).toBe(0);
    // B may have drained before A's lease ran out: a third process picks the orphan up then
    const c = run();
    expect(await c.exited).toBe(0);

    const finished = [a, b, c].flatMap((w) =>
      (w.output().match(/finished \d+/g) ?? []).map((s) => Number(s.split(' ')[1])),
    );
    expect([...finished].sort((x, y) => x - y)).toEqual(ids);
    for (const id of ids) {
      const [row] = await database.db.select().from(t.tasks).where(eq(t.tasks.id, id));
      expect(row, `task ${id}`).toMatchObject({ state: 'done', done: 4, total: 4, lockedBy: null });
    }
    const [orphan] = await database.db.select().from(t.tasks).where(eq(t.tasks.id, held));
    expect(orphan!.attempts).toBe(2);
  }, 180_000);
});
