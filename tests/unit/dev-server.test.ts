// `npm run dev` (astro dev with scripts/astro-dev-api.mjs) starts, serves a church page and the
// v1 API on one port, so a moved file can never break it silently again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const astroBin = path.join(root, 'node_modules/astro/bin/astro.mjs');

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let dataDir = '';
let port = 0;
let output = '';

const get = (pathname: string) =>
  fetch(`http://127.0.0.1:${port}${pathname}`, {
    headers: { host: `graca.localhost:${port}`, 'accept-language': 'pt-BR' },
  });

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'dev-server-'));
  // The environment `npm run dev` would see: no test mode, a fresh PGlite folder of its own.
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (key !== 'NODE_ENV' && !key.startsWith('VITEST')) env[key] = value;
  Object.assign(env, {
    ASTRO_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    PORT: String(port),
  });
  delete env.DATABASE_URL;
  child = spawn(
    process.execPath,
    [astroBin, 'dev', '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child?.once('exit', (code) =>
      reject(new Error(`astro dev exited (${code}) before it answered:\n${output}`)),
    ),
  );
  // The API is mounted in the astro:server:setup hook, so /healthz answers once both are up.
  const ready = (async () => {
    for (;;) {
      const ok = await get('/healthz').then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.race([ready, exited]);
}, 180_000);

afterAll(async () => {
  const running = child;
  if (running?.pid !== undefined && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(running.pid, 'SIGTERM');
    const timer = setTimeout(() => running.pid && process.kill(running.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm run dev', () => {
  it('serves a church page', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Igreja da Graça');
  }, 120_000);

  it('serves the v1 API on the same port', async () => {
    const response = await get('/api/v1/igreja/codigo/graca');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(JSON.stringify(await response.json())).toContain('graca');
  }, 60_000);
});
