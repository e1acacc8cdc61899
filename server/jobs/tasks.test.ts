// The task queue on both databases (docs/architecture.md "Jobs"): a queued task runs once and
// records progress and its result, a failure keeps a readable reason and can be retried, a task
// whose process died (lease over) is taken again, and a church sees only its own tasks.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { taskRuns, taskWait } from '../metrics.ts';
import { createJobRunner } from './runner.ts';
import {
  claimTask,
  defineTask,
  drainTasks,
  enqueueTask,
  retryTask,
  settleTasks,
  stopTasks,
  taskStatus,
  tasksJob,
  type TaskContext,
} from './tasks.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What /metrics says of a task kind (docs/deploy.md "Metrics"): runs by result, and waits counted. */
async function metricsOf(kind: string) {
  const runs = (await taskRuns.get()).values.filter((v) => v.labels.kind === kind);
  const waits = (await taskWait.get()).values.find(
    (v) => v.labels.kind === kind && v.metricName === 'task_wait_seconds_count',
  );
  const count = (result: string) => runs.find((v) => v.labels.result === result)?.value ?? 0;
  return { done: count('done'), failed: count('failed'), waited: waits?.value ?? 0 };
}

describe.each(testBackends())('task queue on %s', (backend) => {
  let database: DatabaseHandle;
  let church: number;
  let other: number;
  const ctx = (workerId = 'w1'): TaskContext => {
    const settings = parseConfig();
    return {
      db: database.db,
      now: () => new Date(),
      workerId,
      settings,
      mailer: mailerFromSettings(settings),
      files: createLocalFileStore('/tmp/tasks-test-files'),
    };
  };
  beforeAll(async () => {
    database = await openTestDatabase(backend, { seed: false });
    const rows = await database.db
      .insert(t.churches)
      .values([
        { slug: 'task-a', code: 'task-a', name: 'A' },
        { slug: 'task-b', code: 'task-b', name: 'B' },
      ])
      .returning({ id: t.churches.id });
    [church, other] = rows.map((r) => r.id) as [number, number];
  });
  afterAll(async () => {
    await database.close();
  });

  const runs: number[] = [];
  const counted = defineTask<{ n: number }>({
    kind: 'test.count',
    async run(_ctx, task, progress) {
      runs.push(task.id);
      for (let i = 1; i <= task.payload.n; i++) await progress(i, task.payload.n);
      return { doubled: task.payload.n * 2 };
    },
  });
  let failNext = true;
  const flaky = defineTask<Record<string, never>>({
    kind: 'test.flaky',
    async run() {
      if (failNext) {
        failNext = false;
        throw new Error('The file has no rows.');
      }
      return 'ok';
    },
  });

  it('runs a queued task once and shows its progress and result to its church only', async () => {
    const id = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.count',
      payload: { n: 3 },
    });
    expect(await taskStatus(database.db, church, id)).toMatchObject({
      state: 'queued',
      kind: 'test.count',
      done: 0,
      finishedAt: null,
    });
    expect(await taskStatus(database.db, other, id)).toBeNull();
    expect(await drainTasks(ctx(), [counted])).toEqual([id]);
    expect(await drainTasks(ctx(), [counted])).toEqual([]);
    expect(runs.filter((r) => r === id)).toHaveLength(1);
    const view = await taskStatus(database.db, church, id);
    expect(view).toMatchObject({
      state: 'done',
      done: 3,
      total: 3,
      error: null,
      result: { doubled: 6 },
    });
    expect(view!.finishedAt).not.toBeNull();
  });

  it('keeps a failure readable, and a retry runs it again from the start', async () => {
    const id = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.flaky',
      payload: {},
    });
    expect(await retryTask(database.db, church, id)).toBe(false); // not failed yet
    const before = await metricsOf('test.flaky');
    await drainTasks(ctx(), [flaky]);
    expect(await metricsOf('test.flaky')).toEqual({
      done: before.done,
      failed: before.failed + 1,
      waited: before.waited + 1,
    });
    expect(await taskStatus(database.db, church, id)).toMatchObject({
      state: 'failed',
      error: 'The file has no rows.',
    });
    expect(await retryTask(database.db, other, id)).toBe(false);
    expect(await retryTask(database.db, church, id)).toBe(true);
    expect((await taskStatus(database.db, church, id))!.state).toBe('queued');
    await drainTasks(ctx(), [flaky]);
    expect(await metricsOf('test.flaky')).toMatchObject({ done: before.done + 1 });
    expect(await taskStatus(database.db, church, id)).toMatchObject({
      state: 'done',
      error: null,
      result: 'ok',
    });
  });

  it('leaves a task to the process holding its lease, and takes it again when that lease runs out', async () => {
    const id = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.count',
      payload: { n: 1 },
    });
    // a process claims it and dies without a word
    const claimed = await claimTask(database.db, ['test.count'], 'dead', 60_000);
    expect(claimed!.id).toBe(id);
    expect(await drainTasks(ctx('w2'), [counted])).toEqual([]);
    expect((await taskStatus(database.db, church, id))!.state).toBe('running');
    await database.db
      .update(t.tasks)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(t.tasks.id, id));
    expect(await drainTasks(ctx('w2'), [counted])).toEqual([id]);
    const [row] = await database.db.select().from(t.tasks).where(eq(t.tasks.id, id));
    expect(row).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });

  it('fails a task whose process died three times instead of taking it forever', async () => {
    const id = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.count',
      payload: { n: 1 },
    });
    await database.db
      .update(t.tasks)
      .set({ state: 'running', attempts: 3, lockedBy: 'dead', lockedUntil: new Date(0) })
      .where(eq(t.tasks.id, id));
    expect(await drainTasks(ctx(), [counted])).toEqual([]);
    const view = await taskStatus(database.db, church, id);
    expect(view!.state).toBe('failed');
    expect(view!.error).toMatch(/stopped while working/);
  });

  it('is fed by one job of the scheduler, which does not wait for long tasks', async () => {
    const slow = defineTask<Record<string, never>>({
      kind: 'test.slow',
      async run() {
        await sleep(300);
        return 'slow done';
      },
    });
    const id = await enqueueTask(database.db, { churchId: church, kind: 'test.slow', payload: {} });
    const runner = createJobRunner(database.db, [tasksJob([slow])], { workerId: 'job' });
    const started = Date.now();
    expect(await runner.tick()).toEqual(['tasks.run']);
    expect(Date.now() - started).toBeLessThan(300);
    expect((await taskStatus(database.db, church, id))!.state).toBe('running');
    await settleTasks();
    expect(await taskStatus(database.db, church, id)).toMatchObject({
      state: 'done',
      result: 'slow done',
    });
  });

  it('hands a long task back to the queue when its process stops, and lets a short one finish', async () => {
    let stopped = false;
    const long = defineTask<Record<string, never>>({
      kind: 'test.long',
      run: (_ctx, task) =>
        new Promise((_resolve, reject) =>
          task.signal.addEventListener('abort', () => {
            stopped = true;
            reject(task.signal.reason as Error);
          }),
        ),
    });
    const short = defineTask<Record<string, never>>({
      kind: 'test.short',
      async run() {
        await sleep(200); // ignores the signal: it is nearly done
        return 'short done';
      },
    });
    const longId = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.long',
      payload: {},
    });
    const shortId = await enqueueTask(database.db, {
      churchId: church,
      kind: 'test.short',
      payload: {},
    });
    const runner = createJobRunner(database.db, [tasksJob([long, short])], { workerId: 'old' });
    expect(await runner.runNow('tasks.run')).toBe(true);
    expect((await taskStatus(database.db, church, longId))!.state).toBe('running');
    expect((await taskStatus(database.db, church, shortId))!.state).toBe('running');
    await runner.stop();
    await stopTasks(5_000);
    expect(stopped).toBe(true);
    expect(await taskStatus(database.db, church, shortId)).toMatchObject({
      state: 'done',
      result: 'short done',
    });
    const [row] = await database.db.select().from(t.tasks).where(eq(t.tasks.id, longId));
    expect(row).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
    // another node takes it at once, not when a lease runs out
    const finishing = defineTask<Record<string, never>>({
      kind: 'test.long',
      run: async () => 'long done elsewhere',
    });
    expect(await drainTasks(ctx('new'), [finishing])).toEqual([longId]);
    expect(await taskStatus(database.db, church, longId)).toMatchObject({
      state: 'done',
      result: 'long done elsewhere',
    });
  });
});
