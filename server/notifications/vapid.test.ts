// The VAPID key pair (docs/notifications.md "Push"): made once per deployment and kept in
// DATA_DIR like the token key (0600, the same pair on the next start), or taken from the settings.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../common/config.ts';
import { localPushAllowed, VAPID_FILE, vapidKeys } from './vapid.ts';

const base = { NODE_ENV: undefined, PROVIDER_DOMAIN: 'igrejas.example' } as const;

describe('VAPID keys', () => {
  it('makes a pair once in DATA_DIR, private to the server, and reads it back on the next start', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const first = vapidKeys({ ...base, DATA_DIR: dir });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:push@igrejas.example');
    const file = path.join(dir, VAPID_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeys({ ...base, DATA_DIR: dir })).toEqual(first);
    // web-push accepts the pair to sign with
    expect(
      webpush.getVapidHeaders(
        'https://push.example.com',
        first.subject,
        first.publicKey,
        first.privateKey,
        'aes128gcm',
      ).Authorization,
    ).toContain(`k=${first.publicKey}`);
    expect(readFileSync(file, 'utf8')).toContain(first.publicKey);
  });

  it('takes the settings’ pair, and refuses half a pair or a broken file', () => {
    const pair = webpush.generateVAPIDKeys();
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    expect(
      vapidKeys({
        ...base,
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'https://igrejas.example/contato',
      }),
    ).toEqual({ ...pair, subject: 'https://igrejas.example/contato' });
    expect(() => vapidKeys({ ...base, DATA_DIR: dir, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      ConfigError,
    );
    expect(() =>
      vapidKeys({ ...base, DATA_DIR: dir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'keys' }),
    ).toThrow(/not a P-256 key pair/);
    writeFileSync(path.join(dir, VAPID_FILE), 'garbage\n', { mode: 0o600 });
    expect(() => vapidKeys({ ...base, DATA_DIR: dir })).toThrow(/not a P-256 key pair/);
  });

  it('allows a push service on this machine only to tests, never in production', () => {
    expect(localPushAllowed(parseConfig({}))).toBe(false);
    expect(localPushAllowed(parseConfig({ PUSH_TEST_LOCAL_SERVICE: 'true' }))).toBe(true);
    expect(localPushAllowed(parseConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(() =>
      parseConfig({
        NODE_ENV: 'production',
        PUSH_TEST_LOCAL_SERVICE: 'true',
        JWT_SECRET: 'x'.repeat(40),
      }),
    ).toThrow(/PUSH_TEST_LOCAL_SERVICE: a test-only setting/);
  });
});
