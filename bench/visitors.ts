// Public pages asked for while something else runs, and their percentiles: shared by the benches
// that read "pages' p95 during X against their p95 without it" (bench/import-scale.ts,
// bench/staff-work.ts; docs/performance.md "Moving in at scale", "Pages while staff work runs").
import { request } from 'node:http';

/** One page's answer: its time and what it was (a label the bench chooses: a page's name). */
export interface Answer {
  ms: number;
  label: string;
}

/** GET `pathname` on 127.0.0.1:`port` with this Host; answers the status (the body is read and dropped). */
export function getStatus(port: number, pathname: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: pathname, headers: { host, 'accept-language': 'pt' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The `p` quantile (0–1) of the answers' times, nearest rank below; 0 with no answers. */
export function percentile(answers: readonly Answer[], p: number): number {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export const p95 = (answers: readonly Answer[]) => percentile(answers, 0.95);

/** p50/p90/p95/p99/max of each label apart, to see where a p95 comes from: `home 3/5/6/9/20, …`. */
export function spread(answers: readonly Answer[], labels?: readonly string[]): string {
  const all = labels ?? [...new Set(answers.map((a) => a.label))];
  return all
    .map((label) => {
      const some = answers.filter((a) => a.label === label);
      const at = [0.5, 0.9, 0.95, 0.99, 1].map((p) => percentile(some, p).toFixed(0));
      return `${label} ${at.join('/')}`;
    })
    .join(', ');
}

/**
 * `count` visitors asking one page after another (a 20 ms pause between two), each answer timed;
 * `next(n)` says the n-th request's path and label. `take()` hands over the answers so far
 * (a window), `stop()` ends the loops.
 */
export function visitors(
  port: number,
  host: string,
  next: (n: number) => { path: string; label: string },
  count = 2,
) {
  const times: Answer[] = [];
  let running = true;
  let n = 0;
  let failed = 0;
  const loop = async () => {
    while (running) {
      const { path, label } = next(n++);
      const started = performance.now();
      const status = await getStatus(port, path, host).catch(() => 0);
      if (status !== 200) failed++;
      times.push({ ms: performance.now() - started, label });
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const done = Promise.all(Array.from({ length: count }, loop));
  return {
    take: () => times.splice(0),
    /** Answers that were not a 200 so far (a page that failed is still timed). */
    failed: () => failed,
    stop: async () => {
      running = false;
      await done;
    },
  };
}
