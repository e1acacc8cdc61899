// One contract for every file store backend (docs/deploy.md "Files"): what a feature store may rely
// on, whichever backend keeps the files. S3 runs against s3rver, a local S3 started by this file.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { parseConfig } from '../../common/config.ts';
import { isFileKey, type FileStore } from './file-store.ts';
import { createFileStore, fileBackendOf } from './index.ts';
import { copyFiles } from './copy-files.ts';
import { createLocalFileStore } from './local.ts';
import { createPostgresFileStore } from './postgres.ts';
import { createS3FileStore } from './s3.ts';

interface Backend {
  name: string;
  open(): Promise<{ store: FileStore; close(): Promise<void> }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const backends: Backend[] = [
  {
    name: 'local',
    async open() {
      const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
      return {
        store: createLocalFileStore(path.join(dir, 'files')),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  ...testBackends().map((db): Backend => ({
    name: `postgres on ${db}`,
    async open() {
      const database: DatabaseHandle = await openTestDatabase(db, { seed: false });
      // On PGlite in 1 MB slices, so the 5 MB file below is written and read in several.
      const store = createPostgresFileStore(
        database.db,
        db === 'pglite' ? { chunkBytes: 1024 * 1024 } : {},
      );
      return { store, close: () => database.close() };
    },
  })),
  {
    name: 's3 (s3rver)',
    async open() {
      const { default: S3rver } = await import('s3rver');
      const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
      const port = await freePort();
      const server = new S3rver({
        port,
        address: '127.0.0.1',
        directory: dir,
        silent: true,
        configureBuckets: [{ name: 'church-files', configs: [] }],
      });
      await server.run();
      const store = createS3FileStore({
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'church-files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: true,
      });
      return {
        store,
        async close() {
          await server.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(backends)('file store: $name', (backend) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await backend.open());
  }, 240_000);
  afterAll(() => close?.());

  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('keeps the bytes and type under a key, and a second put replaces them', async () => {
    const webp = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255, 0, 254]);
    await store.put('uploads/oracao/3-00ff.webp', webp, 'image/webp');
    expect(await store.get('uploads/oracao/3-00ff.webp')).toEqual({
      bytes: webp,
      contentType: 'image/webp',
      size: webp.length,
    });
    expect(await store.head('uploads/oracao/3-00ff.webp')).toEqual({
      contentType: 'image/webp',
      size: webp.length,
    });
    await store.put('uploads/oracao/3-00ff.webp', bytes('second'), 'text/plain');
    const again = await store.get('uploads/oracao/3-00ff.webp');
    expect(again?.bytes.toString()).toBe('second');
    expect(again?.contentType).toBe('text/plain');
    expect(again?.size).toBe(6);
  });

  it('answers null for a key it does not have, and deleting it is not an error', async () => {
    expect(await store.get('uploads/none/1.webp')).toBeNull();
    expect(await store.head('uploads/none/1.webp')).toBeNull();
    await expect(store.delete('uploads/none/1.webp')).resolves.toBeUndefined();
  });

  it('keeps a type the extension does not imply, and an empty file', async () => {
    await store.put('exports/list', bytes('a,b'), 'text/csv; charset=utf-8');
    expect((await store.get('exports/list'))?.contentType).toBe('text/csv; charset=utf-8');
    await store.put('exports/empty.bin', Buffer.alloc(0), 'application/octet-stream');
    expect(await store.head('exports/empty.bin')).toEqual({
      size: 0,
      contentType: 'application/octet-stream',
    });
  });

  it('lists by prefix, sorted, and deletes one key or a whole prefix', async () => {
    await store.put('play/7/hls/b.ts', bytes('b'), 'video/mp2t');
    await store.put('play/7/hls/a.ts', bytes('a'), 'video/mp2t');
    await store.put('play/7/master.m3u8', bytes('#EXTM3U'), 'application/vnd.apple.mpegurl');
    await store.put('play/70/master.m3u8', bytes('#EXTM3U'), 'application/vnd.apple.mpegurl');
    await store.put('play/7_x/a.ts', bytes('_ is not a wildcard'), 'video/mp2t');
    expect(await store.list('play/7/')).toEqual([
      'play/7/hls/a.ts',
      'play/7/hls/b.ts',
      'play/7/master.m3u8',
    ]);
    expect(await store.list('play/7')).toEqual([
      'play/7/hls/a.ts',
      'play/7/hls/b.ts',
      'play/7/master.m3u8',
      'play/70/master.m3u8',
      'play/7_x/a.ts',
    ]);
    expect(await store.list('play/7/hls/a')).toEqual(['play/7/hls/a.ts']);
    expect(await store.list('nothing/')).toEqual([]);

    await store.delete('play/7/hls/a.ts');
    expect(await store.list('play/7/hls/')).toEqual(['play/7/hls/b.ts']);
    await store.deletePrefix('play/7/');
    expect(await store.list('play/7/')).toEqual([]);
    expect(await store.get('play/7/master.m3u8')).toBeNull();
    expect(await store.list('play/')).toEqual(['play/70/master.m3u8', 'play/7_x/a.ts']);
    await store.deletePrefix('play/7_');
    expect(await store.list('play/')).toEqual(['play/70/master.m3u8']);
  });

  it('keeps a 5 MB file byte for byte', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await store.put('play/9/video.mp4', big, 'video/mp4');
    const back = await store.get('play/9/video.mp4');
    expect(back?.size).toBe(big.length);
    expect(back?.bytes.equals(big)).toBe(true);
  });

  it('refuses a key that could leave its folder or is not a key', async () => {
    for (const key of ['../etc/passwd', 'uploads/../../x', '/abs', 'Upper/case', 'a//b', ''])
      await expect(store.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/invalid file key/);
    await expect(store.get('uploads/../x')).rejects.toThrow(/invalid file key/);
  });
});

describe('local file store on disk', () => {
  it('keeps files readable by the server user only, with no temp file left behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
    try {
      const store = createLocalFileStore(dir);
      await store.put('uploads/usuario/1-ab.webp', Buffer.from('x'), 'image/webp');
      expect((await stat(path.join(dir, 'uploads'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dir, 'uploads', 'usuario'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dir, 'uploads', 'usuario', '1-ab.webp'))).mode & 0o777).toBe(
        0o600,
      );
      expect(await readdir(path.join(dir, 'uploads', 'usuario'))).toEqual(['1-ab.webp']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('choosing the file store', () => {
  const choose = (env: Record<string, string>) => fileBackendOf(parseConfig(env));
  it('FILE_STORE wins; else s3 with a bucket, postgres with a database URL, else local', () => {
    expect(choose({})).toBe('local');
    expect(choose({ DATABASE_URL: 'postgres://db/church' })).toBe('postgres');
    expect(choose({ DATABASE_URL: 'postgres://db/church', S3_BUCKET: 'files' })).toBe('s3');
    expect(choose({ DATABASE_URL: 'postgres://db/church', FILE_STORE: 'local' })).toBe('local');
    expect(choose({ FILE_STORE: 'postgres' })).toBe('postgres');
    expect(() => parseConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
  });

  it('builds the chosen backend', () => {
    const db = {} as never;
    expect(createFileStore(parseConfig({ DATA_DIR: '/tmp/x' }), db).backend).toBe('local');
    expect(createFileStore(parseConfig({ FILE_STORE: 'postgres' }), db).backend).toBe('postgres');
    expect(createFileStore(parseConfig({ S3_BUCKET: 'b' }), db).backend).toBe('s3');
    expect(() => createFileStore(parseConfig({ FILE_STORE: 's3' }), db)).toThrow(/S3_BUCKET/);
  });

  it('accepts the keys the feature stores make, and nothing that climbs out', () => {
    expect(isFileKey('uploads/oracao/3-0123456789abcdef.webp')).toBe(true);
    expect(isFileKey('uploads/../x')).toBe(false);
  });
});

describe('moving files between backends', () => {
  it('copies every key with its bytes and type, and a second run copies nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
    const database = await openTestDatabase('pglite', { seed: false });
    try {
      const from = createLocalFileStore(dir);
      const to = createPostgresFileStore(database.db);
      await from.put('uploads/usuario/1-0123456789abcdef.webp', Buffer.from('photo'), 'image/webp');
      await from.put(
        'uploads/partitura/2-0123456789abcdef.pdf',
        Buffer.from('%PDF-1'),
        'application/pdf',
      );
      expect(await copyFiles(from, to)).toEqual({ copied: 2, skipped: 0 });
      expect(await to.list('')).toEqual([
        'uploads/partitura/2-0123456789abcdef.pdf',
        'uploads/usuario/1-0123456789abcdef.webp',
      ]);
      expect(await to.get('uploads/partitura/2-0123456789abcdef.pdf')).toEqual({
        bytes: Buffer.from('%PDF-1'),
        contentType: 'application/pdf',
        size: 6,
      });
      expect(await copyFiles(from, to)).toEqual({ copied: 0, skipped: 2 });
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
