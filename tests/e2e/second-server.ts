// A second server of the built site for browser tests that need other settings than the main one
// (a gateway's API at a local fake): its own free port and fresh DATA_DIR, the demo data seeded,
// and the few API calls such a test makes to set the church up before the browser opens it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';
import { copySeededPglite } from '../../server/db/seeded-template.ts';

export interface SecondServer {
  port: number;
  /** Its DATA_DIR (the outbox is read from there). */
  dataDir: string;
  /** The API address of `path` on this server (`/api/v1{path}`). */
  api(path: string): string;
  /** A demo account's session on this server. */
  login(email: string): Promise<{ token: string; refresh_token: string }>;
  /** A PUT that must answer 200 (a staff setting). */
  put(path: string, token: string, body: unknown): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on now (a test that starts its own server never shares one with another run). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts `node server.ts` with `env` on top of this process's, and waits until it is healthy.
 * `prepare` runs first with the server's environment (a command that needs the database alone).
 */
export async function startSecondServer(
  name: string,
  env: Record<string, string>,
  { prepare }: { prepare?: (env: NodeJS.ProcessEnv) => Promise<void> } = {},
): Promise<SecondServer> {
  const port = await freePort();
  const dataDir = `.data/e2e-${name}-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...env,
  };
  // The demo seed is copied in rather than run again on start (server/db/seeded-template.ts).
  if (!serverEnv.DATABASE_URL && serverEnv.SEED_DEMO !== 'false')
    await copySeededPglite(path.join(dataDir, 'pglite'));
  await prepare?.(serverEnv);
  const server = spawn(process.execPath, ['server.ts'], { env: serverEnv, stdio: 'ignore' });
  let up = false;
  // Asked every 100 ms rather than every second: the test goes on as soon as the server answers.
  for (const deadline = Date.now() + 120_000; !up && Date.now() < deadline;) {
    up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error(`the ${name} test server did not start`);
  const api = (path: string) => `http://127.0.0.1:${port}/api/v1${path}`;
  return {
    port,
    dataDir,
    api,
    async login(email) {
      const r = await fetch(api('/security/login_check'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: 'Demo@1234' }),
      });
      expect(r.status, `login ${email}`).toBe(200);
      return (await r.json()) as { token: string; refresh_token: string };
    },
    async put(path, token, body) {
      const r = await fetch(api(path), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
