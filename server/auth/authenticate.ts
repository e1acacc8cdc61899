// Who is calling: the bearer token's user and their membership of a church (spec §6:
// authenticated calls use a bearer token). Other resources use these helpers too.
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client.ts';
import { churchUsers, users } from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { verifyAccessToken } from './tokens.ts';

export interface AuthUser {
  userId: number;
  email: string;
}

export interface Membership {
  id: number;
  churchId: number;
  userId: number;
  active: boolean;
  roles: string[];
  congregationId: number | null;
  memberNumber: string | null;
}

/** The bearer token of a request, if any. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The user of the bearer token, or null when the request has none. A token that is expired,
 * forged or whose account is gone or inactive is a 401, never an anonymous caller: a call that
 * also takes visitors (a gift, a ticket) must not quietly become a visitor's (docs/accounts.md).
 */
export async function authenticate(db: Database, c: Context): Promise<AuthUser | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims) throw new ApiProblem(401, 'auth.loginRequired');
  const [row] = await db
    .select({ id: users.id, email: users.email, active: users.active })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!row || !row.active) throw new ApiProblem(401, 'auth.loginRequired');
  return { userId: row.id, email: row.email };
}

/** The caller, or a 401 'É necessário realizar o login…' (spec §6). */
export async function requireUser(db: Database, c: Context): Promise<AuthUser> {
  const user = await authenticate(db, c);
  if (!user) throw new ApiProblem(401, 'auth.loginRequired');
  return user;
}

/** A 403 unless the id in the path is the caller's own: a member reads and changes only their own data. */
export function requireSelf(user: AuthUser, userId: number): void {
  if (user.userId !== userId) throw new ApiProblem(403, 'auth.forbidden');
}

export async function membershipOf(
  db: Database,
  userId: number,
  churchId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(churchUsers)
    .where(and(eq(churchUsers.userId, userId), eq(churchUsers.churchId, churchId)));
  return row
    ? {
        id: row.id,
        churchId: row.churchId,
        userId: row.userId,
        active: row.active,
        roles: row.roles,
        congregationId: row.congregationId,
        memberNumber: row.memberNumber,
      }
    : null;
}

/**
 * The caller and their active membership of the church, or 401 (no valid token) / 403 (not a
 * member of this church). Use it for every church-scoped call that needs a logged-in member.
 */
export async function requireMember(
  db: Database,
  c: Context,
  churchId: number,
): Promise<{ user: AuthUser; membership: Membership }> {
  return requireMembership(db, await requireUser(db, c), churchId);
}

/** requireMember for services, which are given the caller (or null) instead of the request. */
export async function requireMembership(
  db: Database,
  user: AuthUser | null,
  churchId: number,
): Promise<{ user: AuthUser; membership: Membership }> {
  if (!user) throw new ApiProblem(401, 'auth.loginRequired');
  const membership = await membershipOf(db, user.userId, churchId);
  if (!membership || !membership.active) throw new ApiProblem(403, 'user.notMember');
  return { user, membership };
}
