// A push message encrypted for one device (RFC 8291, content encoding aes128gcm of RFC 8188: one
// record). The two elliptic-curve steps, a new P-256 key pair for the message and the secret shared
// with the browser's key, go through WebCrypto, which runs them on libuv's thread pool: the main
// thread keeps ~100 µs of each message instead of ~360 µs in one piece with web-push's own
// encryption, which held public pages while a notice went out (docs/notifications.md "Push").
import { createCipheriv, hkdfSync, randomBytes, webcrypto } from 'node:crypto';

const { subtle } = webcrypto;
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** One record holds the whole message: push services take at most 4,096 bytes of body. */
const RECORD_SIZE = 4096;
const HEADER_SIZE = 16 + 4 + 1 + 65; // salt, record size, key id length, the server's public key
/** The most a message may carry: the body less its header, the record's delimiter and its tag. */
export const MAX_PUSH_BYTES = RECORD_SIZE - HEADER_SIZE - 1 - 16;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
const LAST_RECORD = Buffer.from([2]);

/** A subscription's keys as its browser gave them (base64url): refused when they cannot be used. */
export async function encryptPush(p256dh: string, auth: string, message: string): Promise<Buffer> {
  const browserKey = Buffer.from(p256dh, 'base64url');
  const secret = Buffer.from(auth, 'base64url');
  const plain = Buffer.from(message, 'utf8');
  if (browserKey.length !== 65 || browserKey[0] !== 4)
    throw new Error('p256dh is not an uncompressed P-256 point');
  if (secret.length < 16) throw new Error('auth is shorter than 16 bytes');
  if (plain.length > MAX_PUSH_BYTES) throw new Error('the message is too long for one push');
  // a point off the curve is refused here
  const browser = await subtle.importKey('raw', browserKey, P256, false, []);
  const pair = (await subtle.generateKey(P256, true, ['deriveBits'])) as webcrypto.CryptoKeyPair;
  const [shared, ownKey] = await Promise.all([
    subtle.deriveBits({ name: 'ECDH', public: browser }, pair.privateKey, 256),
    subtle.exportKey('raw', pair.publicKey),
  ]);
  const serverKey = Buffer.from(ownKey);
  const info = Buffer.concat([KEY_INFO, browserKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', Buffer.from(shared), secret, info, 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = [cipher.update(plain), cipher.update(LAST_RECORD), cipher.final()];
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = serverKey.length;
  return Buffer.concat([header, serverKey, ...sealed, cipher.getAuthTag()]);
}
