// `npm run provider -- admin add <e-mail>` (scripts/provider.ts) in a child process against a
// fresh PGlite folder: a new account is made with no usable password and a one-time link; the
// link sets the password and the console opens; a second run only says so; an existing account is
// marked without a link; `admin remove` closes the console again. Nothing is ever a default password.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { apiClient, loginAs } from '../test-kit.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-command-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: '4399',
  PROVIDER_DOMAIN: 'plataforma.test',
  LOG_LEVEL: 'silent',
};
const provider = (...args: string[]) =>
  run(process.execPath, ['scripts/provider.ts', ...args], { env, timeout: 120_000 });

/** Opens the folder the command wrote (one user at a time), runs `work`, closes it. */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(path.join(dataDir, 'pglite'), { thread: false });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe('npm run provider -- admin …', () => {
  afterAll(() => {
    delete process.env.PROVIDER_DOMAIN;
    resetAccountSettings();
  });

  it('makes the first provider admin with a one-time set-password link, never a password', async () => {
    const { stdout } = await provider('admin', 'add', 'Operadora@Plataforma.test');
    expect(stdout).toContain('Created the account operadora@plataforma.test');
    const link = new URL(/https?:\/\/\S+/.exec(stdout)![0]);
    expect(link.origin + link.pathname).toBe('http://plataforma.test:4399/provider/password');
    const token = link.searchParams.get('token')!;
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    await withDatabase(async ({ db }) => {
      const api = createApi({ db });
      const { call, get } = apiClient(api, { lang: 'en' });
      // no password works before the link is used
      const refused = await call('POST', '/security/login_check', {
        body: { username: 'operadora@plataforma.test', password: 'Demo@1234' },
      });
      expect(refused.status).toBe(401);
      const set = await call('POST', '/provider/senha', {
        body: { token, senha: 'Minha@Senha2026' },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const session = await loginAs(api, 'operadora@plataforma.test', 'Minha@Senha2026');
      expect((await get('/provider/eu', { token: session.token })).status).toBe(200);
      expect(await db.$count(t.providerAudit, eq(t.providerAudit.action, 'admin.add'))).toBe(1);
      // an account that exists already, for the next run
      await db.insert(t.users).values({
        email: 'pastor@plataforma.test',
        passwordHash: await hashPassword('Outra@Senha2026'),
        firstName: 'Paulo',
      });
    });
  }, 180_000);

  it('says so when run again, marks an existing account without a link, and removes one', async () => {
    expect((await provider('admin', 'add', 'operadora@plataforma.test')).stdout).toContain(
      'is already a provider admin',
    );
    const marked = await provider('admin', 'add', 'pastor@plataforma.test');
    expect(marked.stdout).toContain('pastor@plataforma.test is now a provider admin');
    expect(marked.stdout).not.toMatch(/token=/);
    expect((await provider('admin', 'list')).stdout).toMatch(
      /operadora@plataforma\.test[\s\S]*pastor@plataforma\.test/,
    );
    expect((await provider('admin', 'remove', 'pastor@plataforma.test')).stdout).toContain(
      'is no longer a provider admin',
    );
    await expect(provider('admin', 'add', 'not-an-email')).rejects.toMatchObject({ code: 2 });
    await withDatabase(async ({ db }) => {
      const api = createApi({ db });
      const session = await loginAs(api, 'pastor@plataforma.test', 'Outra@Senha2026');
      const { get } = apiClient(api, { lang: 'en' });
      expect((await get('/provider/eu', { token: session.token })).status).toBe(403);
    });
  }, 180_000);
});
