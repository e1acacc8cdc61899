// Scheduled backups (docs/deploy.md "Backups"): retention keeps 7 daily, 4 weekly and 12 monthly
// archives; the hourly check writes one a day, prunes, feeds the metric and warns when the newest
// is over two days old; `npm run backup`'s request to a running PGlite server is answered; the S3
// destination against a server that checks every request's signature: write, list, prune, restore.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { metricsText } from '../metrics.ts';
import { loggedLines } from '../test-kit.ts';
import { archiveName, writeBackup } from './backup.ts';
import { scheduledBackup, sourceOf } from './backup.job.ts';
import { destinationOf, fetchS3Archive, folderDestination, S3_PREFIX } from './destination.ts';
import { restoreBackup } from './restore.ts';
import { startTestS3, type TestS3 } from './s3-server.test-support.ts';
import { requestBackup, serveBackupRequests } from './request.ts';
import { archivesToKeep, archiveTime } from './retention.ts';

const DAY = 86_400_000;

describe('retention', () => {
  it('keeps the newest of the last 7 days, 4 ISO weeks and 12 months', () => {
    const now = Date.UTC(2026, 10, 28, 3); // Saturday 28 Nov 2026, 03:00 UTC
    // Two archives a day for 500 days (the second one later the same day).
    const archives = Array.from({ length: 1000 }, (_, i) => {
      const at = new Date(now - Math.floor(i / 2) * DAY - (i % 2) * 3_600_000);
      return { name: archiveName(at, false), at };
    });
    const keep = archivesToKeep(archives);
    const kept = archives
      .filter((a) => keep.has(a.name))
      .map((a) => a.at.toISOString().slice(0, 10));
    expect(kept).toEqual([
      // 7 days
      '2026-11-28',
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      // the 4 weeks' newest: this week (Mon 23) and the weeks ending Sun 22 (kept already), 15, 8
      '2026-11-15',
      '2026-11-08',
      // 12 months: Nov (kept), then each month's last day
      '2026-10-31',
      '2026-09-30',
      '2026-08-31',
      '2026-07-31',
      '2026-06-30',
      '2026-05-31',
      '2026-04-30',
      '2026-03-31',
      '2026-02-28',
      '2026-01-31',
      '2025-12-31',
    ]);
    // Of each kept day, the later archive.
    for (const a of archives.filter((x) => keep.has(x.name))) expect(a.at.getUTCHours()).toBe(3);
  });

  it('reads the times back from the names, ignoring other files', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(archiveTime(archiveName(at, true))).toEqual(at);
    expect(archiveTime('notes.txt')).toBeNull();
    expect(archiveTime('.partial-abc-church-backup-20260102T030405Z.tar.gz')).toBeNull();
  });
});

describe('the hourly check and the request of npm run backup', () => {
  let database: DatabaseHandle;
  const work = mkdtempSync(path.join(tmpdir(), 'church-backup-schedule-'));
  const backupDir = path.join(work, 'backups');
  const dataDir = path.join(work, 'data');
  const ctx = (now: Date) => ({
    db: database.db,
    files: createLocalFileStore(path.join(dataDir, 'files')),
    settings: parseConfig({ DATA_DIR: dataDir, BACKUP_DIR: backupDir }),
    now: () => now,
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes one archive a day, prunes the old ones and reports the age on /metrics', async () => {
    const now = new Date(Date.UTC(2026, 10, 28, 3));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(backupDir, { recursive: true });
    // 40 days of earlier archives (empty stand-ins: retention only reads names).
    for (let i = 1; i <= 40; i++)
      writeFileSync(
        path.join(backupDir, archiveName(new Date(now.getTime() - i * DAY), false)),
        '',
      );
    const written = await scheduledBackup(ctx(now));
    expect(written).toBe(archiveName(now, false));
    const left = readdirSync(backupDir).sort();
    expect(left).toContain(written);
    // 7 days (today and 6 before), the newest of 4 weeks and of 12 months: days 1-6, 13, 20, 27 (Oct 31)…
    expect(left.length).toBeLessThan(12);
    expect(left).not.toContain(archiveName(new Date(now.getTime() - 40 * DAY), false));
    expect((await metricsText()).body).toMatch(
      /backup_last_success_age_seconds\{destination="[^"]+"\} \d/,
    );
    // An hour later: nothing due.
    expect(await scheduledBackup(ctx(new Date(now.getTime() + 3_600_000)))).toBeNull();
  }, 60_000);

  it('warns when the newest archive is more than two days old and the new one fails', async () => {
    const now = new Date(Date.UTC(2027, 0, 10, 3));
    const destination = {
      ...folderDestination(backupDir),
      keep: async () => {
        throw new Error('bucket unreachable');
      },
    };
    const lines = await loggedLines(async () => {
      await expect(scheduledBackup(ctx(now), destination)).rejects.toThrow(/bucket unreachable/);
    });
    expect(lines.join('')).toMatch(/the newest backup is more than two days old/);
  }, 60_000);

  it('answers the request file of npm run backup, and says so when no server takes it', async () => {
    const out = path.join(work, 'asked.tar.gz');
    const asked = requestBackup(dataDir, out, { pollMs: 20 });
    await new Promise((r) => setTimeout(r, 50));
    const c = ctx(new Date());
    expect(await serveBackupRequests(dataDir, (file) => writeBackup(sourceOf(c), file))).toBe(1);
    const reply = await asked;
    expect(reply).toMatchObject({ ok: true });
    expect(reply.rows).toBeGreaterThan(100);
    expect(existsSync(out)).toBe(true);
    const unanswered = await requestBackup(dataDir, path.join(work, 'never.tar.gz'), {
      pickupMs: 100,
      pollMs: 20,
    });
    expect(unanswered.error).toMatch(/no running server took the request/);
    expect(readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);
  }, 60_000);

  describe('into an S3 bucket', () => {
    let s3: TestS3;
    const bucket = 'church-backups';
    const staging = path.join(work, 's3-staging');
    const settingsOf = (keyId: string, secret: string) =>
      parseConfig({
        DATA_DIR: dataDir,
        BACKUP_DIR: staging,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: keyId,
        S3_SECRET_ACCESS_KEY: secret,
        S3_FORCE_PATH_STYLE: 'true',
      });
    const s3Ctx = (now: Date, settings = settingsOf(s3.accessKeyId, s3.secretAccessKey)) => ({
      ...ctx(now),
      settings,
    });
    const stored = () => [...s3.buckets.get(bucket)!.keys()].sort();

    beforeAll(async () => {
      // Pages of 4 keys, so listing 40 archives follows the continuation tokens.
      s3 = await startTestS3({ bucket, pageSize: 4 });
      const { mkdirSync } = await import('node:fs');
      mkdirSync(staging, { recursive: true });
    });
    afterAll(() => s3?.close());

    it("uploads the day's archive, prunes the old ones in the bucket, and restores from it", async () => {
      const now = new Date();
      for (let i = 1; i <= 40; i++)
        s3.buckets
          .get(bucket)!
          .set(S3_PREFIX + archiveName(new Date(now.getTime() - i * DAY), false), {
            body: Buffer.from('old'),
            type: 'application/octet-stream',
            at: now,
          });
      const c = s3Ctx(now);
      const destination = destinationOf(c.settings)!;
      expect(destination.describe).toBe(`s3://${bucket}/${S3_PREFIX}`);
      const written = await scheduledBackup(c, destination);
      expect(written).toBe(archiveName(now, false));
      const left = stored();
      expect(left).toContain(S3_PREFIX + written);
      expect(left.length).toBeLessThan(12);
      expect(left).not.toContain(
        S3_PREFIX + archiveName(new Date(now.getTime() - 40 * DAY), false),
      );
      expect(readdirSync(staging)).toEqual([]); // uploaded, not kept twice
      expect((await destination.list()).map((a) => a.name).sort()).toEqual(
        left.map((k) => k.slice(S3_PREFIX.length)),
      );
      expect(s3.refused).toEqual([]);

      // `npm run restore -- s3://…` downloads it, and it restores like a local archive.
      const file = await fetchS3Archive(`s3://${bucket}/${S3_PREFIX}${written}`, c.settings, work);
      expect(file).toBe(path.join(work, written!));
      const report = await restoreBackup(file!, { dataDir: path.join(work, 'from-s3') });
      const users = await database.db.$count(t.users);
      expect(report.tables.find((x) => x.name === 'usuario')!.rows).toBe(users);
      expect(report.tables.length).toBeGreaterThan(50);
    }, 60_000);

    it('refuses a wrong key or secret with a clear error, and nothing changes in the bucket', async () => {
      const before = stored();
      const later = new Date(Date.now() + 2 * DAY);
      for (const [id, secret, code] of [
        [s3.accessKeyId, 'not-the-secret', 'SignatureDoesNotMatch'],
        ['not-a-key', s3.secretAccessKey, 'InvalidAccessKeyId'],
      ] as const) {
        const c = s3Ctx(later, settingsOf(id, secret));
        await expect(scheduledBackup(c)).rejects.toThrow(
          new RegExp(
            `^s3://${bucket}/backups/: the S3 server refused the key while trying to list the archives \\(${code}: .+\\); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$`,
          ),
        );
        await expect(
          fetchS3Archive(`s3://${bucket}/${before[0]}`, c.settings, work),
        ).rejects.toThrow(/refused the key while trying to download/);
        expect(s3.refused.at(-1)).toBe(code);
      }
      expect(stored()).toEqual(before);
      expect(readdirSync(staging)).toEqual([]);
    }, 60_000);
  });
});
