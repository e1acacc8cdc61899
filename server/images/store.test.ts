import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../files/local.ts';
import { handleError } from '../http/errors.ts';
import { createImageStore, ImageRejected, processImage, type ImageStore } from './store.ts';

/** A real PNG whose header says 10 000 × 10 000 (100 MP) in a few hundred bytes. */
function hugePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(10_001))), // one row; the decoder would need 100 MB
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image store', () => {
  let dir: string;
  let store: ImageStore;
  let png: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'images-'));
    store = createImageStore(createLocalFileStore(dir));
    png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1f4e79' } })
      .png()
      .toBuffer();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('resizes each kind to its shape, as WebP', async () => {
    expect(await sharp(await processImage('usuario', png)).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
    expect(await sharp(await processImage('oracao', png)).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 675,
    });
  });

  it('refuses what is not an image, and an image that decodes to too many pixels', async () => {
    await expect(
      processImage('usuario', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toBeInstanceOf(ImageRejected);
    await expect(processImage('oracao', Buffer.from('GIF89a not really'))).rejects.toBeInstanceOf(
      ImageRejected,
    );
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(2000);
    await expect(processImage('oracao', bomb)).rejects.toBeInstanceOf(ImageRejected);
    await expect(processImage('usuario', bomb)).rejects.toBeInstanceOf(ImageRejected);
  });

  it('stores under a random name, serves it as WebP, and removes only its own files', async () => {
    const stored = await store.save('oracao', 7, png);
    expect(stored).toMatch(/^\/api\/v1\/imagem\/oracao\/7-[a-f0-9]{16}\.webp$/);
    const file = stored.split('/').pop()!;
    const app = new Hono()
      .get('/:file', (c) => store.send(c, 'oracao', c.req.param('file')))
      .onError(handleError);
    const res = await app.request(`/${file}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(
      Buffer.from(await res.arrayBuffer()).equals(
        await readFile(path.join(dir, 'uploads', 'oracao', file)),
      ),
    ).toBe(true);
    await store.remove('usuario', stored); // another kind's path: left alone
    expect((await app.request(`/${file}`)).status).toBe(200);
    await store.remove('oracao', stored);
    const gone = await app.request(`/${file}`, { headers: { 'accept-language': 'pt' } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ status: false, message: 'Não encontrado.' });
  });
});
