import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { solveProofOfWork } from './proof-of-work.ts';

describe('the visitor challenge in the browser (docs/security.md "Visitor gifts and card testing")', () => {
  it('finds the number the server hashed, with Web Crypto', async () => {
    const salt = 'abc123?expires=1&';
    const desafio = createHash('sha256').update(`${salt}4321`).digest('hex');
    expect(await solveProofOfWork({ salt, desafio, maxNumero: 10_000 })).toBe(4321);
    expect(await solveProofOfWork({ salt, desafio: 'f'.repeat(64), maxNumero: 600 })).toBeNull();
  });

  it('gives the page back between batches: a task queued before the solve runs before it ends', async () => {
    const salt = 'tick?';
    const desafio = createHash('sha256').update(`${salt}3000`).digest('hex');
    // digests that resolve at once (a fast machine): only the solver itself can let the page in
    const instant = {
      digest: async (_: string, data: Uint8Array) =>
        new Uint8Array(createHash('sha256').update(data).digest()).buffer,
    } as unknown as SubtleCrypto;
    let ticked = false;
    setTimeout(() => (ticked = true), 0);
    expect(await solveProofOfWork({ salt, desafio, maxNumero: 10_000 }, undefined, instant)).toBe(
      3000,
    );
    expect(ticked).toBe(true);
  });
});
