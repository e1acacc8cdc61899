// The account security rules behind auth.routes.ts (spec §7 "Auth and user", §8): one-time
// links spent once, the password reset and change (every other session ends), e-mail
// verification (the account and its membership become active).
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { churchUsers, users, userTokens } from '../db/schema/index.ts';
import { fieldProblem } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserTokens, sha256 } from './tokens.ts';
import { claimVisitorTickets } from '../events/visitor-tickets.ts';

type UserRow = typeof users.$inferSelect;

export async function userById(db: Database, userId: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** Spends a one-time token of the given purpose; null when unknown, used or expired. */
async function spendToken(db: Database, token: string, purpose: 'activation' | 'recovery') {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The recovery link's new password; every session of the account ends. False when the link is
 * unknown, used or expired; the user (null if gone) otherwise.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
): Promise<false | UserRow | null> {
  const row = await spendToken(db, token, 'recovery');
  if (!row) return false;
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, row.userId))
    .returning();
  await revokeUserTokens(db, row.userId);
  return user ?? null;
}

/** The activation link: the account and its membership of the link's church become active. */
export async function verifyEmail(db: Database, token: string): Promise<boolean> {
  const row = await spendToken(db, token, 'activation');
  if (!row) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ active: true, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await tx
      .update(churchUsers)
      .set({ active: true })
      .where(and(eq(churchUsers.userId, row.userId), eq(churchUsers.churchId, row.churchId)));
    // The address is proven: tickets bought under it without an account become this account's.
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    if (user) await claimVisitorTickets(tx, row.userId, user.email);
  });
  return true;
}

/** A new password after the current one; other devices must log in again. */
export async function changePassword(
  db: Database,
  userId: number,
  current: string,
  next: string,
): Promise<UserRow> {
  const user = await userById(db, userId);
  // 422, not 401: a wrong current password must not end the session (spec §8 global 401 rule)
  if (!user || !(await verifyPassword(user.passwordHash, current)))
    throw fieldProblem(422, 'senhaAtual', 'auth.wrongPassword');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserTokens(db, user.id);
  return user;
}
