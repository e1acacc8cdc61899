// The staff area's roles, what each may do, and the calls every staff page shares (docs/staff.md).
// The server checks every staff call against STAFF_AREAS; the web hides what a role cannot use
// from the same table, but never relies on hiding.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';

/**
 * spec §6's roles plus two narrower jobs in the same naming style (docs/staff.md):
 * ROLE_ADMIN_FINANCE (the treasurer), ROLE_ADMIN_CHECKIN (the door at an event) and
 * ROLE_ADMIN_KIDS (the children's ministry: rooms, check-in stations, pick-up; docs/kids.md).
 */
export const STAFF_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_ADMIN_CONTENT',
  'ROLE_ADMIN_FINANCE',
  'ROLE_ADMIN_CHECKIN',
  'ROLE_ADMIN_KIDS',
  'ROLE_CHAT',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The parts of the staff area; each call and page belongs to one. */
export const STAFF_AREA_NAMES = [
  'content',
  'home',
  'notifications',
  'church',
  'events',
  'registrations',
  'checkin',
  'people',
  'giving',
  'gateways',
  'groups',
  'teams',
  'songs',
  'play',
  'readingPlans',
  'moderation',
  'import',
  'kids',
  'audit',
] as const;
export type StaffArea = (typeof STAFF_AREA_NAMES)[number];

/** Who may use each area besides ROLE_ADMIN (and ROLE_SUPER_ADMIN over the organisation's churches). */
export const STAFF_AREAS: Record<StaffArea, readonly StaffRole[]> = {
  content: ['ROLE_ADMIN_CONTENT'],
  home: ['ROLE_ADMIN_CONTENT'],
  notifications: ['ROLE_ADMIN_CONTENT'],
  church: [],
  events: [],
  registrations: ['ROLE_ADMIN_FINANCE'],
  checkin: ['ROLE_ADMIN_CHECKIN'],
  people: [],
  giving: ['ROLE_ADMIN_FINANCE'],
  gateways: ['ROLE_ADMIN_FINANCE'],
  groups: [],
  // a team's leaders run their own team too: checked in the service (server/teams)
  teams: [],
  songs: ['ROLE_ADMIN_CONTENT'],
  play: ['ROLE_ADMIN_CONTENT'],
  readingPlans: ['ROLE_ADMIN_CONTENT'],
  moderation: ['ROLE_CHAT'],
  import: [],
  kids: ['ROLE_ADMIN_KIDS'],
  audit: [],
};

/** Whether someone with these roles (in this church, super admin already applied) may use the area. */
export function mayUse(roles: readonly string[], area: StaffArea): boolean {
  if (roles.includes('ROLE_ADMIN') || roles.includes('ROLE_SUPER_ADMIN')) return true;
  return STAFF_AREAS[area].some((role) => roles.includes(role));
}

/**
 * The module codes (spec §1) an area serves: a church with none of them has no such area, so the
 * menu and the dashboard leave it out and its calls answer 404 as the public calls of a module the
 * church lacks do (docs/staff.md "Modules"). An area not listed here serves every church: the
 * spec's songs and reading plans have no module code, and settings is where modules are switched.
 */
export const AREA_MODULES: Partial<Record<StaffArea, readonly string[]>> = {
  events: ['MOD_EVENTO'],
  registrations: ['MOD_EVENTO'],
  checkin: ['MOD_EVENTO'],
  giving: ['MOD_DOACAO'],
  // the gateways take the payments of giving, tickets and Play
  gateways: ['MOD_DOACAO', 'MOD_EVENTO', 'MOD_ASSINATURA'],
  groups: ['MOD_CELULA'],
  play: ['MOD_ASSINATURA'],
  // the prayer wall and the live chat
  moderation: ['MOD_MURAL_ORACAO', 'MOD_CULTO'],
};

/** Whether a church with these module codes has the area (any of its modules is enough). */
export function churchHasArea(modules: readonly string[], area: StaffArea): boolean {
  const needed = AREA_MODULES[area];
  return !needed || needed.some((code) => modules.includes(code));
}

/** The areas someone may use, in the table's order (the staff menu). */
export const areasFor = (roles: readonly string[]): StaffArea[] =>
  STAFF_AREA_NAMES.filter((area) => mayUse(roles, area));

/** `/admin/{slug}/…`: every staff call is scoped to the church in its path. */
export const staffParams = z.object({ slug: slugParam });

/** GET /admin/{slug}/eu: who the caller is in this church's staff area. */
export const staffMeSchema = z.object({
  igreja: z.object({ id: z.number(), slug: z.string(), codigo: z.string(), nome: z.string() }),
  usuario: z.object({ id: z.number(), nome: z.string(), email: z.string() }),
  roles: z.array(z.string()),
  /** The areas the caller may use that this church has (churchHasArea). */
  areas: z.array(z.enum(STAFF_AREA_NAMES)),
  /** The church's module codes (spec §1): a page hides its parts of a module the church lacks. */
  modulos: z.array(z.string()),
  /** Other churches the caller is staff of (the church switcher): their codes and names. */
  igrejas: z.array(
    z.object({ id: z.number(), codigo: z.string(), nome: z.string(), url: z.string() }),
  ),
  /** The church requires two-factor sign-in of its staff (`exigido`); the caller has it on (`ativo`). */
  doisFatores: z.object({ exigido: z.boolean(), ativo: z.boolean() }).optional(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** GET /admin/{slug}/auditoria?usuario&tipo&page */
export const auditQuery = z.object({
  usuario: idParam.optional(),
  tipo: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  quando: z.string(),
  usuario: z.object({ id: z.number().nullable(), nome: z.string() }),
  acao: z.string(),
  tipo: z.string(),
  alvoId: z.string().nullable(),
  resumo: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 25;

export const auditPageSchema = z.object({
  registros: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** Who and which kinds appear in this church's log (the filters' choices). */
  pessoas: z.array(z.object({ id: z.number(), nome: z.string() })),
  tipos: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
