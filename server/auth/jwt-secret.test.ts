import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
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

describe('JWT secret in production (docs/security.md "Token signing key")', () => {
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
      expect(output).toContain('published in the repository');
      expect(output).toContain('openssl rand -hex 32');
      expect(secretProblem('short-secret')).toMatch(/shorter/);
      expect(secretProblem('a'.repeat(64))).toMatch(/random/);
      expect(secretProblem('abababababababababababababababababab')).toMatch(/random/);
      expect(secretProblem('lunch-secret-lunch-secret-lunch-secret-9876')).toMatch(/repeats/);
      expect(() => checkJwtSecret({ NODE_ENV: undefined, JWT_SECRET: OLD_DEFAULT })).toThrow(
        /published/,
      );
      expect(secretProblem(randomBytes(32).toString('base64url'))).toBeNull();
      expect(secretProblem(randomBytes(32).toString('hex'))).toBeNull(); // openssl rand -hex 32
      expect(() =>
        checkJwtSecret({ NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64') }),
      ).not.toThrow();
    },
  );
});

describe('near-copies of a public key (docs/security.md "Token signing key")', () => {
  const nearCopies = [
    `${OLD_DEFAULT} `,
    `${OLD_DEFAULT}\n`,
    `\t${OLD_DEFAULT}`,
    OLD_DEFAULT.toUpperCase(),
    `${OLD_DEFAULT}0`,
    `x${OLD_DEFAULT}7`,
    OLD_DEFAULT.replaceAll('-', '_'),
    `${randomBytes(16).toString('hex')}${OLD_DEFAULT}`,
    'development-secret-change-me-please-012345678', // one digit fewer still copies a long part
    ' STANDALONE-CHAT-SECRET-FOR-TESTS-ONLY-2 ',
    '9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08',
  ];

  it('refuses every near-copy, naming how to make a good key', () => {
    for (const secret of nearCopies) {
      expect(secretProblem(secret), JSON.stringify(secret)).toMatch(/published/);
      expect(() => checkJwtSecret({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
        /openssl rand -hex 32/,
      );
    }
  });

  it('refuses keys with too little entropy', () => {
    expect(secretProblem('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ')).toMatch(/random/);
    expect(secretProblem(`${randomBytes(24).toString('hex')}123456`)).toMatch(/random/);
    expect(secretProblem('Aa1!'.repeat(12))).toMatch(/random/);
  });

  it(
    'NODE_ENV=production with the old default plus a newline does not start',
    { timeout: 120_000 },
    async () => {
      const { code, output } = await startServer({
        NODE_ENV: 'production',
        JWT_SECRET: `${OLD_DEFAULT}\n`,
        DIST_DIR: 'dist-none',
      });
      expect(code).toBe(1);
      expect(output).toContain('openssl rand -hex 32');
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
  const { get } = apiClient(() => api);

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
    expect((await get('/me', { token: forged })).status).toBe(401);

    const { token } = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
    expect((await get('/me', { token })).status).toBe(200);

    const file = path.join(dataDir, SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(43);
    expect(statSync(file).mode & 0o077).toBe(0); // only the server's user can read it
    // A restart reads the same key: the session survives.
    resetAccountSettings();
    expect((await get('/me', { token })).status).toBe(200);
  });
});
