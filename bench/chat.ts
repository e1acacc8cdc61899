// `npm run bench:chat` (docs/live.md "Benchmark"): 1,000 socket.io clients in rooms of 50 on one chat process,
// each sending one message every 5 s; prints p50/p95/p99 delivery (send → every member of
// the room, the sender included) and the server's memory. Target: p95 <= 50 ms on the 2-core machine.
// BENCH_CLIENTS (1000), BENCH_ROOM (50), BENCH_SECONDS (30), BENCH_WORKERS (2), BENCH_SERVER (the chat entry),
// DATABASE_URL (PostgreSQL; default an in-memory PGlite), REDIS_URL (measure with the adapter).
// Clients live in worker processes (whole rooms each); the send time travels in the message, so
// latency is measured on the machine's one clock wherever the receiver is.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { chatSocket, joinChat } from './chat-client.ts';
import { randomBytes } from 'node:crypto'; // a real token key: weak ones stop the start (server/auth/jwt-secret.ts)

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROOM = Number(process.env.BENCH_ROOM ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const INTERVAL_MS = 5_000;
const WARMUP_MS = 5_000;
const now = () => performance.timeOrigin + performance.now();

interface WorkerJob {
  url: string;
  rooms: number[];
  /** Global index of the first client (for names and source addresses). */
  first: number;
}
interface WorkerResult {
  /** Latency histogram in 0.1 ms buckets (sparse): a million samples stay a small IPC message. */
  histogram: Record<number, number>;
  deliveries: number;
  sent: number;
  refused: number;
  connectFailures: number;
}

// ---- worker: the clients of some rooms ----
async function runWorker(job: WorkerJob): Promise<WorkerResult> {
  const histogram: Record<number, number> = {};
  let deliveries = 0;
  let sent = 0;
  let refused = 0;
  let connectFailures = 0;
  let measuring = false;
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  const connectOne = (index: number, channel: string) =>
    new Promise<Socket>((resolve) => {
      // 1 source address per 10 clients: the flood limit per address is for people, not for a lab
      const localAddress = `127.0.${Math.floor(index / 2500)}.${1 + (Math.floor(index / 10) % 250)}`;
      const socket = chatSocket(job.url, { localAddress, reconnection: false });
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
      socket.on('message', (m: { text: string }) => {
        if (!measuring) return;
        const at = Number(m.text.slice(2));
        if (m.text.startsWith('b:') && Number.isFinite(at)) {
          const bucket = Math.max(0, Math.round((now() - at) * 10));
          histogram[bucket] = (histogram[bucket] ?? 0) + 1;
          deliveries++;
        }
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
    const start = setTimeout(() => {
      const tick = () => {
        socket.emit(
          'message',
          { igreja: 'graca', channel: channelOf(i), text: `b:${now().toFixed(3)}` },
          (answer: { status: boolean }) => {
            if (!measuring) return;
            if (answer?.status) sent++;
            else refused++;
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
  for (const s of sockets) s.disconnect();
  return { histogram, deliveries, sent, refused, connectFailures };
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

async function main() {
  const server: ChildProcess = spawn(
    process.execPath,
    [process.env.BENCH_SERVER ?? 'server/chat/standalone.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        // only a church's live channels are rooms: the bench's rooms become graca's streams
        LIVE_CHANNELS: Array.from(
          { length: Math.ceil(CLIENTS / ROOM) },
          (_, r) => `bench-${r}`,
        ).join(','),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: server.stdout! });
  const pending: ((line: string) => void)[] = [];
  lines.on('line', (line) => pending.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => pending.push(resolve));
  console.log('starting the chat server (migrating and seeding the database)…');
  const { port } = JSON.parse(await nextLine()) as { port: number };
  const url = `http://127.0.0.1:${port}`;
  let peakRss = 0;
  const memory = async () => {
    server.stdin!.write('memory\n');
    const m = JSON.parse(await nextLine()) as { rss: number; heapUsed: number };
    peakRss = Math.max(peakRss, m.rss);
    return m;
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
    child.send({ url, rooms: mine, first: mine[0]! * ROOM } satisfies WorkerJob);
  }
  await Promise.all(readies);
  const loaded = await memory();
  console.log(`all connected; sending for ${SECONDS} s after a ${WARMUP_MS / 1000} s warm-up…`);
  for (const w of workers) w.send({ go: true });
  const sampler = setInterval(() => void memory(), 5_000);
  const all = await Promise.all(results);
  clearInterval(sampler);
  const end = await memory();
  server.kill('SIGTERM');

  const merged = new Map<number, number>();
  for (const r of all)
    for (const [b, c] of Object.entries(r.histogram))
      merged.set(Number(b), (merged.get(Number(b)) ?? 0) + c);
  const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const deliveries = all.reduce((n, r) => n + r.deliveries, 0);
  const pct = (p: number) => percentile(buckets, deliveries, p);
  const sent = all.reduce((n, r) => n + r.sent, 0);
  const refused = all.reduce((n, r) => n + r.refused, 0);
  const connectFailures = all.reduce((n, r) => n + r.connectFailures, 0);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  const report = {
    clients: rooms * ROOM,
    room: ROOM,
    seconds: SECONDS,
    redis: !!process.env.REDIS_URL,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    messagesSent: sent,
    messagesRefused: refused,
    connectFailures,
    deliveries: deliveries,
    expectedDeliveries: sent * ROOM, // the room includes the sender, who gets its own message too
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
    target: 'p95 <= 50 ms',
    met: pct(95) <= 50,
    loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
  };
  console.log(
    `\nchat delivery, ${report.clients} clients in rooms of ${ROOM}, one message per ${INTERVAL_MS / 1000} s each, ${SECONDS} s:`,
  );
  console.log(
    `  sent ${sent} (refused ${refused}, connect failures ${connectFailures}); deliveries ${deliveries} of ${report.expectedDeliveries}`,
  );
  console.log(
    `  p50 ${report.p50} ms   p95 ${report.p95} ms   p99 ${report.p99} ms   max ${report.max} ms   (target p95 <= 50 ms: ${report.met ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  server RSS: idle ${report.serverMemoryMB.idle} MB, connected ${report.serverMemoryMB.connected} MB, peak ${report.serverMemoryMB.peak} MB`,
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
