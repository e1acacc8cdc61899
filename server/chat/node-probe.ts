// What a standalone chat node (./standalone.ts) answers on its stdin, for the chat bench
// (bench/chat.ts, docs/live.md "Benchmark"): each line `memory` or `memory <seq>` gets one JSON line
// back — its memory, its clients, how late its event loop ran since the previous answer, its CPU,
// and its Redis publishes still waiting for an answer. Read line by line: a busy node reads several
// requests in one chunk, and answering per chunk left some unanswered (the bench then waited forever).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** What the node knows of its chat (chat.server.ts `Chat.stats`). */
export interface ChatNodeCounts {
  clients: number;
  /** Publishes sent to Redis and not answered yet: now, and the most since the previous answer. */
  redisPending: number;
  redisPendingPeak: number;
}

export interface NodeProbeAnswer extends ChatNodeCounts {
  rss: number;
  heapUsed: number;
  /** The request's number, when it gave one: answers are matched by it. */
  seq?: number;
  /** Event-loop delay since the previous answer (ms). */
  loopDelayMs: { p50: number; p99: number; max: number };
  /** CPU used since the process started (ms). */
  cpuMs: { user: number; system: number };
}

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** Answers every `memory` line of `input` through `write`; returns a function that stops it. */
export function answerProbes(
  input: Readable,
  write: (line: string) => void,
  counts: () => ChatNodeCounts,
): () => void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const [command, seq] = line.trim().split(/\s+/);
    if (command !== 'memory') return;
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const answer: NodeProbeAnswer = {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      ...(seq && Number.isInteger(Number(seq)) ? { seq: Number(seq) } : {}),
      ...counts(),
      loopDelayMs: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      },
      cpuMs: { user: Math.round(cpu.user / 1000), system: Math.round(cpu.system / 1000) },
    };
    delay.reset();
    write(JSON.stringify(answer));
  });
  return () => {
    lines.close();
    delay.disable();
  };
}
