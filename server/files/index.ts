// Picks the one file store of this process (docs/deploy.md "Files"): FILE_STORE when set; else
// `s3` when S3_BUCKET is set, `postgres` when DATABASE_URL is set (nodes sharing one PostgreSQL
// share their files with no further setting), else `local` under DATA_DIR/files.
import path from 'node:path';
import type { Config } from '../../common/config.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore, localFilesDir } from './local.ts';
import { createPostgresFileStore } from './postgres.ts';
import { createS3FileStore } from './s3.ts';
import { meteredFileStore } from './usage.ts';

export type { FileStore, StoredFile } from './file-store.ts';
export { isFileKey, checkFileKey } from './file-store.ts';

export { localFilesDir, localFileStoreIn } from './local.ts';

export function fileBackendOf(config: Config): FileStore['backend'] {
  if (config.FILE_STORE) return config.FILE_STORE;
  if (config.S3_BUCKET) return 's3';
  if (config.DATABASE_URL) return 'postgres';
  return 'local';
}

/** The runtime's store: each church's file sizes recorded as it writes (usage.ts, the storage quota). */
export function createFileStore(config: Config, db: Database): FileStore {
  return meteredFileStore(backendStore(config, db), db);
}

function backendStore(config: Config, db: Database): FileStore {
  const backend = fileBackendOf(config);
  if (backend === 's3') return createS3FileStore(config);
  if (backend === 'postgres') return createPostgresFileStore(db);
  return createLocalFileStore(localFilesDir(config.DATA_DIR));
}

/** One start-up line: which backend keeps the files, and where. */
export function describeFileStore(files: FileStore, config: Config): string {
  if (files.backend === 's3')
    return `files in S3 bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` at ${new URL(config.S3_ENDPOINT).host}` : ''}`;
  if (files.backend === 'postgres')
    return 'files in the database (table arquivo), shared by every node';
  return `files in ${path.resolve(localFilesDir(config.DATA_DIR))} (this node only)`;
}
