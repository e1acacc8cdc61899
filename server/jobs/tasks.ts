// The one task queue (docs/architecture.md "Jobs"): work a person starts and waits for (a video to
// transcode, a spreadsheet to import) is a row of `tarefa`. One periodic job of the scheduler
// (`tasksJob`, listed in index.ts) claims queued rows with FOR UPDATE SKIP LOCKED and a lease that
// the worker keeps beating; a row whose process died (lease over) is claimed again, up to
// MAX_ATTEMPTS. Handlers must be safe to run again from the start.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { defineJob, type Job, type JobContext } from './runner.ts';
import { log } from '../log.ts';
import { taskDuration, taskRuns, taskWait } from '../metrics.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TaskContext extends JobContext {}

export interface TaskRun<P> {
  id: number;
  churchId: number;
  payload: P;
  /** Aborted when this process stops (a rolling restart): a long handler stops and its task goes back to the queue. */
  signal: AbortSignal;
}

export interface TaskDef<P = unknown> {
  /** Stable name stored in `tarefa.tipo`. */
  kind: string;
  /** Does the work; its answer is stored as the task's result. Throw an Error with a readable message to fail. */
  run(
    ctx: TaskContext,
    task: TaskRun<P>,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<unknown>;
}

export type TaskState = 'queued' | 'running' | 'done' | 'failed';

/** What a page polls to show progress and the outcome. */
export interface TaskView {
  id: number;
  kind: string;
  state: TaskState;
  done: number;
  total: number;
  error: string | null;
  result: unknown;
  createdAt: string;
  finishedAt: string | null;
}

/** A claim lasts this long unless the worker beats (every LEASE_MS / 3 while it runs). */
export const LEASE_MS = 60_000;
/** A task whose process died this many times is failed instead of claimed again. */
export const MAX_ATTEMPTS = 3;
/** Tasks one process runs at the same time (video transcoding takes a core). */
export const TASKS_PER_PROCESS = 2;

export function defineTask<P>(def: {
  kind: string;
  run(
    ctx: TaskContext,
    task: TaskRun<P>,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<unknown>;
}): TaskDef<P> {
  return def;
}

/** Queues a task; in a transaction it starts only once that commits. */
export async function enqueueTask(
  db: Database | Tx,
  task: { churchId: number; kind: string; payload: unknown; createdBy?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(t.tasks)
    .values({
      churchId: task.churchId,
      kind: task.kind,
      payload: task.payload ?? {},
      createdBy: task.createdBy ?? null,
    })
    .returning({ id: t.tasks.id });
  return row!.id;
}

type TaskRow = typeof t.tasks.$inferSelect;

const view = (row: TaskRow): TaskView => ({
  id: row.id,
  kind: row.kind,
  state: row.state as TaskState,
  done: row.done,
  total: row.total,
  error: row.error,
  result: row.result ?? null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** A church's task, or null (another church's task is null too). */
export async function taskStatus(
  db: Database | Tx,
  churchId: number,
  id: number,
): Promise<TaskView | null> {
  const [row] = await db
    .select()
    .from(t.tasks)
    .where(and(eq(t.tasks.id, id), eq(t.tasks.churchId, churchId)));
  return row ? view(row) : null;
}

/** Puts a failed task back in the queue from the start; false when it is not a failed task of the church. */
export async function retryTask(db: Database | Tx, churchId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(t.tasks)
    .set({
      state: 'queued',
      error: null,
      result: null,
      done: 0,
      total: 0,
      attempts: 0,
      startedAt: null,
      finishedAt: null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(t.tasks.id, id), eq(t.tasks.churchId, churchId), eq(t.tasks.state, 'failed')))
    .returning({ id: t.tasks.id });
  return rows.length === 1;
}

/** A readable reason for the person who started the task (never a stack). */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? 'failed');
  return (text.trim() || 'failed').slice(0, 2000);
}

/**
 * Takes one queued task of a known kind (or a running one whose lease ran out) for `workerId`.
 * Tasks that lost their process MAX_ATTEMPTS times are failed on the way.
 */
export async function claimTask(
  db: Database,
  kinds: readonly string[],
  workerId: string,
  leaseMs = LEASE_MS,
): Promise<TaskRow | null> {
  if (!kinds.length) return null;
  await db
    .update(t.tasks)
    .set({
      state: 'failed',
      error: 'The server stopped while working on this task several times; try again.',
      finishedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(
      and(
        eq(t.tasks.state, 'running'),
        sql`${t.tasks.lockedUntil} < now()`,
        sql`${t.tasks.attempts} >= ${MAX_ATTEMPTS}`,
      ),
    );
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: t.tasks.id })
      .from(t.tasks)
      .where(
        and(
          inArray(t.tasks.kind, [...kinds]),
          sql`(${t.tasks.state} = 'queued' or (${t.tasks.state} = 'running' and ${t.tasks.lockedUntil} < now()))`,
        ),
      )
      .orderBy(t.tasks.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return null;
    const [row] = await tx
      .update(t.tasks)
      .set({
        state: 'running',
        lockedBy: workerId,
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${t.tasks.attempts} + 1`,
        startedAt: sql`now()`,
        error: null,
      })
      .where(eq(t.tasks.id, candidate.id))
      .returning();
    return row ?? null;
  });
}

/** Extends the lease (and records progress); false when another process took the task. */
async function beat(
  db: Database,
  id: number,
  workerId: string,
  leaseMs: number,
  progress?: { done: number; total: number },
): Promise<boolean> {
  const rows = await db
    .update(t.tasks)
    .set({
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      ...(progress ? { done: progress.done, total: progress.total } : {}),
    })
    .where(and(eq(t.tasks.id, id), eq(t.tasks.lockedBy, workerId), eq(t.tasks.state, 'running')))
    .returning({ id: t.tasks.id });
  return rows.length === 1;
}

/** Runs one claimed task to its end and records the outcome (unless another process took it). */
export async function runClaimedTask(
  ctx: TaskContext,
  def: TaskDef,
  row: TaskRow,
  leaseMs = LEASE_MS,
): Promise<TaskState> {
  const { db, workerId } = ctx;
  // the queue's lag as an operator sees it (docs/deploy.md "Metrics"); a re-claim after a crash is not a wait
  if (row.attempts === 1 && row.startedAt)
    taskWait.observe(
      { kind: row.kind },
      Math.max(0, (row.startedAt.getTime() - row.createdAt.getTime()) / 1000),
    );
  const started = performance.now();
  const stop = new AbortController();
  stopping.add(stop);
  const timer = setInterval(
    () => void beat(db, row.id, workerId, leaseMs).catch(() => undefined),
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  let lastWrite = 0;
  const progress = async (done: number, total: number) => {
    // at most about twice a second: progress is for a page that polls
    if (Date.now() - lastWrite < 500 && done < total) return;
    lastWrite = Date.now();
    await beat(db, row.id, workerId, leaseMs, { done, total });
  };
  let outcome:
    { state: 'done'; result: unknown } | { state: 'failed'; error: string } | { state: 'queued' };
  try {
    const result = await def.run(
      ctx,
      { id: row.id, churchId: row.churchId, payload: row.payload, signal: stop.signal },
      progress,
    );
    outcome = { state: 'done', result: result ?? null };
  } catch (error) {
    if (stop.signal.aborted) outcome = { state: 'queued' };
    else {
      log.error({ err: error }, `[tasks] ${def.kind} #${row.id} failed`);
      outcome = { state: 'failed', error: failureReason(error) };
    }
  } finally {
    clearInterval(timer);
    stopping.delete(stop);
  }
  if (outcome.state === 'queued') {
    await handBack(db, row.id, workerId);
    log.info(
      { task: row.id, kind: row.kind },
      '[tasks] handed back to the queue: this process stops',
    );
    return 'queued';
  }
  taskRuns.inc({ kind: row.kind, result: outcome.state });
  taskDuration.observe({ kind: row.kind }, (performance.now() - started) / 1000);
  await db
    .update(t.tasks)
    .set({
      state: outcome.state,
      result: outcome.state === 'done' ? (outcome.result as object) : null,
      error: outcome.state === 'failed' ? outcome.error : null,
      finishedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      ...(outcome.state === 'done'
        ? { done: sql`greatest(${t.tasks.total}, ${t.tasks.done})` }
        : {}),
    })
    .where(
      and(eq(t.tasks.id, row.id), eq(t.tasks.lockedBy, workerId), eq(t.tasks.state, 'running')),
    );
  return outcome.state;
}

/** Claims and runs tasks one after another until none is left (tests, worker scripts); the ids it ran. */
export async function drainTasks(
  ctx: TaskContext,
  defs: readonly TaskDef[],
  options: { leaseMs?: number; limit?: number } = {},
): Promise<number[]> {
  const byKind = new Map(defs.map((d) => [d.kind, d]));
  const ran: number[] = [];
  while (ran.length < (options.limit ?? 100)) {
    const row = await claimTask(ctx.db, [...byKind.keys()], ctx.workerId, options.leaseMs);
    if (!row) break;
    await runClaimedTask(ctx, byKind.get(row.kind)!, row, options.leaseMs);
    ran.push(row.id);
  }
  return ran;
}

/** Tasks this process is running (the periodic job starts them without waiting for them). */
const inFlight = new Set<Promise<unknown>>();
/** The stop signal of each task running in this process. */
const stopping = new Set<AbortController>();

/** Waits for the tasks this process has started (graceful stop, tests). */
export async function settleTasks(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Puts a task this process gave up because it stops back in the queue at once, its attempt not counted. */
async function handBack(db: Database, id: number, workerId: string): Promise<void> {
  await db
    .update(t.tasks)
    .set({
      state: 'queued',
      attempts: sql`greatest(${t.tasks.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      startedAt: null,
      done: 0,
    })
    .where(and(eq(t.tasks.id, id), eq(t.tasks.lockedBy, workerId), eq(t.tasks.state, 'running')));
}

/**
 * For a stopping process (docs/deploy.md "Draining"): asks every running task to stop and waits
 * up to `waitMs` for them. A handler that honours its signal (a video conversion) is handed back
 * to the queue, so another node takes it at once instead of when its lease runs out; a short one
 * that ignores it finishes and records its outcome.
 */
export async function stopTasks(waitMs = 10_000): Promise<void> {
  for (const stop of stopping) stop.abort(new Error('This server is stopping.'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    settleTasks(),
    new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]);
  clearTimeout(timer);
}

/**
 * The periodic job that feeds the queue: each tick claims up to TASKS_PER_PROCESS tasks for this
 * process and runs them in the background, so a long transcode never holds up the other jobs.
 */
export function tasksJob(defs: readonly TaskDef[]): Job {
  const byKind = new Map<string, TaskDef>();
  for (const def of defs) {
    if (byKind.has(def.kind)) throw new Error(`Two tasks are of kind ${def.kind}`);
    byKind.set(def.kind, def);
  }
  return defineJob({
    name: 'tasks.run',
    everyMs: 2000,
    leaseMs: 30_000,
    async run(ctx) {
      while (inFlight.size < TASKS_PER_PROCESS) {
        const row = await claimTask(ctx.db, [...byKind.keys()], ctx.workerId);
        if (!row) return;
        const running: Promise<unknown> = runClaimedTask(ctx, byKind.get(row.kind)!, row)
          .catch((error: unknown) =>
            log.error({ err: error }, '[tasks] could not record an outcome'),
          )
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
    },
  });
}
