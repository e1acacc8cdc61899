// The one gate of every staff call (docs/staff.md): `/admin/{slug}/…` finds the active church of
// the path, the caller from the bearer token and their roles there; `staffArea(area)` then
// answers 403 unless those roles may use the area (contract/staff.ts STAFF_AREAS), and 404 when
// the church lacks the area's module, as the public calls of that module answer (spec §2 module
// gate; docs/staff.md "Modules"). A member, a visitor or the staff of another church never
// reaches a handler.
import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { areasFor, churchHasArea, mayUse, type StaffArea } from '../../contract/staff.ts';
import type { MessageLang } from '../../contract/messages/index.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchWithModulesBySlug } from '../http/church-scope.ts';
import { ApiProblem, langOf, notFound } from '../http/errors.ts';
import { staffRolesIn, type StaffChurch } from './access.ts';
import { staffTwoFactor } from '../auth/two-factor.service.ts';
import type { StaffActor } from './audit.ts';

export interface StaffScope {
  church: StaffChurch;
  actor: StaffActor;
  email: string;
  lang: MessageLang;
  /** The caller leads a volunteer team here (docs/volunteers.md): they reach the `teams` area even without a staff role. */
  leadsTeam?: boolean;
  /** Whether the church requires two-factor sign-in of its staff, and whether the caller has it on. */
  twoFactor?: { exigido: boolean; ativo: boolean };
}

/** Hono's environment of staff routes: `c.get('staff')` after the gate. */
export type StaffEnv = { Variables: { staff: StaffScope } };

/** Resolves church, caller and roles once per staff request; 401 without a login, 403 without a staff role here. */
export function staffGate(db: Database): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const slug = c.req.param('slug') ?? '';
    const scoped = await churchWithModulesBySlug(db, slug, { notFoundMessage: 'staff.notFound' });
    const user = await requireUser(db, c);
    const [extra] = await db
      .select({ organizationId: t.churches.organizationId })
      .from(t.churches)
      .where(eq(t.churches.id, scoped.id));
    const church: StaffChurch = {
      id: scoped.id,
      slug: scoped.slug,
      code: scoped.code,
      name: scoped.name,
      locale: scoped.locale,
      organizationId: extra?.organizationId ?? null,
      modules: scoped.modules,
    };
    const roles = await staffRolesIn(db, user.userId, church);
    // a team leader without a staff role reaches their team's area only (server/teams checks which team)
    const [lead] = await db
      .select({ id: t.teamMembers.id })
      .from(t.teamMembers)
      .where(
        and(
          eq(t.teamMembers.churchId, church.id),
          eq(t.teamMembers.userId, user.userId),
          eq(t.teamMembers.leader, true),
          eq(t.teamMembers.state, 'ativo'),
        ),
      )
      .limit(1);
    const leadsTeam = Boolean(lead);
    if (areasFor(roles).length === 0 && !leadsTeam) throw new ApiProblem(403, 'staff.notStaff');
    const [person] = await db
      .select({ first: t.users.firstName, last: t.users.lastName })
      .from(t.users)
      .where(eq(t.users.id, user.userId));
    const name = [person?.first, person?.last].filter(Boolean).join(' ') || user.email;
    // a church that requires two-factor lets its staff without it read only who they are (`eu`),
    // so the staff page can lead them to turn it on (docs/security.md "Two-factor sign-in")
    const twoFactor = await staffTwoFactor(db, church.id, user.userId);
    if (twoFactor.exigido && !twoFactor.ativo && !/\/eu\/?$/.test(c.req.path))
      throw new ApiProblem(403, 'twoFactor.required');
    c.set('staff', {
      church,
      actor: { userId: user.userId, name, churchId: church.id, roles },
      email: user.email,
      lang: langOf(c),
      twoFactor,
      leadsTeam,
    });
    await next();
  };
}

/** 404 when the church lacks every module of these areas: the public calls' answer for a module it lacks. */
export function assertChurchHas(scope: StaffScope, ...areas: StaffArea[]): void {
  if (!areas.some((area) => churchHasArea(scope.church.modules, area))) throw notFound();
}

/** 404 when the church lacks the area's module; 403 unless the caller's roles may use it. */
export function staffArea(area: StaffArea): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    assertChurchHas(c.get('staff'), area);
    if (!mayUse(c.get('staff').actor.roles, area)) throw new ApiProblem(403, 'staff.forbidden');
    await next();
  };
}

/** 404 when the church lacks this module (a part of an area, e.g. the prayer wall of moderation). */
export function staffModule(code: string): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    if (!c.get('staff').church.modules.includes(code)) throw notFound();
    await next();
  };
}

/** The scope of a staff request (after `staffGate`). */
export const staffOf = (c: Context<StaffEnv>): StaffScope => c.get('staff');
