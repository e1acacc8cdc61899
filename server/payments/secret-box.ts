// Churches' gateway credentials at rest (docs/payments.md "Credentials"): AES-256-GCM under
// PAYMENT_KEY. Production needs the key set; a demo generates one once in DATA_DIR (0600), as
// the token key does (server/auth/jwt-secret.ts); under vitest each process has its own.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../../common/config.ts';
import { secretProblem, storedKey } from '../auth/stored-secret.ts';

export const PAYMENT_KEY_FILE = 'payment-key';
const HOW_TO = 'Make one with `openssl rand -hex 32` and set PAYMENT_KEY to it.';

/** 32 bytes from 64 hex digits or base64 (url-safe or not); null for anything else. */
export function parsePaymentKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/**
 * Why a PAYMENT_KEY value must not seal credentials, or null: 32 bytes in hex or base64, judged
 * by the same strength rules as the token key (stored-secret.ts: an all-zero or repeating key,
 * a run like 0123456, a value published in the repository are refused).
 */
export function paymentKeyProblem(value: string): string | null {
  if (!parsePaymentKey(value)) return 'must be 32 random bytes (64 hex digits or base64)';
  const problem = secretProblem(value.trim());
  return problem && `must be 32 random bytes, and this one ${problem}`;
}

/** Refuses a start whose credential key is missing in production, malformed or weak anywhere. */
export function checkPaymentKey(config: Pick<Config, 'PAYMENT_KEY' | 'NODE_ENV'>): void {
  if (config.PAYMENT_KEY) {
    const problem = paymentKeyProblem(config.PAYMENT_KEY);
    if (problem) throw new ConfigError(`Invalid settings:\n  PAYMENT_KEY: ${problem}. ${HOW_TO}`);
    return;
  }
  if (config.NODE_ENV === 'production')
    throw new ConfigError(
      `Invalid settings:\n  PAYMENT_KEY: required when NODE_ENV=production (it encrypts the churches' payment gateway credentials). ${HOW_TO}`,
    );
}

let processKey: Buffer | undefined;

/** The key: PAYMENT_KEY; under vitest one per process; otherwise DATA_DIR/payment-key, made on first use. */
export function paymentKey(config: Pick<Config, 'PAYMENT_KEY' | 'NODE_ENV' | 'DATA_DIR'>): Buffer {
  checkPaymentKey(config);
  if (config.PAYMENT_KEY) return parsePaymentKey(config.PAYMENT_KEY)!;
  if (config.NODE_ENV === 'test') return (processKey ??= randomBytes(32));
  return storedKey(config.DATA_DIR, {
    setting: 'PAYMENT_KEY',
    file: PAYMENT_KEY_FILE,
    generate: () => randomBytes(32).toString('hex'),
    read(value, file) {
      const problem = paymentKeyProblem(value);
      if (problem)
        throw new ConfigError(
          `Invalid settings:\n  PAYMENT_KEY: the key in ${file} ${problem}. Put the key the credentials were sealed with back, or ${HOW_TO}`,
        );
      return parsePaymentKey(value)!;
    },
  });
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; the church id is bound as associated data. */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text of a sealed value; throws when the key, the context or the bytes differ. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
