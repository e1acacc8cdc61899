// Where a server's memory is (docs/performance.md "Moving in at scale"): its RSS split by kind of
// mapping from /proc/<pid>/smaps, and its main thread's JS heap after a full collection, asked over
// the inspector (the server started with `--inspect=127.0.0.1:0`).
import { existsSync, readFileSync } from 'node:fs';

export interface MemoryParts {
  /** VmRSS, MB. */
  rss: number;
  /** WebAssembly memories (PGlite's engine): a read-write start of a reservation of gigabytes. */
  wasm: number;
  /** malloc's arenas: the main [heap] and the 64 MB-aligned thread arenas (buffers, native code's). */
  malloc: number;
  /** Everything else: V8's heaps of every thread, the binary, stacks. */
  other: number;
}

const MB = 1024 * 1024;
const ARENA = 64 * MB;

/** The server's resident memory by kind (a best reading of anonymous mappings, not V8's own count). */
export function memoryParts(pid: number): MemoryParts {
  const file = `/proc/${pid}/smaps`;
  if (!existsSync(file)) return { rss: 0, wasm: 0, malloc: 0, other: 0 };
  const maps: { start: number; end: number; perms: string; name: string; rss: number }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head)
      maps.push({
        start: parseInt(head[1]!, 16),
        end: parseInt(head[2]!, 16),
        perms: head[3]!,
        name: head[4]!.trim(),
        rss: 0,
      });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps.at(-1)!.rss = Number(rss[1]) * 1024;
  }
  let wasm = 0;
  let malloc = 0;
  let all = 0;
  maps.forEach((m, i) => {
    all += m.rss;
    const next = maps[i + 1];
    // V8 reserves ~8 GB per wasm memory and makes its used start read-write
    if (
      m.perms.startsWith('rw') &&
      !m.name &&
      next?.start === m.end &&
      next.perms.startsWith('---') &&
      next.end - m.start >= 4 * 1024 * MB
    )
      wasm += m.rss;
    else if (m.name === '[heap]' || (!m.name && m.perms.startsWith('rw') && m.start % ARENA === 0))
      malloc += m.rss;
  });
  return { rss: all / MB, wasm: wasm / MB, malloc: malloc / MB, other: (all - wasm - malloc) / MB };
}

/** A Chrome DevTools Protocol session on the server's main thread. */
export class Inspector {
  private socket: WebSocket;
  private nextId = 1;
  private pending = new Map<number, (result: unknown) => void>();
  private open: Promise<void>;
  /** Worker threads by inspector session, and answers awaited from them. */
  private workers = new Map<string, string>();
  private workerPending = new Map<number, (result: unknown) => void>();

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.open = new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve());
      this.socket.addEventListener('error', () => reject(new Error(`inspector ${url}`)));
    });
    this.socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        method?: string;
        params?: { sessionId: string; workerInfo?: { title: string }; message?: string };
      };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
      if (message.method === 'NodeWorker.attachedToWorker')
        this.workers.set(message.params!.sessionId, message.params!.workerInfo!.title);
      // a file's reading thread ends with its file: never ask it again
      if (message.method === 'NodeWorker.detachedFromWorker')
        this.workers.delete(message.params!.sessionId);
      if (message.method === 'NodeWorker.receivedMessageFromWorker') {
        const inner = JSON.parse(message.params!.message!) as { id?: number; result?: unknown };
        if (inner.id !== undefined) this.workerPending.get(inner.id)?.(inner.result);
      }
    });
  }

  async call(method: string, params: object = {}): Promise<unknown> {
    await this.open;
    const id = this.nextId++;
    const answer = new Promise((resolve) => this.pending.set(id, resolve));
    this.socket.send(JSON.stringify({ id, method, params }));
    return answer;
  }

  /** The main thread's heap after a full collection (MB): used, V8's total, and outside V8 (external). */
  async heapAfterGc(): Promise<{ used: number; total: number; external: number }> {
    await this.call('HeapProfiler.collectGarbage');
    const answer = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const m = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    return { used: m.heapUsed / MB, total: m.heapTotal / MB, external: m.external / MB };
  }

  private async inWorker(sessionId: string, method: string, params: object = {}) {
    const id = this.nextId++;
    // a thread that ends while asked answers nothing: given up after 5 s
    const answer = new Promise((resolve) => {
      this.workerPending.set(id, resolve);
      setTimeout(() => resolve(null), 5000).unref();
    });
    await this.call('NodeWorker.sendMessageToWorker', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    return answer;
  }

  /**
   * Each worker thread's JS heap (MB): V8's total as it stands, then used after a full collection
   * of that thread (PGlite's thread, and any file being read).
   */
  async workerHeaps(): Promise<{ title: string; total: number; used: number }[]> {
    await this.call('NodeWorker.enable', { waitForDebuggerOnStart: false });
    await new Promise((r) => setTimeout(r, 500)); // the attach events arrive after the answer
    const usage = async (sessionId: string) => {
      const answer = (await this.inWorker(sessionId, 'Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } } | null;
      return answer && (JSON.parse(answer.result.value) as NodeJS.MemoryUsage);
    };
    const heaps = [];
    for (const [sessionId, title] of this.workers) {
      const before = await usage(sessionId);
      await this.inWorker(sessionId, 'HeapProfiler.collectGarbage');
      const after = await usage(sessionId);
      if (before && after)
        heaps.push({ title, total: before.heapTotal / MB, used: after.heapUsed / MB });
    }
    return heaps;
  }

  /** Starts the CPU profiler on the main thread and every worker thread (BENCH_PROFILE). */
  async startProfiles(): Promise<void> {
    await this.call('NodeWorker.enable', { waitForDebuggerOnStart: false });
    await new Promise((r) => setTimeout(r, 500)); // the attach events arrive after the answer
    await this.call('Profiler.enable');
    await this.call('Profiler.start');
    for (const sessionId of this.workers.keys()) {
      await this.inWorker(sessionId, 'Profiler.enable');
      await this.inWorker(sessionId, 'Profiler.start');
    }
  }

  /** Each thread's CPU profile since startProfiles, by thread title ('main' for the main thread). */
  async stopProfiles(): Promise<{ title: string; profile: unknown }[]> {
    const main = (await this.call('Profiler.stop')) as { profile: unknown };
    const profiles = [{ title: 'main', profile: main.profile }];
    for (const [sessionId, title] of this.workers) {
      const answer = (await this.inWorker(sessionId, 'Profiler.stop')) as {
        profile: unknown;
      } | null;
      if (answer) profiles.push({ title, profile: answer.profile });
    }
    return profiles;
  }

  close(): void {
    this.socket.close();
  }
}

/** The inspector's address a Node process prints on stderr when started with `--inspect`. */
export const inspectorUrl = (stderr: string): string | null =>
  /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1] ?? null;
