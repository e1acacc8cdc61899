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
});
