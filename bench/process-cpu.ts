// The CPU a process has used, from /proc (Linux): all its threads, or per thread, to tell the main
// thread from PGlite's and libuv's. What bench/ab.ts and bench/ssr.ts report per request: it holds
// much better than req/s on a shared, loaded machine.
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // clock ticks per second of /proc's utime and stime (USER_HZ)

/** CPU seconds the process has used so far, all threads. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK; // utime, stime
}

/** CPU seconds per thread name, to tell the main thread from PGlite's and libuv's. */
export function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICK;
      const key = tid === String(pid) ? 'main' : name;
      out.set(key, (out.get(key) ?? 0) + cpu);
    } catch {
      /* the thread ended */
    }
  }
  return out;
}
