// The staff side of content (docs/staff.md "Content"): lists of every state, the editor's reads
// and writes with a version check and the visitor's preview; the state changes (draft → scheduled
// → published → archived) and deletion are ./content-states.service.ts, categories
// ./content-categories.service.ts and the scheduled publishing ./content-publishing.ts. News, devotionals,
// publications, EBD, studies and videos are rows of `conteudo`; podcast episodes have their own
// table, mapped here onto the same editor shape. Every write goes through staffWrite.
import { and, asc, count, desc, eq, getTableColumns, max, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { sanitizeRichText } from '../../common/rich-text.ts';
import {
  DETAIL_FIELDS,
  hasBody,
  hasSlug,
  STAFF_CONTENT_PAGE_SIZE,
  type ContentStaffListQuery,
  type ContentWrite,
  type StaffContent,
  type StaffContentKind,
  type StaffContentList,
  type StaffPreview,
} from '../../contract/content-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import type { ContentDetails } from '../db/schema/content.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { audioBytes } from './audio-length.ts';
import * as s from './content.serializers.ts';
import { foldTerm, matches } from '../db/search.ts';

const C = t.contents;
const E = t.podcastEpisodes;
type ContentRow = typeof C.$inferSelect;
type EpisodeRow = typeof E.$inferSelect;
type ArticleKind = Exclude<StaffContentKind, 'podcast'>;

export const NOT_FOUND = 'staff.notFound';

/** Saved over a version the editor did not see: the route answers 409 with `current`. */
export class ContentConflict extends Error {
  readonly current: StaffContent;
  constructor(current: StaffContent) {
    super('staff.versionConflict');
    this.current = current;
  }
}

/** An address from a title: folded like a search term, dashes between words. */
export function slugOf(text: string): string {
  return (
    foldTerm(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'item'
  );
}

// ---- rows → the editor's shape ----

const iso = (d: Date) => d.toISOString();

function pickDetails(kind: StaffContentKind, details: ContentDetails): StaffContent['detalhes'] {
  const out: StaffContent['detalhes'] = {};
  for (const field of DETAIL_FIELDS[kind]) {
    const value = (details as Record<string, unknown>)[field];
    out[field] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return out;
}

export function fromContent(row: Omit<ContentRow, 'searchText'>): StaffContent {
  const kind = row.kind as ArticleKind;
  const categoryId = kind === 'publicacao' ? row.publicationTypeId : row.categoryId;
  return {
    id: row.id,
    tipo: kind,
    titulo: row.title,
    resumo: row.summary,
    // the editor never receives active markup, even from a body stored before the save sanitised
    // it (or written around it): the same rules as on save (docs/staff.md "Content")
    corpo: row.body === null ? null : sanitizeRichText(row.body, { churchId: row.churchId }),
    imagem: row.image ? { url: row.image, largura: row.imageWidth, altura: row.imageHeight } : null,
    categoriaId: categoryId ?? null,
    palavrasChave: row.keywords,
    autor: row.author,
    slug: row.slug,
    detalhes: pickDetails(kind, row.details),
    status: row.status,
    publicadoEm: iso(row.publishedAt),
    versao: row.version,
    atualizadoEm: iso(row.updatedAt),
  };
}

export function fromEpisode(row: EpisodeRow): StaffContent {
  return {
    id: row.id,
    tipo: 'podcast',
    titulo: row.title,
    resumo: row.description,
    corpo: null,
    imagem: row.background ? { url: row.background, largura: 1200, altura: 675 } : null,
    categoriaId: row.categoryId,
    palavrasChave: row.keywords,
    autor: null,
    slug: null,
    detalhes: { audio: row.audioFile || null, duracaoSegundos: row.durationSeconds },
    status: row.status,
    publicadoEm: iso(row.publishedAt),
    versao: row.version,
    atualizadoEm: iso(row.updatedAt),
  };
}

export const { searchText: _searchText, ...contentColumns } = getTableColumns(C);

// ---- reads ----

/** A page of a kind's items in every state, newest first, with search, status and category. */
export async function listItems(
  db: Database,
  churchId: number,
  kind: StaffContentKind,
  query: ContentStaffListQuery,
): Promise<StaffContentList> {
  const term = query.busca ? foldTerm(query.busca) : '';
  const offset = (query.page - 1) * STAFF_CONTENT_PAGE_SIZE;
  let rows: (StaffContent & { categoria: string | null })[];
  let total: number;
  if (kind === 'podcast') {
    const where = and(
      eq(E.churchId, churchId),
      query.status ? eq(E.status, query.status) : undefined,
      query.categoria ? eq(E.categoryId, query.categoria) : undefined,
      term ? matches(term, [E.title, E.description, E.keywords]) : undefined,
    );
    const [found, [n]] = await Promise.all([
      db
        .select({ row: E, categoria: t.contentCategories.name })
        .from(E)
        .leftJoin(t.contentCategories, eq(t.contentCategories.id, E.categoryId))
        .where(where)
        .orderBy(desc(E.publishedAt), desc(E.id))
        .limit(STAFF_CONTENT_PAGE_SIZE)
        .offset(offset),
      db.select({ n: count() }).from(E).where(where),
    ]);
    rows = found.map((r) => ({ ...fromEpisode(r.row), categoria: r.categoria }));
    total = Number(n?.n ?? 0);
  } else {
    const byType = kind === 'publicacao';
    const where = and(
      eq(C.churchId, churchId),
      eq(C.kind, kind),
      query.status ? eq(C.status, query.status) : undefined,
      query.categoria
        ? eq(byType ? C.publicationTypeId : C.categoryId, query.categoria)
        : undefined,
      // The folded title, summary and keywords of the public search (schema/content.ts).
      term ? sql`${C.searchText} like ${containsPattern(term)}` : undefined,
    );
    const [found, [n]] = await Promise.all([
      db
        .select({
          row: contentColumns,
          categoria: byType ? t.publicationTypes.name : t.contentCategories.name,
        })
        .from(C)
        .leftJoin(t.contentCategories, eq(t.contentCategories.id, C.categoryId))
        .leftJoin(t.publicationTypes, eq(t.publicationTypes.id, C.publicationTypeId))
        .where(where)
        .orderBy(desc(C.publishedAt), desc(C.id))
        .limit(STAFF_CONTENT_PAGE_SIZE)
        .offset(offset),
      db.select({ n: count() }).from(C).where(where),
    ]);
    rows = found.map((r) => ({ ...fromContent(r.row), categoria: r.categoria }));
    total = Number(n?.n ?? 0);
  }
  return {
    itens: rows.map(({ corpo: _corpo, ...row }) => row),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / STAFF_CONTENT_PAGE_SIZE)),
  };
}

async function contentRow(
  db: Database | Tx,
  churchId: number,
  kind: ArticleKind,
  id: number,
  lock = false,
) {
  const q = db
    .select(contentColumns)
    .from(C)
    .where(and(eq(C.id, id), eq(C.churchId, churchId), eq(C.kind, kind)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function episodeRow(db: Database | Tx, churchId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(E)
    .where(and(eq(E.id, id), eq(E.churchId, churchId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** One item of the church for the editor; 404 for another church's or another kind's id. */
export async function getItem(
  db: Database | Tx,
  churchId: number,
  kind: StaffContentKind,
  id: number,
): Promise<StaffContent> {
  if (kind === 'podcast') {
    const row = await episodeRow(db, churchId, id);
    if (!row) throw notFound(NOT_FOUND);
    return fromEpisode(row);
  }
  const row = await contentRow(db, churchId, kind, id);
  if (!row) throw notFound(NOT_FOUND);
  return fromContent(row);
}

/** The item as the public detail call shapes it (contract/content.ts), whatever its state. */
export async function previewItem(
  db: Database,
  churchId: number,
  kind: StaffContentKind,
  id: number,
): Promise<StaffPreview> {
  if (kind === 'podcast') {
    const [found] = await db
      .select({ row: E, category: t.contentCategories })
      .from(E)
      .leftJoin(t.contentCategories, eq(t.contentCategories.id, E.categoryId))
      .where(and(eq(E.id, id), eq(E.churchId, churchId)));
    if (!found) throw notFound(NOT_FOUND);
    return {
      tipo: kind,
      status: found.row.status,
      item: s.toPodcastEpisode(found.row, found.category),
      corpoSanitizado: '',
    };
  }
  const [record] = await db
    .select({
      item: contentColumns,
      category: t.contentCategories,
      publicationType: t.publicationTypes,
    })
    .from(C)
    .leftJoin(t.contentCategories, eq(t.contentCategories.id, C.categoryId))
    .leftJoin(t.publicationTypes, eq(t.publicationTypes.id, C.publicationTypeId))
    .where(and(eq(C.id, id), eq(C.churchId, churchId), eq(C.kind, kind)));
  if (!record) throw notFound(NOT_FOUND);
  const serialize = {
    noticia: s.toNewsDetail,
    devocional: s.toDevotionalDetail,
    publicacao: s.toPublicationDetail,
    ebd: s.toEbdDetail,
    estudo: (r: s.ContentRecord) => ({ ...s.toStudyItem(r), corpo: r.item.body }),
    video: s.toVideoItem,
  }[kind];
  return {
    tipo: kind,
    status: record.item.status,
    item: serialize(record) as unknown as Record<string, unknown>,
    corpoSanitizado: sanitizeRichText(record.item.body, { churchId }),
  };
}

// ---- writes ----

export type ContentDeps = StaffWriteDeps;

/** A category of the church of this kind (for publications, a type), or undefined. */
export async function findCategory(
  tx: Tx,
  churchId: number,
  kind: StaffContentKind,
  id: number,
): Promise<{ id: number; nome: string } | undefined> {
  const [row] =
    kind === 'publicacao'
      ? await tx
          .select({ id: t.publicationTypes.id, nome: t.publicationTypes.name })
          .from(t.publicationTypes)
          .where(and(eq(t.publicationTypes.id, id), eq(t.publicationTypes.churchId, churchId)))
      : await tx
          .select({ id: t.contentCategories.id, nome: t.contentCategories.name })
          .from(t.contentCategories)
          .where(
            and(
              eq(t.contentCategories.id, id),
              eq(t.contentCategories.churchId, churchId),
              eq(t.contentCategories.kind, kind),
            ),
          );
  return row;
}

/** The category (or, for publications, the type) must be the church's own and of this kind. */
async function checkCategory(
  tx: Tx,
  churchId: number,
  kind: StaffContentKind,
  id: number | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await findCategory(tx, churchId, kind, id)))
    throw fieldProblem(400, 'categoriaId', 'staff.content.categoryNotFound');
}

/** A free address for a new EBD class or publication: the title's, then -2, -3… */
async function freeSlug(
  tx: Tx,
  churchId: number,
  kind: ArticleKind,
  wanted: string,
  exceptId?: number,
): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: C.slug, id: C.id })
        .from(C)
        .where(
          and(
            eq(C.churchId, churchId),
            eq(C.kind, kind),
            sql`(${C.slug} = ${wanted} or ${C.slug} like ${`${wanted}-%`})`,
          ),
        )
    )
      .filter((r) => r.id !== exceptId)
      .map((r) => r.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** The columns of `conteudo` an editor's input sets; a field left out stays as it is. */
function contentValues(kind: ArticleKind, input: ContentWrite, churchId: number) {
  const values: Partial<typeof C.$inferInsert> = { title: input.titulo };
  if (input.resumo !== undefined) values.summary = input.resumo;
  // Stored as the public pages print it: scripts and event handlers never reach the table.
  if (input.corpo !== undefined)
    values.body =
      hasBody(kind) && input.corpo ? sanitizeRichText(input.corpo, { churchId }) || null : null;
  if (input.imagem !== undefined) {
    values.image = input.imagem?.url ?? null;
    if (input.imagem) {
      values.imageWidth = input.imagem.largura;
      values.imageHeight = input.imagem.altura;
    }
  }
  if (input.categoriaId !== undefined) {
    if (kind === 'publicacao') values.publicationTypeId = input.categoriaId;
    else values.categoryId = input.categoriaId;
  }
  if (input.palavrasChave !== undefined)
    values.keywords = [...new Set(input.palavrasChave.filter(Boolean))];
  if (input.autor !== undefined) values.author = input.autor;
  if (input.publicadoEm) values.publishedAt = new Date(input.publicadoEm);
  return values;
}

function detailsOf(kind: StaffContentKind, input: ContentWrite, before: ContentDetails = {}) {
  if (input.detalhes === undefined) return undefined;
  const next: ContentDetails = { ...before };
  for (const [field, value] of Object.entries(input.detalhes)) {
    if (value === undefined) continue;
    if (value === null) delete (next as Record<string, unknown>)[field];
    else (next as Record<string, unknown>)[field] = value;
  }
  if (kind === 'video') next.fonte = 'youtube';
  return next;
}

/** `bytes`: the new audio's length, measured before the write (audio-length.ts). */
function episodeValues(input: ContentWrite, bytes?: number | null) {
  const values: Partial<typeof E.$inferInsert> = { title: input.titulo };
  if (input.resumo !== undefined) values.description = input.resumo;
  if (input.imagem !== undefined) values.background = input.imagem?.url ?? null;
  if (input.categoriaId !== undefined) values.categoryId = input.categoriaId;
  if (input.palavrasChave !== undefined)
    values.keywords = [...new Set(input.palavrasChave.filter(Boolean))];
  if (input.publicadoEm) values.publishedAt = new Date(input.publicadoEm);
  const details = input.detalhes as
    { audio?: string | null; duracaoSegundos?: number | null } | undefined;
  if (details?.audio !== undefined) {
    values.audioFile = details.audio ?? '';
    values.audioBytes = bytes ?? null;
  }
  if (details?.duracaoSegundos !== undefined) values.durationSeconds = details.duracaoSegundos;
  return values;
}

export const audit = (action: string, item: StaffContent, details?: Record<string, unknown>) => ({
  action: `content.${action}`,
  kind: item.tipo,
  targetId: item.id,
  summary: item.titulo,
  details,
});

/** The length of the audio an episode write names, found outside the transaction (it may ask the audio's host). */
async function newAudioBytes(kind: StaffContentKind, input: ContentWrite) {
  const audio = (input.detalhes as { audio?: string | null } | undefined)?.audio;
  return kind === 'podcast' && audio ? audioBytes(audio) : null;
}

/** A new draft (never public until published or scheduled). */
export async function createItem(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  input: ContentWrite,
): Promise<StaffContent> {
  const churchId = actor.churchId;
  const bytes = await newAudioBytes(kind, input);
  return staffWrite(
    deps,
    actor,
    (item) => audit('create', item),
    async (tx) => {
      await checkCategory(tx, churchId, kind, input.categoriaId);
      if (kind === 'podcast') {
        const [show] = await tx
          .select({ id: t.podcasts.id })
          .from(t.podcasts)
          .where(and(eq(t.podcasts.churchId, churchId), eq(t.podcasts.active, true)))
          .orderBy(asc(t.podcasts.id))
          .limit(1);
        if (!show) throw new ApiProblem(409, 'staff.content.noPodcast');
        const [last] = await tx
          .select({ n: max(E.position) })
          .from(E)
          .where(eq(E.podcastId, show.id));
        const [row] = await tx
          .insert(E)
          .values({
            audioFile: '',
            publishedAt: new Date(),
            ...episodeValues(input, bytes),
            title: input.titulo,
            churchId,
            podcastId: show.id,
            position: (last?.n ?? 0) + 1,
            status: 'rascunho',
            active: false,
          })
          .returning();
        return fromEpisode(row!);
      }
      const slug = hasSlug(kind)
        ? input.slug
          ? input.slug
          : await freeSlug(tx, churchId, kind, slugOf(input.titulo))
        : null;
      try {
        const [row] = await tx
          .insert(C)
          .values({
            ...contentValues(kind, input, churchId),
            title: input.titulo,
            details: detailsOf(kind, input) ?? (kind === 'video' ? { fonte: 'youtube' } : {}),
            churchId,
            kind,
            slug,
            status: 'rascunho',
            active: false,
          })
          .returning(contentColumns);
        return fromContent(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldProblem(409, 'slug', 'staff.content.slugTaken');
        throw error;
      }
    },
  );
}

/** Loads the item locked for this transaction; its version must be the one the editor saw. */
export async function lockedAt(
  tx: Tx,
  churchId: number,
  kind: StaffContentKind,
  id: number,
  version: number | undefined,
) {
  const row =
    kind === 'podcast'
      ? await episodeRow(tx, churchId, id, true)
      : await contentRow(tx, churchId, kind, id, true);
  if (!row) throw notFound(NOT_FOUND);
  const current =
    kind === 'podcast' ? fromEpisode(row as EpisodeRow) : fromContent(row as ContentRow);
  if (version !== undefined && row.version !== version) throw new ContentConflict(current);
  return { row, current };
}

/** Saves the editor's fields over the version it opened (a newer one → ContentConflict). */
export async function updateItem(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  id: number,
  input: ContentWrite & { versao: number },
): Promise<StaffContent> {
  const churchId = actor.churchId;
  const bytes = await newAudioBytes(kind, input);
  return staffWrite(
    deps,
    actor,
    (item) => audit('update', item),
    async (tx) => {
      const { row } = await lockedAt(tx, churchId, kind, id, input.versao);
      await checkCategory(tx, churchId, kind, input.categoriaId);
      const stamp = {
        version: sql`${kind === 'podcast' ? E.version : C.version} + 1`,
        updatedAt: new Date(),
      };
      if (kind === 'podcast') {
        const [saved] = await tx
          .update(E)
          .set({ ...episodeValues(input, bytes), ...stamp })
          .where(eq(E.id, id))
          .returning();
        return fromEpisode(saved!);
      }
      const before = row as ContentRow;
      const slug =
        hasSlug(kind) && input.slug !== undefined
          ? (input.slug ?? (await freeSlug(tx, churchId, kind, slugOf(input.titulo), id)))
          : undefined;
      try {
        const [saved] = await tx
          .update(C)
          .set({
            ...contentValues(kind, input, churchId),
            ...(slug !== undefined && { slug }),
            ...(input.detalhes !== undefined && {
              details: detailsOf(kind, input, before.details),
            }),
            ...stamp,
          })
          .where(eq(C.id, id))
          .returning(contentColumns);
        return fromContent(saved!);
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldProblem(409, 'slug', 'staff.content.slugTaken');
        throw error;
      }
    },
  );
}

// ---- cover image ----

/** The size the image store gives a `conteudo` upload (server/images/store.ts: inside 1600², never enlarged). */
const COVER_BOX = 1600;

/** The stored cover's width and height, from the upload's pixels as the store resizes them. */
export async function coverSize(input: Buffer): Promise<{ largura: number; altura: number }> {
  const meta = await sharp(input).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? COVER_BOX;
  const height = meta.autoOrient?.height ?? meta.height ?? COVER_BOX;
  const scale = Math.min(1, COVER_BOX / width, COVER_BOX / height);
  return {
    largura: Math.max(1, Math.round(width * scale)),
    altura: Math.max(1, Math.round(height * scale)),
  };
}
