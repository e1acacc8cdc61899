// docs/security.md "Uploads": an upload is only ever served as an image, never as HTML or SVG script.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { issueTokenPair } from '../auth/tokens.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe('uploaded images', () => {
  let database: DatabaseHandle;
  let api: Api;
  let token: string;
  let id = 0;
  const client = apiClient(() => api);
  const upload = (bytes: Buffer, type: string, name: string) => {
    const form = new FormData();
    form.append('imagem', new File([new Uint8Array(bytes)], name, { type }));
    return client.call('POST', `/usuario/${id}/perfil/imagem`, { token, body: form });
  };

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'uploads-'));
    resetAccountSettings();
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
    const [member] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'membro@graca.demo'));
    id = member!.id;
    token = (await issueTokenPair(database.db, member!)).token;
  }, 240_000);
  afterAll(async () => {
    await database?.close();
  });

  it('SVG with script and HTML named .png are refused; a real image comes back as WebP, nosniff, sandboxed', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
    );
    expect((await upload(svg, 'image/svg+xml', 'x.svg')).status).toBe(415);
    expect(
      (await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'x.png'))
        .status,
    ).toBe(415);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'text/html', 'page.html'); // the declared type and name do not matter: the bytes do
    expect(res.status).toBe(201);
    const { imagem } = res.body as { imagem: string };
    expect(imagem).toMatch(/^\/api\/v1\/imagem\/usuario\/\d+-[a-f0-9]{16}\.webp$/);
    const served = await client.raw('GET', imagem);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });
});
