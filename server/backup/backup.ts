// One backup archive of a deployment (docs/deploy.md "Backups"): the database from one snapshot
// (dump.ts), the `local` file store's files, the demo keys kept in DATA_DIR, and last a manifest
// with the product version, the last migration, row counts and a sha256 of every part. Written as
// tar → gzip → (AES-256-GCM under BACKUP_KEY) into a temp file beside the target, synced and
// renamed into place: a failure (a full disk) leaves no archive, half or whole, under that name.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import { encryptStream } from './crypt.ts';
import { dumpDatabase, type DatabaseDump, type DumpOptions } from './dump.ts';
import { TarWriter } from './tar.ts';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'church-backup/1';

export interface PartSum {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  product: { name: string; version: string };
  encrypted: boolean;
  database: DatabaseDump;
  files:
    | { backend: 'local'; count: number; bytes: number; parts: PartSum[] }
    | { backend: 'postgres'; note: string }
    | { backend: 's3'; bucket: string | undefined; note: string };
  /** DATA_DIR's generated keys (a demo's token and payment keys), when there are any. */
  keys: PartSum[];
}

/** A backup that could not be written; `message` says why in words an operator can act on. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export function productVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/**
 * The keys generated once per deployment in DATA_DIR (server/auth/jwt-secret.ts,
 * server/payments/secret-box.ts, server/notifications/vapid.ts): without the push key pair a
 * restored site could no longer reach the devices members subscribed.
 */
export const KEY_FILES = ['jwt-secret', 'payment-key', 'vapid-keys'];

export interface BackupSource {
  db: Database;
  kind: 'pglite' | 'postgres';
  files: FileStore;
  dataDir: string;
  s3Bucket?: string | undefined;
}

export interface WriteOptions extends DumpOptions {
  /** Encrypts the archive (crypt.ts). */
  key?: Buffer | undefined;
  /** Tests: the stream the archive's bytes go to instead of the temp file (a full disk). */
  openOutput?: (tempFile: string) => Writable;
  now?: Date;
}

/** The temp file of an archive being written starts with this; retention and listings skip it. */
export const TEMP_PREFIX = '.partial-';

/** A hashing pass over a file's bytes as they are archived. */
async function* hashed(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Every file under the `local` store's folder (type files kept beside them too; temp files not). */
async function* walkFiles(dir: string, rel = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(dir, rel), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (entry.name.startsWith('.tmp-')) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(dir, child);
    else if (entry.isFile()) yield child;
  }
}

/** Archives one file as it is now; a file deleted meanwhile is skipped (null). */
async function archiveFile(
  writer: TarWriter,
  file: string,
  entry: string,
): Promise<PartSum | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat(); // the bytes of the file opened, even if replaced meanwhile
    const hash = createHash('sha256');
    await writer.addStream(
      entry,
      size,
      hashed(handle.createReadStream({ start: 0, end: size - 1, autoClose: false }), hash),
    );
    return { path: entry, size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/** Writes the archive's entries (database, files, keys, manifest) into `writer`. */
export async function writeEntries(
  writer: TarWriter,
  source: BackupSource,
  options: WriteOptions = {},
): Promise<Manifest> {
  const database = await dumpDatabase(source.db, source.kind, writer, options);
  let files: Manifest['files'];
  if (source.files.backend === 'local') {
    const dir = path.join(source.dataDir, 'files');
    const parts: PartSum[] = [];
    for await (const rel of walkFiles(dir)) {
      const part = await archiveFile(writer, path.join(dir, rel), `files/${rel}`);
      if (part) parts.push(part);
    }
    files = {
      backend: 'local',
      count: parts.length,
      bytes: parts.reduce((n, p) => n + p.size, 0),
      parts,
    };
  } else if (source.files.backend === 'postgres') {
    files = {
      backend: 'postgres',
      note: 'the files are the rows of table arquivo, in the database part',
    };
  } else {
    files = {
      backend: 's3',
      bucket: source.s3Bucket,
      note: 'the files stay in the S3 bucket and are not copied: keep it versioned or replicated (docs/deploy.md "Backups")',
    };
  }
  const keys: PartSum[] = [];
  for (const name of KEY_FILES) {
    const part = await archiveFile(writer, path.join(source.dataDir, name), `keys/${name}`);
    if (part) keys.push(part);
  }
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: (options.now ?? new Date()).toISOString(),
    product: productVersion(),
    encrypted: Boolean(options.key),
    database,
    files,
    keys,
  };
  await writer.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
  await writer.finish();
  return manifest;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** Writes one archive to `out` (a path); nothing is left under `out` or beside it when it fails. */
export async function writeBackup(
  source: BackupSource,
  out: string,
  options: WriteOptions = {},
): Promise<Manifest> {
  const target = path.resolve(out);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temp = path.join(
    path.dirname(target),
    `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${path.basename(target)}`,
  );
  const tar = new PassThrough({ highWaterMark: 1024 * 1024 });
  const sink = options.openOutput?.(temp) ?? createWriteStream(temp, { mode: 0o600, flags: 'wx' });
  const stages = [
    tar,
    createGzip({ level: 6 }),
    ...(options.key ? [encryptStream(options.key)] : []),
  ];
  const written = pipeline([...stages, sink] as unknown as NodeJS.ReadWriteStream[]);
  written.catch(() => undefined); // awaited below; an early failure also fails the writer
  try {
    const manifest = await writeEntries(new TarWriter(tar), source, options);
    await written;
    if (!options.openOutput) {
      const handle = await open(temp, 'r+');
      await handle.sync().finally(() => handle.close());
    }
    await rename(temp, target);
    return manifest;
  } catch (error) {
    tar.destroy();
    const failed = await written.then(
      () => undefined,
      (e: unknown) => e,
    );
    await unlink(temp).catch(() => undefined);
    const code =
      (failed as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException)?.code;
    if (code && DISK_FULL.has(code))
      throw new BackupError(
        `The disk holding ${path.dirname(target)} is full: the backup was not written and nothing else changed. Free space (or point BACKUP_DIR elsewhere) and run it again.`,
        { cause: failed ?? error },
      );
    throw new BackupError(
      `The backup was not written: ${(error as Error)?.message ?? String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/** The name of a scheduled or requested archive: church-backup-2026-11-28T030000Z.tar.gz[.enc]. */
export function archiveName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `church-backup-${stamp}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** Reads an archive's file (tests, restore). */
export const archiveStream = (file: string) =>
  createReadStream(file, { highWaterMark: 1024 * 1024 });
