// Our own challenge (docs/security.md "Visitor gifts and card testing"; no third-party service):
// a proof of work in ALTCHA's scheme. The server picks a secret number n ≤ MAX_NUMBER and hands
// out salt and SHA-256(salt + n); the browser finds n by trying them all (Web Crypto), so the
// answer is in no page or image a script could read, and every attempt costs the sender work.
// The token is HMAC-signed, expires and answers once (spent tokens in captcha_usado).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { signer } from '../auth/signing.ts';

export const CAPTCHA_MINUTES = 10;
/** About 50 000 SHA-256 on average: a second or two in a browser, the same for every attempt a script makes. */
export const MAX_NUMBER = 100_000;
export const ALGORITHM = 'SHA-256' as const;

const captchaSigner = signer('captcha');
const mac = captchaSigner.sign;

interface Payload {
  /** nonce: the token's id once spent */
  n: string;
  /** church id */
  c: number;
  /** expiry, epoch ms */
  e: number;
  /** salt the browser hashes with each candidate number */
  s: string;
  /** the challenge: hex SHA-256 of salt + the secret number */
  x: string;
}

export interface Captcha {
  token: string;
  salt: string;
  challenge: string;
  maxNumber: number;
  expiresAt: Date;
  /** Only for tests: the expected answer. */
  answer: string;
}

export const powHash = (salt: string, number: number | string): string =>
  createHash('sha256').update(`${salt}${number}`).digest('hex');

/** Finds the number as the browser does (src/lib/giving/proof-of-work.ts), for scripts and tests. */
export function solveChallenge(salt: string, challenge: string, max = MAX_NUMBER): number | null {
  for (let n = 0; n <= max; n++) if (powHash(salt, n) === challenge) return n;
  return null;
}

/** A new challenge for a church. */
export function createCaptcha(churchId: number, now = new Date(), maxNumber = MAX_NUMBER): Captcha {
  const number = randomInt(0, maxNumber + 1);
  const n = randomBytes(12).toString('base64url');
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(now.getTime() / 1000) + CAPTCHA_MINUTES * 60}&`;
  const challenge = powHash(salt, number);
  const expiresAt = new Date(now.getTime() + CAPTCHA_MINUTES * 60_000);
  const payload: Payload = { n, c: churchId, e: expiresAt.getTime(), s: salt, x: challenge };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    token: `${body}.${mac(body)}`,
    salt,
    challenge,
    maxNumber,
    expiresAt,
    answer: String(number),
  };
}

/** The payload of a well-signed, unexpired token of this church, or null. */
function readToken(token: string, churchId: number, now: Date): Payload | null {
  const [body, sig] = token.split('.');
  if (!body || !sig || !captchaSigner.verify(sig, body)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (p.c !== churchId || typeof p.e !== 'number' || p.e < now.getTime()) return null;
    if (typeof p.s !== 'string' || typeof p.x !== 'string') return null;
    return p;
  } catch {
    return null;
  }
}

/**
 * Checks an answer and spends the token (even when the answer is wrong: a token gets one try).
 * Returns true only for the right answer of a token that was never used.
 */
export async function spendCaptcha(
  db: Pick<Database, 'insert' | 'delete'>,
  churchId: number,
  token: string,
  answer: string,
  now = new Date(),
): Promise<boolean> {
  const payload = readToken(token, churchId, now);
  if (!payload) return false;
  const spent = await db
    .insert(t.spentCaptchas)
    .values({ id: payload.n, churchId, expiresAt: new Date(payload.e) })
    .onConflictDoNothing()
    .returning({ id: t.spentCaptchas.id });
  if (!spent.length) return false;
  // Old spent tokens can go: an expired token is refused by its signature check anyway.
  await db
    .delete(t.spentCaptchas)
    .where(lt(t.spentCaptchas.expiresAt, new Date(now.getTime() - 60_000)));
  const number = answer.trim();
  return /^\d{1,7}$/.test(number) && powHash(payload.s, Number(number)) === payload.x;
}
