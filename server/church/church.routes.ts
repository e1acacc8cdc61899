// The church calls of spec §7 "Church": lookup by code and host, and a church's modules,
// look, menu, payment methods, banners, congregations, organisation and nearby churches.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  churchIdQuery,
  clientsQuery,
  codeParams,
  hostnameQuery,
  slugParams,
  type Organization,
} from '../../contract/church.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { toChurch, toClient } from './church.serializers.ts';

const churchColumns = { church: t.churches, organizationSlug: t.organizations.slug };

function selectChurches(db: Database) {
  return db
    .select(churchColumns)
    .from(t.churches)
    .leftJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId));
}

/** A church's own data is read through the one scope (active only; no module). */
const activeChurchId = async (db: Database, c: Context, slug: string) =>
  (await churchBySlug(db, c, slug, { notFoundMessage: 'api.churchNotFound' })).id;
const activeChurch = (db: Database, c: Context, id: number) =>
  churchById(db, c, id, { notFoundMessage: 'api.churchNotFound' });

/** Great-circle distance in km from a point to each church, for "nearest churches". */
function distanceKm(latitude: number, longitude: number): SQL<number> {
  return sql<number>`(6371 * acos(least(1, greatest(-1,
    cos(radians(${latitude})) * cos(radians(${t.churches.latitude})) * cos(radians(${t.churches.longitude}) - radians(${longitude}))
    + sin(radians(${latitude})) * sin(radians(${t.churches.latitude}))))))`;
}

export function churchRoutes(db: Database) {
  return new Hono({ strict: false })
    .get('/igreja/codigo/:code', validate('param', codeParams), async (c) => {
      const { code } = c.req.valid('param');
      const [row] = await selectChurches(db).where(eq(t.churches.code, code));
      if (!row) throw notFound('api.churchNotFound'); // an inactive church is found, with flagAtivo false
      return c.json(toChurch(row.church, row.organizationSlug));
    })
    .get('/igreja', validate('query', hostnameQuery), async (c) => {
      const { hostname } = c.req.valid('query');
      const rows = await selectChurches(db)
        .innerJoin(t.churchHostnames, eq(t.churchHostnames.churchId, t.churches.id))
        .where(eq(t.churchHostnames.hostname, hostname));
      return c.json({ clientes: rows.map((r) => toClient(r.church, r.organizationSlug)) });
    })
    .get('/igreja/:slug/metodo-pagamento', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c, c.req.valid('param').slug);
      const rows = await db
        .select()
        .from(t.churchPaymentMethods)
        .where(
          and(
            eq(t.churchPaymentMethods.churchId, churchId),
            eq(t.churchPaymentMethods.active, true),
          ),
        )
        .orderBy(asc(t.churchPaymentMethods.position));
      return c.json({
        metodosPagamento: rows.map((m) => ({
          id: m.id,
          codigo: m.code as never,
          nome: m.name,
          idGatewayPagamento: m.gatewayId,
          ordem: m.position,
        })),
      });
    })
    .get('/igreja-app-menu', validate('query', churchIdQuery), async (c) => {
      const { igreja } = c.req.valid('query');
      await activeChurch(db, c, igreja);
      const rows = await db
        .select()
        .from(t.churchMenuItems)
        .where(and(eq(t.churchMenuItems.churchId, igreja), eq(t.churchMenuItems.active, true)))
        .orderBy(asc(t.churchMenuItems.position));
      return c.json({
        igrejaAppMenu: rows.map((m) => ({
          id: m.id,
          titulo: m.title,
          link: m.link,
          moduloCodigo: m.moduleCode,
          ordem: m.position,
        })),
      });
    })
    .get('/igreja/:slug/modulo', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c, c.req.valid('param').slug);
      const rows = await db
        .select({ codigo: t.modules.code, nome: t.modules.name })
        .from(t.churchModules)
        .innerJoin(t.modules, eq(t.modules.code, t.churchModules.moduleCode))
        .where(eq(t.churchModules.churchId, churchId))
        .orderBy(asc(t.modules.code));
      return c.json({ modulos: rows });
    })
    .get('/igreja/:slug/visual', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c, c.req.valid('param').slug);
      const [v] = await db
        .select()
        .from(t.churchVisuals)
        .where(eq(t.churchVisuals.churchId, churchId));
      return c.json({
        igrejaVisual: {
          corApp: v?.appColor ?? '#1f4e79',
          corTexto: v?.textColor ?? '#ffffff',
          logo: v?.logo ?? null,
          urlAppStore: v?.appStoreUrl ?? null,
          urlPlayStore: v?.playStoreUrl ?? null,
        },
      });
    })
    .get('/banner', validate('query', churchIdQuery), async (c) => {
      const { igreja } = c.req.valid('query');
      await activeChurch(db, c, igreja);
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
      ).execute({ churchId: igreja });
      return c.json({
        banners: rows.map((b) => ({
          id: b.id,
          titulo: b.title,
          imagem: b.image,
          largura: b.imageWidth,
          altura: b.imageHeight,
          link: b.link,
          ordem: b.position,
        })),
      });
    })
    .get('/congregacao', validate('query', churchIdQuery), async (c) => {
      const { igreja } = c.req.valid('query');
      await activeChurch(db, c, igreja);
      const rows = await db
        .select()
        .from(t.congregations)
        .where(and(eq(t.congregations.churchId, igreja), eq(t.congregations.active, true)))
        .orderBy(asc(t.congregations.name));
      return c.json({
        congregacoes: rows.map((g) => ({
          id: g.id,
          nome: g.name,
          cidade: g.city,
          estado: g.state,
        })),
      });
    })
    .get('/organizacao/:slug', validate('param', slugParams), async (c) => {
      const { slug } = c.req.valid('param');
      const [org] = await db.select().from(t.organizations).where(eq(t.organizations.slug, slug));
      if (!org) throw notFound('api.organizationNotFound');
      const rows = await selectChurches(db)
        .where(and(eq(t.churches.organizationId, org.id), eq(t.churches.active, true)))
        .orderBy(asc(t.churches.name));
      const body: Organization = {
        id: org.id,
        slug: org.slug,
        nome: org.name,
        descricao: org.description,
        clientes: rows.map((r) => toClient(r.church, r.organizationSlug)),
      };
      return c.json(body);
    })
    .get('/cliente', validate('query', clientsQuery), async (c) => {
      const q = c.req.valid('query');
      const filters: SQL[] = [eq(t.churches.active, true)];
      if (q.organizacao) filters.push(eq(t.organizations.slug, q.organizacao));
      if (q.busca) {
        const like = containsPattern(q.busca);
        filters.push(
          or(
            ilike(t.churches.name, like),
            ilike(t.churches.street, like),
            ilike(t.churches.city, like),
            ilike(t.churches.neighborhood, like),
          )!,
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
      return c.json({
        clientes: rows.map((r) =>
          toClient(
            r.church,
            r.organizationSlug,
            r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
          ),
        ),
      });
    });
}
