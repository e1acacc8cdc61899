// Moving in (docs/staff.md "Moving in"): a church's files from elsewhere — people, gifts, songs,
// events, posts — read once as a dry run, imported by a background task, undone as a whole. Each
// row an import wrote is listed in `importacao_item`, which is how undo finds exactly its rows and
// how a second import of the same file recognises what is already there.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

export const IMPORT_KINDS = ['pessoas', 'doacoes', 'louvores', 'eventos', 'posts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * analisando (the dry run, a task) → analisado (dry run shown) → na_fila → importando → concluido |
 * falhou; concluido → desfeito. A failed task is retried from falhou.
 */
export const IMPORT_STATES = [
  'analisando',
  'analisado',
  'na_fila',
  'importando',
  'concluido',
  'falhou',
  'desfeito',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const imports = pgTable(
  'importacao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    kind: text('tipo').$type<ImportKind>().notNull(),
    state: text('estado').$type<ImportState>().notNull().default('analisado'),
    fileName: text('nome_arquivo').notNull(),
    size: integer('tamanho').notNull().default(0),
    /** The column mapping and choices (invitations, category → kind) the import runs with. */
    options: jsonb('opcoes').$type<Record<string, unknown>>().notNull().default({}),
    /** The dry run's counts and refused lines, as last shown. */
    preview: jsonb('previa').$type<Record<string, unknown>>(),
    /** What the import did: counts, refused lines, images it could not bring. */
    result: jsonb('resultado').$type<Record<string, unknown>>(),
    /** The background task (tarefa) that runs it. */
    taskId: integer('tarefa_id'),
    error: text('erro'),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('concluido_em', { withTimezone: true }),
    undoneAt: timestamp('desfeito_em', { withTimezone: true }),
  },
  (t) => [index('importacao_igreja_idx').on(t.churchId, t.createdAt.desc())],
);

/** One row an import created, by table and id; `origem` names its source (e-mail, GUID, UID). */
export const importItems = pgTable(
  'importacao_item',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    importId: integer('importacao_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The table the row is in: usuario, igreja_usuario, celula_membro, pagamento, louvor, evento, conteudo, … */
    table: text('tabela').notNull(),
    targetId: integer('alvo_id').notNull(),
    /** The row's key in the source file: a second import of the same file skips it. */
    origin: text('origem'),
  },
  (t) => [
    index('importacao_item_importacao_idx').on(t.importId, t.table),
    index('importacao_item_alvo_idx').on(t.churchId, t.table, t.targetId),
    uniqueIndex('importacao_item_origem_uq')
      .on(t.churchId, t.table, t.origin)
      .where(sql`${t.origin} is not null`),
  ],
);

/** Old addresses (a WordPress site's) that lead to the church's new pages. */
export const redirects = pgTable(
  'redirecionamento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The old path, lower case, without a trailing slash (`/2019/05/culto-de-natal`, `/?p=12`). */
    from: text('caminho_antigo').notNull(),
    to: text('destino').notNull(),
    importId: integer('importacao_id').references(() => imports.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('redirecionamento_uq').on(t.churchId, t.from)],
);
