// HMAC signatures for short-lived tokens the server hands out and checks itself (captcha tokens,
// Play media URLs): one key per purpose, derived from the JWT secret (docs/security.md) and kept
// until the settings change, so a signature of one purpose never passes for another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtSecret } from './jwt-secret.ts';
import { accountSettings } from './settings.ts';

export interface Signer {
  /** The base64url HMAC of `text`. */
  sign(text: string): string;
  /** Whether `signature` is the HMAC of `text` (constant time). */
  verify(signature: string, text: string): boolean;
}

export function signer(purpose: string): Signer {
  let cached: { settings: object; key: Buffer } | undefined;
  const key = () => {
    const settings = accountSettings();
    if (cached?.settings !== settings)
      cached = {
        settings,
        key: createHmac('sha256', jwtSecret(settings)).update(purpose).digest(),
      };
    return cached.key;
  };
  const sign = (text: string) => createHmac('sha256', key()).update(text).digest('base64url');
  return {
    sign,
    verify(signature, text) {
      const a = Buffer.from(signature);
      const b = Buffer.from(sign(text));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
