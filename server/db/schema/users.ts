// Accounts: the provider-wide user and the per-church membership (spec §3 User session),
// and what hangs off them: tokens, login attempts, addresses, children, notifications,
// custom fields, member cards and deletion requests.
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
} from 'drizzle-orm/pg-core';
import { churches, congregations } from './church.ts';
import { SEARCH_ACCENTED, SEARCH_PLAIN } from './content.ts';

/** The provider-wide account ("inpeaceAccount"): one per e-mail, shared by every church. */
export const users = pgTable(
  'usuario',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('senha_hash').notNull(),
    firstName: text('nome').notNull(),
    lastName: text('sobrenome'),
    active: boolean('flag_ativo').notNull().default(true),
    emailVerified: boolean('flag_email_verificado').notNull().default(false),
    phone: text('telefone'),
    /** ISO date (yyyy-mm-dd). */
    birthDate: text('data_nascimento'),
    /** 'M' or 'F' (spec §3: male or female). */
    sex: text('sexo'),
    /** 11 digits, no punctuation. */
    cpf: text('cpf'),
    comments: text('observacoes'),
    maritalStatus: text('estado_civil'),
    maritalDate: text('data_casamento'),
    childrenCount: integer('qtde_filhos'),
    occupation: text('ocupacao'),
    /** Public path of the profile photo (served by GET /imagem/…). */
    image: text('imagem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a people search reads (server/db/search.ts): name, e-mail and the phone's digits folded
     * once when the row is written, behind a trigram index (docs/performance.md "Search by trigrams").
     */
    searchText: text('busca_texto').generatedAlwaysAs(
      sql.raw(
        `lower(translate(nome || ' ' || coalesce(sobrenome, '') || E'\\n' || email || E'\\n' || regexp_replace(coalesce(telefone, ''), '\\D', '', 'g'), '${SEARCH_ACCENTED}', '${SEARCH_PLAIN}'))`,
      ),
    ),
  },
  // spec §8 "CPF already in use": one account per CPF across the provider
  (t) => [
    uniqueIndex('usuario_cpf_uq')
      .on(t.cpf)
      .where(sql`${t.cpf} is not null`),
    index('usuario_busca_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // the directory's order (docs/performance.md "People search"): page 1 walks names, not a sort of every member
    index('usuario_nome_idx').on(t.firstName, t.lastName, t.id),
  ],
);

/** The church-specific account ("clientAccount"): a user's membership of one church. */
export const churchUsers = pgTable(
  'igreja_usuario',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('flag_ativo').notNull().default(true),
    /** Staff roles in this church (spec §6): ROLE_ADMIN, ROLE_ADMIN_CONTENT, ROLE_SUPER_ADMIN. */
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    congregationId: integer('congregacao_id').references(() => congregations.id),
    memberNumber: text('numero_membro'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('igreja_usuario_uq').on(t.churchId, t.userId),
    // by account alone: deleting accounts checks this table once per account (an import's undo)
    index('igreja_usuario_usuario_idx').on(t.userId),
  ],
);

/** Opaque refresh tokens (docs/api-foundation.md "Sign-in"): stored hashed, rotated on every use, grouped in families. */
export const refreshTokens = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('familia').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
    usedAt: timestamp('usado_em', { withTimezone: true }),
    revokedAt: timestamp('revogado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_token_familia_idx').on(t.family)],
);

/** One-time e-mailed tokens: password recovery and e-mail verification (activation). */
export const userTokens = pgTable('token_usuario', {
  id: serial('id').primaryKey(),
  userId: integer('usuario_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  churchId: integer('igreja_id')
    .notNull()
    .references(() => churches.id, { onDelete: 'cascade' }),
  purpose: text('tipo').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
  usedAt: timestamp('usado_em', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed logins per key ("account:<email>" or "ip:<address>") for rate limiting across nodes. */
export const loginAttempts = pgTable('tentativa_login', {
  key: text('chave').primaryKey(),
  failures: integer('falhas').notNull().default(0),
  windowStart: timestamp('janela_inicio', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('bloqueado_ate', { withTimezone: true }),
});

/** A user's addresses (spec §3 Address, §7 Address). */
export const userAddresses = pgTable(
  'usuario_endereco',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('pais').notNull(),
    state: text('estado'),
    city: text('cidade').notNull(),
    neighborhood: text('bairro'),
    street: text('logradouro').notNull(),
    number: text('numero'),
    complement: text('complemento'),
    zipCode: text('cep'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usuario_endereco_usuario_idx').on(t.userId)],
);

/** A member's children, kept per church (spec §7 Children: ?igreja=). */
export const userChildren = pgTable(
  'usuario_crianca',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('nome').notNull(),
    lastName: text('sobrenome'),
    birthDate: text('data_nascimento').notNull(),
    sex: text('sexo'),
    comments: text('observacoes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usuario_crianca_usuario_idx').on(t.churchId, t.userId)],
);

/** Notifications of a church: to one member, or to all when userId is null (spec §3 Notification). */
export const notifications = pgTable(
  'notificacao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    body: text('corpo').notNull(),
    typeCode: text('tipo_codigo').notNull(),
    relatedId: text('id_entidade_relacionada'),
    /**
     * The preference kind its audience gave it (noticeKindOf of contract/notification-preferences.ts),
     * which the member's in-app switch follows; null for rows written before it was kept (the kind
     * is then guessed from the row: docs/notifications.md "Preferences").
     */
    kind: text('tipo'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notificacao_igreja_idx').on(t.churchId, t.createdAt)],
);

/** Extra registration fields a church asks for, and each member's answers. */
export const customFields = pgTable('campo_personalizado', {
  id: serial('id').primaryKey(),
  churchId: integer('igreja_id')
    .notNull()
    .references(() => churches.id, { onDelete: 'cascade' }),
  name: text('nome').notNull(),
  /** 'texto' or 'opcao'. */
  kind: text('tipo').notNull().default('texto'),
  options: jsonb('opcoes').$type<string[]>().notNull().default([]),
  required: boolean('flag_obrigatorio').notNull().default(false),
  position: integer('ordem').notNull().default(0),
});

export const customFieldValues = pgTable(
  'usuario_campo_personalizado',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fieldId: integer('campo_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('valor').notNull(),
  },
  (t) => [uniqueIndex('usuario_campo_personalizado_uq').on(t.churchId, t.userId, t.fieldId)],
);

/** Member cards the church issues (spec §3 Member card). */
export const memberCards = pgTable(
  'usuario_carteirinha',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    baptismDate: text('data_batismo'),
    position: text('cargo'),
    responsible: text('responsavel'),
    validUntil: text('validade'),
    active: boolean('flag_ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('usuario_carteirinha_uq').on(t.churchId, t.userId)],
);

/** Account deletion requests (spec §7 pedido-exclusao), kept after the account is gone. */
export const deletionRequests = pgTable('pedido_exclusao', {
  id: serial('id').primaryKey(),
  churchId: integer('igreja_id')
    .notNull()
    .references(() => churches.id, { onDelete: 'cascade' }),
  userId: integer('usuario_id'),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
