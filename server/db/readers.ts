// Statements sent outside any transaction (what a page reads) and still unanswered, per database:
// long background writes (an import's batches) check it to let pages go first
// (docs/performance.md "Moving in at scale"). On PGlite such a statement waits for the open
// transaction; on PostgreSQL it shares the cores with it.
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs work whose statements are not counted as readers: an import's own walk, the job runner's
 * ticks, and the import page's calls (server/staff-routes.ts). Only what someone else waits to read
 * (the site's pages, the API's other answers) makes an import cut its batches and wait.
 */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

export interface ReaderGauge {
  /** Statements outside a transaction (and outside inBackground) sent and not yet answered. */
  readonly inFlight: number;
  /** Such statements sent since the database opened. */
  readonly sent: number;
  /** Counts a statement until `done` settles. */
  track<T>(done: Promise<T>): Promise<T>;
  /** Resolves once no such statement is in flight (at once when none is). */
  idle(): Promise<void>;
}

export function readerGauge(): ReaderGauge {
  let inFlight = 0;
  let sent = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (--inFlight > 0) return;
    const woken = waiters;
    waiters = [];
    woken.forEach((wake) => wake());
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get sent() {
      return sent;
    },
    track(done) {
      if (background.getStore()) return done;
      inFlight++;
      sent++;
      done.then(settle, settle);
      return done;
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
  };
}

const gauges = new WeakMap<object, ReaderGauge>();

/** Called by openDatabase with the gauge its client feeds. */
export const registerReaders = (db: object, gauge: ReaderGauge): void => void gauges.set(db, gauge);

/** The gauge of a database opened by openDatabase (none for another, e.g. a test's own drizzle). */
export const readersOf = (db: object): ReaderGauge | undefined => gauges.get(db);
