// Loaders for the public reading pages (docs/content.md): each calls the v1 content API and parses the
// answer with its contract schema. A detail that does not exist (404, or a malformed id the API
// refuses with 400) comes back as null, so the page can answer with spec §8's not-found message.
import type { z } from 'zod';
import {
  categoriesResponseSchema,
  devotionalDetailSchema,
  devotionalListResponseSchema,
  ebdDetailSchema,
  ebdListResponseSchema,
  ministryDetailSchema,
  ministryListResponseSchema,
  newsDetailSchema,
  newsListResponseSchema,
  PODCAST_PAGE_SIZE,
  podcastEpisodesResponseSchema,
  podcastsResponseSchema,
  projectDetailSchema,
  publicationDetailSchema,
  publicationListResponseSchema,
  publicationTypesResponseSchema,
  studyDetailSchema,
  studyListResponseSchema,
  videoItemSchema,
  videoListResponseSchema,
  type Category,
} from '../../contract/content.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';
import { apiQuery, type ListParams } from '../lib/content-list.ts';

const get = <S extends z.ZodType>(path: string, schema: S) => getParsed(serverApi(), path, schema);

const church = (slug: string) => `igreja/${encodeURIComponent(slug)}`;
const seg = (value: string | number) => encodeURIComponent(String(value));

/** Category kinds of `GET /igreja/{slug}/{kind}-categoria/`. */
export type CategoryPath =
  'noticia' | 'devocional' | 'ministerio' | 'ebd' | 'estudo' | 'video' | 'podcast';

async function withCategories<T>(
  slug: string,
  kind: CategoryPath,
  list: Promise<T>,
): Promise<{ list: T; categories: Category[] }> {
  const [data, { categorias }] = await Promise.all([
    list,
    get(`${church(slug)}/${kind}-categoria/`, categoriesResponseSchema),
  ]);
  return { list: data, categories: categorias };
}

export const loadNewsList = (slug: string, p: ListParams) =>
  withCategories(
    slug,
    'noticia',
    get(`${church(slug)}/noticia/${apiQuery(p)}`, newsListResponseSchema),
  );
export const loadNews = (slug: string, id: string) =>
  orNull(get(`${church(slug)}/noticia/${seg(id)}`, newsDetailSchema));

export const loadDevotionalList = (slug: string, p: ListParams) =>
  withCategories(
    slug,
    'devocional',
    get(`${church(slug)}/devocional/${apiQuery(p)}`, devotionalListResponseSchema),
  );
export const loadDevotional = (slug: string, id: string) =>
  orNull(get(`${church(slug)}/devocional/${seg(id)}`, devotionalDetailSchema));

export const loadMinistryList = (slug: string, p: ListParams) =>
  withCategories(
    slug,
    'ministerio',
    get(`${church(slug)}/ministerio/${apiQuery(p)}`, ministryListResponseSchema),
  );
export const loadMinistry = (slug: string, id: string) =>
  orNull(get(`${church(slug)}/ministerio/${seg(id)}`, ministryDetailSchema));
export const loadProject = (slug: string, id: string, projectId: string) =>
  orNull(
    get(`${church(slug)}/ministerio/${seg(id)}/projeto/${seg(projectId)}`, projectDetailSchema),
  );

export const loadEbdList = (slug: string, p: ListParams) =>
  withCategories(slug, 'ebd', get(`${church(slug)}/ebd/${apiQuery(p)}`, ebdListResponseSchema));
export const loadEbd = (slug: string, ebdSlug: string) =>
  orNull(get(`${church(slug)}/ebd/${seg(ebdSlug)}`, ebdDetailSchema));

export const loadPublicationTypes = (slug: string) =>
  get(`${church(slug)}/publicacao-tipo/`, publicationTypesResponseSchema);
export async function loadPublicationList(slug: string, p: ListParams) {
  const [list, { publicacaoTipos }] = await Promise.all([
    get(`${church(slug)}/publicacao/${apiQuery(p, 'tipo')}`, publicationListResponseSchema),
    loadPublicationTypes(slug),
  ]);
  return { list, types: publicacaoTipos };
}
export const loadPublication = (slug: string, pubSlug: string) =>
  orNull(get(`${church(slug)}/publicacao/${seg(pubSlug)}`, publicationDetailSchema));

export const loadStudyList = (slug: string, p: ListParams) =>
  withCategories(
    slug,
    'estudo',
    get(`${church(slug)}/estudo/${apiQuery(p)}`, studyListResponseSchema),
  );
export const loadStudy = (slug: string, id: string) =>
  orNull(get(`${church(slug)}/estudo/${seg(id)}`, studyDetailSchema));

/** spec §7: `GET /video/{slug}`. */
export const loadVideoList = (slug: string, p: ListParams) =>
  withCategories(slug, 'video', get(`video/${seg(slug)}/${apiQuery(p)}`, videoListResponseSchema));
export const loadVideo = (slug: string, id: string) =>
  orNull(get(`video/${seg(slug)}/${seg(id)}`, videoItemSchema));

/** The church's (first) podcast and one page of its episodes; null when it has no podcast. */
export async function loadPodcastPage(slug: string, p: ListParams, limit = PODCAST_PAGE_SIZE) {
  const [{ podcasts }, { categorias }] = await Promise.all([
    get(`${church(slug)}/podcast/`, podcastsResponseSchema),
    get(`${church(slug)}/podcast-categoria/`, categoriesResponseSchema),
  ]);
  const show = podcasts[0];
  if (!show) return { episodes: null, categories: categorias };
  // spec §7: GET /podcast/anchor/{code}/?page&limit=10
  const episodes = await get(
    `podcast/anchor/${seg(show.codigo)}/${apiQuery(p, 'categoria', limit)}`,
    podcastEpisodesResponseSchema,
  );
  return { episodes, categories: categorias };
}
