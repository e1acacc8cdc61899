// Play, public reads (spec §7 Play): the module's settings, plans, home rows, the content list with
// its filters and one content. Closed contents never carry their media URL here (spec §6); a church
// without MOD_ASSINATURA answers 404. Every query filters on the church of the route or `?igreja=`.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  CONTENT_VISIBILITIES,
  playChurchParams,
  playContentDetailQuery,
  playContentListQuery,
  playIdParams,
  type PlayCollection,
  type PlayContentDetail,
} from '../../contract/play.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { playMemberRoutes } from './play-member.routes.ts';
import { PLAY_SCOPE, toCards, visible } from './play.queries.ts';
import { playSubscriptionRoutes } from './subscription.routes.ts';

const scope = PLAY_SCOPE;

const bySlug = async (db: Database, c: Context, slug: string) =>
  (await churchBySlug(db, c, slug, scope)).id;
const byId = async (db: Database, c: Context, id: number) =>
  (await churchById(db, c, id, scope)).id;

export function playRoutes(db: Database) {
  const app = new Hono({ strict: false });
  app.route('/', playMemberRoutes(db));
  app.route('/', playSubscriptionRoutes(db));

  app.get(
    '/igreja/:slug/plano-assinatura-configuracao',
    validate('param', playChurchParams),
    async (c) => {
      const churchId = await bySlug(db, c, c.req.valid('param').slug);
      const [row] = await db
        .select()
        .from(t.playSettings)
        .where(eq(t.playSettings.churchId, churchId));
      const visibility = CONTENT_VISIBILITIES.find((v) => v === row?.contentVisibility) ?? 'misto';
      return c.json({
        tipoVisibilidadeConteudo: visibility,
        titulo: row?.title ?? 'Play',
        descricao: row?.description ?? '',
      });
    },
  );

  app.get('/igreja/:slug/plano-assinatura', validate('param', playChurchParams), async (c) => {
    const churchId = await bySlug(db, c, c.req.valid('param').slug);
    const rows = await db
      .select()
      .from(t.playPlans)
      .where(and(eq(t.playPlans.churchId, churchId), eq(t.playPlans.active, true)))
      .orderBy(asc(t.playPlans.position), asc(t.playPlans.id));
    return c.json({
      planos: rows.map((p) => ({
        id: p.id,
        nome: p.name,
        descricao: p.description,
        valor: p.priceCents,
        taxaAdesao: p.feeCents,
        periodicidadeDias: p.periodDays,
      })),
    });
  });

  app.get('/igreja/:slug/plano-assinatura-home', validate('param', playChurchParams), async (c) => {
    const churchId = await bySlug(db, c, c.req.valid('param').slug);
    const [all, tags, links, collections] = await Promise.all([
      db
        .select()
        .from(t.playContents)
        .where(visible(churchId))
        .orderBy(asc(t.playContents.position), desc(t.playContents.publishedAt)),
      db
        .select()
        .from(t.playTags)
        .where(and(eq(t.playTags.churchId, churchId), eq(t.playTags.onHome, true)))
        .orderBy(asc(t.playTags.position)),
      db.select().from(t.playContentTags).where(eq(t.playContentTags.churchId, churchId)),
      db
        .select()
        .from(t.playCollections)
        .where(eq(t.playCollections.churchId, churchId))
        .orderBy(asc(t.playCollections.position)),
    ]);
    const cards = await toCards(db, churchId, all);
    return c.json({
      destaques: cards.filter((card) => card.destaque),
      tags: tags
        .map((tag) => ({
          id: tag.id,
          nome: tag.name,
          conteudos: cards.filter((card) =>
            links.some((l) => l.tagId === tag.id && l.contentId === card.id),
          ),
        }))
        .filter((row) => row.conteudos.length > 0),
      coletaneas: collections.map((col): PlayCollection => ({
        id: col.id,
        titulo: col.title,
        descricao: col.description,
        imagem: col.image,
      })),
    });
  });

  app.get('/plano-assinatura-conteudo', validate('query', playContentListQuery), async (c) => {
    const q = c.req.valid('query');
    const churchId = await byId(db, c, q.igreja);
    const filters: (SQL | undefined)[] = [visible(churchId)];
    if (q.destaque !== undefined) filters.push(eq(t.playContents.featured, q.destaque));
    if (q.coletanea !== undefined) filters.push(eq(t.playContents.collectionId, q.coletanea));
    if (q.tag !== undefined) {
      const tagged = db
        .select({ id: t.playContentTags.contentId })
        .from(t.playContentTags)
        .where(and(eq(t.playContentTags.churchId, churchId), eq(t.playContentTags.tagId, q.tag)));
      filters.push(inArray(t.playContents.id, tagged));
    }
    if (q.busca) {
      const like = containsPattern(q.busca);
      filters.push(or(ilike(t.playContents.title, like), ilike(t.playContents.description, like)));
    }
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t.playContents)
        .where(where)
        .orderBy(
          asc(t.playContents.position),
          desc(t.playContents.publishedAt),
          asc(t.playContents.id),
        )
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(t.playContents).where(where),
    ]);
    return c.json({
      conteudos: await toCards(db, churchId, rows),
      total: Number(total?.n ?? 0),
      page: q.page,
      limit: q.limit,
    });
  });

  app.get(
    '/plano-assinatura-conteudo/:id',
    validate('param', playIdParams),
    validate('query', playContentDetailQuery),
    async (c) => {
      const churchId = await byId(db, c, c.req.valid('query').igreja);
      const [row] = await db
        .select()
        .from(t.playContents)
        .where(and(visible(churchId), eq(t.playContents.id, c.req.valid('param').id)));
      if (!row) throw notFound('play.notFound');
      const [card] = await toCards(db, churchId, [row]);
      const detail: PlayContentDetail = {
        ...card!,
        // spec §6: a closed content's media is only handed out by the member-only watch call.
        urlMidia: card!.aberto ? row.mediaPath : null,
        temLegenda: row.captionsPath !== null,
      };
      return c.json(detail);
    },
  );

  return app;
}
