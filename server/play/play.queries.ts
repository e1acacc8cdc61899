// Play queries both the public and the member routes use: what a visitor may see, and content cards.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PlayContent } from '../../contract/play.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export const PLAY_MODULE = 'MOD_ASSINATURA';
/** Church scope of every Play call: spec §8 "content not found or unavailable" otherwise. */
export const PLAY_SCOPE = { module: PLAY_MODULE, notFoundMessage: 'play.notFound' } as const;

export type ContentRow = typeof t.playContents.$inferSelect;

/** Active contents of the church. */
export const visible = (churchId: number) =>
  and(eq(t.playContents.churchId, churchId), eq(t.playContents.active, true));

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
  const [tags, collections] = await Promise.all([
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
    aberto: r.visibility === 'aberto',
    destaque: r.featured,
    coletanea: collections.find((col) => col.id === r.collectionId) ?? null,
    tags: tags.filter((tag) => tag.contentId === r.id).map(({ id, nome }) => ({ id, nome })),
    publicadoEm: r.publishedAt.toISOString(),
  }));
}
