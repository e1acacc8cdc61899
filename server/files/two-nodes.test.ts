// Two API "nodes" on one database with the `postgres` file store (docs/deploy.md "Files"): an image
// uploaded through one is served by the other, and once deleted it is gone from both.
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import { issueTokenPair } from '../auth/tokens.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { moveLegacyUploads } from './legacy-uploads.ts';
import { createLocalFileStore } from './local.ts';
import { createPostgresFileStore } from './postgres.ts';

describe.each(testBackends())('two nodes sharing the postgres file store on %s', (backend) => {
  let database: DatabaseHandle;
  let nodeA: Api;
  let nodeB: Api;
  let auth: Record<string, string>;
  let id = 0;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    // Each node builds its own store object, as each server process does: only the database is shared.
    nodeA = createApi({ db: database.db, files: createPostgresFileStore(database.db) });
    nodeB = createApi({ db: database.db, files: createPostgresFileStore(database.db) });
    const [member] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'membro@graca.demo'));
    id = member!.id;
    auth = { authorization: `Bearer ${(await issueTokenPair(database.db, member!)).token}` };
  }, 240_000);
  afterAll(() => database?.close());

  it('serves on node B the photo uploaded through node A, and a 404 on both once deleted', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('imagem', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    const uploaded = await nodeA.request(`/api/v1/usuario/${id}/perfil/imagem`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { imagem } = (await uploaded.json()) as { imagem: string };

    const onB = await nodeB.request(imagem);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/webp');
    expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = onB.headers.get('etag');
    expect(etag).toMatch(/^"\d+-[a-f0-9]{16}\.webp"$/);
    const bytes = Buffer.from(await onB.arrayBuffer());
    expect(bytes.equals(Buffer.from(await (await nodeA.request(imagem)).arrayBuffer()))).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 512 });
    // A browser's revalidation costs no bytes.
    const again = await nodeB.request(imagem, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const removed = await nodeB.request(`/api/v1/usuario/${id}/perfil/imagem`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(removed.status).toBe(200);
    for (const node of [nodeA, nodeB]) {
      const gone = await node.request(imagem, { headers: { 'accept-language': 'en' } });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ status: false, message: 'Not found.' });
      const stale = await node.request(imagem, { headers: { 'if-none-match': etag! } });
      expect(stale.status).toBe(404);
    }
  });
});

describe('uploads of earlier versions under DATA_DIR/uploads', () => {
  it('are moved once into the file store under the same name, and still served', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'legacy-'));
    try {
      const name = '4-0123456789abcdef.webp';
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
        .webp()
        .toBuffer();
      await mkdir(path.join(dataDir, 'uploads', 'oracao'), { recursive: true });
      await writeFile(path.join(dataDir, 'uploads', 'oracao', name), webp);
      const files = createLocalFileStore(path.join(dataDir, 'files'));

      expect(await moveLegacyUploads(dataDir, files)).toBe(1);
      expect(await readdir(dataDir)).toEqual(['files']); // the old folder is gone
      expect((await files.get(`uploads/oracao/${name}`))?.bytes.equals(webp)).toBe(true);
      expect(await moveLegacyUploads(dataDir, files)).toBe(0);

      const database = await openTestDatabase('pglite', { seed: false });
      try {
        const api = createApi({ db: database.db, files });
        const served = await api.request(`/api/v1/imagem/oracao/${name}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
