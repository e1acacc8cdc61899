// Encrypted backup archives (docs/deploy.md "Backups"): AES-256-GCM under BACKUP_KEY, in frames of
// 64 KiB, each with its own nonce and tag, so a stream is encrypted and checked as it goes, a
// changed byte fails at its frame, and a cut archive fails for lack of its final frame.
// Layout: "CHBKENC1" | 8-byte random nonce prefix | frames of [u32 length | ciphertext | 16-byte tag];
// frame i's nonce is prefix | u32 i, its associated data one byte (1 on the final frame, else 0).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export const ENCRYPTED_MAGIC = Buffer.from('CHBKENC1');
const FRAME = 64 * 1024;
const TAG = 16;

/** The 32-byte key of a BACKUP_KEY (64 hex characters or base64), as common/config.ts checks it. */
export function backupKeyBytes(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('BACKUP_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

export class WrongKeyError extends Error {
  override name = 'WrongKeyError';
}

const nonceOf = (prefix: Buffer, index: number) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 8);
  return nonce;
};

/** A stream that encrypts what goes through it. */
export function encryptStream(key: Buffer): Transform {
  const prefix = randomBytes(8);
  let index = 0;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const frame = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(prefix, index++));
    cipher.setAAD(Buffer.from([final ? 1 : 0]));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length, 0);
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(Buffer.concat([ENCRYPTED_MAGIC, prefix]));
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      held.push(chunk);
      heldBytes += chunk.length;
      // A full frame goes out only once more follows, so the last one can carry the final flag.
      if (heldBytes > FRAME) {
        let all = Buffer.concat(held);
        while (all.length > FRAME) {
          this.push(frame(all.subarray(0, FRAME), false));
          all = all.subarray(FRAME);
        }
        held = [all];
        heldBytes = all.length;
      }
      callback();
    },
    flush(callback) {
      this.push(frame(Buffer.concat(held), true));
      callback();
    },
  });
}

/** A stream that decrypts and checks an encrypted archive; a wrong key fails on the first frame. */
export function decryptStream(key: Buffer): Transform {
  let buffer: Buffer = Buffer.alloc(0);
  let prefix: Buffer | undefined;
  let index = 0;
  let ended = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      try {
        if (!prefix) {
          if (buffer.length < 16) return callback();
          if (!buffer.subarray(0, 8).equals(ENCRYPTED_MAGIC))
            throw new Error('not an encrypted backup archive');
          prefix = Buffer.from(buffer.subarray(8, 16));
          buffer = buffer.subarray(16);
        }
        while (buffer.length >= 4) {
          const length = buffer.readUInt32BE(0);
          if (length > FRAME) throw new Error('the encrypted archive is damaged');
          if (buffer.length < 4 + length + TAG) break;
          if (ended) throw new Error('the encrypted archive has data after its end');
          const body = buffer.subarray(4, 4 + length);
          const tag = buffer.subarray(4 + length, 4 + length + TAG);
          buffer = buffer.subarray(4 + length + TAG);
          // The tag says whether this is the final frame (its associated data differs).
          const plain =
            open(key, prefix, index, body, tag, false) ?? open(key, prefix, index, body, tag, true);
          if (!plain)
            throw index === 0
              ? new WrongKeyError('BACKUP_KEY does not open this archive (wrong key, or damaged)')
              : new Error(`the encrypted archive is damaged (frame ${index})`);
          index += 1;
          if (plain.final) ended = true;
          this.push(plain.bytes);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      if (!ended || buffer.length)
        return callback(new Error('the encrypted archive is cut short (no final frame)'));
      callback();
    },
  });
}

function open(
  key: Buffer,
  prefix: Buffer,
  index: number,
  body: Buffer,
  tag: Buffer,
  final: boolean,
): { bytes: Buffer; final: boolean } | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(prefix, index));
    decipher.setAAD(Buffer.from([final ? 1 : 0]));
    decipher.setAuthTag(tag);
    return { bytes: Buffer.concat([decipher.update(body), decipher.final()]), final };
  } catch {
    return null;
  }
}

/** True when the first bytes are those of an encrypted archive. */
export const isEncrypted = (head: Buffer) =>
  head.length >= 8 && head.subarray(0, 8).equals(ENCRYPTED_MAGIC);
