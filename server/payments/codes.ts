// Order and ticket codes people read aloud: letters and digits without look-alikes.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** e.g. orderCode('EV') → EV-7K2M9Q4X (32⁸ ≈ 10¹² codes). */
export function orderCode(prefix: string): string {
  return `${prefix}-${[...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}
