// Moving-in files are read on worker threads (parse-worker.ts; docs/performance.md "Hostile
// files"), never on the main thread that serves every church: one thread per file being read,
// with its own heap cap (a file needing more is refused, the process does not notice) and a time
// cap per step (a thread that does not answer in time is ended and the file refused). What it
// reads comes over in pages as they are asked for, so a large file never sits in the main
// thread's memory. At most MAX_THREADS read at once per process; the others wait their turn.
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, ImportLimitError, type ImportLimits } from './limits.ts';
import type { Answer, Ask, StreamOp } from './parse-protocol.ts';

const workerFile = new URL('./parse-worker.ts', import.meta.url);

/** An ask without its id (each kind of ask keeps its own fields). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type AskBody = Without<Ask, 'id'>;

const MAX_THREADS = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    running--;
    waiting.shift()?.();
  };
}

/** One reading thread: asks answered in order, each within the step's time cap. */
export class ParseSession {
  private worker: Worker;
  private pending = new Map<number, { resolve(a: Answer): void; reject(e: unknown): void }>();
  private nextId = 1;
  private dead: unknown = null;
  private readonly limits: ImportLimits;
  private readonly release: () => void;

  constructor(limits: ImportLimits, release: () => void) {
    this.limits = limits;
    this.release = release;
    this.worker = new Worker(workerFile, {
      workerData: { limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    this.worker.on('message', (answer: Answer) => {
      const waiter = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      waiter?.resolve(answer);
    });
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ImportLimitError('staff.import.limit.memory')
          : error,
      ),
    );
    this.worker.on('exit', () => this.fail(new Error('The reading thread stopped.')));
  }

  private fail(error: unknown): void {
    this.dead ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.dead);
    this.pending.clear();
    this.release();
  }

  async ask(ask: AskBody, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.dead) throw this.dead;
    const id = this.nextId++;
    const answer = new Promise<Answer>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    const timer = setTimeout(() => {
      this.fail(
        new ImportLimitError('staff.import.limit.time', {
          s: Math.round(this.limits.parseMs / 1000),
        }),
      );
      void this.worker.terminate();
    }, this.limits.parseMs);
    this.worker.postMessage({ ...ask, id }, transfer);
    try {
      const a = await answer;
      if (!a.ok)
        throw a.limit ? new ImportLimitError(a.limit.key, a.limit.values) : new Error(a.message);
      return a;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A post's HTML with its images replaced, sanitised on the thread. */
  async postHtml(html: string, replace: [string, string][]): Promise<string> {
    const a = await this.ask({ type: 'html', html, replace });
    return 'html' in a ? a.html : '';
  }

  /** What the thread reads of `bytes`, page by page. */
  async *stream<T>(op: StreamOp, bytes: Buffer, now?: Date, zone?: string): AsyncGenerator<T> {
    // a copy goes over (the caller keeps its buffer); 20 MB copy in a few milliseconds
    const copy = new Uint8Array(bytes);
    let a = await this.ask({ type: 'open', op, bytes: copy, now: now?.getTime(), zone }, [
      copy.buffer,
    ]);
    for (;;) {
      if (!('items' in a)) return;
      for (const item of a.items) yield item as T;
      if (a.done) return;
      a = await this.ask({ type: 'next' });
    }
  }

  async close(): Promise<void> {
    if (!this.dead) this.dead = new Error('The reading thread was closed.');
    for (const waiter of this.pending.values()) waiter.reject(this.dead);
    this.pending.clear();
    this.release();
    await this.worker.terminate();
  }
}

/** A reading thread for one file (wait for a free one first); close it when done. */
export async function openParse(limits: Partial<ImportLimits> = {}): Promise<ParseSession> {
  return new ParseSession({ ...IMPORT_LIMITS, ...limits }, await slot());
}

/** What a thread reads of one file, the thread ended when the reading ends or stops. */
export async function* parseStream<T>(
  op: StreamOp,
  bytes: Buffer,
  {
    limits,
    now,
    zone,
  }: { limits?: Partial<ImportLimits> | undefined; now?: Date; zone?: string } = {},
): AsyncGenerator<T> {
  const session = await openParse(limits);
  try {
    yield* session.stream<T>(op, bytes, now, zone);
  } finally {
    await session.close();
  }
}
