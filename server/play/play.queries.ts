// Play queries both the public and the member routes use: what a visitor may see, content cards,
// and the public reads of play.routes.ts (settings, plans, home rows, the content list and one content).
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CONTENT_VISIBILITIES,
  type PlayCollection,
  type PlayContent,
  type PlayContentDetail,
  type playContentListQuery,
} from '../../contract/play.ts';
import { matches } from '../db/search.ts';
import { notFound } from '../http/errors.ts';
import { toMoney } from '../payments/money.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { contentIsOpen, contentVisibilityOf } from './access.ts';

export const PLAY_MODULE = 'MOD_ASSINATURA';
/** Church scope of every Play call: spec §8 "content not found or unavailable" otherwise. */
export const PLAY_SCOPE = { module: PLAY_MODULE, notFoundMessage: 'play.notFound' } as const;

export type ContentRow = typeof t.playContents.$inferSelect;

/** Active contents of the church. */
/** Shown to members: active, and with its media ready (an uploaded video is hidden until transcoded). */
export const visible = (churchId: number) =>
  and(
    eq(t.playContents.churchId, churchId),
    eq(t.playContents.active, true),
    ne(t.playContents.mediaPath, ''),
  );

/** Cards of the given rows, with their collection and tags (two queries, whatever the count); never a media URL. */
export async function toCards(
  db: Database,
  churchId: number,
  rows: ContentRow[],
): Promise<PlayContent[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const collectionIds = [
    ...new Set(rows.map((r) => r.collectionId).filter((id): id is number => id !== null)),
  ];
  const [setting, tags, collections] = await Promise.all([
    contentVisibilityOf(db, churchId),
    db
      .select({ contentId: t.playContentTags.contentId, id: t.playTags.id, nome: t.playTags.name })
      .from(t.playContentTags)
      .innerJoin(t.playTags, eq(t.playTags.id, t.playContentTags.tagId))
      .where(
        and(eq(t.playContentTags.churchId, churchId), inArray(t.playContentTags.contentId, ids)),
      )
      .orderBy(asc(t.playTags.position)),
    collectionIds.length
      ? db
          .select({ id: t.playCollections.id, titulo: t.playCollections.title })
          .from(t.playCollections)
          .where(
            and(
              eq(t.playCollections.churchId, churchId),
              inArray(t.playCollections.id, collectionIds),
            ),
          )
      : Promise.resolve([]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    titulo: r.title,
    descricao: r.description,
    imagem: r.image,
    duracaoSegundos: r.durationSeconds,
    // the church's setting overrides each video's flag unless it is 'misto' (access.ts)
    aberto: contentIsOpen(setting, r.visibility),
    destaque: r.featured,
    coletanea: collections.find((col) => col.id === r.collectionId) ?? null,
    tags: tags.filter((tag) => tag.contentId === r.id).map(({ id, nome }) => ({ id, nome })),
    publicadoEm: r.publishedAt.toISOString(),
  }));
}

/** The module's settings (spec §3 Play: visibility of contents, title, description). */
export async function playSettingsOf(db: Database, churchId: number) {
  const [row] = await db.select().from(t.playSettings).where(eq(t.playSettings.churchId, churchId));
  return {
    tipoVisibilidadeConteudo:
      CONTENT_VISIBILITIES.find((v) => v === row?.contentVisibility) ?? 'misto',
    titulo: row?.title ?? 'Play',
    descricao: row?.description ?? '',
  };
}

/** The church's active plans, in their order. */
export async function plansOf(db: Database, churchId: number) {
  const rows = await db
    .select()
    .from(t.playPlans)
    .where(and(eq(t.playPlans.churchId, churchId), eq(t.playPlans.active, true)))
    .orderBy(asc(t.playPlans.position), asc(t.playPlans.id));
  return rows.map((p) => ({
    id: p.id,
    nome: p.name,
    descricao: p.description,
    valor: toMoney(p.priceCents),
    taxaAdesao: toMoney(p.feeCents),
    periodicidadeDias: p.periodDays,
  }));
}

/** The home: featured contents, a row per home tag that has contents, and the collections. */
export async function playHome(db: Database, churchId: number) {
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
  return {
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
  };
}

/** A page of the church's contents, filtered by featured, collection, tag or a search. */
export async function contentPage(
  db: Database,
  churchId: number,
  q: z.output<typeof playContentListQuery>,
) {
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
    filters.push(matches(q.busca, [t.playContents.title, t.playContents.description]));
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
  return {
    conteudos: await toCards(db, churchId, rows),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** One content; a closed content's media is only handed out by the member-only watch call (spec §6). */
export async function contentDetail(
  db: Database,
  churchId: number,
  id: number,
): Promise<PlayContentDetail> {
  const [row] = await db
    .select()
    .from(t.playContents)
    .where(and(visible(churchId), eq(t.playContents.id, id)));
  if (!row) throw notFound('play.notFound');
  const [card] = await toCards(db, churchId, [row]);
  return {
    ...card!,
    // only a site path; stored media (uploads) is always handed out signed by the watch call
    urlMidia: card!.aberto && row.mediaPath.startsWith('/') ? row.mediaPath : null,
    temLegenda: row.captionsPath !== null,
  };
}
