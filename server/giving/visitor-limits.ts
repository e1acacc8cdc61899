// Card testing through visitor gifts (docs/security.md "Visitor gifts and card testing"): gifts
// without an account and anonymous card tokens are counted per address, per e-mail and per
// card in the database (every node shares them), and a declined card cools down its address
// and itself. Each limit is far above what one person giving needs and far below a script's run.
import { and, eq } from 'drizzle-orm';
import {
  CARD_RULE,
  CARD_TOKEN_ADDRESS_RULE,
  DECLINED_RULE,
  longestWait,
  recordFailure,
  spend,
  VISITOR_GIFT_ADDRESS_RULE,
  VISITOR_GIFT_EMAIL_RULE,
} from '../auth/rate-limit.ts';
import { signer } from '../auth/signing.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';

const fingerprints = signer('card-fingerprint');

/** One card, whatever its tokens: keyed hash of brand, last digits and expiry (no number is kept). */
export const cardFingerprint = (card: { brand: string; last4: string; expiry: string }): string =>
  fingerprints.sign(`${card.brand}|${card.last4}|${card.expiry}`).slice(0, 22);

/** The fingerprint of a stored card token of this church, or null. */
export async function tokenFingerprint(
  db: Database,
  churchId: number,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ brand: t.cardTokens.brand, last4: t.cardTokens.last4, expiry: t.cardTokens.expiry })
    .from(t.cardTokens)
    .where(and(eq(t.cardTokens.token, token), eq(t.cardTokens.churchId, churchId)));
  return row ? cardFingerprint(row) : null;
}

/** 429 naming the wait in minutes, in the caller's language. */
function refuse(wait: number, key: 'give.tooMany' | 'give.cardCooldown'): never {
  throw new ApiProblem(429, key, undefined, {
    minutes: Math.max(1, Math.ceil(wait / 60_000)),
  });
}

const declinedKeys = (address: string, card: string | null) => [
  `declined:ip:${address}`,
  ...(card ? [`declined:card:${card}`] : []),
];

/** Counts a visitor's gift attempt; refuses a busy address, e-mail or card, or one cooling down. */
export async function spendVisitorGift(
  db: Database,
  { address, email, card }: { address: string; email: string; card: string | null },
): Promise<void> {
  const cooling = await longestWait(db, declinedKeys(address, card));
  if (cooling > 0) refuse(cooling, 'give.cardCooldown');
  const waits = [
    await spend(db, `gift:ip:${address}`, VISITOR_GIFT_ADDRESS_RULE),
    await spend(db, `gift:email:${email.trim().toLowerCase()}`, VISITOR_GIFT_EMAIL_RULE),
    card ? await spend(db, `gift:card:${card}`, CARD_RULE) : 0,
  ];
  const wait = Math.max(...waits);
  if (wait > 0) refuse(wait, 'give.tooMany');
}

/** Counts an anonymous card tokenisation per address and per card. */
export async function spendAnonymousCardToken(
  db: Database,
  address: string,
  card: string | null,
): Promise<void> {
  const cooling = await longestWait(db, declinedKeys(address, card));
  if (cooling > 0) refuse(cooling, 'give.cardCooldown');
  const waits = [
    await spend(db, `cardtoken:ip:${address}`, CARD_TOKEN_ADDRESS_RULE),
    card ? await spend(db, `cardtoken:card:${card}`, CARD_RULE) : 0,
  ];
  const wait = Math.max(...waits);
  if (wait > 0) refuse(wait, 'give.tooMany');
}

/** A declined card: its address and the card itself cool down (doubling up to a day). */
export async function recordDeclined(
  db: Database,
  address: string,
  card: string | null,
): Promise<void> {
  for (const key of declinedKeys(address, card)) await recordFailure(db, key, DECLINED_RULE);
}
