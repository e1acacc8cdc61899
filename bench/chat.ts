// `npm run bench:chat` (docs/live.md "Benchmark"): 1,000 socket.io clients in rooms of 50 on one chat process
// (or BENCH_NODES=2: two chat processes sharing Redis and PostgreSQL, each room's clients split
// between them, so half of every delivery crosses the adapter), each client sending one message
// every 5 s; prints p50/p95/p99 delivery (send → every member of the room, the sender included)
// and the servers' memory. Target: p95 <= 50 ms on the 2-core machine.
// BENCH_CLIENTS (1000), BENCH_ROOM (50), BENCH_SECONDS (30), BENCH_WORKERS (2), BENCH_NODES (1),
// BENCH_SERVER (the chat entry), DATABASE_URL (PostgreSQL; default an in-memory PGlite; needed for
// two nodes), REDIS_URL (the adapter; needed for two nodes), BENCH_DRAIN_MS (2000: after sending
// stops, the clients read until nothing came for this long), BENCH_DRAIN_MAX_S (60),
// BENCH_STALL_S (30: a phase in which nothing moves for this long ends the run), BENCH_PROFILE
// (a folder: each node writes a CPU profile there; bench/profile-summary.ts reads it).
// The clients live in client processes (bench/chat-worker.ts, whole rooms each); the nodes and
// their probes are bench/chat-nodes.ts. "Lost" means a message the server acknowledged that some
// member of the room never got; "late" a delivery that arrived after sending stopped.
// The bench never waits forever: each phase (start, connecting, sending, results) ends with a
// message saying what stopped moving — which client process, which node — and the run's file
// `bench/results/chat-latest.json` says `completed: false` with that message.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { NodeWatch, redisWatch, startNode, type ChatNode } from './chat-nodes.ts';
import type { WorkerJob, WorkerProgress, WorkerResult } from './chat-worker.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROOM = Number(process.env.BENCH_ROOM ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const NODES = Number(process.env.BENCH_NODES ?? 1);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 2_000);
const DRAIN_MAX_MS = Number(process.env.BENCH_DRAIN_MAX_S ?? 60) * 1000;
const STALL_MS = Number(process.env.BENCH_STALL_S ?? 30) * 1000;
const INTERVAL_MS = 5_000;
const WARMUP_MS = 5_000;
/** After the drain, the time the client processes have to count and send their results. */
const RESULT_GRACE_MS = 60_000;
const RESULTS_FILE = 'bench/results/chat-latest.json';

/** A client process as the parent follows it. */
interface Worker {
  index: number;
  child: ChildProcess;
  progress: WorkerProgress | null;
  progressAt: number;
  ready: boolean;
  result: WorkerResult | null;
  exited: string | null;
}

/** The p-th percentile (ms) of a merged histogram of 0.1 ms buckets. */
function percentile(buckets: [number, number][], total: number, p: number): number {
  if (!total) return NaN;
  const rank = Math.min(total - 1, Math.floor((p / 100) * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen > rank) return bucket / 10;
  }
  return buckets.at(-1)![0] / 10;
}

const ago = (at: number) => `${((Date.now() - at) / 1000).toFixed(0)} s ago`;

/** Where every process stands: what a stalled phase's message shows. */
function standing(workers: Worker[], watches: NodeWatch[]): string {
  const lines = workers.map((w) => {
    const p = w.progress;
    if (w.exited) return `  client process ${w.index}: ${w.exited}`;
    if (!p) return `  client process ${w.index}: no progress yet`;
    return `  client process ${w.index} (${p.phase}, ${ago(w.progressAt)}): connected ${p.connected}/${p.clients}, failed ${p.connectFailures}, dropped ${p.disconnected}, sends ${p.sends}, answers ${p.answers}, received ${p.received}, event-loop p99 ${p.loopDelayP99Ms} ms`;
  });
  for (const watch of watches) {
    const { node, last } = watch;
    const a = last?.answer;
    lines.push(
      node.exited
        ? `  chat node ${node.index}: ${node.exited}`
        : a
          ? `  chat node ${node.index} (answered ${ago(last.at)}): ${a.clients} clients, event-loop p99 ${a.loopDelayMs.p99} ms max ${a.loopDelayMs.max} ms, Redis publishes waiting ${a.redisPending}, RSS ${Math.round(a.rss / 1048576)} MB`
          : `  chat node ${node.index}: never answered a probe`,
    );
  }
  return lines.join('\n');
}

/**
 * Waits until `done()`; fails when a process ended, when `movement()` has not changed for
 * STALL_MS (`stalled` says what that means), or at `deadline` — each time with where every
 * client process and node stands.
 */
async function phase(
  name: string,
  workers: Worker[],
  watches: NodeWatch[],
  done: () => boolean,
  movement: () => number,
  stalled: string,
  deadline: number,
): Promise<void> {
  let seen = movement();
  let movedAt = Date.now();
  while (!done()) {
    await new Promise((r) => setTimeout(r, 500));
    const failure = (why: string) => new Error(`${name}: ${why}\n${standing(workers, watches)}`);
    const gone = workers.find((w) => w.exited && !w.result) ?? watches.find((w) => w.node.exited);
    if (gone)
      throw failure(
        'node' in gone
          ? `chat node ${gone.node.index} ${gone.node.exited}`
          : `client process ${gone.index} ${gone.exited} before reporting`,
      );
    const now = movement();
    if (now !== seen) [seen, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > STALL_MS) throw failure(`${stalled} for ${STALL_MS / 1000} s`);
    if (Date.now() > deadline) throw failure('ran past its time');
  }
}

// a real token key shared by the nodes: weak ones stop the start (server/auth/jwt-secret.ts)
const secret = randomBytes(48).toString('base64url');
const rooms = Math.ceil(CLIENTS / ROOM);
const nodes: ChatNode[] = [];
const workers: Worker[] = [];
process.on('exit', () => {
  for (const n of nodes) n.process.kill('SIGTERM');
  for (const w of workers) w.child.kill();
});

function forkWorkers(urls: string[]): void {
  const perWorker = Math.ceil(rooms / WORKERS);
  const entry = fileURLToPath(new URL('./chat-worker.ts', import.meta.url));
  for (let w = 0; w < WORKERS; w++) {
    const mine = Array.from({ length: rooms }, (_, r) => r).slice(
      w * perWorker,
      (w + 1) * perWorker,
    );
    if (!mine.length) continue;
    const child = fork(entry, [], { stdio: 'inherit' });
    const worker: Worker = {
      index: w,
      child,
      progress: null,
      progressAt: Date.now(),
      ready: false,
      result: null,
      exited: null,
    };
    workers.push(worker);
    child.on('message', (m: { progress?: WorkerProgress; ready?: true; result?: WorkerResult }) => {
      if (m.progress) [worker.progress, worker.progressAt] = [m.progress, Date.now()];
      if (m.ready) worker.ready = true;
      if (m.result) worker.result = m.result;
    });
    child.once('exit', (code, signal) => {
      worker.exited = signal ? `ended by ${signal}` : `exited with code ${code}`;
    });
    child.send({
      urls,
      rooms: mine,
      first: mine[0]! * ROOM,
      room: ROOM,
      seconds: SECONDS,
      warmupMs: WARMUP_MS,
      intervalMs: INTERVAL_MS,
      drainMs: DRAIN_MS,
      drainMaxMs: DRAIN_MAX_MS,
    } satisfies WorkerJob);
  }
}

const sum = (pick: (p: WorkerProgress) => number) =>
  workers.reduce((n, w) => n + (w.progress ? pick(w.progress) : 0), 0);

async function main() {
  if (NODES > 1 && (!process.env.REDIS_URL || !process.env.DATABASE_URL))
    throw new Error('BENCH_NODES > 1 needs REDIS_URL and DATABASE_URL (the nodes share both)');
  const channels = Array.from({ length: rooms }, (_, r) => `bench-${r}`);
  const entry = process.env.BENCH_SERVER ?? 'server/chat/standalone.ts';
  console.log(`starting ${NODES} chat node(s) (migrating and seeding the database)…`);
  // the first node seeds; the next find the database seeded and graca's bench streams there
  for (let n = 0; n < NODES; n++)
    nodes.push(
      await startNode({
        index: n,
        entry,
        channels,
        seed: n === 0,
        secret,
        startTimeoutMs: 300_000,
      }),
    );
  const watches = nodes.map((n) => new NodeWatch(n));
  const redis = process.env.REDIS_URL ? await redisWatch(process.env.REDIS_URL) : null;
  let redisPeakKB = 0;
  const sample = async () => {
    await Promise.all(watches.map((w) => w.sample()));
    redisPeakKB = Math.max(redisPeakKB, (await redis?.sample()) ?? 0);
  };
  await sample();
  const rssMB = () =>
    Math.round(watches.reduce((n, w) => n + (w.last?.answer.rss ?? 0), 0) / 1048576);
  const idle = rssMB();
  const sampler = setInterval(() => void sample(), 5_000);

  console.log(
    `connecting ${rooms * ROOM} clients in ${rooms} rooms of ${ROOM} (${WORKERS} client processes)…`,
  );
  const connectStart = Date.now();
  forkWorkers(nodes.map((n) => n.url));
  await phase(
    'connecting',
    workers,
    watches,
    () => workers.every((w) => w.ready),
    () => sum((p) => p.connected + p.connectFailures),
    'no client connected (or failed to)',
    Date.now() + Math.max(300_000, CLIENTS * 60),
  );
  const connectSeconds = Math.round((Date.now() - connectStart) / 100) / 10;
  await sample();
  const connected = rssMB();
  await Promise.all(watches.map((w) => w.reset()));
  console.log(
    `all connected in ${connectSeconds} s; sending for ${SECONDS} s after a ${WARMUP_MS / 1000} s warm-up…`,
  );
  for (const w of workers) w.child.send({ go: true });
  await phase(
    'sending',
    workers,
    watches,
    () => workers.every((w) => w.result),
    // what comes back from the nodes: clients that keep sending into a silent node are no movement
    () => sum((p) => p.answers + p.received) + workers.filter((w) => w.result).length,
    'nothing came back from the chat nodes (no answer to a send, no message received, no result)',
    Date.now() + WARMUP_MS + SECONDS * 1000 + DRAIN_MAX_MS + RESULT_GRACE_MS,
  );
  clearInterval(sampler);
  await sample();
  const report = {
    ...summarize(workers.map((w) => w.result!)),
    connectSeconds,
    serverMemoryMB: {
      idle,
      connected,
      end: rssMB(),
      peak: watches.reduce((n, w) => n + w.summary().rssPeakMB, 0),
    },
    nodeStats: watches.map((w) => w.summary()),
    clientProcesses: workers.map((w) => ({
      loopDelayMs: w.result!.loopDelayMs,
      cpuSeconds: w.result!.cpuSeconds,
    })),
    redisSubscriberBufferPeakKB: redis ? redisPeakKB : null,
  };
  await redis?.close();
  print(report);
  write(report);
  for (const w of workers) w.child.kill();
  await stopNodes();
}

/**
 * Stops the nodes: SIGTERM (each writes what it holds and closes), SIGKILL after 15 s. A node
 * left far behind (10,000 clients here) took minutes to close, and the bench waited for it.
 */
async function stopNodes(): Promise<void> {
  await Promise.all(
    nodes.map(async (n) => {
      if (n.exited) return;
      const gone = new Promise((r) => n.process.once('exit', r));
      n.process.kill('SIGTERM');
      const timer = setTimeout(() => n.process.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }),
  );
}

/** The run's figures from the client processes' results. */
function summarize(all: WorkerResult[]) {
  const merged = new Map<number, number>();
  for (const r of all)
    for (const [b, c] of Object.entries(r.histogram))
      merged.set(Number(b), (merged.get(Number(b)) ?? 0) + c);
  const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const total = (pick: (r: WorkerResult) => number) => all.reduce((n, r) => n + pick(r), 0);
  const tally = (pick: (r: WorkerResult) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const r of all) for (const [k, v] of Object.entries(pick(r))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const deliveries = total((r) => r.deliveries);
  const pct = (p: number) => percentile(buckets, deliveries, p);
  const sent = total((r) => r.sent);
  const lost = all.flatMap((r) => r.lost);
  return {
    completed: true,
    clients: rooms * ROOM,
    room: ROOM,
    nodes: NODES,
    seconds: SECONDS,
    redis: !!process.env.REDIS_URL,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    messagesSent: sent,
    messagesRefused: total((r) => r.refused),
    messagesUnanswered: total((r) => r.unanswered),
    connectFailures: total((r) => r.connectFailures),
    connectErrors: tally((r) => r.connectErrors),
    disconnects: tally((r) => r.disconnects),
    deliveries,
    expectedDeliveries: sent * ROOM, // the room includes the sender, who gets its own message too
    lateDeliveries: total((r) => r.late),
    drainMs: DRAIN_MS,
    /** The longest a client process read after sending stopped (ms). */
    drainedMs: Math.max(...all.map((r) => r.drainedMs)),
    missedByDroppedConnections: total((r) => r.missedByDropped),
    lostMessages: lost.length,
    lostDeliveries: lost.reduce((n, l) => n + l.missing, 0),
    lostExamples: lost.slice(0, 10),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: (buckets.at(-1)?.[0] ?? NaN) / 10,
    target: 'p95 <= 50 ms, nothing lost',
    met: pct(95) <= 50 && lost.length === 0,
  };
}

type Report = ReturnType<typeof summarize> & {
  connectSeconds: number;
  serverMemoryMB: { idle: number; connected: number; end: number; peak: number };
  nodeStats: ReturnType<NodeWatch['summary']>[];
  clientProcesses: { loopDelayMs: { p99: number; max: number }; cpuSeconds: number }[];
  redisSubscriberBufferPeakKB: number | null;
};

function print(r: Report): void {
  console.log(
    `\nchat delivery, ${r.clients} clients in rooms of ${ROOM} on ${NODES} node(s), one message per ${INTERVAL_MS / 1000} s each, ${SECONDS} s:`,
  );
  console.log(
    `  sent ${r.messagesSent} (refused ${r.messagesRefused}, unanswered ${r.messagesUnanswered}, connect failures ${r.connectFailures}); deliveries ${r.deliveries} of ${r.expectedDeliveries} (${r.lateDeliveries} arrived after sending stopped: read for ${r.drainedMs} ms, until ${DRAIN_MS} ms passed with nothing new)`,
  );
  console.log(
    `  lost: ${r.lostMessages} acknowledged messages missed by ${r.lostDeliveries} receivers that stayed connected${r.lostMessages ? ` (e.g. ${JSON.stringify(r.lostExamples.slice(0, 3))})` : ''}`,
  );
  console.log(
    `  connections dropped: ${JSON.stringify(r.disconnects)}, ${r.missedByDroppedConnections} receipts missed by them (the bench's clients do not reconnect)`,
  );
  console.log(
    `  p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   max ${r.max} ms   (target p95 <= 50 ms, nothing lost: ${r.met ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  server RSS${NODES > 1 ? ' (all nodes)' : ''}: idle ${r.serverMemoryMB.idle} MB, connected ${r.serverMemoryMB.connected} MB, peak ${r.serverMemoryMB.peak} MB`,
  );
  for (const [i, n] of r.nodeStats.entries())
    console.log(
      `  node ${i}: CPU ${n.cpuSeconds} s, event-loop delay p99 ${n.loopDelayP99Ms} ms (max ${n.loopDelayMaxMs} ms), Redis publishes waiting at most ${n.redisPendingPeak}${n.unansweredProbes ? `, ${n.unansweredProbes} probes unanswered within 10 s` : ''}`,
    );
  for (const [i, c] of r.clientProcesses.entries())
    console.log(
      `  client process ${i}: CPU ${c.cpuSeconds} s, event-loop delay p99 ${c.loopDelayMs.p99} ms (max ${c.loopDelayMs.max} ms)`,
    );
  if (r.redisSubscriberBufferPeakKB !== null)
    console.log(`  Redis subscribers' output buffer at most ${r.redisSubscriberBufferPeakKB} KB`);
  console.log(`  connected in ${r.connectSeconds} s; machine load average: ${loadavg().join(' ')}`);
}

/** bench/results/chat-latest.json: when it ran and the machine's load beside the figures. */
function write(report: object): void {
  mkdirSync('bench/results', { recursive: true });
  const meta = {
    at: new Date().toISOString(),
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...meta, ...report }, null, 2)}\n`);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\nchat bench stopped — ${message}`);
  write({
    completed: false,
    error: message,
    clients: rooms * ROOM,
    room: ROOM,
    nodes: NODES,
    seconds: SECONDS,
    target: 'p95 <= 50 ms, nothing lost',
    met: false,
  });
  process.exit(1);
}
