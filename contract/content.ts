// Public reading content (docs/content.md): the calls we add in the spec's style (docs/api-foundation.md)
// (`GET /igreja/{slug}/noticia/` …) plus the spec's own `GET /podcast/anchor/{code}/`,
// `GET /video/{slug}` and `GET /igreja/{slug}/estudo/` (spec §7 "Content", "Groups and studies").
import { z } from 'zod';
import { idParam, pageNumber, slugParam } from './common.ts';

// ---- requests ----

/** Plain GET forms send `?categoria=` when "all" is picked: an empty value means "not given". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const DEFAULT_PAGE_SIZE = 12;
/** spec §9: podcast page size. */
export const PODCAST_PAGE_SIZE = 10;

/** `?categoria&busca&page&limit` of every content list. */
export const contentListQuery = z.object({
  categoria: z.preprocess(blankToUndefined, idParam.optional()),
  // Control characters never belong in a search (a NUL byte would make PostgreSQL refuse the query).
  busca: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: 'At most 100 characters.' })
      .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'Invalid input.' })
      .optional(),
  ),
  page: z.preprocess(blankToUndefined, pageNumber(10_000, 'At most 10000.').default(1)),
  limit: z.preprocess(blankToUndefined, pageNumber(50, 'At most 50.').default(DEFAULT_PAGE_SIZE)),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

/** Publications are filtered by their type (`?tipo=`) instead of a category. */
export const publicationListQuery = contentListQuery.omit({ categoria: true }).extend({
  tipo: z.preprocess(blankToUndefined, idParam.optional()),
});
export type PublicationListQuery = z.infer<typeof publicationListQuery>;

/** spec §7: `GET /podcast/anchor/{code}/?page&limit=10`. */
export const podcastEpisodesQuery = contentListQuery.extend({
  limit: z.preprocess(blankToUndefined, pageNumber(50, 'At most 50.').default(PODCAST_PAGE_SIZE)),
});

export const churchSlugParams = z.object({ slug: slugParam });
export const contentIdParams = z.object({ slug: slugParam, id: idParam });
export const contentSlugParams = z.object({ slug: slugParam, itemSlug: slugParam });
export const projectParams = z.object({ slug: slugParam, id: idParam, projectId: idParam });
export const podcastCodeParams = z.object({ code: slugParam });

// ---- shared pieces ----

/** An image served by the product, with its size so pages reserve the space (no layout shift). */
export const contentImageSchema = z.object({
  url: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  slug: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
/** `GET /igreja/{slug}/{kind}-categoria/` */
export const categoriesResponseSchema = z.object({ categorias: z.array(categorySchema) });

const paging = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * A search counts its matches up to SEARCH_COUNT_AHEAD (or its page's end, if further): true when
   * it found more than `total` (show "more than"); absent when `total` is exact.
   */
  totalCapped: z.literal(true).optional(),
};

/** How many matches a search counts at most: pages enough to browse, while a common term in a big
 * church does not count thousands of rows each time (docs/performance.md "Search by trigrams"). */
export const SEARCH_COUNT_AHEAD = 200;

/** Fields every article-like item carries. */
const itemBase = {
  id: z.number().int(),
  titulo: z.string(),
  resumo: z.string().nullable(),
  imagem: contentImageSchema.nullable(),
  categoria: categorySchema.nullable(),
  palavrasChave: z.array(z.string()),
  autor: z.string().nullable(),
  /** ISO 8601. */
  dataPublicacao: z.string(),
};
/** Church-provided HTML; clients sanitise it before rendering. */
const body = { corpo: z.string().nullable() };

// ---- news (MOD_NOTICIA) ----
export const newsItemSchema = z.object(itemBase);
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsDetailSchema = newsItemSchema.extend(body);
export type NewsDetail = z.infer<typeof newsDetailSchema>;
export const newsListResponseSchema = z.object({ noticias: z.array(newsItemSchema), ...paging });
export type NewsList = z.infer<typeof newsListResponseSchema>;

// ---- devotionals (MOD_DEVOCIONAL) ----
export const devotionalItemSchema = z.object({ ...itemBase, referencia: z.string().nullable() });
export type DevotionalItem = z.infer<typeof devotionalItemSchema>;
export const devotionalDetailSchema = devotionalItemSchema.extend(body);
export type DevotionalDetail = z.infer<typeof devotionalDetailSchema>;
export const devotionalListResponseSchema = z.object({
  devocionais: z.array(devotionalItemSchema),
  ...paging,
});

// ---- ministries and projects ----
export const projectItemSchema = z.object({
  ...itemBase,
  ministerioId: z.number().int(),
  meta: z.string().nullable(),
});
export type ProjectItem = z.infer<typeof projectItemSchema>;
export const ministryItemSchema = z.object({ ...itemBase, lider: z.string().nullable() });
export type MinistryItem = z.infer<typeof ministryItemSchema>;
export const ministryDetailSchema = ministryItemSchema.extend({
  ...body,
  projetos: z.array(projectItemSchema),
});
export type MinistryDetail = z.infer<typeof ministryDetailSchema>;
export const ministryListResponseSchema = z.object({
  ministerios: z.array(ministryItemSchema),
  ...paging,
});
export const projectDetailSchema = projectItemSchema.extend({
  ...body,
  ministerio: z.object({ id: z.number().int(), titulo: z.string() }),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

// ---- Sunday school (MOD_EBD) ----
export const ebdItemSchema = z.object({
  ...itemBase,
  slug: z.string(),
  professor: z.string().nullable(),
  horario: z.string().nullable(),
  local: z.string().nullable(),
  publico: z.string().nullable(),
});
export type EbdItem = z.infer<typeof ebdItemSchema>;
export const ebdDetailSchema = ebdItemSchema.extend(body);
export type EbdDetail = z.infer<typeof ebdDetailSchema>;
export const ebdListResponseSchema = z.object({ ebds: z.array(ebdItemSchema), ...paging });

// ---- publications (MOD_PUBLICACAO) ----
export const publicationTypeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  imagem: contentImageSchema.nullable(),
  /** How many publications of this type are listed. */
  quantidade: z.number().int(),
});
export type PublicationType = z.infer<typeof publicationTypeSchema>;
export const publicationTypesResponseSchema = z.object({
  publicacaoTipos: z.array(publicationTypeSchema),
});
export const publicationItemSchema = z.object({
  ...itemBase,
  slug: z.string(),
  tipo: z.object({ id: z.number().int(), nome: z.string(), slug: z.string() }).nullable(),
});
export type PublicationItem = z.infer<typeof publicationItemSchema>;
export const publicationDetailSchema = publicationItemSchema.extend(body);
export type PublicationDetail = z.infer<typeof publicationDetailSchema>;
export const publicationListResponseSchema = z.object({
  publicacoes: z.array(publicationItemSchema),
  ...paging,
});

// ---- studies (MOD_CELULA) ----
/** spec §3 "Studies config". */
export const studyConfigResponseSchema = z.object({
  configuracaoEstudo: z.object({ flagConteudoPublico: z.boolean() }),
});
export const studyItemSchema = z.object({ ...itemBase, referencia: z.string().nullable() });
export type StudyItem = z.infer<typeof studyItemSchema>;
/**
 * `corpo` is null for visitors when the church's studies are not public. `corpoSanitizado` is
 * `corpo` through the server's rich-text policy, so a browser that fetched it with a member's
 * token can print it without a sanitiser of its own.
 */
export const studyDetailSchema = studyItemSchema.extend({
  ...body,
  corpoSanitizado: z.string().nullable(),
  flagConteudoPublico: z.boolean(),
});
export type StudyDetail = z.infer<typeof studyDetailSchema>;
export const studyListResponseSchema = z.object({
  estudos: z.array(studyItemSchema),
  flagConteudoPublico: z.boolean(),
  ...paging,
});

// ---- videos ----
/** spec §3 "Video list: items with contentDetails.videoId, source". */
export const videoItemSchema = z.object({
  ...itemBase,
  descricao: z.string().nullable(),
  duracaoSegundos: z.number().int().nullable(),
  contentDetails: z.object({ videoId: z.string() }),
  source: z.literal('youtube'),
});
export type VideoItem = z.infer<typeof videoItemSchema>;
/** `GET /video/{slug}` (spec §7). */
export const videoListResponseSchema = z.object({ items: z.array(videoItemSchema), ...paging });

// ---- podcast ----
export const podcastSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  autor: z.string().nullable(),
  imagem: contentImageSchema.nullable(),
});
export type Podcast = z.infer<typeof podcastSchema>;
/** `GET /igreja/{slug}/podcast/`: the church's shows and their anchor codes. */
export const podcastsResponseSchema = z.object({ podcasts: z.array(podcastSchema) });
/** spec §3 "Podcast playing": background, title, description, position, published_at, audio_file. */
export const podcastEpisodeSchema = z.object({
  id: z.number().int(),
  background: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  published_at: z.string(),
  audio_file: z.string(),
  /** The audio's size in bytes (a feed's enclosure length); null when it could not be measured. */
  audio_length: z.number().int().nullable(),
  duration: z.number().int().nullable(),
  categoria: categorySchema.nullable(),
});
export type PodcastEpisode = z.infer<typeof podcastEpisodeSchema>;
/** `GET /podcast/anchor/{code}/?page&limit=10`; spec §4: the end is reached when a page has fewer than `limit`. */
export const podcastEpisodesResponseSchema = z.object({
  podcast: podcastSchema,
  episodios: z.array(podcastEpisodeSchema),
  ...paging,
});
export type PodcastEpisodes = z.infer<typeof podcastEpisodesResponseSchema>;
