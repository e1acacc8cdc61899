// The benches' latest results (bench/results/ is not in git): each bench writes
// `<name>-latest.json` with when it ran and the machine's load, and `npm run bench`'s targets
// table reads them (bench/targets.ts; docs/performance.md "Throughput").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = 'bench/results';

/** What every results file starts with. */
export interface ResultMeta {
  /** ISO time the bench ended. */
  at: string;
  /** The machine's load averages (1, 5, 15 minutes) when it ended. */
  loadAverage: number[];
}

/** Writes bench/results/<name>-latest.json (with `at` and `loadAverage`); answers its path. */
export function writeLatest(name: string, data: object, dir = RESULTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-latest.json`);
  const meta: ResultMeta = {
    at: new Date().toISOString(),
    loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
  };
  writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  return file;
}

/** bench/results/<name>-latest.json, or null when that bench has not run here. */
export function readLatest<T>(name: string, dir = RESULTS_DIR): (T & ResultMeta) | null {
  const file = path.join(dir, `${name}-latest.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T & ResultMeta;
  } catch {
    return null;
  }
}
