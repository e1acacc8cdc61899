// A slow ceiling per staff account (docs/security.md "Staff accounts"): wrong passwords for an
// account with a staff role in any church are counted across every address, so guesses spread
// over many addresses (each under its own per-address limit) still end in a growing wait. The
// wait never stops the real owner: a correct password from an address where this account has
// signed in before goes through, and the e-mailed password recovery link lifts the wait.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { churchUsers, loginAttempts } from '../db/schema/index.ts';
import { limitAddress } from '../http/client-address.ts';
import { clearFailures, lockedFor, recordFailure, type LimitRule } from './rate-limit.ts';

/** 20 wrong passwords in an hour from anywhere: 15 min, then 30, 60… up to a day. */
export const STAFF_ACCOUNT_RULE: LimitRule = {
  maxFailures: 20,
  windowMs: 60 * 60_000,
  lockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
};
/** An address stays "known" for the account this long after its last sign-in there. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60_000;

export const staffAccountKey = (userId: number) => `staff:account:${userId}`;
const knownKey = (userId: number, address: string) =>
  `known:user:${userId}|${limitAddress(address)}`;

/** True when the account holds a staff role in any church (active membership). */
export async function isStaffAccount(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: churchUsers.userId })
    .from(churchUsers)
    .where(
      and(
        eq(churchUsers.userId, userId),
        eq(churchUsers.active, true),
        sql`jsonb_array_length(${churchUsers.roles}) > 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether this account signed in from this address (its /64 for IPv6) in the last 90 days. */
export async function isKnownAddress(
  db: Database,
  userId: number,
  address: string,
  now = Date.now(),
): Promise<boolean> {
  const rows = await db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.key, knownKey(userId, address)),
        gt(loginAttempts.windowStart, new Date(now - KNOWN_ADDRESS_MS)),
      ),
    );
  return rows.length > 0;
}

/** Remembers a completed sign-in's address for the account. */
export async function rememberAddress(
  db: Database,
  userId: number,
  address: string,
  now = Date.now(),
): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ key: knownKey(userId, address), failures: 0, windowStart: new Date(now) })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: new Date(now) } });
}

/**
 * How long a staff account must wait before a password is even checked from this address: 0 for
 * an account that is not locked, and always 0 from an address it has signed in from before.
 */
export async function staffAccountWait(
  db: Database,
  userId: number,
  address: string,
  now = Date.now(),
): Promise<number> {
  const wait = await lockedFor(db, staffAccountKey(userId), now);
  if (wait <= 0) return 0;
  return (await isKnownAddress(db, userId, address, now)) ? 0 : wait;
}

export const recordStaffFailure = (db: Database, userId: number, now = Date.now()) =>
  recordFailure(db, staffAccountKey(userId), STAFF_ACCOUNT_RULE, now);

/** The recovery link proves the mailbox: the account's wait and its backoff end. */
export async function liftStaffWait(db: Database, userId: number): Promise<void> {
  await clearFailures(db, staffAccountKey(userId));
  await clearFailures(db, `backoff:${staffAccountKey(userId)}`);
}
