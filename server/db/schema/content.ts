// Public reading content (docs/content.md, spec §2 public routes): news, devotionals, ministries and
// their projects, Sunday school (EBD), publications, studies and videos share one table
// (`conteudo`, told apart by `tipo`) because they share their shape, their list query
// (category, search, paging) and their rules; podcasts have the spec's own episode shape.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';

/** The kinds of `conteudo` rows; each has its own routes and wire shape. */
export const CONTENT_KINDS = [
  'noticia',
  'devocional',
  'ministerio',
  'projeto',
  'ebd',
  'publicacao',
  'estudo',
  'video',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** Kinds that have categories (projects follow their ministry; publications use their type). */
export type CategoryKind =
  'noticia' | 'devocional' | 'ministerio' | 'ebd' | 'estudo' | 'video' | 'podcast';

/** The editorial states of content (docs/staff.md); only `publicado` shows on the public pages. */
export const CONTENT_STATUSES = ['rascunho', 'agendado', 'publicado', 'arquivado'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Per-kind extras that no other kind has (kept out of the shared columns). */
export interface ContentDetails {
  /** devotional, study: the Bible passage it reads. */
  referencia?: string;
  /** ministry: its leader. */
  lider?: string;
  /** EBD: teacher, when and where the class meets, and who it is for. */
  professor?: string;
  horario?: string;
  local?: string;
  publico?: string;
  /** project: what it aims at. */
  meta?: string;
  /** video: the provider's id and name (spec §3 "Video list"), and its length in seconds. */
  videoId?: string;
  fonte?: 'youtube';
  duracaoSegundos?: number;
}

export const contentCategories = pgTable(
  'conteudo_categoria',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    kind: text('tipo').$type<CategoryKind>().notNull(),
    name: text('nome').notNull(),
    slug: text('slug').notNull(),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [uniqueIndex('conteudo_categoria_uq').on(t.churchId, t.kind, t.slug)],
);

export const publicationTypes = pgTable(
  'publicacao_tipo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('nome').notNull(),
    description: text('descricao'),
    image: text('imagem'),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [uniqueIndex('publicacao_tipo_uq').on(t.churchId, t.slug)],
);

// Accent-insensitive search with translate(), not the unaccent extension: "noticia" finds "Notícia".
export const SEARCH_ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
export const SEARCH_PLAIN = 'aaaaaaeeeeiiiiooooouuuucnAAAAAAEEEEIIIIOOOOOUUUUCN';

export const contents = pgTable(
  'conteudo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    kind: text('tipo').$type<ContentKind>().notNull(),
    categoryId: integer('categoria_id').references(() => contentCategories.id, {
      onDelete: 'set null',
    }),
    publicationTypeId: integer('publicacao_tipo_id').references(() => publicationTypes.id, {
      onDelete: 'set null',
    }),
    /** A project's ministry. */
    parentId: integer('ministerio_id').references((): AnyPgColumn => contents.id, {
      onDelete: 'cascade',
    }),
    /** EBD classes and publications are addressed by slug (spec §2). */
    slug: text('slug'),
    title: text('titulo').notNull(),
    summary: text('resumo'),
    /** Church-provided HTML; sanitised by the web app before rendering. */
    body: text('corpo'),
    image: text('imagem'),
    imageWidth: integer('imagem_largura').notNull().default(1200),
    imageHeight: integer('imagem_altura').notNull().default(675),
    keywords: jsonb('palavras_chave').$type<string[]>().notNull().default([]),
    author: text('autor'),
    details: jsonb('detalhes').$type<ContentDetails>().notNull().default({}),
    publishedAt: timestamp('publicado_em', { withTimezone: true }).notNull().defaultNow(),
    /** Visible on the public pages: true exactly when `status` is `publicado` (the lists' partial indexes read it). */
    active: boolean('flag_ativo').notNull().default(true),
    /** The editorial state (docs/staff.md): rascunho → agendado (for `publicado_em`) → publicado → arquivado. */
    status: text('status').$type<ContentStatus>().notNull().default('publicado'),
    /** Bumped on every staff save: a save that names an older version is refused (two editors never overwrite each other). */
    version: integer('versao').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a search reads (spec §2: title or keyword, the summary too): folded once when the row is
     * written, so a search over a big church's items costs one LIKE per row, not three translates (docs/performance.md).
     */
    searchText: text('busca_texto').generatedAlwaysAs(
      sql.raw(
        `lower(translate(coalesce(titulo, '') || E'\\n' || coalesce(resumo, '') || E'\\n' || palavras_chave::text, '${SEARCH_ACCENTED}', '${SEARCH_PLAIN}'))`,
      ),
    ),
  },
  (t) => [
    index('conteudo_lista_idx').on(t.churchId, t.kind, t.publishedAt),
    // docs/performance.md "Kept plans and partial indexes": the lists' exact order over active rows, so page 1 and page 500 read the index, not a sort
    index('conteudo_publicado_idx')
      .on(t.churchId, t.kind, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.active}`),
    // docs/performance.md "Search by trigrams": a search reads the church's matching rows only (pg_trgm answers LIKE '%term%';
    // btree_gin puts church and kind in the same index): migration 0017 creates the extensions.
    index('conteudo_busca_idx')
      .using('gin', t.churchId, t.kind, t.searchText.op('gin_trgm_ops'))
      .where(sql`${t.active}`),
    index('conteudo_ministerio_idx').on(t.parentId),
    // The scheduled-publishing job reads only what waits for its time (docs/staff.md).
    index('conteudo_agendado_idx')
      .on(t.publishedAt)
      .where(sql`${t.status} = 'agendado'`),
    uniqueIndex('conteudo_slug_uq')
      .on(t.churchId, t.kind, t.slug)
      .where(sql`${t.slug} is not null`),
  ],
);

/** spec §3 "Studies config": whether visitors may read study bodies. */
export const studyConfigs = pgTable('configuracao_estudo', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  publicContent: boolean('flag_conteudo_publico').notNull().default(true),
});

/** A church's podcast show; `codigo` is its address in `GET /podcast/anchor/{code}/`. */
export const podcasts = pgTable(
  'podcast',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    code: text('codigo').notNull().unique(),
    title: text('titulo').notNull(),
    description: text('descricao'),
    author: text('autor'),
    image: text('imagem'),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('podcast_igreja_idx').on(t.churchId)],
);

/** spec §3 "Podcast playing": background, title, description, position, published_at, audio_file. */
export const podcastEpisodes = pgTable(
  'podcast_episodio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    podcastId: integer('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    categoryId: integer('categoria_id').references(() => contentCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    audioFile: text('audio_file').notNull(),
    /** The audio's size in bytes, recorded when it is written (the feed's enclosure length); null when unknown. */
    audioBytes: integer('audio_bytes'),
    background: text('background'),
    durationSeconds: integer('duracao_segundos'),
    keywords: jsonb('palavras_chave').$type<string[]>().notNull().default([]),
    /** As `conteudo.flag_ativo`: true exactly when `status` is `publicado`. */
    active: boolean('flag_ativo').notNull().default(true),
    status: text('status').$type<ContentStatus>().notNull().default('publicado'),
    version: integer('versao').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('podcast_episodio_lista_idx').on(t.podcastId, t.publishedAt),
    index('podcast_episodio_igreja_idx').on(t.churchId),
  ],
);
