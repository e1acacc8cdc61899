// Gateway credentials at rest (docs/payments.md "Credentials"): sealed under PAYMENT_KEY, bound
// to their church, refused in production without a key, a demo key made once in DATA_DIR (0600).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../common/config.ts';
import { checkPaymentKey, open, PAYMENT_KEY_FILE, paymentKey, seal } from './secret-box.ts';

const HEX = 'a3'.repeat(32);

describe('the credential box', () => {
  it('opens only what it sealed, for the same church', () => {
    const key = paymentKey({ PAYMENT_KEY: HEX, NODE_ENV: 'production', DATA_DIR: '.' });
    const sealed = seal(key, '{"secretKey":"sk_live_abc"}', 'igreja:1:gateway:5');
    expect(sealed).not.toContain('sk_live');
    expect(open(key, sealed, 'igreja:1:gateway:5')).toBe('{"secretKey":"sk_live_abc"}');
    expect(() => open(key, sealed, 'igreja:2:gateway:5')).toThrow();
    const other = paymentKey({
      PAYMENT_KEY: 'b4'.repeat(32),
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
});
