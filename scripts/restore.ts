// `npm run restore -- <archive> [--force]`: rebuilds a deployment from a backup archive (a file,
// or `s3://<bucket>/backups/<name>` read with the S3_* settings; docs/deploy.md "Backups") into the DATA_DIR (PGlite) or the DATABASE_URL database of the
// environment, which must be empty unless --force (an old PGlite or files folder is kept aside; a
// PostgreSQL database is emptied). Every part is checked against the manifest before anything is
// touched. BACKUP_KEY opens an encrypted archive. Run it with the server stopped.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../common/config.ts';
import { keyOf } from '../server/backup/backup.job.ts';
import { fetchS3Archive } from '../server/backup/destination.ts';
import { restoreBackup } from '../server/backup/restore.ts';
import { createFileStore } from '../server/files/index.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const archive = args.find((a) => !a.startsWith('--'));

async function main(): Promise<number> {
  if (!archive) {
    console.error('usage: npm run restore -- <archive> [--force]');
    return 2;
  }
  const config = parseConfig();
  // An archive in the bucket is downloaded next to the others (BACKUP_DIR), then removed.
  const download = archive.startsWith('s3://')
    ? await mkdir(config.BACKUP_DIR ?? tmpdir(), { recursive: true }).then(() =>
        mkdtemp(path.join(config.BACKUP_DIR ?? tmpdir(), '.restore-')),
      )
    : null;
  const report = await (async () => {
    const file = download ? await fetchS3Archive(archive, config, download) : path.resolve(archive);
    if (download) console.log(`[restore] downloaded ${archive}`);
    return restoreBackup(
      file!,
      {
        dataDir: config.DATA_DIR,
        databaseUrl: config.DATABASE_URL,
        fileStore: (db) => createFileStore(config, db),
      },
      { key: keyOf(config), force },
    );
  })().finally(() => (download ? rm(download, { recursive: true, force: true }) : undefined));
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  for (const aside of report.replaced) console.log(`[restore] replaced: ${aside}`);
  console.log(
    `[restore] ${report.tables.length} tables (${rows} rows, as in the manifest), ${report.files} files, made ${report.manifest.createdAt} by ${report.manifest.product.name} ${report.manifest.product.version} at ${report.manifest.database.lastMigration?.tag ?? 'no migration'}`,
  );
  for (const k of report.keys) console.log(`[restore] key restored: ${k}`);
  if (report.manifest.files.backend !== 'local')
    console.log(`[restore] files: ${report.manifest.files.note}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[restore] ${(error as Error).message}`);
    process.exit(1);
  },
);
