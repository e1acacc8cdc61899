// Login attempts limited per account and per address (DESIGN.md §4). Counts live in the
// database so every API node sees the same numbers.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema/index.ts';

export interface LimitRule {
  /** Failures allowed inside the window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const ACCOUNT_RULE: LimitRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_RULE: LimitRule = { maxFailures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Milliseconds until the key may try again, or 0 when it is not locked. */
export async function lockedFor(db: Database, key: string, now = Date.now()): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now ? until - now : 0;
}

/** Counts a failure; locks the key once it reaches the rule's maximum inside the window. */
export async function recordFailure(db: Database, key: string, rule: LimitRule, now = Date.now()): Promise<void> {
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
  await db
    .update(loginAttempts)
    .set({ lockedUntil: new Date(now + rule.lockMs), failures: 0, windowStart: nowDate })
    .where(sql`${loginAttempts.key} = ${key} and ${loginAttempts.failures} >= ${rule.maxFailures}`);
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
