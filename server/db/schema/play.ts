// Play (spec §2 "/play", MOD_ASSINATURA; §3 Play; §6 closed content): a church's subscription video
// service. Plans, the module's settings, tags, collections, contents (open or closed), members'
// subscriptions and "my list". Every table belongs to a church (igreja_id NOT NULL).
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { payments, savedCards } from './events.ts';
import { users } from './users.ts';

/** spec §3 Play moduleData: one row per church. */
export const playSettings = pgTable('plano_assinatura_configuracao', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  /** 'misto' (some contents open, some closed), 'aberto' (all open) or 'fechado' (all closed). */
  contentVisibility: text('tipo_visibilidade_conteudo').notNull().default('misto'),
  title: text('titulo').notNull(),
  description: text('descricao').notNull().default(''),
});

/** spec §3 Plan data: price and fees are in cents. */
export const playPlans = pgTable(
  'plano_assinatura',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao').notNull().default(''),
    priceCents: integer('valor_centavos').notNull(),
    /** The one-off subscription contracting fee (docs/play.md "Subscribing, cancelling, renewals"). */
    feeCents: integer('taxa_adesao_centavos').notNull().default(0),
    periodDays: integer('periodicidade_dias').notNull(),
    active: boolean('flag_ativo').notNull().default(true),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [index('plano_assinatura_igreja_idx').on(t.churchId, t.position)],
);

export const playTags = pgTable(
  'plano_assinatura_tag',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    /** Shown as a row on the play home. */
    onHome: boolean('flag_home').notNull().default(true),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [index('plano_assinatura_tag_igreja_idx').on(t.churchId, t.position)],
);

export const playCollections = pgTable(
  'plano_assinatura_coletanea',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    description: text('descricao').notNull().default(''),
    image: text('imagem'),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [index('plano_assinatura_coletanea_igreja_idx').on(t.churchId, t.position)],
);

/** One video. `mediaPath` (the HLS playlist) of a closed content never leaves the server for a non-subscriber (spec §6). */
export const playContents = pgTable(
  'plano_assinatura_conteudo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    collectionId: integer('coletanea_id').references(() => playCollections.id, {
      onDelete: 'set null',
    }),
    title: text('titulo').notNull(),
    description: text('descricao').notNull().default(''),
    image: text('imagem'),
    durationSeconds: integer('duracao_segundos').notNull().default(0),
    /** 'aberto' (anyone may watch after login) or 'fechado' (needs an active subscription). */
    visibility: text('tipo_visibilidade').notNull().default('fechado'),
    featured: boolean('flag_destaque').notNull().default(false),
    mediaPath: text('midia_caminho').notNull(),
    captionsPath: text('legenda_caminho'),
    /** The task making its HLS from an upload (docs/play.md "Uploading"); its state is the video's. */
    mediaTaskId: integer('tarefa_midia_id'),
    active: boolean('flag_ativo').notNull().default(true),
    position: integer('ordem').notNull().default(0),
    publishedAt: timestamp('publicado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plano_assinatura_conteudo_igreja_idx').on(t.churchId, t.active, t.position)],
);

export const playContentTags = pgTable(
  'plano_assinatura_conteudo_tag',
  {
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    contentId: integer('conteudo_id')
      .notNull()
      .references(() => playContents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => playTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.tagId] }),
    index('plano_assinatura_conteudo_tag_tag_idx').on(t.tagId),
    index('plano_assinatura_conteudo_tag_igreja_idx').on(t.churchId, t.contentId),
  ],
);

/** spec §3 user subscriptions: only situacao 'ativo' counts as subscribed. */
export const playSubscriptions = pgTable(
  'usuario_plano_assinatura',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plano_assinatura_id')
      .notNull()
      .references(() => playPlans.id),
    /** 'pendente', 'ativo', 'cancelado', 'expirado'. */
    status: text('situacao').notNull().default('pendente'),
    code: text('codigo').notNull(),
    subscribedAt: timestamp('data_assinatura', { withTimezone: true }).notNull().defaultNow(),
    paidUntil: timestamp('pago_ate', { withTimezone: true }),
    cancelledAt: timestamp('cancelado_em', { withTimezone: true }),
    /** The saved card renewals charge (null: paid by Pix/slip or card not saved, so it lapses at `pago_ate`). */
    cardId: integer('cartao_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** When the renewal job charges the next period; null: no renewal (cancelled, no card, or the last one failed). */
    renewAt: timestamp('renovar_em', { withTimezone: true }),
    /** Declined renewals of this period in a row (retried like recurring gifts, docs/play.md); 0 once one is approved. */
    failedTries: integer('tentativas_recusadas').notNull().default(0),
    /** The plan the member switched to: charged from the next renewal on (null: stays on `planId`). */
    nextPlanId: integer('proximo_plano_assinatura_id').references(() => playPlans.id),
    /** The `pago_ate` the member was warned would end the plan (no renewal; docs/play.md): one warning per period. */
    endNoticeFor: timestamp('aviso_fim_em', { withTimezone: true }),
  },
  (t) => [
    index('usuario_plano_assinatura_usuario_idx').on(t.churchId, t.userId),
    uniqueIndex('usuario_plano_assinatura_codigo_uq').on(t.code),
    index('usuario_plano_assinatura_renovar_idx').on(t.status, t.renewAt),
  ],
);

/**
 * Each payment of a subscription: the first one (`periodo` 'adesao', price + contracting fee) and one per renewed
 * period (`periodo` = the `pago_ate` it extends). Unique per period, so a period is never charged twice.
 */
export const playSubscriptionPayments = pgTable(
  'usuario_plano_assinatura_pagamento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    subscriptionId: integer('usuario_plano_assinatura_id')
      .notNull()
      .references(() => playSubscriptions.id, { onDelete: 'cascade' }),
    paymentId: integer('pagamento_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    period: text('periodo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuario_plano_assinatura_pagamento_periodo_uq').on(t.subscriptionId, t.period),
    uniqueIndex('usuario_plano_assinatura_pagamento_pagamento_uq').on(t.paymentId),
  ],
);

/** "My list" (spec §3 planoAssinaturaConteudo items). */
export const playListItems = pgTable(
  'usuario_plano_assinatura_conteudo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('conteudo_id')
      .notNull()
      .references(() => playContents.id, { onDelete: 'cascade' }),
    /** Last watched second, kept per member (resume). */
    positionSeconds: integer('posicao_segundos').notNull().default(0),
    inList: boolean('flag_lista').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuario_plano_assinatura_conteudo_uq').on(t.churchId, t.userId, t.contentId),
  ],
);

/**
 * A video being uploaded in chunks (docs/play.md "Uploading"): the chunks themselves are in the file
 * store under `play-upload/<id>/<n>`, so any node can take any chunk and the upload resumes.
 */
export const playUploads = pgTable(
  'plano_assinatura_envio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    contentId: integer('conteudo_id')
      .notNull()
      .references(() => playContents.id, { onDelete: 'cascade' }),
    fileName: text('nome_arquivo').notNull(),
    size: bigint('tamanho', { mode: 'number' }).notNull(),
    chunkSize: integer('tamanho_parte').notNull(),
    chunks: integer('partes').notNull(),
    /** 'enviando' (chunks arriving), 'completo' (handed to the task), 'abandonado' (given up: being removed). */
    state: text('estado').notNull().default('enviando'),
    taskId: integer('tarefa_id'),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plano_assinatura_envio_igreja_idx').on(t.churchId, t.contentId)],
);
