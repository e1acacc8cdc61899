// Where scheduled archives are kept (docs/deploy.md "Backups"): the BACKUP_DIR folder, or, when the
// file store is s3, the same bucket under `backups/` (written in BACKUP_DIR first, then uploaded).
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../common/config.ts';
import { fileBackendOf } from '../files/index.ts';
import { archiveTime } from './retention.ts';

export interface StoredArchive {
  name: string;
  at: Date;
}

export interface Destination {
  readonly describe: string;
  list(): Promise<StoredArchive[]>;
  /** Takes the finished archive `file` (in BACKUP_DIR) under `name`. */
  keep(file: string, name: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Copies the stored archive `name` to the local `file` (to restore it). */
  fetch(name: string, file: string): Promise<void>;
}

/** A destination that cannot be used, with what to check. */
export class DestinationError extends Error {}

const named = (names: string[]): StoredArchive[] =>
  names.flatMap((name) => {
    const at = archiveTime(name);
    return at ? [{ name, at }] : [];
  });

export function folderDestination(dir: string): Destination {
  return {
    describe: path.resolve(dir),
    list: async () => named(await readdir(dir).catch(() => [] as string[])),
    keep: async () => undefined, // written there already
    remove: (name) => unlink(path.join(dir, name)).catch(() => undefined),
    fetch: (name, file) => copyFile(path.join(dir, name), file),
  };
}

export const S3_PREFIX = 'backups/';

/** Codes by which S3 (and S3-compatible servers) refuse a key or its signature. */
const REFUSED_KEY = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidClientTokenId',
]);

/** An S3 failure worded for the operator: which bucket, what the server said, what to check. */
function s3Failure(where: string, doing: string, error: unknown): Error {
  if (!(error instanceof S3ServiceException))
    return new DestinationError(`${where}: ${doing} failed: ${(error as Error).message}`);
  const said = `${error.name}${error.message && error.message !== error.name ? `: ${error.message}` : ''}`;
  if (REFUSED_KEY.has(error.name))
    return new DestinationError(
      `${where}: the S3 server refused the key while trying to ${doing} (${said}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
    );
  if (error.name === 'NoSuchBucket')
    return new DestinationError(`${where}: the bucket does not exist (${said}); check S3_BUCKET`);
  return new DestinationError(`${where}: ${doing} failed (${said})`);
}

export function s3Destination(settings: Config): Destination {
  const Bucket = settings.S3_BUCKET!;
  const client = new S3Client({
    region: settings.S3_REGION,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const describe = `s3://${Bucket}/${S3_PREFIX}`;
  const send = async <T>(doing: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw s3Failure(describe, doing, error);
    }
  };
  return {
    describe,
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await send('list the archives', () =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: S3_PREFIX, ContinuationToken: token }),
          ),
        );
        for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(S3_PREFIX.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return named(names);
    },
    async keep(file, name) {
      // One PUT, streamed from the file (up to 5 GB, S3's limit for a single PUT).
      const { size } = await stat(file);
      await send(`upload ${name}`, () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: S3_PREFIX + name,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        ),
      );
      await unlink(file);
    },
    async remove(name) {
      await send(`delete ${name}`, () =>
        client.send(new DeleteObjectCommand({ Bucket, Key: S3_PREFIX + name })),
      );
    },
    async fetch(name, file) {
      const got = await send(`download ${name}`, () =>
        client.send(new GetObjectCommand({ Bucket, Key: S3_PREFIX + name })),
      );
      try {
        await pipeline(got.Body as Readable, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await unlink(file).catch(() => undefined); // never leave half an archive to restore from
        throw error;
      }
    },
  };
}

/**
 * `s3://<bucket>/backups/<name>` (as the log and /metrics name it) → that archive, downloaded into
 * `dir` with this deployment's S3 settings; anything else → null.
 */
export async function fetchS3Archive(
  url: string,
  settings: Config,
  dir: string,
): Promise<string | null> {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(url);
  if (!m) return null;
  const [, bucket, key] = m as unknown as [string, string, string];
  if (!key.startsWith(S3_PREFIX) || !archiveTime(key.slice(S3_PREFIX.length)))
    throw new DestinationError(
      `${url}: not a backup archive (expected s3://${bucket}/${S3_PREFIX}church-backup-….tar.gz)`,
    );
  const name = key.slice(S3_PREFIX.length);
  const file = path.join(dir, name);
  await s3Destination({ ...settings, S3_BUCKET: bucket }).fetch(name, file);
  return file;
}

export function destinationOf(settings: Config): Destination | null {
  if (!settings.BACKUP_DIR) return null;
  return fileBackendOf(settings) === 's3' && settings.S3_BUCKET
    ? s3Destination(settings)
    : folderDestination(settings.BACKUP_DIR);
}
