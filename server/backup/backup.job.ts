// Backups made by the job runner (docs/deploy.md "Backups"), so each runs once across nodes:
// - `backup.scheduled` (hourly, only with BACKUP_DIR): when the newest archive is a day old, writes
//   a new one, then prunes to 7 daily, 4 weekly and 12 monthly; warns when the newest is over two
//   days old; feeds the backup_last_success_age_seconds metric.
// - `backup.requests` (every 3 s, PGlite only): makes the archives `npm run backup` asks for,
//   since only the running server may read its PGlite folder (request.ts).
import path from 'node:path';
import type { Config } from '../../common/config.ts';
import { log } from '../log.ts';
import { recordBackup } from '../metrics.ts';
import { defineJob, type JobContext } from '../jobs/runner.ts';
import { archiveName, writeBackup, type BackupSource } from './backup.ts';
import { backupKeyBytes } from './crypt.ts';
import { destinationOf, type Destination } from './destination.ts';
import { serveBackupRequests } from './request.ts';
import { archivesToKeep, DEFAULT_RETENTION } from './retention.ts';

const HOUR = 3_600_000;
/** A new archive once the newest is this old (a little under a day, so the hour does not drift). */
const DUE_AFTER = 23 * HOUR;
/** Older than this, the check logs a warning. */
export const STALE_AFTER = 48 * HOUR;

export const sourceOf = (ctx: Pick<JobContext, 'db' | 'files' | 'settings'>): BackupSource => ({
  db: ctx.db,
  kind: ctx.settings.DATABASE_URL ? 'postgres' : 'pglite',
  files: ctx.files,
  dataDir: ctx.settings.DATA_DIR,
  s3Bucket: ctx.settings.S3_BUCKET,
});

export const keyOf = (settings: Config) =>
  settings.BACKUP_KEY ? backupKeyBytes(settings.BACKUP_KEY) : undefined;

/** One hourly check; `destination` is given by tests. Returns the name written, if any. */
export async function scheduledBackup(
  ctx: Pick<JobContext, 'db' | 'files' | 'settings' | 'now'>,
  destination: Destination | null = destinationOf(ctx.settings),
): Promise<string | null> {
  if (!destination || !ctx.settings.BACKUP_DIR) return null;
  const now = ctx.now();
  const before = await destination.list();
  const newest = () => before.reduce<Date | null>((n, a) => (!n || a.at > n ? a.at : n), null);
  let written: string | null = null;
  try {
    const last = newest();
    if (!last || now.getTime() - last.getTime() >= DUE_AFTER) {
      const key = keyOf(ctx.settings);
      const name = archiveName(now, Boolean(key));
      const file = path.join(ctx.settings.BACKUP_DIR, name);
      const manifest = await writeBackup(sourceOf(ctx), file, { key, now });
      await destination.keep(file, name);
      before.push({ name, at: now });
      written = name;
      const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
      log.info({ archive: name, destination: destination.describe, rows }, '[backup] written');
      const keep = archivesToKeep(before, DEFAULT_RETENTION);
      for (const archive of before)
        if (!keep.has(archive.name)) {
          await destination.remove(archive.name);
          log.info({ archive: archive.name }, '[backup] pruned');
        }
    }
  } finally {
    const last = newest();
    if (last) recordBackup(last, destination.describe);
    const age = last ? now.getTime() - last.getTime() : Infinity;
    if (age > STALE_AFTER)
      log.warn(
        {
          destination: destination.describe,
          newest: last?.toISOString() ?? null,
          hours: Number.isFinite(age) ? Math.round(age / HOUR) : null,
        },
        '[backup] the newest backup is more than two days old',
      );
  }
  return written;
}

export const scheduledBackupJob = defineJob({
  name: 'backup.scheduled',
  everyMs: HOUR,
  leaseMs: 3 * HOUR,
  run: async (ctx) => void (await scheduledBackup(ctx)),
});

export const backupRequestsJob = defineJob({
  name: 'backup.requests',
  everyMs: 3_000,
  leaseMs: 30 * 60_000,
  async run(ctx) {
    if (ctx.settings.DATABASE_URL) return; // on PostgreSQL `npm run backup` reads the database itself
    await serveBackupRequests(ctx.settings.DATA_DIR, (out) =>
      writeBackup(sourceOf(ctx), out, { key: keyOf(ctx.settings), now: ctx.now() }),
    );
  },
});

/** Both jobs, listed in server/jobs/index.ts. */
export const BACKUP_JOBS = [scheduledBackupJob, backupRequestsJob];
