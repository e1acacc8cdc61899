// Public reading content (docs/content.md) as plain functions over the database: lists with
// category, search and paging, and details, for news, devotionals, ministries (+ projects), EBD,
// publications, studies, videos and podcasts. Each takes the church the route's scope found
// (server/http/church-scope.ts) and filters on it (docs/architecture.md "Tenancy"): an id of
// another church is a 404. The staff side is content-staff.service.ts.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SEARCH_COUNT_AHEAD,
  type ContentListQuery,
  type podcastEpisodesQuery,
  type PublicationListQuery,
} from '../../contract/content.ts';
import { membershipOf } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { PLAN_EACH_RUN } from '../db/pglite-fast.ts';
import { pageTotal, totalColumn } from '../db/page-total.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import type { CategoryKind, ContentKind } from '../db/schema/content.ts';
import { churchById } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import * as s from './content.serializers.ts';
import type { ContentRecord, SummaryRecord } from './content.serializers.ts';
import { sanitizeRichText } from './rich-text.ts';
import { foldTerm, matches, trigramSearchable } from '../db/search.ts';

type PodcastEpisodesQuery = z.output<typeof podcastEpisodesQuery>;

const NOT_FOUND = 'content.notFound'; // spec §8 "Content does not exist or is unavailable."

interface ListOptions {
  kind: ContentKind;
  churchId: number;
  query: Pick<ContentListQuery, 'busca' | 'page' | 'limit'> & { categoria?: number | undefined };
  publicationType?: number | undefined;
  parentId?: number;
  /** Ministries and EBD classes read best by name; everything else newest first. */
  byTitle?: boolean;
}

/** A list's count: exact, or for a search possibly capped (contract/content.ts SEARCH_COUNT_AHEAD). */
interface Counted {
  total: number;
  totalCapped?: true;
}

/** The paging fields of a list answer. */
function paging(query: { page: number; limit: number }, counted: Counted) {
  return {
    total: counted.total,
    page: query.page,
    limit: query.limit,
    ...(counted.totalCapped && { totalCapped: true as const }),
  };
}

/**
 * The columns the public serializers read (content.serializers.ts `ShownContent`), no more: each
 * column of each row is mapped by drizzle on the render's thread, and reading every column of the
 * row and of its category and type was ~8 % of an uncached `/news` (docs/performance.md "Renders
 * without the cache, a fifth time").
 */
const summaryColumns = {
  id: t.contents.id,
  slug: t.contents.slug,
  title: t.contents.title,
  summary: t.contents.summary,
  image: t.contents.image,
  imageWidth: t.contents.imageWidth,
  imageHeight: t.contents.imageHeight,
  keywords: t.contents.keywords,
  author: t.contents.author,
  details: t.contents.details,
  publishedAt: t.contents.publishedAt,
  parentId: t.contents.parentId,
};
/** A page (and a list that shows it: videos' descriptions) reads the body too. */
const contentColumns = { ...summaryColumns, body: t.contents.body };
const named = (table: typeof t.contentCategories | typeof t.publicationTypes) => ({
  id: table.id,
  name: table.name,
  slug: table.slug,
});

/** Contents with their category and type; `extra` columns beside them (a list's total). */
function selectRecords<
  Item extends typeof summaryColumns,
  Extra extends Record<string, SQL> = Record<never, SQL>,
>(db: Database, item: Item, extra?: Extra) {
  return db
    .select({
      item,
      category: named(t.contentCategories),
      publicationType: named(t.publicationTypes),
      ...(extra as Extra),
    })
    .from(t.contents)
    .leftJoin(t.contentCategories, eq(t.contentCategories.id, t.contents.categoryId))
    .leftJoin(t.publicationTypes, eq(t.publicationTypes.id, t.contents.publicationTypeId));
}

/** A page of a list; `withBody` for the lists that show it (videos: their description). */
async function listContents(
  db: Database,
  o: ListOptions & { withBody: true },
): Promise<{ rows: ContentRecord[] } & Counted>;
async function listContents(
  db: Database,
  o: ListOptions,
): Promise<{ rows: SummaryRecord[] } & Counted>;
async function listContents(
  db: Database,
  o: ListOptions & { withBody?: boolean },
): Promise<{ rows: SummaryRecord[] } & Counted> {
  const p = sql.placeholder;
  const term = o.query.busca ? foldTerm(o.query.busca) : '';
  const byTrigrams = trigramSearchable(term);
  const has = {
    category: o.query.categoria !== undefined,
    type: o.publicationType !== undefined,
    parent: o.parentId !== undefined,
    // Two statements, so that each kept plan suits its terms (see trigramSearchable).
    search: term !== '' && byTrigrams,
    shortSearch: term !== '' && !byTrigrams,
  };
  // The statements' shape: which filters, then which order and columns (server/db/prepared.ts).
  const filtered =
    Object.entries(has)
      .flatMap(([filter, on]) => (on ? [filter] : []))
      .join('-') || 'all';
  const shape = `${filtered}.${o.byTitle ? 'title' : 'newest'}.${o.withBody ? 'body' : 'summary'}`;
  /** `planEachRun`: the page of a trigram search, whose best plan depends on the term (below). */
  const where = ({ planEachRun = false } = {}) => {
    const filters: SQL[] = [
      eq(t.contents.churchId, p('churchId')),
      eq(t.contents.kind, p('kind')),
      // Written as the column, not `= $n`: a kept (generic) plan may then use the partial index of
      // active rows, whatever the church's size; with a parameter it sorts the church's every row.
      sql`${t.contents.active}`,
    ];
    if (has.category) filters.push(eq(t.contents.categoryId, p('category')));
    if (has.type) filters.push(eq(t.contents.publicationTypeId, p('type')));
    if (has.parent) filters.push(eq(t.contents.parentId, p('parent')));
    // The folded title, summary and keywords are kept in a generated column (schema/content.ts).
    // Its page is planned for each term (PLAN_EACH_RUN): a common one is read in the list's order
    // and stops at the page, a rare one is looked up in the trigram index. Its capped count keeps
    // one plan, the trigram index, which suits every term of 3 letters or more.
    if (has.search)
      filters.push(
        sql`${t.contents.searchText} like ${p('search')}${sql.raw(planEachRun ? ` ${PLAN_EACH_RUN}` : '')}`,
      );
    // Not a LIKE: the trigram index cannot serve it, so no kept plan may choose that index for it.
    if (has.shortSearch) filters.push(sql`strpos(${t.contents.searchText}, ${p('term')}) > 0`);
    return and(...filters);
  };
  // "nulls last" is the order of the index conteudo_publicado_idx (both columns are NOT NULL anyway).
  const order = () =>
    o.byTitle
      ? [asc(t.contents.title), asc(t.contents.id)]
      : [sql`${t.contents.publishedAt} desc nulls last`, sql`${t.contents.id} desc nulls last`];
  // docs/performance.md "Kept plans and partial indexes": the page's ids come from the index alone (page 500 skips index entries, not rows);
  // only those rows are read whole. A list's count is a column of the page (server/db/page-total.ts);
  // a search's capped count runs beside its page, which is planned for each term.
  const pageQuery = <Extra extends Record<string, SQL>>(extra?: Extra) => {
    const pageIds = db
      .select({ id: t.contents.id })
      .from(t.contents)
      .where(where({ planEachRun: true }))
      .orderBy(...order())
      .limit(p('limit'))
      .offset(p('offset'));
    return selectRecords(db, o.withBody ? contentColumns : summaryColumns, extra)
      .where(inArray(t.contents.id, pageIds))
      .orderBy(...order());
  };
  const searching = term !== '';
  // A search counts up to a cap (SEARCH_COUNT_AHEAD, or its page's end); a list counts every row.
  const countQuery = () =>
    searching
      ? db
          .select({ n: count() })
          .from(
            db
              .select({ id: t.contents.id })
              .from(t.contents)
              .where(where())
              .limit(p('countCap'))
              .as('matches'),
          )
      : db.select({ n: count() }).from(t.contents).where(where());
  const total = () =>
    prepared(db, `content.count.${filtered}`, (name) => countQuery().prepare(name));
  const values = {
    churchId: o.churchId,
    kind: o.kind,
    category: o.query.categoria,
    type: o.publicationType,
    parent: o.parentId,
    search: has.search ? containsPattern(term) : undefined,
    term: has.shortSearch ? term : undefined,
    limit: o.query.limit,
    offset: (o.query.page - 1) * o.query.limit,
    // One more than it shows, to know there are more; past the cap, enough to know of a next page.
    countCap: Math.max(SEARCH_COUNT_AHEAD, o.query.page * o.query.limit) + 1,
  };
  // drizzle types each column of a left-joined object as nullable; a row without a category (or
  // type) has a null object there (its mapResultRow), which is what the serializers take
  if (!searching) {
    const found = await prepared(db, `content.page.${shape}`, (name) =>
      pageQuery({ total: totalColumn(countQuery()) }).prepare(name),
    ).execute(values);
    const n = await pageTotal(found, values.offset, () => total().execute(values));
    return { rows: found as SummaryRecord[], total: n };
  }
  const page = prepared(db, `content.page.${shape}`, (name) => pageQuery().prepare(name));
  const [found, [counted]] = await Promise.all([page.execute(values), total().execute(values)]);
  const rows = found as SummaryRecord[];
  const n = Number(counted?.n ?? 0);
  const cap = values.countCap - 1;
  return n > cap ? { rows, total: cap, totalCapped: true } : { rows, total: n };
}

async function findContent(
  db: Database,
  kind: ContentKind,
  churchId: number,
  key: { id: number } | { slug: string },
): Promise<ContentRecord> {
  const by = 'id' in key ? 'id' : 'slug';
  const p = sql.placeholder;
  const [row] = await prepared(db, `content.item.${by}`, (name) =>
    selectRecords(db, contentColumns)
      .where(
        and(
          eq(t.contents.churchId, p('churchId')),
          eq(t.contents.kind, p('kind')),
          eq(t.contents.active, true),
          by === 'id' ? eq(t.contents.id, p('key')) : eq(t.contents.slug, p('key')),
        ),
      )
      .prepare(name),
  ).execute({ churchId, kind, key: 'id' in key ? key.id : key.slug });
  if (!row) throw notFound(NOT_FOUND);
  return row as ContentRecord; // its category and type: as in listContents
}

async function listCategories(db: Database, churchId: number, kind: CategoryKind) {
  const p = sql.placeholder;
  const rows = await prepared(db, 'content.categories', (name) =>
    db
      .select()
      .from(t.contentCategories)
      .where(
        and(
          eq(t.contentCategories.churchId, p('churchId')),
          eq(t.contentCategories.kind, p('kind')),
        ),
      )
      .orderBy(asc(t.contentCategories.position), asc(t.contentCategories.name))
      .prepare(name),
  ).execute({ churchId, kind });
  return { categorias: rows.map((r) => s.toCategory(r)!) };
}

async function studiesArePublic(db: Database, churchId: number): Promise<boolean> {
  const [config] = await db
    .select()
    .from(t.studyConfigs)
    .where(eq(t.studyConfigs.churchId, churchId));
  return config?.publicContent ?? true;
}

/**
 * A study body is for everyone when the church made studies public, else for its active members.
 * `readerId` finds the caller (null: nobody logged in); it is asked only when studies are not public.
 */
async function mayReadStudies(
  db: Database,
  churchId: number,
  isPublic: boolean,
  readerId: () => Promise<number | null>,
): Promise<boolean> {
  if (isPublic) return true;
  const userId = await readerId();
  if (userId === null) return false;
  const membership = await membershipOf(db, userId, churchId);
  return membership?.active ?? false;
}

/** The categories of a section (`GET /igreja/{slug}/{segment}-categoria/`). */
export const categoriesOf = listCategories;

// ---- news ----

export async function newsPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, { kind: 'noticia', churchId, query });
  return { noticias: rows.map(s.toNewsItem), ...paging(query, counted) };
}

export async function newsItem(db: Database, churchId: number, id: number) {
  return s.toNewsDetail(await findContent(db, 'noticia', churchId, { id }));
}

// ---- devotionals ----

export async function devotionalsPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, { kind: 'devocional', churchId, query });
  return { devocionais: rows.map(s.toDevotionalItem), ...paging(query, counted) };
}

export async function devotionalItem(db: Database, churchId: number, id: number) {
  return s.toDevotionalDetail(await findContent(db, 'devocional', churchId, { id }));
}

// ---- ministries and their projects ----

export async function ministriesPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, {
    kind: 'ministerio',
    churchId,
    query,
    byTitle: true,
  });
  return { ministerios: rows.map(s.toMinistryItem), ...paging(query, counted) };
}

/** A ministry with its body and its projects (the first 50 by title). */
export async function ministryDetail(db: Database, churchId: number, id: number) {
  const ministry = await findContent(db, 'ministerio', churchId, { id });
  const projects = await listContents(db, {
    kind: 'projeto',
    churchId,
    parentId: id,
    byTitle: true,
    query: { page: 1, limit: 50 },
  });
  return {
    ...s.toMinistryItem(ministry),
    corpo: ministry.item.body,
    projetos: projects.rows.map(s.toProjectItem),
  };
}

export async function projectDetail(
  db: Database,
  churchId: number,
  ministryId: number,
  projectId: number,
) {
  const ministry = await findContent(db, 'ministerio', churchId, { id: ministryId });
  const project = await findContent(db, 'projeto', churchId, { id: projectId });
  if (project.item.parentId !== ministryId) throw notFound(NOT_FOUND); // a project is read under its own ministry only
  return {
    ...s.toProjectItem(project),
    corpo: project.item.body,
    ministerio: { id: ministry.item.id, titulo: ministry.item.title },
  };
}

// ---- Sunday school ----

export async function ebdPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, {
    kind: 'ebd',
    churchId,
    query,
    byTitle: true,
  });
  return { ebds: rows.map(s.toEbdItem), ...paging(query, counted) };
}

export async function ebdItem(db: Database, churchId: number, slug: string) {
  return s.toEbdDetail(await findContent(db, 'ebd', churchId, { slug }));
}

// ---- publications ----

/** The church's publication types, each with its count of active publications. */
export async function publicationTypesOf(db: Database, churchId: number) {
  const types = await db
    .select()
    .from(t.publicationTypes)
    .where(eq(t.publicationTypes.churchId, churchId))
    .orderBy(asc(t.publicationTypes.position), asc(t.publicationTypes.name));
  const counts = await db
    .select({ typeId: t.contents.publicationTypeId, n: count() })
    .from(t.contents)
    .where(
      and(
        eq(t.contents.churchId, churchId),
        eq(t.contents.kind, 'publicacao'),
        eq(t.contents.active, true),
      ),
    )
    .groupBy(t.contents.publicationTypeId);
  const countOf = new Map(counts.map((r) => [r.typeId, Number(r.n)]));
  return {
    publicacaoTipos: types.map((type) => s.toPublicationType(type, countOf.get(type.id) ?? 0)),
  };
}

export async function publicationsPage(
  db: Database,
  churchId: number,
  query: PublicationListQuery,
) {
  const { rows, ...counted } = await listContents(db, {
    kind: 'publicacao',
    churchId,
    query,
    publicationType: query.tipo,
  });
  return { publicacoes: rows.map(s.toPublicationItem), ...paging(query, counted) };
}

export async function publicationItem(db: Database, churchId: number, slug: string) {
  return s.toPublicationDetail(await findContent(db, 'publicacao', churchId, { slug }));
}

// ---- studies (spec §7 "Groups and studies") ----

export async function studyConfigOf(db: Database, churchId: number) {
  return { configuracaoEstudo: { flagConteudoPublico: await studiesArePublic(db, churchId) } };
}

export async function studiesPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, { kind: 'estudo', churchId, query });
  const flagConteudoPublico = await studiesArePublic(db, churchId);
  return { estudos: rows.map(s.toStudyItem), flagConteudoPublico, ...paging(query, counted) };
}

/** A study; its body only for whom may read it (`readerId`: the caller's id, null when logged out). */
export async function studyDetail(
  db: Database,
  churchId: number,
  id: number,
  readerId: () => Promise<number | null>,
) {
  const study = await findContent(db, 'estudo', churchId, { id });
  const flagConteudoPublico = await studiesArePublic(db, churchId);
  // spec §3 "Studies config": without public content, visitors get the title but not the body.
  const readable = await mayReadStudies(db, churchId, flagConteudoPublico, readerId);
  const corpo = readable ? study.item.body : null;
  return {
    ...s.toStudyItem(study),
    corpo,
    corpoSanitizado: corpo === null ? null : sanitizeRichText(corpo, { churchId }),
    flagConteudoPublico,
  };
}

// ---- videos (spec §7: GET /video/{slug}) ----

export async function videosPage(db: Database, churchId: number, query: ContentListQuery) {
  const { rows, ...counted } = await listContents(db, {
    kind: 'video',
    churchId,
    query,
    withBody: true,
  });
  return { items: rows.map(s.toVideoItem), ...paging(query, counted) };
}

export async function videoItem(db: Database, churchId: number, id: number) {
  return s.toVideoItem(await findContent(db, 'video', churchId, { id }));
}

// ---- podcasts (spec §7: GET /podcast/anchor/{code}/?page&limit=10) ----

export async function podcastsOf(db: Database, churchId: number) {
  const rows = await db
    .select()
    .from(t.podcasts)
    .where(and(eq(t.podcasts.churchId, churchId), eq(t.podcasts.active, true)))
    .orderBy(asc(t.podcasts.id));
  return { podcasts: rows.map(s.toPodcast) };
}

/** A podcast by its code with a page of its episodes; a podcast of an inactive church is a 404. */
export async function podcastEpisodesOf(db: Database, code: string, query: PodcastEpisodesQuery) {
  const [podcast] = await db
    .select()
    .from(t.podcasts)
    .where(and(eq(t.podcasts.code, code), eq(t.podcasts.active, true)));
  if (!podcast) throw notFound('api.podcastNotFound');
  await churchById(db, podcast.churchId, { notFoundMessage: 'api.podcastNotFound' }); // an inactive church's podcast is gone too
  const e = t.podcastEpisodes;
  const filters: SQL[] = [
    eq(e.podcastId, podcast.id),
    eq(e.churchId, podcast.churchId),
    eq(e.active, true),
  ];
  if (query.categoria !== undefined) filters.push(eq(e.categoryId, query.categoria));
  if (query.busca) filters.push(matches(query.busca, [e.title, e.description, e.keywords]));
  const where = and(...filters);
  const rows = await db
    .select({ episode: e, category: t.contentCategories })
    .from(e)
    .leftJoin(t.contentCategories, eq(t.contentCategories.id, e.categoryId))
    .where(where)
    .orderBy(desc(e.publishedAt), desc(e.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(e).where(where);
  return {
    podcast: s.toPodcast(podcast),
    episodios: rows.map((r) => s.toPodcastEpisode(r.episode, r.category)),
    total: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
