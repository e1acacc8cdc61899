// Records the size of every church file already in the file store (docs/deploy.md "Storage
// quotas"): files kept before sizes were recorded, or brought in by copy-files.ts. Safe to run
// again, with the server's settings in the environment:
//   node_modules/.bin/node server/files/recount-usage.ts
import path from 'node:path';
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { createFileStore } from './index.ts';
import { recountFileUsage } from './usage.ts';

async function main(): Promise<void> {
  const config = parseConfig();
  const database = await openDatabase(config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pglite'), {
    thread: false,
  });
  try {
    const n = await recountFileUsage(database.db, createFileStore(config, database.db));
    console.log(`[files] sizes recorded for ${n} file(s) of churches`);
  } finally {
    await database.close();
  }
}

if (import.meta.main) await main();
