// `npm run bench:chat` (docs/live.md "Benchmark"): 1,000 socket.io clients in rooms of 50 on one chat process
// (or BENCH_NODES=2: two chat processes sharing Redis and PostgreSQL, each room's clients split
// between them, so half of every delivery crosses the adapter), each client sending one message
// every 5 s; prints p50/p95/p99 delivery (send → every member of the room, the sender included)
// and the servers' memory. Target: p95 <= 50 ms on the 2-core machine.
// BENCH_CLIENTS (1000), BENCH_ROOM (50), BENCH_SECONDS (30), BENCH_WORKERS (2), BENCH_NODES (1),
// BENCH_SERVER (the chat entry), DATABASE_URL (PostgreSQL; default an in-memory PGlite; needed for
// two nodes), REDIS_URL (the adapter; needed for two nodes).
// Clients live in worker processes (whole rooms each); the send time travels in the message, so
// latency is measured on the machine's one clock wherever the receiver is. Every message sent in
// the window carries its id; after the window the clients stop sending and wait BENCH_DRAIN_MS
// (2000) before closing, so a delivery still in flight is counted as late, not lost: "lost" means
// a message the server acknowledged that some member of the room never got.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { chatSocket, joinChat } from './chat-client.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROOM = Number(process.env.BENCH_ROOM ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const NODES = Number(process.env.BENCH_NODES ?? 1);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 2_000);
const INTERVAL_MS = 5_000;
const WARMUP_MS = 5_000;
const now = () => performance.timeOrigin + performance.now();

interface WorkerJob {
  /** One URL per node; a room's clients take them in turn. */
  urls: string[];
  rooms: number[];
  /** Global index of the first client (for names and source addresses). */
  first: number;
}
interface WorkerResult {
  /** Latency histogram in 0.1 ms buckets (sparse): a million samples stay a small IPC message. */
  histogram: Record<number, number>;
  deliveries: number;
  /** Deliveries that arrived after the window closed (in flight when sending stopped). */
  late: number;
  sent: number;
  refused: number;
  /** Sends of the window never acknowledged (neither accepted nor refused) by the end. */
  unanswered: number;
  /** Acknowledged messages some member of the room never received, with how many missed them. */
  lost: { id: string; missing: number }[];
  connectFailures: number;
}

// ---- worker: the clients of some rooms ----
async function runWorker(job: WorkerJob): Promise<WorkerResult> {
  const histogram: Record<number, number> = {};
  let deliveries = 0;
  let late = 0;
  let sent = 0;
  let refused = 0;
  let connectFailures = 0;
  let measuring = false;
  let closed = false;
  // receipts of each message sent in the window, by id ("<client>.<n>"); acknowledged ones below
  const receipts = new Map<string, number>();
  const acknowledged = new Set<string>();
  const awaiting = new Set<string>();
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  const connectOne = (index: number, channel: string) =>
    new Promise<Socket>((resolve) => {
      // 1 source address per 10 clients: the flood limit per address is for people, not for a lab
      const localAddress = `127.0.${Math.floor(index / 2500)}.${1 + (Math.floor(index / 10) % 250)}`;
      const url = job.urls[index % job.urls.length]!;
      const socket = chatSocket(url, { localAddress, reconnection: false });
      socket.once('connect_error', () => {
        connectFailures++;
        resolve(socket);
      });
      socket.once('connect', () => {
        void joinChat(socket, {
          igreja: 'graca',
          channel,
          name: `Bench ${index}`,
          limitMessages: 1,
        }).then(() => resolve(socket));
      });
      // "m:<send time>:<id>": a message of the window, counted whenever it arrives
      socket.on('message', (m: { text: string }) => {
        const [kind, at, id] = m.text.split(':');
        if (kind !== 'm' || !id || !Number.isFinite(Number(at))) return;
        receipts.set(id, (receipts.get(id) ?? 0) + 1);
        if (closed) late++;
        const bucket = Math.max(0, Math.round((now() - Number(at)) * 10));
        histogram[bucket] = (histogram[bucket] ?? 0) + 1;
        deliveries++;
      });
    });

  let index = job.first;
  for (const room of job.rooms) {
    const channel = `bench-${room}`;
    const batch: Promise<Socket>[] = [];
    for (let i = 0; i < ROOM; i++) batch.push(connectOne(index++, channel));
    sockets.push(...(await Promise.all(batch)));
  }
  process.send?.({ ready: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  const channelOf = (i: number) => `bench-${job.rooms[Math.floor(i / ROOM)]}`;
  sockets.forEach((socket, i) => {
    let n = 0;
    const start = setTimeout(() => {
      const tick = () => {
        if (closed) return;
        const inWindow = measuring;
        const id = `${job.first + i}.${n++}`;
        if (inWindow) awaiting.add(id);
        socket.emit(
          'message',
          {
            igreja: 'graca',
            channel: channelOf(i),
            text: `${inWindow ? 'm' : 'w'}:${now().toFixed(3)}:${id}`,
          },
          (answer: { status: boolean }) => {
            if (!inWindow) return;
            awaiting.delete(id);
            if (answer?.status) {
              sent++;
              acknowledged.add(id);
            } else refused++;
          },
        );
      };
      tick();
      timers.push(setInterval(tick, INTERVAL_MS));
    }, Math.random() * INTERVAL_MS);
    timers.push(start);
  });
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  for (const t of timers) clearTimeout(t);
  closed = true; // sending has stopped: what still arrives was in flight
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  for (const s of sockets) s.disconnect();
  const lost: WorkerResult['lost'] = [];
  for (const id of acknowledged) {
    const got = receipts.get(id) ?? 0;
    if (got < ROOM) lost.push({ id, missing: ROOM - got });
  }
  return {
    histogram,
    deliveries,
    late,
    sent,
    refused,
    unanswered: awaiting.size,
    lost,
    connectFailures,
  };
}

// ---- parent: the server, the workers, the report ----
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

/** A chat process: its stdout lines in order, and its memory on request. */
interface ChatNode {
  process: ChildProcess;
  url: string;
  memory(): Promise<{ rss: number; heapUsed: number }>;
}

async function startNode(channels: string[], seed: boolean): Promise<ChatNode> {
  const child: ChildProcess = spawn(
    process.execPath,
    [process.env.BENCH_SERVER ?? 'server/chat/standalone.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        SEED_DEMO: seed ? 'true' : 'false',
        // only a church's live channels are rooms: the bench's rooms become graca's streams
        LIVE_CHANNELS: seed ? channels.join(',') : '',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const pending: ((line: string) => void)[] = [];
  // only the node's answers (its port, its memory): its log lines go to the same stdout
  lines.on('line', (line) => {
    if (line.startsWith('{"port"') || line.startsWith('{"rss"')) pending.shift()?.(line);
  });
  const nextLine = () => new Promise<string>((resolve) => pending.push(resolve));
  const { port } = JSON.parse(await nextLine()) as { port: number };
  return {
    process: child,
    url: `http://127.0.0.1:${port}`,
    memory: async () => {
      child.stdin!.write('memory\n');
      return JSON.parse(await nextLine()) as { rss: number; heapUsed: number };
    },
  };
}

// a real token key shared by the nodes: weak ones stop the start (server/auth/jwt-secret.ts)
const secret = randomBytes(48).toString('base64url');

async function main() {
  if (NODES > 1 && (!process.env.REDIS_URL || !process.env.DATABASE_URL))
    throw new Error('BENCH_NODES > 1 needs REDIS_URL and DATABASE_URL (the nodes share both)');
  const channels = Array.from({ length: Math.ceil(CLIENTS / ROOM) }, (_, r) => `bench-${r}`);
  console.log(`starting ${NODES} chat node(s) (migrating and seeding the database)…`);
  const nodes: ChatNode[] = [await startNode(channels, true)];
  process.on('exit', () => nodes.forEach((n) => n.process.kill('SIGTERM')));
  // the next nodes find the database seeded and graca's bench streams there
  for (let n = 1; n < NODES; n++) nodes.push(await startNode(channels, false));
  let peakRss = 0;
  const memory = async () => {
    const all = await Promise.all(nodes.map((n) => n.memory()));
    const sum = {
      rss: all.reduce((a, m) => a + m.rss, 0),
      heapUsed: all.reduce((a, m) => a + m.heapUsed, 0),
    };
    peakRss = Math.max(peakRss, sum.rss);
    return sum;
  };
  const idle = await memory();

  const rooms = Math.ceil(CLIENTS / ROOM);
  const perWorker = Math.ceil(rooms / WORKERS);
  const workers: ChildProcess[] = [];
  const results: Promise<WorkerResult>[] = [];
  const readies: Promise<void>[] = [];
  const self = fileURLToPath(import.meta.url);
  console.log(
    `connecting ${rooms * ROOM} clients in ${rooms} rooms of ${ROOM} (${WORKERS} client processes)…`,
  );
  for (let w = 0; w < WORKERS; w++) {
    const mine = Array.from({ length: rooms }, (_, r) => r).slice(
      w * perWorker,
      (w + 1) * perWorker,
    );
    if (!mine.length) continue;
    const child = fork(self, ['--worker'], { stdio: 'inherit' });
    workers.push(child);
    process.on('exit', () => child.kill());
    readies.push(new Promise((resolve) => child.once('message', () => resolve())));
    results.push(
      new Promise((resolve) =>
        child.on(
          'message',
          (m: unknown) =>
            (m as { result?: WorkerResult }).result &&
            resolve((m as { result: WorkerResult }).result),
        ),
      ),
    );
    child.send({
      urls: nodes.map((n) => n.url),
      rooms: mine,
      first: mine[0]! * ROOM,
    } satisfies WorkerJob);
  }
  await Promise.all(readies);
  const loaded = await memory();
  console.log(`all connected; sending for ${SECONDS} s after a ${WARMUP_MS / 1000} s warm-up…`);
  for (const w of workers) w.send({ go: true });
  const sampler = setInterval(() => void memory(), 5_000);
  const all = await Promise.all(results);
  clearInterval(sampler);
  const end = await memory();
  for (const n of nodes) n.process.kill('SIGTERM');

  const merged = new Map<number, number>();
  for (const r of all)
    for (const [b, c] of Object.entries(r.histogram))
      merged.set(Number(b), (merged.get(Number(b)) ?? 0) + c);
  const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const deliveries = all.reduce((n, r) => n + r.deliveries, 0);
  const pct = (p: number) => percentile(buckets, deliveries, p);
  const sent = all.reduce((n, r) => n + r.sent, 0);
  const refused = all.reduce((n, r) => n + r.refused, 0);
  const late = all.reduce((n, r) => n + r.late, 0);
  const unanswered = all.reduce((n, r) => n + r.unanswered, 0);
  const lost = all.flatMap((r) => r.lost);
  const connectFailures = all.reduce((n, r) => n + r.connectFailures, 0);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  const report = {
    clients: rooms * ROOM,
    room: ROOM,
    nodes: NODES,
    seconds: SECONDS,
    redis: !!process.env.REDIS_URL,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    messagesSent: sent,
    messagesRefused: refused,
    messagesUnanswered: unanswered,
    connectFailures,
    deliveries: deliveries,
    expectedDeliveries: sent * ROOM, // the room includes the sender, who gets its own message too
    lateDeliveries: late,
    drainMs: DRAIN_MS,
    lostMessages: lost.length,
    lostDeliveries: lost.reduce((n, l) => n + l.missing, 0),
    lostExamples: lost.slice(0, 10),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: (buckets.at(-1)?.[0] ?? NaN) / 10,
    serverMemoryMB: {
      idle: mb(idle.rss),
      connected: mb(loaded.rss),
      end: mb(end.rss),
      peak: mb(peakRss),
      heapEnd: mb(end.heapUsed),
    },
    target: 'p95 <= 50 ms, nothing lost',
    met: pct(95) <= 50 && lost.length === 0,
    loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
  };
  console.log(
    `\nchat delivery, ${report.clients} clients in rooms of ${ROOM} on ${NODES} node(s), one message per ${INTERVAL_MS / 1000} s each, ${SECONDS} s:`,
  );
  console.log(
    `  sent ${sent} (refused ${refused}, unanswered ${unanswered}, connect failures ${connectFailures}); deliveries ${deliveries} of ${report.expectedDeliveries} (${late} arrived after sending stopped, within ${DRAIN_MS} ms)`,
  );
  console.log(
    `  lost: ${lost.length} acknowledged messages missed by ${report.lostDeliveries} receivers${lost.length ? ` (e.g. ${JSON.stringify(lost.slice(0, 3))})` : ''}`,
  );
  console.log(
    `  p50 ${report.p50} ms   p95 ${report.p95} ms   p99 ${report.p99} ms   max ${report.max} ms   (target p95 <= 50 ms, nothing lost: ${report.met ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  server RSS${NODES > 1 ? ' (all nodes)' : ''}: idle ${report.serverMemoryMB.idle} MB, connected ${report.serverMemoryMB.connected} MB, peak ${report.serverMemoryMB.peak} MB`,
  );
  console.log(`  machine load average: ${report.loadAverage.join(' ')}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/chat-latest.json', `${JSON.stringify(report, null, 2)}\n`);
  for (const w of workers) w.kill();
}

if (process.argv.includes('--worker')) {
  process.once('message', (job: WorkerJob) => {
    void runWorker(job).then((result) => {
      // exit only once the (large) result has gone through the IPC channel
      process.send?.({ result }, () => process.exit(0));
    });
  });
} else {
  await main();
}
