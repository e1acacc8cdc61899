// The server process: invalid settings stop the start, SIGTERM closes cleanly, data survives a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../server/db/client.ts';
import { copySeededPglite } from '../../server/db/seeded-template.ts';
import { freePort } from './second-server.ts';

/** Its own free port: runs of the suite side by side (other E2E_PORTs) never meet here. */
let PORT = 0;
test.beforeAll(async () => {
  PORT = await freePort();
});

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let out = '';
  const child = spawn(process.execPath, ['server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(): Promise<void> {
  // A first start on a fresh checkout also builds the PGlite template (server/db/pglite-template.ts).
  for (const deadline = Date.now() + 150_000; Date.now() < deadline;) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

test('an invalid setting stops the start with a message naming it', async () => {
  const { output, exited } = run({ PORT: 'not-a-port' });
  expect(await exited).toBe(1);
  expect(output()).toContain('PORT');
});

test('SIGTERM closes cleanly and the data is still there after a restart', async () => {
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'church-life-'));
  try {
    // Started from the seeded copy the other tests use: the restart is what is tested, not the seed.
    await copySeededPglite(path.join(dataDir, 'pglite'));
    const first = run({ PORT: String(PORT), DATA_DIR: dataDir });
    await waitHealthy();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Write through the database itself between runs, then look for it through the API.
    const db = await openDatabase(path.join(dataDir, 'pglite'));
    await db.db.execute(
      `insert into igreja (slug, codigo, nome) values ('persistida', 'persistida', 'Igreja Persistida')`,
    );
    await db.close();

    const second = run({ PORT: String(PORT), DATA_DIR: dataDir });
    await waitHealthy();
    const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/igreja/codigo/persistida`);
    expect(r.status).toBe(200);
    const graca = await fetch(`http://127.0.0.1:${PORT}/api/v1/igreja/codigo/graca`);
    expect(graca.status).toBe(200);
    expect(second.output()).not.toContain('[seed]'); // a seeded database is never seeded again
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
