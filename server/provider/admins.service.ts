// Provider admins (docs/provider.md "Provider admins"): accounts that may use the provider's
// console. The first is made from the command line (scripts/provider.ts): a new account gets a
// one-time link to set its own password (never a default password); an existing one is marked.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ProviderMe } from '../../contract/provider.ts';
import { requireUser } from '../auth/authenticate.ts';
import { hashPassword } from '../auth/passwords.ts';
import { randomToken, revokeUserTokens, sha256 } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { recordProviderAudit, type ProviderActor } from './audit.ts';

/** A set-password link lasts a week. */
export const PASSWORD_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

export interface ProviderCaller extends ProviderActor {
  userId: number;
  email: string;
}

/** The caller when they are a provider admin; 401 without a login, 403 for anyone else. */
export async function requireProviderAdmin(db: Database, c: Context): Promise<ProviderCaller> {
  const user = await requireUser(db, c);
  const [row] = await db
    .select({ first: t.users.firstName, last: t.users.lastName })
    .from(t.providerAdmins)
    .innerJoin(t.users, eq(t.users.id, t.providerAdmins.userId))
    .where(eq(t.providerAdmins.userId, user.userId));
  if (!row) throw new ApiProblem(403, 'provider.forbidden');
  return {
    userId: user.userId,
    email: user.email,
    name: [row.first, row.last].filter(Boolean).join(' '),
  };
}

export const meOf = (caller: ProviderCaller): ProviderMe => ({
  id: caller.userId,
  nome: caller.name,
  email: caller.email,
});

export interface AddedAdmin {
  userId: number;
  /** A new account was made (it has no usable password until the link is used). */
  created: boolean;
  /** Already a provider admin before. */
  already: boolean;
  /** The one-time set-password link (new accounts only). */
  link: string | null;
}

/**
 * Makes `email` a provider admin: an existing account is marked; a missing one is created with
 * a password nobody knows and a one-time link (`<origin>/provider/password?token=…`) to set it.
 */
export async function addProviderAdmin(
  db: Database,
  email: string,
  origin: string,
  actor: ProviderActor = { userId: null, name: 'npm run provider' },
): Promise<AddedAdmin> {
  const address = email.trim().toLowerCase();
  const unusable = await hashPassword(randomToken()); // slow: before the transaction
  const token = randomToken();
  return db.transaction(async (tx) => {
    let [user] = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, address));
    const created = !user;
    if (!user)
      [user] = await tx
        .insert(t.users)
        .values({
          email: address,
          passwordHash: unusable,
          firstName: address.split('@')[0]!.slice(0, 60) || address,
        })
        .returning({ id: t.users.id });
    const userId = user!.id;
    const added = await tx
      .insert(t.providerAdmins)
      .values({ userId })
      .onConflictDoNothing()
      .returning({ userId: t.providerAdmins.userId });
    let link: string | null = null;
    if (created) {
      await tx.insert(t.providerTokens).values({
        purpose: 'senha',
        tokenHash: sha256(token),
        userId,
        email: address,
        expiresAt: new Date(Date.now() + PASSWORD_LINK_DAYS * DAY_MS),
      });
      link = `${origin}/provider/password?token=${encodeURIComponent(token)}`;
    }
    if (added.length)
      await recordProviderAudit(tx, actor, {
        action: 'admin.add',
        kind: 'provedor_admin',
        targetId: userId,
        summary: address,
        details: { contaCriada: created },
      });
    return { userId, created, already: !added.length, link };
  });
}

/** Removes a provider admin (the account stays). */
export async function removeProviderAdmin(db: Database, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, address));
    if (!user) return false;
    const gone = await tx
      .delete(t.providerAdmins)
      .where(eq(t.providerAdmins.userId, user.id))
      .returning({ userId: t.providerAdmins.userId });
    if (gone.length)
      await recordProviderAudit(
        tx,
        { userId: null, name: 'npm run provider' },
        { action: 'admin.remove', kind: 'provedor_admin', targetId: user.id, summary: address },
      );
    return gone.length > 0;
  });
}

export async function listProviderAdmins(db: Database) {
  return db
    .select({ email: t.users.email, since: t.providerAdmins.createdAt })
    .from(t.providerAdmins)
    .innerJoin(t.users, eq(t.users.id, t.providerAdmins.userId))
    .orderBy(t.users.email);
}

/** The set-password link's use: the password is set, the link spent, other sessions signed out. */
export async function setPasswordWithLink(
  db: Database,
  token: string,
  password: string,
): Promise<void> {
  const hash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.providerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(t.providerTokens.tokenHash, sha256(token)),
          eq(t.providerTokens.purpose, 'senha'),
          isNull(t.providerTokens.usedAt),
          gt(t.providerTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: t.providerTokens.userId });
    if (!row?.userId) throw fieldProblem(410, 'token', 'provider.password.invalid');
    await tx
      .update(t.users)
      .set({ passwordHash: hash, emailVerified: true, updatedAt: new Date() })
      .where(eq(t.users.id, row.userId));
    return row.userId;
  });
  await revokeUserTokens(db, userId);
}
