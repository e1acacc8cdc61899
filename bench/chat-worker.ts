// One client process of the chat bench (bench/chat.ts forks it; docs/live.md "Benchmark"): the
// socket.io clients of some whole rooms. It connects them (each room's clients over the nodes in
// turn), says `ready`, and on `go` has each send one message every interval; the send time travels
// in the text, so latency is measured on the machine's one clock wherever the receiver is. Every
// message of the measured window carries its id; after the window the clients stop sending and
// keep reading until nothing has arrived for `drainMs` (at most `drainMaxMs`), so a delivery still
// in flight — however far behind the nodes are — is counted as late, not lost.
// Every 2 s it tells the parent how far it got (`progress`), so a run that stops moving is seen
// and named instead of waited for; at the end it sends its `result`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { chatSocket, joinChat } from './chat-client.ts';

export interface WorkerJob {
  /** One URL per node; a room's clients take them in turn. */
  urls: string[];
  rooms: number[];
  /** Global index of the first client (for names and source addresses). */
  first: number;
  room: number;
  seconds: number;
  warmupMs: number;
  intervalMs: number;
  drainMs: number;
  drainMaxMs: number;
}

export type WorkerPhase = 'connecting' | 'ready' | 'warm-up' | 'measuring' | 'draining' | 'done';

/** How far a client process got; sent every 2 s. Counts are since it started. */
export interface WorkerProgress {
  phase: WorkerPhase;
  clients: number;
  /** Clients connected and joined, and those whose connection or join failed. */
  connected: number;
  connectFailures: number;
  /** Connections that closed before the end (`disconnects` in the result says why). */
  disconnected: number;
  /** Messages sent and answered (warm-up included), answers still due, and receipts. */
  sends: number;
  answers: number;
  received: number;
  /** Its event loop's delay over the last 2 s (ms): a starved client process reads late. */
  loopDelayP99Ms: number;
}

export interface WorkerResult {
  /** Latency histogram in 0.1 ms buckets (sparse): a million samples stay a small IPC message. */
  histogram: Record<number, number>;
  deliveries: number;
  /** Deliveries that arrived after the window closed (in flight when sending stopped). */
  late: number;
  sent: number;
  refused: number;
  /** How long it read after sending stopped (ms): until `drainMs` passed with nothing new. */
  drainedMs: number;
  /** Sends of the window never acknowledged (neither accepted nor refused) by the end. */
  unanswered: number;
  /**
   * Acknowledged messages some member of the room never received although all its members stayed
   * connected, with how many missed them (beyond the room's dropped connections: below).
   */
  lost: { id: string; missing: number }[];
  /**
   * Receipts missing because the receiver's connection was dropped (or never made): a client
   * dropped by the server (a starved client process misses its pings) gets nothing after; the
   * browser would reconnect and fetch what it missed, the bench's clients do not reconnect.
   */
  missedByDropped: number;
  connectFailures: number;
  /** Why connections failed (connect_error's message, or "join refused: …"), and how often. */
  connectErrors: Record<string, number>;
  /** Connections closed before the end, by socket.io's reason ("ping timeout", "transport close"…). */
  disconnects: Record<string, number>;
  /** Its event loop's delay over the sending and draining (ms), and its CPU time (s) in it. */
  loopDelayMs: { p99: number; max: number };
  cpuSeconds: number;
}

const now = () => performance.timeOrigin + performance.now();
const round = (ms: number) => Math.round(ms * 10) / 10;
const count = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

async function runWorker(job: WorkerJob): Promise<WorkerResult> {
  const histogram: Record<number, number> = {};
  let deliveries = 0;
  let late = 0;
  let sent = 0;
  let refused = 0;
  let measuring = false;
  let closed = false;
  let phase: WorkerPhase = 'connecting';
  const connectErrors: Record<string, number> = {};
  const disconnects: Record<string, number> = {};
  const totals = { connected: 0, connectFailures: 0, disconnected: 0, sends: 0, answers: 0 };
  let received = 0;
  let lastReceipt = 0;
  // receipts of each message sent in the window, by id ("<client>.<n>"); acknowledged ones below
  const receipts = new Map<string, number>();
  const acknowledged = new Set<string>();
  const awaiting = new Set<string>();
  const sockets: Socket[] = [];
  /** Members of each room (by its number) dropped or never connected. */
  const absent = new Map<number, number>();
  const away = (index: number) => {
    const room = Math.floor(index / job.room);
    absent.set(room, (absent.get(room) ?? 0) + 1);
  };
  const timers: NodeJS.Timeout[] = [];

  const loop = monitorEventLoopDelay({ resolution: 5 });
  const recent = monitorEventLoopDelay({ resolution: 5 });
  recent.enable();
  const clients = job.rooms.length * job.room;
  const progress = setInterval(() => {
    const report: WorkerProgress = {
      phase,
      clients,
      ...totals,
      received,
      loopDelayP99Ms: round(recent.percentile(99) / 1e6),
    };
    recent.reset();
    process.send?.({ progress: report });
  }, 2_000);

  const connectOne = (index: number, channel: string) =>
    new Promise<Socket>((resolve) => {
      // 1 source address per 10 clients: the flood limit per address is for people, not for a lab
      const localAddress = `127.0.${Math.floor(index / 2500)}.${1 + (Math.floor(index / 10) % 250)}`;
      const url = job.urls[index % job.urls.length]!;
      const socket = chatSocket(url, { localAddress, reconnection: false });
      let joined = false;
      const failed = (why: string) => {
        totals.connectFailures++;
        away(index);
        count(connectErrors, why);
        resolve(socket);
      };
      socket.once('connect_error', (e: Error) => failed(e.message));
      socket.once('connect', () => {
        void joinChat(socket, {
          igreja: 'graca',
          channel,
          name: `Bench ${index}`,
          limitMessages: 1,
        }).then((answer) => {
          if (!answer.status) return failed(`join refused: ${answer.message}`);
          totals.connected++;
          joined = true;
          resolve(socket);
        });
      });
      socket.on('disconnect', (reason: string) => {
        if (closed || !joined) return;
        totals.disconnected++;
        away(index);
        count(disconnects, reason);
      });
      // "m:<send time>:<id>": a message of the window, counted whenever it arrives
      socket.on('message', (m: { text: string }) => {
        received++;
        lastReceipt = Date.now();
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
    for (let i = 0; i < job.room; i++) batch.push(connectOne(index++, channel));
    sockets.push(...(await Promise.all(batch)));
  }
  phase = 'ready';
  process.send?.({ ready: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  phase = 'warm-up';
  const channelOf = (i: number) => `bench-${job.rooms[Math.floor(i / job.room)]}`;
  sockets.forEach((socket, i) => {
    let n = 0;
    const start = setTimeout(() => {
      const tick = () => {
        if (closed) return;
        const inWindow = measuring;
        const id = `${job.first + i}.${n++}`;
        if (inWindow) awaiting.add(id);
        totals.sends++;
        socket.emit(
          'message',
          {
            igreja: 'graca',
            channel: channelOf(i),
            text: `${inWindow ? 'm' : 'w'}:${now().toFixed(3)}:${id}`,
          },
          (answer: { status: boolean }) => {
            totals.answers++;
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
      timers.push(setInterval(tick, job.intervalMs));
    }, Math.random() * job.intervalMs);
    timers.push(start);
  });
  await new Promise((r) => setTimeout(r, job.warmupMs));
  measuring = true;
  phase = 'measuring';
  loop.enable();
  const cpuBefore = process.cpuUsage();
  await new Promise((r) => setTimeout(r, job.seconds * 1000));
  measuring = false;
  for (const t of timers) clearTimeout(t);
  closed = true; // sending has stopped: what still arrives was in flight
  phase = 'draining';
  const drainStart = Date.now();
  lastReceipt = drainStart;
  while (Date.now() - lastReceipt < job.drainMs && Date.now() - drainStart < job.drainMaxMs)
    await new Promise((r) => setTimeout(r, 100));
  const drainedMs = Date.now() - drainStart;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  phase = 'done';
  clearInterval(progress);
  for (const s of sockets) s.disconnect();
  const lost: WorkerResult['lost'] = [];
  let missedByDropped = 0;
  for (const id of acknowledged) {
    const missing = job.room - (receipts.get(id) ?? 0);
    if (missing <= 0) continue;
    const dropped = Math.min(
      missing,
      absent.get(Math.floor(Number(id.split('.')[0]) / job.room)) ?? 0,
    );
    missedByDropped += dropped;
    if (missing > dropped) lost.push({ id, missing: missing - dropped });
  }
  return {
    histogram,
    deliveries,
    late,
    sent,
    refused,
    drainedMs,
    unanswered: awaiting.size,
    lost,
    missedByDropped,
    connectFailures: totals.connectFailures,
    connectErrors,
    disconnects,
    loopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
  };
}

if (process.send) {
  // the parent gone (it failed or was stopped): nothing left to report to
  process.once('disconnect', () => process.exit(1));
  process.once('message', (job: WorkerJob) => {
    void runWorker(job).then((result) => {
      // exit only once the (large) result has gone through the IPC channel
      process.send?.({ result }, () => process.exit(0));
    });
  });
}
