// The one-time code that carries a login to the new church's host after a change of church
// (docs/security.md "Login carried by a link"): never a token in a URL, short-lived, spent
// once, stored only as its hash, and good only on the church it was made for.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TokenPair } from '../../contract/auth.ts';
import type { Database } from '../db/client.ts';
import { users, userTokens } from '../db/schema/index.ts';
import { issueTokenPair, randomToken, sha256 } from './tokens.ts';

export const SWITCH_PURPOSE = 'church-switch';
/** Enough for the browser to follow the redirect; a copied link is dead soon after. */
export const SWITCH_CODE_MS = 2 * 60_000;

/** A new code for `userId` on `churchId`; only its hash is kept. */
export async function issueSwitchCode(
  db: Database,
  userId: number,
  churchId: number,
): Promise<string> {
  const code = randomToken();
  await db.insert(userTokens).values({
    userId,
    churchId,
    purpose: SWITCH_PURPOSE,
    tokenHash: sha256(code),
    expiresAt: new Date(Date.now() + SWITCH_CODE_MS),
  });
  return code;
}

/** Spends the code for a token pair; null when unknown, spent, expired or for another church. */
export async function exchangeSwitchCode(
  db: Database,
  code: string,
  churchId: number,
): Promise<TokenPair | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(code)),
        eq(userTokens.purpose, SWITCH_PURPOSE),
        eq(userTokens.churchId, churchId),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!row) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return user ? issueTokenPair(db, user) : null;
}
