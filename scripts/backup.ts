// `npm run backup [-- --out <file>] [-- --offline]`: one archive of this deployment (docs/deploy.md
// "Backups"), with the server's settings in the environment (DATA_DIR, DATABASE_URL, S3_*,
// BACKUP_KEY to encrypt it). PostgreSQL is read directly, from one snapshot, while the nodes serve;
// a PGlite folder belongs to its running server, which is asked to write the archive
// (server/backup/request.ts); with the server stopped (`--offline`, or no server holding the
// folder) the folder is read here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { parseConfig } from '../common/config.ts';
import { archiveName, writeBackup, type Manifest } from '../server/backup/backup.ts';
import { keyOf } from '../server/backup/backup.job.ts';
import { requestBackup } from '../server/backup/request.ts';
import type { Database } from '../server/db/client.ts';
import { openPglite } from '../server/db/pglite-extensions.ts';
import * as schema from '../server/db/schema/index.ts';
import { createFileStore } from '../server/files/index.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};

const config = parseConfig();
const key = keyOf(config);
const out = path.resolve(
  valueOf('--out') ?? path.join(config.BACKUP_DIR ?? '.', archiveName(new Date(), Boolean(key))),
);

const summary = (m: Pick<Manifest, 'database' | 'files'>) =>
  `${m.database.tables.length} tables, ${m.database.tables.reduce((n, t) => n + t.rows, 0)} rows, ${m.files.backend === 'local' ? m.files.count : 0} files`;

async function main(): Promise<number> {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
    try {
      const db = drizzlePg(pool, { schema }) as unknown as Database;
      const manifest = await writeBackup(
        {
          db,
          kind: 'postgres',
          files: createFileStore(config, db),
          dataDir: config.DATA_DIR,
          s3Bucket: config.S3_BUCKET,
        },
        out,
        { key },
      );
      console.log(`[backup] ${out}: ${summary(manifest)}`);
      return 0;
    } finally {
      await pool.end();
    }
  }
  const folder = path.join(config.DATA_DIR, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    console.error(`[backup] no database in ${folder}: set DATA_DIR (or DATABASE_URL)`);
    return 1;
  }
  // A running server holds postmaster.pid in its folder (PGlite removes it when it closes).
  if (existsSync(path.join(folder, 'postmaster.pid')) && !flag('--offline')) {
    console.log('[backup] asking the running server to write the archive…');
    const reply = await requestBackup(config.DATA_DIR, out);
    if (!reply.ok) {
      console.error(`[backup] ${reply.error}`);
      return 1;
    }
    console.log(
      `[backup] ${out}: ${reply.tables} tables, ${reply.rows} rows, ${reply.files} files`,
    );
    return 0;
  }
  const client = openPglite(folder);
  await client.waitReady;
  try {
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    const manifest = await writeBackup(
      { db, kind: 'pglite', files: createFileStore(config, db), dataDir: config.DATA_DIR },
      out,
      { key },
    );
    console.log(`[backup] ${out}: ${summary(manifest)}`);
    return 0;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[backup] ${(error as Error).message}`);
    process.exit(1);
  },
);
