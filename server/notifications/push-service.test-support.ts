// A push service for tests (docs/notifications.md "Tests"): an http server on 127.0.0.1 that keeps
// every message it is sent, and the browser's side of a subscription (its P-256 key pair and auth
// secret) that decrypts an aes128gcm message as a browser does (RFC 8291). Used by the API tests
// and the browser test of push.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 decryption of an aes128gcm body with the browser's private key; throws when not for it. */
export function decrypt(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([
    decipher.update(cipher.subarray(0, cipher.length - 16)),
    decipher.final(),
  ]);
  // the record ends with the delimiter 0x02 and optional zero padding
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('the record has no 0x02 delimiter');
  return plain.subarray(0, end - 1).toString('utf8');
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface TestPushService {
  /** `http://127.0.0.1:<port>`: endpoints are this plus a path. */
  base: string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

/** Starts the push service: 201 for every message, 410 for an endpoint under /gone/ (an unsubscribed browser). */
export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
