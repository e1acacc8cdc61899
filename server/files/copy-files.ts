// Copies every file from one file store backend to another under the same keys (docs/deploy.md
// "Files"): `node server/files/copy-files.ts <from> <to>`, with the same settings as the server
// (DATA_DIR, DATABASE_URL, S3_*). Files already there with the same size are skipped, so it resumes.
import path from 'node:path';
import { parseConfig, type Config } from '../../common/config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore, localFilesDir } from './local.ts';
import { createPostgresFileStore } from './postgres.ts';
import { createS3FileStore } from './s3.ts';

const BACKENDS = ['local', 'postgres', 's3'] as const;
type Backend = (typeof BACKENDS)[number];

/** Copies the keys under `prefix` that `to` lacks (or holds with another size); answers the counts. */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  { prefix = '', onFile }: { prefix?: string; onFile?: (key: string) => void } = {},
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  for (const key of await from.list(prefix)) {
    const source = await from.get(key);
    if (!source) continue; // deleted meanwhile
    const there = await to.head(key);
    if (there?.size === source.size) {
      skipped++;
      continue;
    }
    await to.put(key, source.bytes, source.contentType);
    onFile?.(key);
    copied++;
  }
  return { copied, skipped };
}

async function main(args: string[]): Promise<void> {
  const [from, to] = args as [Backend, Backend];
  if (!BACKENDS.includes(from) || !BACKENDS.includes(to) || from === to) {
    console.error('usage: node server/files/copy-files.ts <local|postgres|s3> <local|postgres|s3>');
    process.exitCode = 2;
    return;
  }
  const config = parseConfig();
  let database: DatabaseHandle | undefined;
  const open = async (backend: Backend, settings: Config): Promise<FileStore> => {
    if (backend === 'local') return createLocalFileStore(localFilesDir(settings.DATA_DIR));
    if (backend === 's3') return createS3FileStore(settings);
    database ??= await openDatabase(
      settings.DATABASE_URL ?? path.join(settings.DATA_DIR, 'pglite'),
      { thread: false },
    );
    return createPostgresFileStore(database.db);
  };
  try {
    const result = await copyFiles(await open(from, config), await open(to, config), {
      onFile: (key) => console.log(key),
    });
    console.log(
      `[files] ${from} → ${to}: ${result.copied} copied, ${result.skipped} already there`,
    );
  } finally {
    await database?.close();
  }
}

if (import.meta.main) await main(process.argv.slice(2));
