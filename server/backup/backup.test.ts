// Backups that restore (docs/deploy.md "Backups"): a seeded database backed up while writes go on,
// restored into a fresh PGlite folder and a fresh PostgreSQL database, compared table by table;
// encrypted round trip, a wrong key, a damaged archive, a non-empty target, a full disk.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { BackupError, writeBackup, type BackupSource, type Manifest } from './backup.ts';
import { restoreBackup, RestoreError } from './restore.ts';

const work = mkdtempSync(
  path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'church-backup-'),
);
const dataDir = path.join(work, 'data');
let source: DatabaseHandle;
let backup: BackupSource;

/**
 * Every table's rows as text, ordered, so two databases can be compared whole. Ordered bytewise
 * (collate "C"): under a locale's collation two different rows may sort as equals, in either order.
 */
async function contents(
  db: DatabaseHandle['db'],
  manifest: Manifest,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of manifest.database.tables) {
    const cols = table.columns.map((c) => `"${c.name}"::text`).join(` || '|' || `);
    const [row] = await rowsOf<{ h: string | null; n: string }>(
      db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(x, E'\\n' order by x collate "C"), '')) as h, count(*)::text as n from (select coalesce(${table.columns.map((c) => `coalesce("${c.name}"::text, '∅')`).join(` || '|' || `)}, '') as x from "${table.name}") s`,
        ),
      ),
    );
    void cols;
    out.set(table.name, `${row!.n}:${row!.h}`);
  }
  return out;
}

beforeAll(async () => {
  await mkdir(path.join(dataDir, 'files', 'uploads', 'oracao'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', 'uploads', 'oracao', '1-aa.webp'), randomBytes(3000));
  await writeFile(path.join(dataDir, 'files', 'uploads', 'oracao', '.2-bb.bin.type'), 'text/csv');
  await writeFile(path.join(dataDir, 'files', 'uploads', 'oracao', '2-bb.bin'), 'a,b\n1,2\n');
  await writeFile(path.join(dataDir, 'payment-key'), randomBytes(32).toString('hex'), {
    mode: 0o600,
  });
  await writeFile(path.join(dataDir, 'vapid-keys'), '{"publicKey":"p","privateKey":"k"}', {
    mode: 0o600,
  });
  source = await openTestDatabase('pglite');
  backup = {
    db: source.db,
    kind: 'pglite',
    files: createLocalFileStore(path.join(dataDir, 'files')),
    dataDir,
  };
}, 60_000);

afterAll(async () => {
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a backup taken while writes go on', () => {
  let manifest: Manifest;
  const archive = path.join(work, 'live.tar.gz');

  it('holds one moment: writes made in pairs are never split', async () => {
    let stop = false;
    let pairs = 0;
    // Each transaction adds two rows; a snapshot sees both or neither.
    const writer = (async () => {
      while (!stop) {
        const n = pairs++;
        await new Promise((r) => setImmediate(r)); // inline PGlite answers in microtasks: let timers run
        await source.db.transaction(async (tx) => {
          await tx.insert(t.loginAttempts).values({ key: `backup-test:${n}:a` });
          await tx.insert(t.loginAttempts).values({ key: `backup-test:${n}:b` });
        });
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    manifest = await writeBackup(backup, archive, { partBytes: 64 * 1024, batchRows: 100 });
    await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await writer;
    const rows = manifest.database.tables.find((x) => x.name === 'tentativa_login')!.rows;
    expect(rows % 2).toBe(0);
    expect(pairs).toBeGreaterThan(rows / 2); // writes went on after the snapshot
    expect(manifest.database.lastMigration?.tag).toMatch(/^\d{4}_/);
    expect(manifest.files).toMatchObject({ backend: 'local', count: 3 });
    expect(manifest.keys.map((k) => k.path)).toEqual(['keys/payment-key', 'keys/vapid-keys']);
    expect(readdirSync(work).filter((f) => f.startsWith('.partial-'))).toEqual([]);
  }, 60_000);

  it('restores into a fresh folder: the same rows, files and key', async () => {
    const target = path.join(work, 'restored');
    const report = await restoreBackup(archive, { dataDir: target });
    expect(report.tables.find((x) => x.name === 'tentativa_login')!.rows).toBe(
      manifest.database.tables.find((x) => x.name === 'tentativa_login')!.rows,
    );
    expect(report.files).toBe(2);
    expect(readFileSync(path.join(target, 'files/uploads/oracao/2-bb.bin'), 'utf8')).toBe(
      'a,b\n1,2\n',
    );
    for (const key of ['payment-key', 'vapid-keys'])
      expect(readFileSync(path.join(target, key), 'utf8')).toBe(
        readFileSync(path.join(dataDir, key), 'utf8'),
      );
    const restored = await openDatabase(path.join(target, 'pglite'), { thread: false });
    try {
      const users = await restored.db.select().from(t.users);
      expect(users.length).toBe(manifest.database.tables.find((x) => x.name === 'usuario')!.rows);
      // A new row takes the next id, as before (the sequences came along).
      const before = Math.max(...users.map((u) => u.id));
      const [row] = await rowsOf<{ id: number }>(
        restored.db.execute(
          sql`select nextval(pg_get_serial_sequence('usuario', 'id'))::int as id`,
        ),
      );
      expect(row!.id).toBeGreaterThan(before);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a target that is not empty, and replaces it with --force', async () => {
    const target = path.join(work, 'restored');
    await expect(restoreBackup(archive, { dataDir: target })).rejects.toThrow(
      /already holds a database/,
    );
    const report = await restoreBackup(archive, { dataDir: target }, { force: true });
    expect(report.replaced.length).toBe(2);
    expect(readdirSync(target).some((f) => f.startsWith('pglite.replaced-'))).toBe(true);
  }, 60_000);
});

describe('a quiet database round trip', () => {
  it('comes back identical in PGlite and PostgreSQL, table by table', async () => {
    const archive = path.join(work, 'quiet.tar.gz');
    const manifest = await writeBackup(backup, archive);
    const expected = await contents(source.db, manifest);
    const target = path.join(work, 'quiet');
    await restoreBackup(archive, { dataDir: target });
    const restored = await openDatabase(path.join(target, 'pglite'), { thread: false });
    try {
      expect(await contents(restored.db, manifest)).toEqual(expected);
    } finally {
      await restored.close();
    }
    const base = process.env.TEST_DATABASE_URL;
    if (!base)
      return console.log('[backup] TEST_DATABASE_URL unset: restore into PostgreSQL not run');
    const name = `church_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      await restoreBackup(archive, {
        dataDir: path.join(work, 'pg-data'),
        databaseUrl: url.toString(),
      });
      const pgHandle = await openDatabase(url.toString());
      try {
        expect(await contents(pgHandle.db, manifest)).toEqual(expected);
      } finally {
        await pgHandle.close();
      }
      await expect(
        restoreBackup(archive, {
          dataDir: path.join(work, 'pg-data2'),
          databaseUrl: url.toString(),
        }),
      ).rejects.toThrow(/database is not empty/);
      // as a managed database's owner, not a superuser: triggers fire and keys are checked as rows load
      await admin.query(`create role ${name} login`);
      await admin.query(`create database ${name}_owned owner ${name}`);
      url.pathname = `/${name}_owned`;
      url.username = name;
      await restoreBackup(archive, {
        dataDir: path.join(work, 'pg-data3'),
        databaseUrl: url.toString(),
      });
      const owned = await openDatabase(url.toString());
      try {
        expect(await contents(owned.db, manifest)).toEqual(expected);
      } finally {
        await owned.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop database if exists ${name}_owned with (force)`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    }
  }, 60_000);
});

describe('text in any language', () => {
  it('comes back whole wherever the archive’s chunks split a character', async () => {
    const [church] = await source.db.select({ id: t.churches.id }).from(t.churches).limit(1);
    // long runs of two- and three-byte characters, one shifted by a byte: chunk edges fall inside them
    const texts = ['ã'.repeat(150_000), `a${'”'.repeat(100_000)}`, `ab${'ção'.repeat(50_000)}`];
    const ids = await source.db
      .insert(t.prayers)
      .values(texts.map((message) => ({ churchId: church!.id, message })))
      .returning({ id: t.prayers.id });
    const archive = path.join(work, 'long-text.tar.gz');
    await writeBackup(backup, archive);
    const target = path.join(work, 'long-text');
    await restoreBackup(archive, { dataDir: target });
    const restored = await openDatabase(path.join(target, 'pglite'), { thread: false });
    try {
      for (const [i, { id }] of ids.entries()) {
        const [row] = await restored.db
          .select({ message: t.prayers.message })
          .from(t.prayers)
          .where(sql`${t.prayers.id} = ${id}`);
        expect(row!.message === texts[i], `prayer ${id} restored unchanged`).toBe(true);
      }
    } finally {
      await restored.close();
    }
  }, 60_000);
});

describe('encrypted archives', () => {
  const key = randomBytes(32);
  const archive = path.join(work, 'secret.tar.gz.enc');

  it('round trip with the key; no plain text in the file', async () => {
    await writeBackup(backup, archive, { key });
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 8).toString()).toBe('CHBKENC1');
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    const report = await restoreBackup(archive, { dataDir: path.join(work, 'secret') }, { key });
    expect(report.tables.length).toBeGreaterThan(50);
  }, 60_000);

  it('refuses a wrong key, no key and a changed byte, touching nothing', async () => {
    const target = path.join(work, 'secret-wrong');
    await expect(
      restoreBackup(archive, { dataDir: target }, { key: randomBytes(32) }),
    ).rejects.toThrow(/BACKUP_KEY does not open this archive/);
    await expect(restoreBackup(archive, { dataDir: target })).rejects.toThrow(/is encrypted/);
    const damaged = path.join(work, 'damaged.tar.gz.enc');
    const bytes = readFileSync(archive);
    bytes[bytes.length - 100]! ^= 1;
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(damaged, { dataDir: target }, { key })).rejects.toThrow(
      RestoreError,
    );
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);
  }, 60_000);
});

describe('a full disk', () => {
  it('fails the backup with a clear error and leaves no archive', async () => {
    const out = path.join(work, 'full', 'x.tar.gz');
    let written = 0;
    const failing = () =>
      new Writable({
        write(chunk: Buffer, _e, callback) {
          written += chunk.length;
          if (written > 20_000)
            return callback(
              Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
            );
          callback();
        },
      });
    const error = await writeBackup(backup, out, { openOutput: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/disk holding .* is full: the backup was not written/);
    expect(readdirSync(path.dirname(out))).toEqual([]);
    // The database still answers and takes writes.
    await source.db.insert(t.loginAttempts).values({ key: 'after-full-disk' });
  }, 60_000);
});

describe('a backup of PostgreSQL', () => {
  // The production shape: the site on PostgreSQL, writes going on, restored into PGlite and compared.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'holds one moment while writes go on and restores into PGlite identical',
    async () => {
      const pgSource = await openTestDatabase('postgres');
      try {
        const fromPg: BackupSource = { ...backup, db: pgSource.db, kind: 'postgres' };
        let stop = false;
        let pairs = 0;
        const writer = (async () => {
          while (!stop) {
            const n = pairs++;
            await pgSource.db.transaction(async (tx) => {
              await tx.insert(t.loginAttempts).values({ key: `backup-pg:${n}:a` });
              await tx.insert(t.loginAttempts).values({ key: `backup-pg:${n}:b` });
            });
          }
        })();
        await new Promise((r) => setTimeout(r, 100));
        const archive = path.join(work, 'from-pg.tar.gz');
        const manifest = await writeBackup(fromPg, archive, { partBytes: 64 * 1024 });
        stop = true;
        await writer;
        const attempts = manifest.database.tables.find((x) => x.name === 'tentativa_login')!;
        expect(attempts.rows % 2).toBe(0);
        expect(attempts.rows).toBeGreaterThan(0);
        expect(manifest.database.kind).toBe('postgres');
        // Every table comes back with the rows the archive counted.
        const target = path.join(work, 'from-pg');
        const report = await restoreBackup(archive, { dataDir: target });
        expect(report.tables.map((x) => [x.name, x.rows])).toEqual(
          manifest.database.tables.map((x) => [x.name, x.rows]),
        );
        const restored = await openDatabase(path.join(target, 'pglite'), { thread: false });
        try {
          const [users] = await rowsOf<{ n: string }>(
            restored.db.execute(sql`select count(*)::text as n from usuario`),
          );
          const [pgUsers] = await rowsOf<{ n: string }>(
            pgSource.db.execute(sql`select count(*)::text as n from usuario`),
          );
          expect(users!.n).toBe(pgUsers!.n); // no user was written during the backup
          // Rows that did not change while it ran are identical, byte for byte, on the other engine.
          const quiet = {
            ...manifest,
            database: {
              ...manifest.database,
              tables: manifest.database.tables.filter((x) => x.name !== 'tentativa_login'),
            },
          };
          expect(await contents(restored.db, quiet)).toEqual(await contents(pgSource.db, quiet));
        } finally {
          await restored.close();
        }
      } finally {
        await pgSource.close();
      }
    },
    120_000,
  );
});
