// Where scheduled archives are kept (docs/deploy.md "Backups"): the BACKUP_DIR folder, or, when the
// file store is s3, the same bucket under `backups/` (written in BACKUP_DIR first, then uploaded).
import { createReadStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
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
}

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
  };
}

export const S3_PREFIX = 'backups/';

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
  return {
    describe: `s3://${Bucket}/${S3_PREFIX}`,
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: S3_PREFIX, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(S3_PREFIX.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return named(names);
    },
    async keep(file, name) {
      // One PUT, streamed from the file (up to 5 GB, S3's limit for a single PUT).
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: S3_PREFIX + name,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
      await unlink(file);
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: S3_PREFIX + name }));
    },
  };
}

export function destinationOf(settings: Config): Destination | null {
  if (!settings.BACKUP_DIR) return null;
  return fileBackendOf(settings) === 's3' && settings.S3_BUCKET
    ? s3Destination(settings)
    : folderDestination(settings.BACKUP_DIR);
}
