// The church reads of spec §7 "Church" as plain functions over the database: lookup by code and
// host, a church's modules, look, menu, payment methods, banners and congregations, organisations
// and the church search. The routes find the church through the scope first (church-scope.ts).
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Banner,
  Church,
  Client,
  clientsQuery,
  MenuItem,
  Module,
  Organization,
  PaymentMethod,
  Visual,
} from '../../contract/church.ts';
import type { Database } from '../db/client.ts';
import { matches } from '../db/search.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import { liveCredentials } from '../payments/gateway-accounts.ts';
import { notFound } from '../http/errors.ts';
import {
  toBanner,
  toChurch,
  toClient,
  toCongregation,
  toMenuItem,
  toPaymentMethod,
  toVisual,
} from './church.serializers.ts';

type ClientsQuery = z.output<typeof clientsQuery>;

const churchColumns = { church: t.churches, organizationSlug: t.organizations.slug };

function selectChurches(db: Database) {
  return db
    .select(churchColumns)
    .from(t.churches)
    .leftJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId));
}

/** Great-circle distance in km from a point to each church, for "nearest churches". */
function distanceKm(latitude: number, longitude: number): SQL<number> {
  return sql<number>`(6371 * acos(least(1, greatest(-1,
    cos(radians(${latitude})) * cos(radians(${t.churches.latitude})) * cos(radians(${t.churches.longitude}) - radians(${longitude}))
    + sin(radians(${latitude})) * sin(radians(${t.churches.latitude}))))))`;
}

/** The church of a code, or 404; an inactive church is found, with flagAtivo false. */
export async function churchByCode(db: Database, code: string): Promise<Church> {
  const [row] = await selectChurches(db).where(eq(t.churches.code, code));
  if (!row) throw notFound('api.churchNotFound');
  return toChurch(row.church, row.organizationSlug);
}

/** The church a host name belongs to (none for an unknown or still unproven host: docs/security.md "Host names need proof"). */
export async function clientsByHostname(db: Database, hostname: string): Promise<Client[]> {
  const rows = await selectChurches(db)
    .innerJoin(t.churchHostnames, eq(t.churchHostnames.churchId, t.churches.id))
    .where(and(eq(t.churchHostnames.hostname, hostname), isNotNull(t.churchHostnames.verifiedAt)));
  return rows.map((r) => toClient(r.church, r.organizationSlug));
}

/** The church's active payment methods, in their order. */
export async function paymentMethodsOf(db: Database, churchId: number): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(t.churchPaymentMethods)
    .where(
      and(eq(t.churchPaymentMethods.churchId, churchId), eq(t.churchPaymentMethods.active, true)),
    )
    .orderBy(asc(t.churchPaymentMethods.position));
  return Promise.all(
    rows.map(async (row) => {
      const method = toPaymentMethod(row);
      if (method.codigo !== 'cartao' || method.idGatewayPagamento !== STRIPE) return method;
      const key = await stripePublishableKey(db, churchId);
      return key ? { ...method, chavePublicavel: key } : method; // the sandbox's answer is unchanged
    }),
  );
}

const STRIPE = 5; // spec §9 gateway ids

/** The publishable key of the church's live Stripe account; null on the sandbox or when unreadable. */
async function stripePublishableKey(db: Database, churchId: number): Promise<string | null> {
  try {
    const credentials = await liveCredentials(db, churchId, STRIPE);
    const key = credentials?.publishableKey;
    return typeof key === 'string' && key ? key : null;
  } catch {
    return null; // sealed under another PAYMENT_KEY: the payment itself answers 503 and says so
  }
}

/** The church's active app menu items, in their order. */
export async function menuOf(db: Database, churchId: number): Promise<MenuItem[]> {
  const rows = await db
    .select()
    .from(t.churchMenuItems)
    .where(and(eq(t.churchMenuItems.churchId, churchId), eq(t.churchMenuItems.active, true)))
    .orderBy(asc(t.churchMenuItems.position));
  return rows.map(toMenuItem);
}

/** The modules the church has, by code. */
export async function modulesOf(db: Database, churchId: number): Promise<Module[]> {
  return await db
    .select({ codigo: t.modules.code, nome: t.modules.name })
    .from(t.churchModules)
    .innerJoin(t.modules, eq(t.modules.code, t.churchModules.moduleCode))
    .where(eq(t.churchModules.churchId, churchId))
    .orderBy(asc(t.modules.code));
}

/** The church's look; a church that never set one gets the defaults. */
export async function visualOf(db: Database, churchId: number): Promise<Visual> {
  const [row] = await db
    .select()
    .from(t.churchVisuals)
    .where(eq(t.churchVisuals.churchId, churchId));
  return toVisual(row);
}

/** The church's active banners, in their order (a home render reads them: a prepared statement). */
export async function bannersOf(db: Database, churchId: number): Promise<Banner[]> {
  const rows = await prepared(db, 'church.banners', (name) =>
    db
      .select()
      .from(t.banners)
      .where(
        and(
          eq(t.banners.churchId, sql.placeholder('churchId')),
          eq(t.banners.active, true),
          // Dated banners show only between their dates; now() keeps the statement one shape.
          sql`(${t.banners.startsAt} is null or ${t.banners.startsAt} <= now())`,
          sql`(${t.banners.endsAt} is null or ${t.banners.endsAt} > now())`,
        ),
      )
      .orderBy(asc(t.banners.position))
      .prepare(name),
  ).execute({ churchId });
  return rows.map(toBanner);
}

/** The church's active congregations by name. */
export async function congregationsOf(db: Database, churchId: number) {
  const rows = await db
    .select()
    .from(t.congregations)
    .where(and(eq(t.congregations.churchId, churchId), eq(t.congregations.active, true)))
    .orderBy(asc(t.congregations.name));
  return rows.map(toCongregation);
}

/** An organisation with its active churches by name, or 404. */
export async function organizationBySlug(db: Database, slug: string): Promise<Organization> {
  const [org] = await db.select().from(t.organizations).where(eq(t.organizations.slug, slug));
  if (!org) throw notFound('api.organizationNotFound');
  const rows = await selectChurches(db)
    .where(and(eq(t.churches.organizationId, org.id), eq(t.churches.active, true)))
    .orderBy(asc(t.churches.name));
  return {
    id: org.id,
    slug: org.slug,
    nome: org.name,
    descricao: org.description,
    clientes: rows.map((r) => toClient(r.church, r.organizationSlug)),
  };
}

/** Active churches by organisation and name or address search; nearest first given a location. */
export async function findClients(db: Database, q: ClientsQuery): Promise<Client[]> {
  const filters: SQL[] = [eq(t.churches.active, true)];
  if (q.organizacao) filters.push(eq(t.organizations.slug, q.organizacao));
  if (q.busca) {
    filters.push(
      matches(q.busca, [
        t.churches.name,
        t.churches.street,
        t.churches.city,
        t.churches.neighborhood,
      ]),
    );
  }
  const near =
    q.latitude !== undefined && q.longitude !== undefined
      ? distanceKm(q.latitude, q.longitude)
      : null;
  const rows = await db
    .select({ ...churchColumns, distance: near ?? sql<null>`null` })
    .from(t.churches)
    .leftJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId))
    .where(and(...filters))
    .orderBy(near ? sql`${near} asc nulls last` : asc(t.churches.name))
    .limit(q.limit);
  return rows.map((r) =>
    toClient(
      r.church,
      r.organizationSlug,
      r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    ),
  );
}
