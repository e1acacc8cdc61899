// Our own captcha (issue 8: no third-party service): a server-drawn SVG sum, and a token that
// is HMAC-signed, expires and answers once. The token carries only a keyed hash of the answer,
// so neither the token nor the page reveals it; the spent token is recorded in captcha_usado.
import { randomBytes, randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { signer } from '../auth/signing.ts';

export const CAPTCHA_MINUTES = 10;

const captchaSigner = signer('captcha');
const mac = captchaSigner.sign;

interface Payload {
  /** nonce: the token's id once spent */
  n: string;
  /** church id */
  c: number;
  /** expiry, epoch ms */
  e: number;
  /** keyed hash of the answer */
  h: string;
}

export interface Captcha {
  token: string;
  svg: string;
  expiresAt: Date;
  /** Only for tests: the expected answer. */
  answer: string;
}

/** A new challenge for a church. */
export function createCaptcha(churchId: number, now = new Date()): Captcha {
  const a = randomInt(2, 10);
  const b = randomInt(1, 10);
  const answer = String(a + b);
  const n = randomBytes(12).toString('base64url');
  const expiresAt = new Date(now.getTime() + CAPTCHA_MINUTES * 60_000);
  const payload: Payload = { n, c: churchId, e: expiresAt.getTime(), h: mac(`${n}:${answer}`) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${body}.${mac(body)}`, svg: drawSum(a, b), expiresAt, answer };
}

/** The payload of a well-signed, unexpired token of this church, or null. */
function readToken(token: string, churchId: number, now: Date): Payload | null {
  const [body, sig] = token.split('.');
  if (!body || !sig || !captchaSigner.verify(sig, body)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (p.c !== churchId || typeof p.e !== 'number' || p.e < now.getTime()) return null;
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
  return captchaSigner.verify(payload.h, `${payload.n}:${answer.trim()}`);
}

/** "a + b = ?" drawn as paths-free SVG text with noise lines and jitter. */
function drawSum(a: number, b: number): string {
  const chars = `${a} + ${b} = ?`.split('');
  const glyphs = chars
    .map((ch, i) => {
      const x = 14 + i * 17 + randomInt(-2, 3);
      const y = 34 + randomInt(-5, 6);
      const r = randomInt(-18, 19);
      return ch === ' '
        ? ''
        : `<text x="${x}" y="${y}" transform="rotate(${r} ${x} ${y})">${ch === '?' ? '?' : ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [
      randomInt(0, 60),
      randomInt(0, 50),
      randomInt(120, 200),
      randomInt(0, 50),
    ];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#8a94a6" stroke-width="1"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" viewBox="0 0 200 50"><rect width="200" height="50" fill="#f3f5f9"/>${lines}<g font-family="Georgia,serif" font-size="24" fill="#1d2433">${glyphs}</g></svg>`;
}
