// Login attempts and public account calls limited per key (docs/security.md "Login and account limits").
// Wrong passwords count per account *and address together*, with a lock that doubles each time,
// so a stranger guessing from elsewhere never locks the owner out of their own device; each
// address also has a ceiling across all accounts. Counts live in the database so every API node
// sees the same numbers.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema/index.ts';
import { limitAddress } from '../http/client-address.ts';

export interface LimitRule {
  /** Failures (or calls) allowed inside the window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  /** The first lock; with maxLockMs set, each further lock within a day doubles it up to maxLockMs. */
  lockMs: number;
  maxLockMs?: number;
}

/** Wrong passwords for one account from one address: 5, then 1 min, 2, 4… up to an hour. */
export const PAIR_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 60_000,
  maxLockMs: 60 * 60_000,
};
/** Wrong passwords from one address, whatever the account. */
export const ADDRESS_RULE: LimitRule = {
  maxFailures: 50,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};
/** Public "does this e-mail have an account" lookups (the access page's first step) per address. */
export const LOOKUP_RULE: LimitRule = {
  maxFailures: 120,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};
/** New accounts per address. */
export const SIGNUP_RULE: LimitRule = {
  maxFailures: 20,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
/** Recovery and activation e-mails per address, and per e-mail address. */
export const MAIL_ADDRESS_RULE: LimitRule = {
  maxFailures: 20,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
export const MAIL_ACCOUNT_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** Visitor gifts and anonymous card tokens per address, per e-mail and per card (docs/security.md "Visitor gifts and card testing"). */
export const VISITOR_GIFT_ADDRESS_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
export const VISITOR_GIFT_EMAIL_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
export const CARD_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
export const CARD_TOKEN_ADDRESS_RULE: LimitRule = {
  maxFailures: 10,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
/** Declined cards: 2 from one address or on one card, then a cool-down that doubles up to a day. */
export const DECLINED_RULE: LimitRule = {
  maxFailures: 2,
  windowMs: 60 * 60_000,
  lockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
};

const email = (value: string) => value.trim().toLowerCase();
/** Kept for the account's own counters (password recovery mails). */
export const accountKey = (value: string) => `account:${email(value)}`;
/** One address's key (an IPv6 client counts by its /64: limitAddress). */
export const addressKey = (ip: string) => `ip:${limitAddress(ip)}`;
/** One account tried from one address. */
export const pairKey = (value: string, ip: string) => `pair:${email(value)}|${limitAddress(ip)}`;
const BACKOFF_DAY_MS = 24 * 60 * 60_000;

/** Milliseconds until the key may try again, or 0 when it is not locked. */
export async function lockedFor(db: Database, key: string, now = Date.now()): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now ? until - now : 0;
}

/** The longest wait of several keys. */
export async function longestWait(db: Database, keys: string[], now = Date.now()): Promise<number> {
  return Math.max(0, ...(await Promise.all(keys.map((k) => lockedFor(db, k, now)))));
}

/** Counts a failure; locks the key once it reaches the rule's maximum inside the window. */
export async function recordFailure(
  db: Database,
  key: string,
  rule: LimitRule,
  now = Date.now(),
): Promise<void> {
  const windowStart = new Date(now - rule.windowMs);
  const nowDate = new Date(now);
  // One statement, so concurrent failures cannot lose counts: a stale window starts over.
  await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStart: nowDate })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} < ${windowStart.toISOString()}::timestamptz then ${nowDate.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
      },
    });
  const locked = await db
    .update(loginAttempts)
    .set({ lockedUntil: new Date(now + rule.lockMs), failures: 0, windowStart: nowDate })
    .where(sql`${loginAttempts.key} = ${key} and ${loginAttempts.failures} >= ${rule.maxFailures}`)
    .returning({ key: loginAttempts.key });
  if (!locked.length || !rule.maxLockMs) return;
  // Backoff: how many times this key was locked in the last day (kept in a row of its own).
  const levelKey = `backoff:${key}`;
  const dayAgo = new Date(now - BACKOFF_DAY_MS);
  const [level] = await db
    .insert(loginAttempts)
    .values({ key: levelKey, failures: 1, windowStart: nowDate })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} < ${dayAgo.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} < ${dayAgo.toISOString()}::timestamptz then ${nowDate.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures });
  const lockMs = Math.min(
    rule.lockMs * 2 ** Math.max(0, (level?.failures ?? 1) - 1),
    rule.maxLockMs,
  );
  await db
    .update(loginAttempts)
    .set({ lockedUntil: new Date(now + lockMs) })
    .where(eq(loginAttempts.key, key));
}

/**
 * Counts one call against a rule and says how long the caller must wait (0: go ahead).
 * The call that reaches the maximum still goes through; the next ones wait.
 */
export async function spend(
  db: Database,
  key: string,
  rule: LimitRule,
  now = Date.now(),
): Promise<number> {
  const wait = await lockedFor(db, key, now);
  if (wait > 0) return wait;
  await recordFailure(db, key, rule, now);
  return 0;
}

/** A success forgets the failures (not the backoff level, which ages out after a day). */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
