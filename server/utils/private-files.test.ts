import { chmodSync, mkdtempSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { jwtSecret, SECRET_FILE } from '../auth/jwt-secret.ts';
import { createMailer, outboxDir } from '../mail/outbox.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Every path under `dir` (itself included) that group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string): void => {
    const stat = lstatSync(p);
    if (stat.mode & 0o077)
      found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

describe('files on disk are the server user\'s alone (docs/security.md "Files on disk")', () => {
  let saved: number;
  // The permissive umask PGlite's own file modes show through: nothing may rely on the umask.
  beforeAll(() => void (saved = process.umask(0)));
  afterAll(() => void process.umask(saved));

  it(
    'a new PGlite folder and the template it is copied from are 0700/0600',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'private-db-'));
      const location = path.join(dataDir, 'pglite');
      const database = await openDatabase(location, { thread: false });
      expect(openToOthers(location)).toEqual([]);
      await database.close();
      expect(openToOthers(location)).toEqual([]);
      const cache = path.join(root, 'node_modules', '.cache', 'pglite-template');
      if (process.env.PGLITE_TEMPLATE !== 'false')
        for (const name of readdirSync(cache).filter((n) => !n.endsWith('.tmp')))
          expect(openToOthers(path.join(cache, name))).toEqual([]);
    },
  );

  it('the e-mail outbox (reset links) is 0700/0600', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'private-mail-'));
    const mailer = createMailer({ dataDir });
    await mailer.send({
      to: 'a@b.c',
      subject: 's',
      text: 'https://x/reset?t=1',
      html: '<p>x</p>',
      links: ['https://x/reset?t=1'],
    });
    expect(openToOthers(outboxDir(dataDir))).toEqual([]);
  });

  it('the generated key file is 0600 in a 0700 folder; a key file others can read stops the start', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'private-key-')), 'data');
    const config = { NODE_ENV: 'development' as const, JWT_SECRET: undefined, DATA_DIR: dataDir };
    jwtSecret(config);
    expect(openToOthers(dataDir)).toEqual([]);
    const file = path.join(dataDir, SECRET_FILE);
    chmodSync(file, 0o644);
    expect(() => jwtSecret(config)).toThrow(/can be read or changed by other users.*chmod 600/s);
    const other = path.join(mkdtempSync(path.join(tmpdir(), 'private-key-')), SECRET_FILE);
    writeFileSync(other, 'x'.repeat(10), { mode: 0o666 });
    expect(() => jwtSecret({ ...config, DATA_DIR: path.dirname(other) })).toThrow(/other users/);
  });
});
