// Who may do what in a church's staff area (docs/staff.md "Roles"): the caller's roles in the
// church, with ROLE_SUPER_ADMIN carried over every church of the organisation it was given in.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { areasFor } from '../../contract/staff.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { accountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export interface StaffChurch {
  id: number;
  slug: string;
  code: string;
  name: string;
  locale: string;
  organizationId: number | null;
  /** Codes of its enabled modules (spec §1): areas of the others are left out (contract/staff.ts AREA_MODULES). */
  modules: string[];
}

/** The caller's staff roles in the church (ROLE_SUPER_ADMIN added when held anywhere in its organisation). */
export async function staffRolesIn(
  db: Database,
  userId: number,
  church: StaffChurch,
): Promise<string[]> {
  const [own] = await db
    .select({ roles: t.churchUsers.roles, active: t.churchUsers.active })
    .from(t.churchUsers)
    .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.churchId, church.id)));
  const roles = new Set(own?.active ? own.roles : []);
  if (!roles.has('ROLE_SUPER_ADMIN') && church.organizationId !== null) {
    const [held] = await db
      .select({ id: t.churchUsers.id })
      .from(t.churchUsers)
      .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
      .where(
        and(
          eq(t.churchUsers.userId, userId),
          eq(t.churchUsers.active, true),
          eq(t.churches.organizationId, church.organizationId),
          sql`${t.churchUsers.roles} @> '["ROLE_SUPER_ADMIN"]'::jsonb`,
        ),
      )
      .limit(1);
    if (held) roles.add('ROLE_SUPER_ADMIN');
  }
  return [...roles];
}

/** Every active church where the caller has a staff area (the church switcher). */
export async function staffChurchesOf(
  db: Database,
  userId: number,
): Promise<{ id: number; codigo: string; nome: string; url: string }[]> {
  const memberships = await db
    .select({
      churchId: t.churchUsers.churchId,
      roles: t.churchUsers.roles,
      organizationId: t.churches.organizationId,
    })
    .from(t.churchUsers)
    .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
    .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.active, true)));
  const ids = new Set(
    memberships.filter((m) => areasFor(m.roles).length > 0).map((m) => m.churchId),
  );
  const organizations = memberships
    .filter((m) => m.roles.includes('ROLE_SUPER_ADMIN') && m.organizationId !== null)
    .map((m) => m.organizationId!);
  const rows = await db
    .select({ id: t.churches.id, codigo: t.churches.code, nome: t.churches.name })
    .from(t.churches)
    .where(
      and(
        eq(t.churches.active, true),
        organizations.length
          ? sql`(${t.churches.id} in ${ids.size ? [...ids] : [0]} or ${inArray(t.churches.organizationId, organizations)})`
          : inArray(t.churches.id, ids.size ? [...ids] : [0]),
      ),
    )
    .orderBy(t.churches.name);
  return rows.map((row) => ({
    ...row,
    url: `${churchHomeUrl(row.codigo, accountSettings())}/admin`,
  }));
}
