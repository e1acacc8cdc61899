// TOTP as authenticator apps compute it (docs/security.md "Two-factor sign-in"): RFC 6238
// appendix B's SHA-1 vectors, the ±1 step window, no code accepted twice.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totp,
  totpStep,
} from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
const SEED = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP', () => {
  it('gives the RFC 6238 appendix B codes (SHA-1, 8 digits), and their last 6 digits by default', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totp(SEED, seconds * 1000, 8), String(seconds)).toBe(code);
      expect(totp(SEED, seconds * 1000), String(seconds)).toBe(code.slice(2));
    }
  });

  it('base32 goes both ways (RFC 4648 test vector), and a new secret is 160 bits', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(SEED).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('accepts one step of drift either way, not two, and never a step already used', () => {
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    const at = (s: number) => totp(SEED, s * 30_000);
    expect(matchTotp(SEED, at(step), now)).toBe(step);
    expect(matchTotp(SEED, at(step - 1), now)).toBe(step - 1);
    expect(matchTotp(SEED, at(step + 1), now)).toBe(step + 1);
    expect(matchTotp(SEED, at(step - 2), now)).toBeNull();
    expect(matchTotp(SEED, at(step + 2), now)).toBeNull();
    expect(matchTotp(SEED, at(step), now, step)).toBeNull(); // spent
    expect(matchTotp(SEED, at(step - 1), now, step)).toBeNull(); // older than a spent one
    expect(matchTotp(SEED, at(step + 1), now, step)).toBe(step + 1);
    expect(matchTotp(SEED, '12345', now)).toBeNull();
    expect(matchTotp(SEED, `${at(step).slice(0, 3)} ${at(step).slice(3)}`, now)).toBe(step);
  });

  it('writes the otpauth:// URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'lider@graca.demo', 'Igreja da Graça')).toBe(
      'otpauth://totp/Igreja%20da%20Gra%C3%A7a%3Alider%40graca.demo?secret=JBSWY3DPEHPK3PXP&issuer=Igreja+da+Gra%C3%A7a&algorithm=SHA1&digits=6&period=30',
    );
  });
});
