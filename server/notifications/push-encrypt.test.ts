// A push message as a browser reads it (RFC 8291): encryptPush's body opens with the subscription's
// private key (push-service.test-support.ts decrypts as a browser does), each message with its own
// key and salt, and keys or a message a push cannot carry are refused.
import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPush, MAX_PUSH_BYTES } from './push-encrypt.ts';
import { browserKeys, decrypt } from './push-service.test-support.ts';

describe('encryptPush', () => {
  it('a browser opens the message with its key; each message has its own key and salt', async () => {
    const browser = browserKeys();
    const message = JSON.stringify({ title: 'Culto de domingo', body: 'Começa às 10h 🙏' });
    const [one, two] = await Promise.all([
      encryptPush(browser.keys.p256dh, browser.keys.auth, message),
      encryptPush(browser.keys.p256dh, browser.keys.auth, message),
    ]);
    expect(decrypt(one, browser)).toBe(message);
    expect(decrypt(two, browser)).toBe(message);
    expect(one.readUInt32BE(16)).toBe(4096); // one record of the push services' size
    expect(one[20]).toBe(65); // the key id: the message's own uncompressed P-256 key
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false); // salts
    expect(one.subarray(21, 86).equals(two.subarray(21, 86))).toBe(false); // keys
    // another browser's key does not open it
    expect(() => decrypt(one, browserKeys())).toThrow();
  });

  it('carries a message up to the most a push body holds', async () => {
    const browser = browserKeys();
    const longest = 'a'.repeat(MAX_PUSH_BYTES);
    const body = await encryptPush(browser.keys.p256dh, browser.keys.auth, longest);
    expect(body.length).toBe(4096);
    expect(decrypt(body, browser)).toBe(longest);
    await expect(
      encryptPush(browser.keys.p256dh, browser.keys.auth, `${longest}a`),
    ).rejects.toThrow(/too long/);
  });

  it('refuses keys it cannot use', async () => {
    const browser = browserKeys();
    const { p256dh, auth } = browser.keys;
    await expect(encryptPush(p256dh, auth.slice(0, 10), 'x')).rejects.toThrow(/auth/);
    await expect(encryptPush(p256dh.slice(0, 40), auth, 'x')).rejects.toThrow(/p256dh/);
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    await expect(
      encryptPush(compressed.getPublicKey('base64url', 'compressed'), auth, 'x'),
    ).rejects.toThrow(/p256dh/);
    const offCurve = Buffer.from(p256dh, 'base64url');
    offCurve[40] = offCurve[40]! ^ 0xff;
    await expect(encryptPush(offCurve.toString('base64url'), auth, 'x')).rejects.toThrow();
  });
});
