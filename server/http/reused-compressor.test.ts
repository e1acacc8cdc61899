import { randomBytes } from 'node:crypto';
import { constants, gunzipSync, gzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { reusedCompressor } from './reused-compressor.ts';

const page = (n: number) =>
  Buffer.from(
    Array.from(
      { length: n },
      (_, i) => `<li class="card">Culto de domingo nº ${i} — ação, graça → ${i * 7}</li>`,
    ).join('\n'),
  );

const bodies = [
  page(200), // ~17 KB, a home
  Buffer.alloc(0),
  Buffer.from('x'),
  page(2_000), // ~150 KB: more than the first output buffer
  randomBytes(40_000), // does not compress: the bound must hold
  page(30),
];

describe('reusedCompressor', () => {
  it('zstd: the same bytes as zstdCompressSync, body after body', () => {
    const params = { [constants.ZSTD_c_compressionLevel]: 3 };
    const compress = reusedCompressor('zstd', { params });
    for (const round of [1, 2])
      for (const body of bodies) {
        const out = compress(body);
        expect(out.equals(zstdCompressSync(body, { params })), `round ${round}`).toBe(true);
        expect(zstdDecompressSync(out).equals(body)).toBe(true);
      }
  });

  it('zstd keeps its level after each reset', () => {
    const body = Buffer.concat([
      page(300),
      Buffer.from(randomBytes(3_000).toString('hex')),
      page(300),
    ]);
    const level = (n: number) => ({ params: { [constants.ZSTD_c_compressionLevel]: n } });
    const fast = reusedCompressor('zstd', level(1));
    const hard = reusedCompressor('zstd', level(19));
    for (const round of [1, 2, 3]) {
      expect(fast(body).equals(zstdCompressSync(body, level(1))), `round ${round}`).toBe(true);
      expect(hard(body).equals(zstdCompressSync(body, level(19))), `round ${round}`).toBe(true);
    }
    expect(hard(body).equals(fast(body))).toBe(false);
  });

  it('gzip: the same bytes as gzipSync, body after body', () => {
    const options = { level: 3, windowBits: 14, memLevel: 7 };
    const compress = reusedCompressor('gzip', options);
    for (const body of [...bodies, ...bodies]) {
      const out = compress(body);
      expect(out.equals(gzipSync(body, options))).toBe(true);
      expect(gunzipSync(out).equals(body)).toBe(true);
    }
  });

  it('gives each caller its own bytes (the next body does not overwrite them)', () => {
    const compress = reusedCompressor('zstd', {});
    const first = compress(page(100));
    const copy = Buffer.from(first);
    compress(page(300));
    expect(first.equals(copy)).toBe(true);
  });
});
