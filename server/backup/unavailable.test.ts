// When the database goes away and comes back, or the disk is full (docs/deploy.md "When the
// database goes away"): writes it cannot make answer 503 with Retry-After in the caller's language,
// the pool reconnects by itself, no acknowledged write is lost, and a due job runs once.
// The restart test starts its OWN PostgreSQL (initdb, pg_ctl on a port of its own) and is skipped,
// with a note, where initdb is absent; it never touches the shared server. On that database a
// built server (`npm test` builds first; DIST_DIR picks another build) keeps serving its cached
// pages while the database is stopped, says "briefly unavailable" for the others, and recovers.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { eq, like, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../contract/messages/index.ts';
import { createApi } from '../app.ts';
import { issueTokenPair } from '../auth/tokens.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { handleError } from '../http/errors.ts';
import { createJobRunner, defineJob } from '../jobs/runner.ts';
import { ALL_MODULES } from '../db/seed/churches.ts';
import { createChurch } from '../provider/churches.service.ts';

describe('a full disk on an upload', () => {
  let database: DatabaseHandle;
  const dir = mkdtempSync(path.join(tmpdir(), 'church-enospc-'));
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After and a message in pt/en/es; nothing is saved', async () => {
    database = await openTestDatabase('pglite');
    const local = createLocalFileStore(dir);
    const full = {
      ...local,
      put: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      },
    };
    const api = createApi({ db: database.db, files: full });
    const [member] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'membro@graca.demo'));
    const auth = { authorization: `Bearer ${(await issueTokenPair(database.db, member!)).token}` };
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a26' } })
      .png()
      .toBuffer();
    for (const lang of ['pt', 'en', 'es'] as const) {
      const form = new FormData();
      form.append('imagem', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
      const r = await api.request(`/api/v1/usuario/${member!.id}/perfil/imagem`, {
        method: 'POST',
        headers: { ...auth, 'accept-language': lang },
        body: form,
      });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('60');
      expect(await r.json()).toEqual({ status: false, message: message(lang, 'api.storageFull') });
    }
    const [after] = await database.db.select().from(t.users).where(eq(t.users.id, member!.id));
    expect(after!.image).toBe(member!.image);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});

const PG_BIN = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
]
  .map((d) => path.join(d, 'initdb'))
  .find((f) => existsSync(f));

if (!PG_BIN)
  console.log(
    '[restart] no initdb in /usr/lib/postgresql/*/bin: the PostgreSQL restart test is skipped',
  );

const repoRoot = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repoRoot, process.env.DIST_DIR ?? 'dist', 'server/entry.mjs');

/** A GET with a church's Host header (fetch cannot set it). */
function hostGet(
  url: string,
  host: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host, 'accept-language': 'en' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!PG_BIN)('PostgreSQL restarted under load', () => {
  const bin = path.dirname(PG_BIN ?? '/');
  const root = mkdtempSync(path.join(tmpdir(), 'church-pg-restart-'));
  const dataDir = path.join(root, 'data');
  // initdb refuses root: run the cluster as the postgres user when we are root.
  const asUser = (() => {
    if (userInfo().uid !== 0) return {};
    const id = spawnSync('id', ['-u', 'postgres']).stdout.toString().trim();
    const gid = spawnSync('id', ['-g', 'postgres']).stdout.toString().trim();
    return id ? { uid: Number(id), gid: Number(gid) } : {};
  })();
  let port = 0;
  const pgCtl = (...args: string[]) => {
    const r = spawnSync(
      path.join(bin, 'pg_ctl'),
      ['-D', dataDir, '-l', path.join(root, 'log'), ...args],
      {
        ...asUser,
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`pg_ctl ${args[0]}: ${r.stderr || r.stdout}`);
  };
  const start = () =>
    pgCtl('start', '-w', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`);
  let database: DatabaseHandle;

  beforeAll(async () => {
    if (asUser.uid !== undefined) chownSync(root, asUser.uid, asUser.gid!);
    const init = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres'],
      {
        ...asUser,
        encoding: 'utf8',
      },
    );
    if (init.status !== 0) throw new Error(`initdb: ${init.stderr}`);
    port = await freePort();
    start();
    database = await openDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    try {
      pgCtl('stop', '-m', 'immediate');
    } catch {
      /* already stopped */
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('writes get 503 + Retry-After while it is down, then succeed; no acknowledged write is lost; a due job runs once', async () => {
    const db = database.db;
    // A write route answered by the product's one error handler.
    const app = new Hono();
    app.onError(handleError);
    app.post('/write/:key', async (c) => {
      await db.insert(t.loginAttempts).values({ key: `restart:${c.req.param('key')}` });
      return c.json({ status: true }, 201);
    });
    let runs = 0;
    const job = defineJob({
      name: 'test.restart-once',
      everyMs: 3_600_000,
      run: async () => void runs++,
    });
    const runner = createJobRunner(db, [job], { onError: () => undefined });

    const acknowledged: string[] = [];
    const unavailable: Response[] = [];
    const other: number[] = [];
    let n = 0;
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const key = String(n++);
        const r = await app.request(`/write/${key}`, {
          method: 'POST',
          headers: { 'accept-language': 'en' },
        });
        if (r.status === 201) acknowledged.push(key);
        else if (r.status === 503) unavailable.push(r);
        else other.push(r.status);
        await new Promise((res) => setTimeout(res, 5));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    pgCtl('stop', '-m', 'fast', '-w');
    await new Promise((r) => setTimeout(r, 500));
    await runner.tick().catch(() => undefined); // the job cannot be claimed while it is down
    start();
    // The pool reconnects by itself: writes are acknowledged again.
    const upAgain = acknowledged.length;
    for (let i = 0; i < 100 && acknowledged.length <= upAgain + 5; i++)
      await new Promise((r) => setTimeout(r, 100));
    stop = true;
    await load;

    expect(acknowledged.length).toBeGreaterThan(upAgain + 5);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(other).toEqual([]); // never a 500
    expect(unavailable[0]!.headers.get('retry-after')).toBe('5');
    expect(await unavailable[0]!.json()).toEqual({
      status: false,
      message: message('en', 'api.databaseUnavailable'),
    });
    const stored = await db
      .select({ key: t.loginAttempts.key })
      .from(t.loginAttempts)
      .where(like(t.loginAttempts.key, 'restart:%'));
    const keys = new Set(stored.map((r) => r.key.slice('restart:'.length)));
    for (const key of acknowledged) expect(keys.has(key)).toBe(true);
    // The job, due since before the restart, runs once after it, and not again within its interval.
    expect(await runner.tick()).toEqual(['test.restart-once']);
    expect(await runner.tick()).toEqual([]);
    expect(runs).toBe(1);
    const [count] = await db
      .execute(sql`select 1 as one`)
      .then((r) => (r as unknown as { rows: unknown[] }).rows);
    expect(count).toBeTruthy();
  }, 60_000);

  it.skipIf(!existsSync(entry))(
    'a built server keeps its cached pages while the database is down and recovers by itself',
    async () => {
      const sitePort = await freePort();
      const site = `http://127.0.0.1:${sitePort}`;
      const dataDir = path.join(root, 'node-data');
      mkdirSync(dataDir, { recursive: true });
      // One church made as the console makes one (the demo's seed would cost most of the test).
      await database.db.transaction((tx) =>
        createChurch(tx, {
          nome: 'Igreja Sem Banco',
          codigo: 'outage',
          idioma: 'pt_BR',
          pais: 'BR',
          fusoHorario: 'America/Sao_Paulo',
          modulos: ALL_MODULES.map(([code]) => code),
          organizacaoId: null,
          state: 'ativa',
          origin: 'console',
          createdBy: null,
        }),
      );
      const output: string[] = [];
      const node = spawn(process.execPath, ['server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(sitePort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
          NODE_ENV: 'production',
          JWT_SECRET: randomBytes(32).toString('hex'),
          PAYMENT_KEY: randomBytes(32).toString('hex'),
          PAGE_CACHE: 'true',
          SEED_DEMO: 'false',
          JOB_RUNNER: 'false',
          LOG_LEVEL: 'error',
          DRAIN_DELAY_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      node.stdout.on('data', (c: Buffer) => output.push(c.toString()));
      node.stderr.on('data', (c: Buffer) => output.push(c.toString()));
      const church = `outage.localhost:${sitePort}`;
      const poll = async (what: string, ok: () => Promise<boolean>) => {
        for (let i = 0; i < 600; i++) {
          if (node.exitCode !== null) throw new Error(`the server exited:\n${output.join('')}`);
          if (await ok().catch(() => false)) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`${what}: not within 60 s\n${output.join('').slice(-4000)}`);
      };
      try {
        await poll('ready', async () => (await fetch(`${site}/readyz`)).status === 200);
        // The home page, asked for twice, is kept (the second answer comes from the cache).
        const first = await hostGet(`${site}/`, church);
        expect(first.status).toBe(200);
        const kept = await hostGet(`${site}/`, church);
        expect(kept.headers.age).toBeDefined();

        pgCtl('stop', '-m', 'fast', '-w');
        const cached = await hostGet(`${site}/`, church);
        expect(cached.status).toBe(200);
        expect(cached.body).toBe(first.body);
        // A page never kept: a polite 503 with Retry-After, in the visitor's language, no stack.
        const uncached = await hostGet(`${site}/news?outage=${sitePort}`, church);
        expect(uncached.status).toBe(503);
        expect(uncached.headers['retry-after']).toBeDefined();
        expect(uncached.body).toMatch(/briefly unavailable/i);
        expect(uncached.body).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|ECONNREFUSED|Error:/);
        expect((await fetch(`${site}/readyz`)).status).toBe(503);
        const api = await fetch(`${site}/api/v1/igreja/outage/oracao-motivo`, {
          headers: { host: church, 'accept-language': 'en' },
        });
        expect(api.status).toBe(503);

        start();
        // Back by itself: ready again, and the page that failed now renders.
        await poll('ready again', async () => (await fetch(`${site}/readyz`)).status === 200);
        await poll(
          'the page renders again',
          async () => (await hostGet(`${site}/news?outage=${sitePort}`, church)).status === 200,
        );
      } finally {
        node.kill('SIGTERM');
        await new Promise((r) => node.once('exit', r));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
