// Storage quotas (docs/deploy.md "Storage quotas"), on both databases: the file store's sizes are
// kept per church as it writes and deletes, and an upload that would pass STORAGE_QUOTA_MB is
// refused before anything is stored — a Play video at its start by the size it declares, staff
// images, song scores and import files by their bytes — with 413 by the file's field naming the
// use, the limit and what is in use; another church's files never count.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local.ts';
import { formatSize } from './quota.ts';
import {
  churchStorageBytes,
  fileOwner,
  meteredFileStore,
  recountFileUsage,
  settleFileUsage,
} from './usage.ts';

const KB = 1024;
const MB = 1024 * KB;

describe('fileOwner', () => {
  it('reads the owner each key path names; a member photo and anything else belong to no church', () => {
    expect(fileOwner('uploads/conteudo/7-0123456789abcdef.webp')).toEqual({
      owner: 'igreja',
      id: 7,
    });
    expect(fileOwner('uploads/banner/12-0123456789abcdef.webp')).toEqual({
      owner: 'igreja',
      id: 12,
    });
    expect(fileOwner('uploads/oracao/3-0123456789abcdef.webp')).toEqual({ owner: 'igreja', id: 3 });
    expect(fileOwner('uploads/partitura/41-0123456789abcdef.pdf')).toEqual({
      owner: 'louvor',
      id: 41,
    });
    expect(fileOwner('play/9/720p/seg-1.ts')).toEqual({ owner: 'play', id: 9 });
    expect(fileOwner('play-upload/5/0')).toEqual({ owner: 'play-envio', id: 5 });
    expect(fileOwner('imports/22/source')).toEqual({ owner: 'importacao', id: 22 });
    expect(fileOwner('uploads/usuario/3-0123456789abcdef.webp')).toBeNull();
    expect(fileOwner('play/x9/a')).toBeNull();
    expect(fileOwner('play/9')).toBeNull();
    expect(fileOwner('imports/99999999999/source')).toBeNull();
    expect(fileOwner('backups/1/a')).toBeNull();
  });

  it('names sizes in the language of the request', () => {
    expect(formatSize(10240 * MB, 'en')).toBe('10 GB');
    expect(formatSize(1536 * MB, 'pt')).toBe('1,5 GB');
    expect(formatSize(512 * KB, 'es')).toBe('0,5 MB');
  });
});

describe.each(testBackends())('storage quotas on %s', { timeout: 180_000 }, (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let files: FileStore;
  let graca = 0;
  let grace = 0;
  const tokens: Record<string, string> = {};
  const { call } = apiClient(() => api, { lang: 'en' });

  /** The API with STORAGE_QUOTA_MB set to `mb`. */
  function withQuota(mb: number) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quota-'));
    const settings = parseConfig({
      ...process.env,
      DATA_DIR: dataDir,
      STORAGE_QUOTA_MB: String(mb),
    });
    api = createApi({ db: database.db, settings, files });
  }
  const used = async (churchId: number) => churchStorageBytes(database.db, churchId);
  const noise = (bytes: number) =>
    Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 7919) % 251));
  async function png(bytes: number): Promise<Buffer> {
    const side = Math.ceil(Math.sqrt(bytes / 3));
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
    return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  const form = (field: string, name: string, bytes: Buffer, type: string) => {
    const body = new FormData();
    body.set(field, new File([new Uint8Array(bytes)], name, { type }));
    return body;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    files = meteredFileStore(
      createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'quota-files-'))),
      database.db,
    );
    withQuota(1);
    const ids = await database.db
      .select({ id: t.churches.id, code: t.churches.code })
      .from(t.churches);
    graca = ids.find((c) => c.code === 'graca')!.id;
    grace = ids.find((c) => c.code === 'grace')!.id;
    tokens.lider = (await loginAs(api, 'lider@graca.demo')).token;
    tokens.editor = (await loginAs(api, 'editor@graca.demo')).token;
    tokens.graceAdmin = (await loginAs(api, 'admin@grace.demo')).token;
  }, 240_000);
  afterAll(async () => {
    await settleFileUsage();
    await database?.close();
  });

  it("keeps each church's sizes as the store writes and deletes, whatever the key's owner", async () => {
    const before = await used(graca);
    const [video] = await database.db
      .select({ id: t.playContents.id })
      .from(t.playContents)
      .where(eq(t.playContents.churchId, graca))
      .limit(1);
    await files.put(
      `uploads/conteudo/${graca}-aaaaaaaaaaaaaaaa.webp`,
      noise(10 * KB),
      'image/webp',
    );
    await files.put(`play/${video!.id}/720p/seg-1.ts`, noise(20 * KB), 'video/mp2t');
    await files.put(`play/${video!.id}/720p/seg-2.ts`, noise(5 * KB), 'video/mp2t');
    // a member's photo and another church's image are not graca's
    await files.put(`uploads/usuario/${graca}-bbbbbbbbbbbbbbbb.webp`, noise(50 * KB), 'image/webp');
    await files.put(`uploads/banner/${grace}-cccccccccccccccc.webp`, noise(40 * KB), 'image/webp');
    expect(await used(graca)).toBe(before + 35 * KB);
    // replaced with fewer bytes, deleted, a folder deleted
    await files.put(`uploads/conteudo/${graca}-aaaaaaaaaaaaaaaa.webp`, noise(4 * KB), 'image/webp');
    expect(await used(graca)).toBe(before + 29 * KB);
    await files.delete(`uploads/conteudo/${graca}-aaaaaaaaaaaaaaaa.webp`);
    await files.deletePrefix(`play/${video!.id}/`);
    expect(await used(graca)).toBe(before);
    expect(await used(grace)).toBeGreaterThanOrEqual(40 * KB);
    // the recount finds what the store already holds (files kept before sizes were recorded)
    await database.db.delete(t.fileUsage);
    expect(await recountFileUsage(database.db, files)).toBe(1);
    expect(await used(grace)).toBe(40 * KB);
    await files.delete(`uploads/banner/${grace}-cccccccccccccccc.webp`);
    await files.delete(`uploads/usuario/${graca}-bbbbbbbbbbbbbbbb.webp`);
    expect(await used(grace)).toBe(0);
  });

  it('a video too large for what is left is refused at its start by its declared size, in the caller’s language, nothing created', async () => {
    withQuota(1);
    const [video] = await database.db
      .select({ id: t.playContents.id })
      .from(t.playContents)
      .where(eq(t.playContents.churchId, graca))
      .limit(1);
    const start = (name: string, size: number, lang = 'en') =>
      call('POST', `/admin/graca/play/video/${video!.id}/envio`, {
        token: tokens.editor,
        body: { nomeArquivo: name, tamanho: size },
        lang,
      });
    const uploads = async () =>
      (await database.db.select().from(t.playUploads).where(eq(t.playUploads.churchId, graca)))
        .length;
    const before = await uploads();
    const big = await start('sermon.mp4', 2 * MB);
    expect(big.status).toBe(413);
    expect(big.body.errors.arquivo).toEqual([big.body.message]);
    expect(big.body.message).toBe(
      "This video (2 MB) does not fit in the church's storage: 0 MB of its 1 MB are in use. Delete videos or files you no longer need, or ask the platform for more room.",
    );
    const pt = await start('sermon.mp4', 2 * MB, 'pt');
    expect(pt.body.message).toMatch(
      /^Este vídeo \(2 MB\) não cabe no armazenamento da igreja: 0 MB dos 1 MB/,
    );
    expect(await uploads()).toBe(before);

    // one that fits starts; a second one that would pass the limit with it does not
    const first = await start('a.mp4', 700 * KB);
    expect(first.status).toBe(201);
    const second = await start('b.mp4', 400 * KB);
    expect(second.status).toBe(413);
    expect(second.body.message).toMatch(/0,7 MB|0.7 MB/);
    // resuming the first (same file, same size) is not counted twice
    const resumed = await start('a.mp4', 700 * KB);
    expect(resumed.status).toBe(201);
    expect(resumed.body.id).toBe(first.body.id);
    // 0 is unlimited
    withQuota(0);
    expect((await start('b.mp4', 400 * KB)).status).toBe(201);
  });

  it('staff images, song scores and import files are refused by their field once the church is full; another church is not', async () => {
    withQuota(1);
    await database.db.delete(t.playUploads).where(eq(t.playUploads.churchId, graca));
    // graca nearly full: 900 KB of covers already kept
    await files.put(
      `uploads/conteudo/${graca}-dddddddddddddddd.webp`,
      noise(900 * KB),
      'image/webp',
    );
    const image = await png(200 * KB);
    expect(image.length).toBeGreaterThan(125 * KB);

    const cover = await call('POST', '/admin/graca/conteudo/imagem', {
      token: tokens.lider,
      body: form('imagem', 'cover.png', image, 'image/png'),
    });
    expect(cover.status).toBe(413);
    expect(cover.body.errors.imagem[0]).toMatch(/^This image \(0,\d MB|^This image \(0\.\d MB/);
    expect(cover.body.message).toContain('of its 1 MB are in use');
    const logo = await call('POST', '/admin/graca/igreja/logo', {
      token: tokens.lider,
      body: form('imagem', 'logo.png', image, 'image/png'),
    });
    expect(logo.status).toBe(413);
    expect(logo.body.errors.imagem).toBeDefined();

    const csv = Buffer.from('nome,email\n' + 'Ana,ana@example.com\n'.repeat(8000));
    const upload = await call('POST', '/admin/graca/importacao?tipo=pessoas', {
      token: tokens.lider,
      body: form('arquivo', 'people.csv', csv, 'text/csv'),
      lang: 'es',
    });
    expect(upload.status).toBe(413);
    expect(upload.body.errors.arquivo[0]).toMatch(/^Este archivo de importación/);
    expect(
      await database.db.select().from(t.imports).where(eq(t.imports.churchId, graca)),
    ).toHaveLength(0);

    const [song] = await database.db
      .select({ id: t.praises.id })
      .from(t.praises)
      .where(eq(t.praises.churchId, graca))
      .limit(1);
    expect(song).toBeDefined();
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      noise(200 * KB),
      Buffer.from('\n%%EOF\n'),
    ]);
    const score = await call('POST', `/admin/graca/louvor/${song!.id}/partitura`, {
      token: tokens.lider,
      body: form('arquivo', 'score.pdf', pdf, 'application/pdf'),
    });
    expect(score.status).toBe(413);
    expect(score.body.errors.arquivo[0]).toMatch(/^This score/);

    // grace's share is its own
    const graceCover = await call('POST', '/admin/grace/conteudo/imagem', {
      token: tokens.graceAdmin,
      body: form('imagem', 'cover.png', image, 'image/png'),
    });
    expect(graceCover.status).toBe(201);
    // with room again, graca's upload goes through and is counted
    await files.delete(`uploads/conteudo/${graca}-dddddddddddddddd.webp`);
    const before = await used(graca);
    const ok = await call('POST', '/admin/graca/conteudo/imagem', {
      token: tokens.lider,
      body: form('imagem', 'cover.png', image, 'image/png'),
    });
    expect(ok.status).toBe(201);
    expect(await used(graca)).toBeGreaterThan(before);
  });
});
