// For the two-process tests of the claim loops (recurring gifts, Play renewals): a scratch
// PostgreSQL database next to TEST_DATABASE_URL, and worker scripts run as real processes that a
// test can kill with SIGKILL while they hold a claim.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function admin(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a database of its own beside `base`; `drop()` removes it even with connections left. */
export async function scratchDatabase(base: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(base, `drop database if exists ${name} with (force)`),
  };
}

/** Starts `node script` with `env`; its output so far and its exit code (null when killed). */
export function runWorker(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitFor(test: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
