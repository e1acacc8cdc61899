import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import { brandImage, initialsOf } from './brand-image.ts';

/** Width, height, format and channels of a PNG answer. */
async function pngOf(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return {
    bytes,
    width: meta.width,
    height: meta.height,
    format: meta.format,
    channels: meta.channels,
  };
}

describe('images drawn from a church logo (PGlite)', () => {
  let database: DatabaseHandle;
  let api: Api;
  const client = apiClient(() => api);
  const get = (path: string, headers: Record<string, string> = {}) =>
    client.raw('GET', path, { headers });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('GET /igreja/{slug}/icone/{file}: square PNGs of 192, 512 (also maskable) and Apple’s 180, with ETags', async () => {
    for (const [file, side] of [
      ['192.png', 192],
      ['512.png', 512],
      ['maskable-512.png', 512],
      ['apple-touch-180.png', 180],
    ] as const) {
      const res = await get(`/igreja/graca/icone/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toContain('public');
      const png = await pngOf(res);
      expect([png.format, png.width, png.height, png.channels], file).toEqual([
        'png',
        side,
        side,
        3,
      ]);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const again = await get(`/igreja/graca/icone/${file}`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
    }
  });

  it('the icon is the church’s logo on its colour: the corner is the colour, the middle the logo', async () => {
    const [graca] = await database.db
      .select({ colour: t.churchVisuals.appColor })
      .from(t.churchVisuals)
      .innerJoin(t.churches, eq(t.churches.id, t.churchVisuals.churchId))
      .where(eq(t.churches.slug, 'graca'));
    const { bytes } = await pngOf(await get('/igreja/graca/icone/512.png'));
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return `#${[data[i], data[i + 1], data[i + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
    };
    expect(at(2, 2)).toBe(graca!.colour.toLowerCase());
    // the demo logo is a rounded square of its own colour with white letters: not blank
    const middle = new Set<string>();
    for (let x = 100; x < 412; x += 7) middle.add(at(x, 256));
    expect(middle.size).toBeGreaterThan(2);
  });

  it('GET /podcast/anchor/{code}/capa.png: a square RGB PNG of 1400 px (feed apps refuse SVG and transparency)', async () => {
    const [show] = await database.db
      .select({ code: t.podcasts.code })
      .from(t.podcasts)
      .innerJoin(t.churches, eq(t.churches.id, t.podcasts.churchId))
      .where(eq(t.churches.slug, 'graca'));
    const res = await get(`/podcast/anchor/${show!.code}/capa.png`);
    expect(res.status).toBe(200);
    const png = await pngOf(res);
    expect([png.format, png.width, png.height, png.channels]).toEqual(['png', 1400, 1400, 3]);
    expect(res.headers.get('etag')).toBeTruthy();
    expect((await get('/podcast/anchor/no-such-show/capa.png')).status).toBe(404);
  });

  it('bad addresses are a 400 with the field named, an unknown church a 404', async () => {
    const bad = await get('/igreja/graca/icone/100.png', { 'accept-language': 'pt-BR' });
    expect(bad.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await bad.json()).errors ?? {})).toEqual(['file']);
    expect((await get('/igreja/nao-existe/icone/192.png')).status).toBe(404);
  });
});

describe('brandImage', () => {
  const none = async () => new Response(null, { status: 404 });

  it('reads an uploaded logo through the API (any file store) and draws it', async () => {
    const red = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
    })
      .webp({ lossless: true })
      .toBuffer();
    const asked: string[] = [];
    const image = await brandImage({
      kind: 'icon-192',
      source: '/api/v1/imagem/igreja/1-00112233445566ff.webp',
      background: '#000000',
      initials: 'X',
      fetchApi: async (path) => {
        asked.push(path);
        return new Response(new Uint8Array(red), { headers: { 'content-type': 'image/webp' } });
      },
    });
    expect(asked).toEqual(['/api/v1/imagem/igreja/1-00112233445566ff.webp']);
    const { data } = await sharp(image.png).raw().toBuffer({ resolveWithObject: true });
    const middle = (96 * 192 + 96) * 3;
    expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([255, 0, 0]);
  });

  it('never fetches a remote logo; without a readable logo it draws the initials', async () => {
    let fetched = false;
    const image = await brandImage({
      kind: 'icon-512',
      source: 'https://example.org/logo.png',
      background: '#123456',
      initials: 'ZQ',
      fetchApi: async () => {
        fetched = true;
        return none();
      },
    });
    expect(fetched).toBe(false);
    const meta = await sharp(image.png).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const stats = await sharp(image.png).stats();
    // white letters on the colour: more than one colour in the picture
    expect(stats.channels[0]!.max).toBe(255);
  });

  it('initials come from the capitalised words of the name', () => {
    expect(initialsOf('Igreja da Graça')).toBe('IG');
    expect(initialsOf('Grace Church')).toBe('GC');
    expect(initialsOf('comunidade')).toBe('C');
  });
});
