// Church core tables (spec §3 Church). Columns are snake_case Portuguese like the real
// API's; each resource's serializer maps them to the spec's camelCase field names.
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizacao', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('nome').notNull(),
  description: text('descricao'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Images of a church, by role; each value is a URL served by the product. */
export type ChurchImages = { logo?: string; capa?: string; icone?: string };
/** Social network handles/links of a church. */
export type ChurchSocial = Partial<
  Record<'facebook' | 'instagram' | 'youtube' | 'twitter' | 'site' | 'whatsapp', string>
>;

export const churches = pgTable(
  'igreja',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    code: text('codigo').notNull().unique(),
    active: boolean('flag_ativo').notNull().default(true),
    name: text('nome').notNull(),
    history: text('historia'),
    description: text('descricao'),
    locale: text('idioma').notNull().default('en'),
    images: jsonb('imagens').$type<ChurchImages>().notNull().default({}),
    facebookPixelCode: text('facebook_pixel_code'),
    organizationId: integer('organizacao_id').references(() => organizations.id),
    email: text('email'),
    phone: text('telefone'),
    street: text('logradouro'),
    number: text('numero'),
    neighborhood: text('bairro'),
    city: text('cidade'),
    state: text('estado'),
    country: text('pais'),
    /** The zone the church chose for its clock; null: its country's, else its language's (docs/giving.md "Which clock"). */
    timeZone: text('fuso_horario'),
    zipCode: text('cep'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    social: jsonb('redes_sociais').$type<ChurchSocial>().notNull().default({}),
    /** The canonical host (a verified own name or `<codigo>.<provider domain>`); others redirect to it. Null: no redirect. */
    primaryHost: text('host_principal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('igreja_organizacao_idx').on(t.organizationId)],
);

/**
 * Custom host names (other than `<codigo>.<provider domain>`) of a church (docs/deploy.md "Own
 * domains and HTTPS"). A name is served only once verified (DNS proof); several churches may
 * hold the same name pending, one at most verified.
 */
export const churchHostnames = pgTable(
  'igreja_hostname',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    /** The value of the TXT proof `_church-verify.<hostname>` (32 random hex characters). */
    token: text('token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Set while the name is proven and served; null: pending. */
    verifiedAt: timestamp('verificado_em', { withTimezone: true }),
    /** How it was proven: `txt`, `cname`, `operador` (set by the provider, never re-checked) or `anterior` (kept from before proofs). */
    method: text('metodo'),
    /** The last DNS check, by staff or the daily job. */
    checkedAt: timestamp('checado_em', { withTimezone: true }),
    /** Consecutive daily checks that found no proof; reset by a check that finds it. */
    failures: integer('falhas').notNull().default(0),
    /** The first of those failed checks (kept after the name goes back to pending). */
    failingSince: timestamp('falhando_desde', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('igreja_hostname_verificado_uq')
      .on(t.hostname)
      .where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('igreja_hostname_igreja_uq').on(t.churchId, t.hostname),
  ],
);

/** The catalogue of module codes (MOD_EVENTO …). */
export const modules = pgTable('modulo', {
  code: text('codigo').primaryKey(),
  name: text('nome').notNull(),
});

export const churchModules = pgTable(
  'igreja_modulo',
  {
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    moduleCode: text('modulo_codigo')
      .notNull()
      .references(() => modules.code),
  },
  (t) => [primaryKey({ columns: [t.churchId, t.moduleCode] })],
);

export const churchVisuals = pgTable('igreja_visual', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  appColor: text('cor_app').notNull().default('#1f4e79'),
  textColor: text('cor_texto').notNull().default('#ffffff'),
  logo: text('logo'),
  appStoreUrl: text('url_app_store'),
  playStoreUrl: text('url_play_store'),
});

export const churchMenuItems = pgTable(
  'igreja_app_menu',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    /** A path of the web app (e.g. /news) or an absolute URL. */
    link: text('link').notNull(),
    moduleCode: text('modulo_codigo').references(() => modules.code),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('igreja_app_menu_igreja_idx').on(t.churchId)],
);

/** Payment methods a church accepts, each through a gateway (spec §9 ids 1, 4, 5, 8). */
export const churchPaymentMethods = pgTable(
  'igreja_metodo_pagamento',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** cartao | pix | boleto | picpay | dinheiro | transferencia | ach */
    code: text('codigo').notNull(),
    name: text('nome').notNull(),
    gatewayId: integer('id_gateway_pagamento'),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [uniqueIndex('igreja_metodo_pagamento_codigo_uq').on(t.churchId, t.code)],
);

export const banners = pgTable(
  'banner',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    image: text('imagem').notNull(),
    imageWidth: integer('largura').notNull().default(1200),
    imageHeight: integer('altura').notNull().default(400),
    link: text('link'),
    position: integer('ordem').notNull().default(0),
    active: boolean('flag_ativo').notNull().default(true),
    /** Shown from / until these moments when set (staff area, docs/staff.md). */
    startsAt: timestamp('inicio', { withTimezone: true }),
    endsAt: timestamp('fim', { withTimezone: true }),
  },
  (t) => [index('banner_igreja_idx').on(t.churchId)],
);

export const congregations = pgTable(
  'congregacao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    city: text('cidade'),
    state: text('estado'),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('congregacao_igreja_idx').on(t.churchId)],
);
