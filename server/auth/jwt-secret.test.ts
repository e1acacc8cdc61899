import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '../../contract/auth.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { checkJwtSecret, SECRET_FILE, secretProblem } from './jwt-secret.ts';
import { resetAccountSettings } from './settings.ts';

const OLD_DEFAULT = 'development-secret-change-me-please-0123456789';
const root = path.resolve(import.meta.dirname, '../..');

/** Runs `node server.ts` with exactly this environment (plus PATH) and returns how it ended. */
function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['server.ts'],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
        timeout: 110_000,
      },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          output: stdout + stderr,
        });
      },
    );
    child.stdin?.end();
  });
}

describe('JWT secret in production (issue 16 item 1)', () => {
  it(
    'NODE_ENV=production without JWT_SECRET refuses to start, saying what to set',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'jwt-prod-'));
      const { code, output } = await startServer({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DIST_DIR: 'dist-none',
      });
      expect(code).toBe(1);
      expect(output).toContain('JWT_SECRET: required when NODE_ENV=production');
      expect(output).toContain('openssl rand');
    },
  );

  it(
    'the old public default and short or repetitive secrets are refused in every mode',
    { timeout: 120_000 },
    async () => {
      const { code, output } = await startServer({
        NODE_ENV: 'production',
        JWT_SECRET: OLD_DEFAULT,
        DIST_DIR: 'dist-none',
      });
      expect(code).toBe(1);
      expect(output).toContain('public development value');
      expect(secretProblem('short-secret')).toMatch(/shorter/);
      expect(secretProblem('a'.repeat(64))).toMatch(/random/);
      expect(secretProblem('abababababababababababababababababab')).toMatch(/random/);
      expect(secretProblem('bench-secret-bench-secret-bench-secret-0123')).toMatch(/repeats/);
      expect(() => checkJwtSecret({ NODE_ENV: undefined, JWT_SECRET: OLD_DEFAULT })).toThrow(
        /public/,
      );
      expect(secretProblem('q3XbV9k2Lm0Zr8Tt1YpWfE5sHcN4uJ7aGdKo6iQvBxM')).toBeNull(); // 32 random bytes, base64
      expect(
        secretProblem('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'),
      ).toBeNull(); // hex
      expect(() =>
        checkJwtSecret({
          NODE_ENV: 'production',
          JWT_SECRET: 'q3XbV9k2Lm0Zr8Tt1YpWfE5sHcN4uJ7aGdKo6iQvBxM',
        }),
      ).not.toThrow();
    },
  );
});

describe('a demo instance (no NODE_ENV, no JWT_SECRET)', () => {
  let database: DatabaseHandle;
  let api: Api;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jwt-demo-'));
  const saved = {
    NODE_ENV: process.env.NODE_ENV,
    DATA_DIR: process.env.DATA_DIR,
    JWT_SECRET: process.env.JWT_SECRET,
  };
  const me = (token: string) =>
    api.request('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    delete process.env.NODE_ENV;
    delete process.env.JWT_SECRET;
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
  }, 240_000);
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    resetAccountSettings();
    await database?.close();
  });

  it('refuses a token signed with the old default, accepts its own, and keeps its key across restarts', async () => {
    const forged = await new SignJWT({ email: 'membro@graca.demo' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuer('church-web')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(OLD_DEFAULT));
    expect((await me(forged)).status).toBe(401);

    const res = await api.request('/api/v1/security/login_check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'membro@graca.demo', password: DEMO_PASSWORD }),
    });
    const { token } = tokenPairSchema.parse(await res.json());
    expect((await me(token)).status).toBe(200);

    const file = path.join(dataDir, SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(43);
    expect(statSync(file).mode & 0o077).toBe(0); // only the server's user can read it
    // A restart reads the same key: the session survives.
    resetAccountSettings();
    expect((await me(token)).status).toBe(200);
  });
});
