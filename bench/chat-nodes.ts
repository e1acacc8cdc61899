// The chat bench's server side (bench/chat.ts, docs/live.md "Benchmark"): chat nodes
// (server/chat/standalone.ts) and what they answer when asked (server/chat/node-probe.ts: memory,
// clients, event-loop delay, CPU, Redis publishes waiting), and the Redis subscribers' output
// buffers as Redis itself counts them. Every wait here has an end: a node that does not start, or
// does not answer, is named rather than waited for.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { NodeProbeAnswer } from '../server/chat/node-probe.ts';

/** A chat process and its probe. */
export interface ChatNode {
  index: number;
  process: ChildProcess;
  url: string;
  /** Set once the process has exited: how. */
  exited: string | null;
  /** Its answer, or null when none came within `timeoutMs`. */
  probe(timeoutMs?: number): Promise<NodeProbeAnswer | null>;
}

export interface NodeOptions {
  index: number;
  /** The chat entry (BENCH_SERVER): another version can be compared on the same machine. */
  entry: string;
  /** Only a church's live channels are rooms: the first node gives graca a stream per room. */
  channels: string[];
  seed: boolean;
  secret: string;
  startTimeoutMs: number;
}

export async function startNode(options: NodeOptions): Promise<ChatNode> {
  const { index, seed } = options;
  // BENCH_PROFILE=<folder>: each node writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, options.entry], {
    env: {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      JWT_SECRET: options.secret,
      SEED_DEMO: seed ? 'true' : 'false',
      LIVE_CHANNELS: seed ? options.channels.join(',') : '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let port: ((port: number) => void) | undefined;
  let seq = 0;
  const asked = new Map<number, (answer: NodeProbeAnswer | null) => void>();
  const node: ChatNode = {
    index,
    process: child,
    url: '',
    exited: null,
    probe(timeoutMs = 10_000) {
      if (node.exited) return Promise.resolve(null);
      const n = ++seq;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          asked.delete(n);
          resolve(null);
        }, timeoutMs);
        asked.set(n, (answer) => {
          clearTimeout(timer);
          asked.delete(n);
          resolve(answer);
        });
        child.stdin!.write(`memory ${n}\n`);
      });
    },
  };
  child.once('exit', (code, signal) => {
    node.exited = signal ? `ended by ${signal}` : `exited with code ${code}`;
    for (const answer of [...asked.values()]) answer(null);
  });
  child.stdin!.on('error', () => undefined); // a node that died: its probe answers null
  // only the node's answers (its port, its probes): its log lines go to the same stdout
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{"port"')) port?.((JSON.parse(line) as { port: number }).port);
    if (!line.startsWith('{"rss"')) return;
    const answer = JSON.parse(line) as NodeProbeAnswer;
    // an entry of another version may answer without the number: the oldest question then
    const key = answer.seq ?? [...asked.keys()][0];
    if (key !== undefined) asked.get(key)?.(answer);
  });
  const started = await new Promise<number | string>((resolve) => {
    port = resolve;
    child.once('exit', () => resolve(`chat node ${index} ${node.exited} while starting`));
    setTimeout(
      () => resolve(`chat node ${index} did not start in ${options.startTimeoutMs / 1000} s`),
      options.startTimeoutMs,
    );
  });
  if (typeof started === 'string') {
    child.kill('SIGKILL');
    throw new Error(started);
  }
  node.url = `http://127.0.0.1:${started}`;
  return node;
}

/** What one node showed over the run: the peaks of its probes. */
export interface NodeSummary {
  url: string;
  exited: string | null;
  rssPeakMB: number;
  /** The worst p99 and max of its event-loop delay between probes (ms). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Its Redis publishes waiting for an answer: the most at once. */
  redisPendingPeak: number;
  /** CPU seconds from the start of sending to the results (from /proc; else between probes). */
  cpuSeconds: number;
  /** Probes it did not answer within their time. */
  unansweredProbes: number;
}

/**
 * A process's CPU time (ms) as Linux counts it (/proc/<pid>/stat: user + system ticks of 10 ms),
 * read from outside: a node too busy to answer its probe is still measured. Null elsewhere.
 */
export function processCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/** Keeps the peaks of a node's probes. */
export class NodeWatch {
  readonly node: ChatNode;
  last: { at: number; answer: NodeProbeAnswer } | null = null;
  private first: NodeProbeAnswer | null = null;
  private rss = 0;
  private p99 = 0;
  private max = 0;
  private pending = 0;
  private unanswered = 0;
  private cpuStart: number | null = null;

  constructor(node: ChatNode) {
    this.node = node;
  }

  /** Asks the node; keeps the peaks; the answer, or null. */
  async sample(timeoutMs?: number): Promise<NodeProbeAnswer | null> {
    const answer = await this.node.probe(timeoutMs);
    if (!answer) {
      this.unanswered++;
      return null;
    }
    this.first ??= answer;
    this.last = { at: Date.now(), answer };
    this.rss = Math.max(this.rss, answer.rss);
    this.p99 = Math.max(this.p99, answer.loopDelayMs.p99);
    this.max = Math.max(this.max, answer.loopDelayMs.max);
    this.pending = Math.max(this.pending, answer.redisPendingPeak);
    return answer;
  }

  /** Starts the run's counts (CPU and peaks) from now. */
  async reset(): Promise<void> {
    await this.sample();
    this.first = this.last?.answer ?? null;
    this.cpuStart = processCpuMs(this.node.process.pid);
    this.p99 = this.max = this.pending = this.unanswered = 0;
  }

  summary(): NodeSummary {
    const cpu = (a: NodeProbeAnswer | null | undefined) => (a ? a.cpuMs.user + a.cpuMs.system : 0);
    const now = processCpuMs(this.node.process.pid);
    const used =
      now !== null && this.cpuStart !== null
        ? now - this.cpuStart
        : cpu(this.last?.answer) - cpu(this.first);
    return {
      url: this.node.url,
      exited: this.node.exited,
      rssPeakMB: Math.round(this.rss / 1024 / 1024),
      loopDelayP99Ms: this.p99,
      loopDelayMaxMs: this.max,
      redisPendingPeak: this.pending,
      cpuSeconds: Math.round(used / 100) / 10,
      unansweredProbes: this.unanswered,
    };
  }
}

/**
 * The largest output buffer Redis holds for a subscriber (`CLIENT LIST`'s omem of clients with
 * subscriptions), in KB: a subscriber that reads slower than messages come grows it, and past
 * `client-output-buffer-limit pubsub` Redis drops the connection. Every subscriber of this Redis
 * is counted (the bench's nodes are the only ones when nothing else uses its pub/sub).
 */
export async function redisWatch(
  url: string,
): Promise<{ sample(): Promise<number | null>; close(): Promise<void> }> {
  const { createClient } = await import('redis');
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  return {
    async sample() {
      try {
        const list = String(await client.sendCommand(['CLIENT', 'LIST']));
        let peak = 0;
        for (const line of list.split('\n')) {
          const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(line)?.[1]);
          if (field('sub') > 0 || field('psub') > 0) peak = Math.max(peak, field('omem') || 0);
        }
        return Math.round(peak / 1024);
      } catch {
        return null;
      }
    },
    close: async () => void (await client.quit().catch(() => undefined)),
  };
}
