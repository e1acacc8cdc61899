// The product's one scheduler: every background job (recurring gifts, subscription renewals,
// overdue-payment sweeps) is defined here and run by every server process, but a run happens
// only after claiming the job's row in the database (table tarefa_agendada) with a lease, so two
// processes never run one job at once and a process killed mid-run frees it when the lease ends.
// Jobs must still be idempotent per item: a lease can run out while a slow run goes on.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { parseConfig, type Config } from '../../common/config.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import { inBackground } from '../db/readers.ts';
import type { FileStore } from '../files/file-store.ts';
import { localFileStoreIn } from '../files/local.ts';
import * as t from '../db/schema/index.ts';
import { mailerFromSettings, type Mailer } from '../mail/outbox.ts';
import { log } from '../log.ts';
import { jobDuration, jobLag, jobRuns } from '../metrics.ts';

export interface JobContext {
  db: Database;
  /** The time the run started (tests pass their own clock to the runner). */
  now(): Date;
  /** Who runs it, e.g. `host:pid:random`; handy as a per-item claim owner. */
  workerId: string;
  /** The settings the runner was handed (links in e-mails, data folder). */
  settings: Config;
  /** The mailer built from those settings. */
  mailer: Mailer;
  /** Where a job announces a church's changed data (purges cached pages); absent in tests that pass none. */
  changes?: ChangeFeed | undefined;
  /** The one file store (docs/deploy.md "Files"); default: a local one under the settings' DATA_DIR/files. */
  files: FileStore;
}

export interface Job {
  /** Unique and stable: it is the row's key. */
  name: string;
  /** Time between the end of one run and the next. */
  everyMs: number;
  /** How long a claim holds; default 2 minutes. Keep it above the longest run. */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
}

export const defineJob = (job: Job): Job => job;

export interface RunnerOptions {
  workerId?: string;
  /** How often the runner looks for due jobs; default 1 s. */
  tickMs?: number;
  now?: () => Date;
  /** Called with a job's error (the runner records it and goes on). */
  onError?: (job: Job, error: unknown) => void;
  /** The server's settings (server/runtime.ts passes its parsed config); tests: the environment's. */
  settings?: Config;
  /** Default: one built from `settings`. */
  mailer?: Mailer;
  /** server/runtime.ts passes its change feed, so a job's writes purge cached pages. */
  changes?: ChangeFeed;
  /** server/runtime.ts passes its one file store; default: a local one under the settings' DATA_DIR/files. */
  files?: FileStore;
}

export interface JobRunner {
  readonly workerId: string;
  /** Runs every due job this process can claim, once; returns the names it ran. */
  tick(): Promise<string[]>;
  /** Claims and runs one job now, due or not (tests, admin); false when another process holds it. */
  runNow(name: string): Promise<boolean>;
  /** Stops ticking and waits for the run in progress. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 2 * 60_000;

export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Takes the job's row when it is due (or `force`) and nobody's lease is live; true when taken. */
async function claim(db: Database, job: Job, workerId: string, force: boolean): Promise<boolean> {
  await db.insert(t.jobRuns).values({ name: job.name }).onConflictDoNothing();
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  // The database's clock decides, so processes with skewed clocks still agree.
  const claimed = await db
    .update(t.jobRuns)
    .set({ lockedBy: workerId, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      and(
        eq(t.jobRuns.name, job.name),
        force ? undefined : sql`${t.jobRuns.nextRunAt} <= now()`,
        or(isNull(t.jobRuns.lockedUntil), lt(t.jobRuns.lockedUntil, sql`now()`)),
      ),
    )
    .returning({
      name: t.jobRuns.name,
      lag: sql<number>`extract(epoch from now() - ${t.jobRuns.nextRunAt})::float8`,
    });
  // How late a due run starts is the runner's lag (docs/deploy.md "Metrics"); a forced run has none.
  if (claimed.length === 1 && !force)
    jobLag.set({ job: job.name }, Math.max(0, Number(claimed[0]!.lag) || 0));
  return claimed.length === 1;
}

/** Releases the claim and schedules the next run; a claim lost to another process is left alone. */
async function release(db: Database, job: Job, workerId: string, error: unknown): Promise<void> {
  await db
    .update(t.jobRuns)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastRunAt: sql`now()`,
      nextRunAt: sql`now() + ${`${job.everyMs} milliseconds`}::interval`,
      lastError:
        error === undefined
          ? null
          : String(error instanceof Error ? error.message : error).slice(0, 2000),
    })
    .where(and(eq(t.jobRuns.name, job.name), eq(t.jobRuns.lockedBy, workerId)));
}

async function runClaimed(
  db: Database,
  job: Job,
  ctx: JobContext,
  onError: RunnerOptions['onError'],
): Promise<void> {
  let failure: unknown;
  const started = performance.now();
  try {
    await job.run(ctx);
  } catch (error) {
    failure = error ?? 'failed';
    onError?.(job, error);
  }
  jobDuration.observe({ job: job.name }, (performance.now() - started) / 1000);
  jobRuns.inc({ job: job.name, result: failure === undefined ? 'ok' : 'failed' });
  await release(db, job, ctx.workerId, failure);
}

/** A runner for `jobs` on `db`; call `start()` on the result of `createJobRunner` to tick by itself. */
export function createJobRunner(
  db: Database,
  jobs: readonly Job[],
  options: RunnerOptions = {},
): JobRunner & { start(): void } {
  const workerId = options.workerId ?? newWorkerId();
  const now = options.now ?? (() => new Date());
  const onError =
    options.onError ?? ((job, error) => log.error({ err: error, job: job.name }, 'job failed'));
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    names.add(job.name);
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  let settings = options.settings;
  const settingsNow = () => (settings ??= parseConfig());
  const mailer = options.mailer ?? mailerFromSettings(settingsNow);
  const files = options.files ?? localFileStoreIn(() => settingsNow().DATA_DIR);
  const ctx = (): JobContext => ({
    db,
    now,
    workerId,
    get settings() {
      return settingsNow();
    },
    mailer,
    changes: options.changes,
    files,
  });

  // Every due job of a tick runs at once, as it would with each on another node (each is safe on
  // two nodes): a long run (a big send's e-mails) no longer holds a notice's pushes or the payment
  // sweeps for minutes (docs/performance.md "Pages while staff work runs").
  // Its statements are not pages being read: a tick every second kept an import's batches cut
  // small with nobody on the site (server/db/readers.ts; docs/performance.md "Moving in at scale").
  async function tick(): Promise<string[]> {
    const ran = await inBackground(() =>
      Promise.all(
        jobs.map(async (job) => {
          if (stopped || !(await claim(db, job, workerId, false))) return null;
          await runClaimed(db, job, ctx(), onError);
          return job.name;
        }),
      ),
    );
    return ran.filter((name) => name !== null);
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.error({ err: error }, 'job tick failed'))
        .finally(schedule);
    }, options.tickMs ?? 1000);
    timer.unref();
  };

  return {
    workerId,
    tick,
    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      if (!(await claim(db, job, workerId, true))) return false;
      await runClaimed(db, job, ctx(), onError);
      return true;
    },
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
