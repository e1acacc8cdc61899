// The provider's own tables (docs/provider.md): who runs the platform (provider admins), what they
// did (the provider audit log), the platform's settings (sign-up open, by invitation or closed),
// each church's life on the platform (pending, active, suspended), the one-time
// links of the provider (set a password, activate a signed-up church, a sign-up invitation) and
// the spent sign-up challenges. None of these belongs to a church's staff.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** A provider admin: an account that may use the provider's console. */
export const providerAdmins = pgTable('provedor_admin', {
  userId: integer('usuario_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every provider action: who (id and name at the time), what, on which thing, when. */
export const providerAudit = pgTable(
  'provedor_auditoria',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('usuario_nome').notNull(),
    action: text('acao').notNull(),
    kind: text('tipo').notNull(),
    targetId: text('alvo_id'),
    summary: text('resumo').notNull(),
    details: jsonb('detalhes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provedor_auditoria_quando_idx').on(t.createdAt)],
);

export const SIGNUP_MODES = ['aberto', 'convite', 'fechado'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** The platform's settings: one row (id 1); no row means the defaults (sign-up closed). */
export const providerSettings = pgTable('provedor_configuracao', {
  id: integer('id').primaryKey().default(1),
  signup: text('cadastro').$type<SignupMode>().notNull().default('fechado'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PROVIDER_CHURCH_STATES = ['pendente', 'ativa', 'suspensa'] as const;
export type ProviderChurchState = (typeof PROVIDER_CHURCH_STATES)[number];

/**
 * A church's life on the platform. `igreja.flag_ativo` stays the one switch the site reads; this
 * row says why it is off (waiting for the sign-up's e-mail, or suspended by the provider).
 */
export const providerChurches = pgTable('provedor_igreja', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  state: text('estado').$type<ProviderChurchState>().notNull(),
  /** `console` (made by a provider admin) or `cadastro` (signed up on the bare domain). */
  origin: text('origem').$type<'console' | 'cadastro'>().notNull(),
  suspendedAt: timestamp('suspensa_em', { withTimezone: true }),
  createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PROVIDER_TOKEN_PURPOSES = ['senha', 'ativacao', 'convite'] as const;
export type ProviderTokenPurpose = (typeof PROVIDER_TOKEN_PURPOSES)[number];

/**
 * One-time links of the provider, stored as SHA-256 only: `senha` (a provider admin sets their
 * password), `ativacao` (a signed-up church's admin proves their e-mail; `dados` keeps the name
 * and the password's hash until then), `convite` (sign-up by invitation: the e-mail it was sent to).
 */
export const providerTokens = pgTable(
  'provedor_token',
  {
    id: serial('id').primaryKey(),
    purpose: text('tipo').$type<ProviderTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    churchId: integer('igreja_id').references(() => churches.id, { onDelete: 'cascade' }),
    email: text('email'),
    data: jsonb('dados').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
    usedAt: timestamp('usado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provedor_token_igreja_idx')
      .on(t.churchId)
      .where(sql`${t.churchId} is not null`),
  ],
);

/** Sign-up challenges already answered (each answers once; server/provider/signup-captcha.ts). */
export const providerSpentCaptchas = pgTable('provedor_captcha_usado', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
});
