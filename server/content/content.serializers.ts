// Database rows → the wire shapes of contract/content.ts.
import type {
  Category,
  ContentImage,
  DevotionalDetail,
  EbdDetail,
  MinistryItem,
  NewsDetail,
  Podcast,
  PodcastEpisode,
  ProjectItem,
  PublicationDetail,
  PublicationType,
  StudyItem,
  VideoItem,
} from '../../contract/content.ts';
import type * as t from '../db/schema/index.ts';

/** A content row as the routes read it: without the search column, which only the database uses. */
export type ContentRow = Omit<typeof t.contents.$inferSelect, 'searchText'>;
/** What the serializers below read of a content (the public reads select only these). */
export type ShownContent = Pick<
  ContentRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'summary'
  | 'image'
  | 'imageWidth'
  | 'imageHeight'
  | 'keywords'
  | 'author'
  | 'details'
  | 'publishedAt'
  | 'parentId'
>;
/** A category's or a publication type's name and address. */
type Named = Pick<typeof t.contentCategories.$inferSelect, 'id' | 'name' | 'slug'>;

/** A content row with its category and, for publications, its type. */
export interface ContentRecord extends SummaryRecord {
  item: ShownContent & Pick<ContentRow, 'body'>;
}

/** The same without the body, as lists read it. */
export interface SummaryRecord {
  item: ShownContent;
  category: Named | null;
  publicationType?: Named | null;
}

export function toCategory(row: Named | null): Category | null {
  return row ? { id: row.id, nome: row.name, slug: row.slug } : null;
}

function image(url: string | null, width: number, height: number): ContentImage | null {
  return url ? { url, largura: width, altura: height } : null;
}

function base({ item, category }: SummaryRecord) {
  return {
    id: item.id,
    titulo: item.title,
    resumo: item.summary,
    imagem: image(item.image, item.imageWidth, item.imageHeight),
    categoria: toCategory(category),
    palavrasChave: item.keywords,
    autor: item.author,
    dataPublicacao: item.publishedAt.toISOString(),
  };
}

export const toNewsItem = (r: SummaryRecord) => base(r);
export const toNewsDetail = (r: ContentRecord): NewsDetail => ({ ...base(r), corpo: r.item.body });

export const toDevotionalItem = (r: SummaryRecord) => ({
  ...base(r),
  referencia: r.item.details.referencia ?? null,
});
export const toDevotionalDetail = (r: ContentRecord): DevotionalDetail => ({
  ...toDevotionalItem(r),
  corpo: r.item.body,
});

export const toMinistryItem = (r: SummaryRecord): MinistryItem => ({
  ...base(r),
  lider: r.item.details.lider ?? null,
});
export const toProjectItem = (r: SummaryRecord): ProjectItem => ({
  ...base(r),
  ministerioId: r.item.parentId ?? 0,
  meta: r.item.details.meta ?? null,
});

export const toEbdItem = (r: SummaryRecord) => ({
  ...base(r),
  slug: r.item.slug ?? String(r.item.id),
  professor: r.item.details.professor ?? null,
  horario: r.item.details.horario ?? null,
  local: r.item.details.local ?? null,
  publico: r.item.details.publico ?? null,
});
export const toEbdDetail = (r: ContentRecord): EbdDetail => ({
  ...toEbdItem(r),
  corpo: r.item.body,
});

export const toPublicationItem = (r: SummaryRecord) => ({
  ...base(r),
  slug: r.item.slug ?? String(r.item.id),
  tipo: r.publicationType
    ? { id: r.publicationType.id, nome: r.publicationType.name, slug: r.publicationType.slug }
    : null,
});
export const toPublicationDetail = (r: ContentRecord): PublicationDetail => ({
  ...toPublicationItem(r),
  corpo: r.item.body,
});

export function toPublicationType(
  row: typeof t.publicationTypes.$inferSelect,
  count: number,
): PublicationType {
  return {
    id: row.id,
    slug: row.slug,
    nome: row.name,
    descricao: row.description,
    imagem: image(row.image, 1200, 675),
    quantidade: count,
  };
}

export const toStudyItem = (r: SummaryRecord): StudyItem => ({
  ...base(r),
  referencia: r.item.details.referencia ?? null,
});

export const toVideoItem = (r: ContentRecord): VideoItem => ({
  ...base(r),
  descricao: r.item.body,
  duracaoSegundos: r.item.details.duracaoSegundos ?? null,
  contentDetails: { videoId: r.item.details.videoId ?? '' },
  source: r.item.details.fonte ?? 'youtube',
});

type PodcastRow = typeof t.podcasts.$inferSelect;
type EpisodeRow = typeof t.podcastEpisodes.$inferSelect;

export function toPodcast(row: PodcastRow): Podcast {
  return {
    id: row.id,
    codigo: row.code,
    titulo: row.title,
    descricao: row.description,
    autor: row.author,
    imagem: image(row.image, 600, 600),
  };
}

export function toPodcastEpisode(row: EpisodeRow, category: Named | null): PodcastEpisode {
  return {
    id: row.id,
    background: row.background,
    title: row.title,
    description: row.description,
    position: row.position,
    published_at: row.publishedAt.toISOString(),
    audio_file: row.audioFile,
    audio_length: row.audioBytes,
    duration: row.durationSeconds,
    categoria: toCategory(category),
  };
}
