// Gateway credentials at rest (docs/payments.md "Credentials"): sealed under PAYMENT_KEY, bound
// to their church, refused in production without a key, a demo key made once in DATA_DIR (0600).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../common/config.ts';
import { checkPaymentKey, open, PAYMENT_KEY_FILE, paymentKey, seal } from './secret-box.ts';

const HEX = randomBytes(32).toString('hex');

describe('the credential box', () => {
  it('opens only what it sealed, for the same church', () => {
    const key = paymentKey({ PAYMENT_KEY: HEX, NODE_ENV: 'production', DATA_DIR: '.' });
    const sealed = seal(key, '{"secretKey":"sk_live_abc"}', 'igreja:1:gateway:5');
    expect(sealed).not.toContain('sk_live');
    expect(open(key, sealed, 'igreja:1:gateway:5')).toBe('{"secretKey":"sk_live_abc"}');
    expect(() => open(key, sealed, 'igreja:2:gateway:5')).toThrow();
    const other = paymentKey({
      PAYMENT_KEY: randomBytes(32).toString('base64url'),
      NODE_ENV: 'production',
      DATA_DIR: '.',
    });
    expect(() => open(other, sealed, 'igreja:1:gateway:5')).toThrow();
    expect(seal(key, 'x', 'c')).not.toBe(seal(key, 'x', 'c')); // a fresh IV each time
  });

  it('production refuses to start without a key or with a malformed one, and says what to do', () => {
    expect(() => checkPaymentKey({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => checkPaymentKey({ NODE_ENV: 'production' })).toThrow(
      /PAYMENT_KEY: required.*openssl rand -hex 32/s,
    );
    expect(() => checkPaymentKey({ PAYMENT_KEY: 'short', NODE_ENV: undefined })).toThrow(
      /32 random bytes/,
    );
    expect(() => checkPaymentKey({ PAYMENT_KEY: HEX, NODE_ENV: 'production' })).not.toThrow();
  });

  it('a demo makes its key once in DATA_DIR, readable by this user only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payment-key-'));
    const first = paymentKey({ NODE_ENV: undefined, DATA_DIR: dir });
    const again = paymentKey({ NODE_ENV: undefined, DATA_DIR: dir });
    expect(again.equals(first)).toBe(true);
    expect(statSync(path.join(dir, PAYMENT_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('a weak key is refused like a weak token key: all zeros, repeats, counting, public values', () => {
    for (const weak of [
      '0'.repeat(64),
      'a3'.repeat(32),
      Buffer.alloc(32).toString('base64'),
      `${'0123456789abcdef'.repeat(4)}`,
      `${randomBytes(29).toString('hex')}012345`,
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', // published in the repository
    ]) {
      expect(() => checkPaymentKey({ PAYMENT_KEY: weak, NODE_ENV: 'production' }), weak).toThrow(
        /PAYMENT_KEY: must be 32 random bytes.*(random|published).*openssl rand -hex 32/s,
      );
      expect(() => checkPaymentKey({ PAYMENT_KEY: weak, NODE_ENV: undefined }), weak).toThrow(
        ConfigError,
      );
    }
    for (let i = 0; i < 5; i++)
      expect(() =>
        checkPaymentKey({ PAYMENT_KEY: randomBytes(32).toString('hex'), NODE_ENV: 'production' }),
      ).not.toThrow();
  });

  it('a weak key in the demo key file stops the start and says what to do', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payment-key-'));
    writeFileSync(path.join(dir, PAYMENT_KEY_FILE), `${'0'.repeat(64)}\n`, { mode: 0o600 });
    expect(() => paymentKey({ NODE_ENV: undefined, DATA_DIR: dir })).toThrow(
      /PAYMENT_KEY: the key in .*payment-key must be 32 random bytes.*random/s,
    );
  });
});
