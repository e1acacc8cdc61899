// The one scope of a member-side call (docs/architecture.md "The member side"), the twin of the
// staff gate (server/staff/scope.ts): the active church the call names — by the path's slug, the
// query's church id (or the host's church), or a row the call reads — with the route's module,
// found once through server/http/church-scope.ts; and the caller when the route asks for one.
// Handlers read it with `memberOf(c)` and hand it to services as `(deps, scope, …)`; a route file
// never looks the church up itself (tests/unit/member-scope.test.ts).
import type { Context, MiddlewareHandler } from 'hono';
import type { MessageLang } from '../../contract/messages/index.ts';
import {
  authenticate,
  requireMembership,
  requireUser,
  type AuthUser,
  type Membership,
} from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import {
  churchById,
  churchByIdOrHost,
  churchBySlug,
  type ScopedChurch,
  type ScopeOptions,
} from '../http/church-scope.ts';
import { langOf } from '../http/errors.ts';

export interface MemberScope {
  church: ScopedChurch;
  /** The caller when a valid token came (always with `caller: 'user' | 'member'`), else null. */
  user: AuthUser | null;
  /** The caller's active membership of the church (always with `caller: 'member'`), else null. */
  membership: Membership | null;
  lang: MessageLang;
}

/** A scope whose caller is known to be signed in (`caller: 'user'`). */
export type SignedInScope = MemberScope & { user: AuthUser };
/** A scope whose caller is known to be an active member of its church (`caller: 'member'`). */
export type MembersScope = SignedInScope & { membership: Membership };

/** Hono's environment of member routes: `c.get('member')` after `memberScope`. */
export type MemberEnv = { Variables: { member: MemberScope } };

/** Where the call names its church. */
export type ChurchFrom =
  /** `/…/{slug}/…` (the parameter `slug`, or `key`) */
  | 'slug'
  /** `?igreja=` (or `key`), a church id */
  | 'query'
  /** `?igreja=` when given, else the host's church (churchByIdOrHost) */
  | 'query-or-host';

export interface MemberScopeOptions extends ScopeOptions {
  /** Where the church is named; default the path's slug. */
  from?: ChurchFrom;
  /** The parameter or query name when it is not `slug` / `igreja`. */
  key?: string;
  /**
   * Who may call: anyone (default; the caller is read when a token came), a signed-in user (401
   * otherwise) or an active member of the church (401 / 403 'user.notMember').
   */
  caller?: 'anyone' | 'user' | 'member';
  /** Check the login before the church (spec §6: a visitor is asked to log in whatever they sent). */
  loginFirst?: boolean;
  /** The caller, when the route already knows them (not looked up again). */
  user?: AuthUser;
}

/** The caller a route already knows: given, or set by a login-first middleware (`c.get('user')`). */
async function knownCaller(
  db: Database,
  c: Context,
  options: MemberScopeOptions,
): Promise<AuthUser | undefined> {
  const known = options.user ?? (c.get('user') as AuthUser | undefined);
  return known ?? (options.loginFirst ? requireUser(db, c) : undefined);
}

/** The value a validator already parsed, else the raw one (a route may scope before validating). */
function named(c: Context, target: 'param' | 'query', key: string): string | number | undefined {
  const valid = (c.req.valid as (t: string) => Record<string, unknown> | undefined)(target);
  const value = valid?.[key] ?? (target === 'param' ? c.req.param(key) : c.req.query(key));
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

async function findChurch(
  db: Database,
  c: Context,
  options: MemberScopeOptions,
): Promise<ScopedChurch> {
  const { from = 'slug', key } = options;
  if (from === 'slug')
    return churchBySlug(db, String(named(c, 'param', key ?? 'slug') ?? ''), options);
  const raw = named(c, 'query', key ?? 'igreja');
  const id = raw === undefined || raw === '' ? undefined : Number(raw);
  if (from === 'query-or-host') return churchByIdOrHost(db, c, id, options);
  return churchById(db, id ?? NaN, options);
}

async function callerOf(
  db: Database,
  c: Context,
  church: ScopedChurch,
  options: MemberScopeOptions,
  known?: AuthUser,
): Promise<Pick<MemberScope, 'user' | 'membership'>> {
  const caller = options.caller ?? 'anyone';
  if (caller === 'anyone') return { user: known ?? (await authenticate(db, c)), membership: null };
  const user = known ?? (await requireUser(db, c));
  if (caller === 'user') return { user, membership: null };
  return requireMembership(db, user, church.id);
}

/**
 * The scope of a call whose church a row names (a prayer's, a gift's, an event's): the same
 * look-up and checks as the middleware, given the church id; it is kept on the request too.
 */
export async function scopeOfChurch(
  db: Database,
  c: Context,
  churchId: number,
  options: Omit<MemberScopeOptions, 'from' | 'key'> = {},
): Promise<MemberScope> {
  const known = await knownCaller(db, c, options);
  const church = await churchById(db, churchId, options);
  const scope = { church, ...(await callerOf(db, c, church, options, known)), lang: langOf(c) };
  c.set('member', scope);
  return scope;
}

/**
 * The scope of a members-only call whose church a row or the JSON body names: the caller's login
 * first (401), the church (404), then their active membership (403 'user.notMember').
 */
export async function membersScopeOfChurch(
  db: Database,
  c: Context,
  churchId: number,
): Promise<MembersScope> {
  return (await scopeOfChurch(db, c, churchId, {
    caller: 'member',
    loginFirst: true,
  })) as MembersScope;
}

/** Resolves the church of the call and, when asked, the caller, once; `memberOf(c)` reads it. */
export function memberScope(
  db: Database,
  options: MemberScopeOptions = {},
): MiddlewareHandler<MemberEnv> {
  return async (c, next) => {
    const known = await knownCaller(db, c, options);
    const church = await findChurch(db, c, options);
    c.set('member', {
      church,
      ...(await callerOf(db, c, church, options, known)),
      lang: langOf(c),
    });
    await next();
  };
}

/** The scope of a member request (after `memberScope` or `scopeOfChurch`). */
export const memberOf = (c: Context): MemberScope => {
  const scope = c.get('member') as MemberScope | undefined;
  if (!scope) throw new Error('memberOf: the route has no memberScope');
  return scope;
};

/** The scope of a route scoped with `caller: 'user'`. */
export const signedInOf = (c: Context): SignedInScope => {
  const scope = memberOf(c);
  if (!scope.user) throw new Error('signedInOf: the route scopes without a caller');
  return scope as SignedInScope;
};

/** The scope of a route scoped with `caller: 'member'`. */
export const membersOf = (c: Context): MembersScope => {
  const scope = memberOf(c);
  if (!scope.membership) throw new Error('membersOf: the route scopes without a member');
  return scope as MembersScope;
};
