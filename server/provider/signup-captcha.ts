// The sign-up's proof of work (docs/provider.md "Sign-up"): the visitors' challenge of
// server/giving/captcha.ts (same scheme, same browser solver src/lib/giving/proof-of-work.ts),
// made for no church (church id 0) and spent in the provider's own table, since a sign-up has no
// church yet for captcha_usado to point at.
import { lt } from 'drizzle-orm';
import { createCaptcha, powHash, type Captcha } from '../giving/captcha.ts';
import { signer } from '../auth/signing.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

const captchaSigner = signer('captcha');
const NO_CHURCH = 0;

export const signupCaptcha = (now = new Date()): Captcha => createCaptcha(NO_CHURCH, now);

/** Checks an answer and spends the token (a token gets one try, right or wrong). */
export async function spendSignupCaptcha(
  db: Database,
  token: string,
  answer: string,
  now = new Date(),
): Promise<boolean> {
  const [body, sig] = token.split('.');
  if (!body || !sig || !captchaSigner.verify(sig, body)) return false;
  let p: { n?: unknown; c?: unknown; e?: unknown; s?: unknown; x?: unknown };
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof p;
  } catch {
    return false;
  }
  if (p.c !== NO_CHURCH || typeof p.e !== 'number' || p.e < now.getTime()) return false;
  if (typeof p.n !== 'string' || typeof p.s !== 'string' || typeof p.x !== 'string') return false;
  const spent = await db
    .insert(t.providerSpentCaptchas)
    .values({ id: p.n, expiresAt: new Date(p.e) })
    .onConflictDoNothing()
    .returning({ id: t.providerSpentCaptchas.id });
  if (!spent.length) return false;
  await db
    .delete(t.providerSpentCaptchas)
    .where(lt(t.providerSpentCaptchas.expiresAt, new Date(now.getTime() - 60_000)));
  const number = answer.trim();
  return /^\d{1,7}$/.test(number) && powHash(p.s, Number(number)) === p.x;
}
