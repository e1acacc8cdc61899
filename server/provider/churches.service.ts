// The product's one "create a church" (docs/provider.md), used by the provider's console and by
// the sign-up: the church row (with its clock), its place on the platform (pending or active), and a
// start that is empty but welcoming — its name on the home, default modules and menu, giving
// reasons in its language, the country's payment methods; no demo data. Also the console's list
// (with each church's size), suspension and the first admin's invitation.
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  PROVIDER_PAGE_SIZE,
  currencyOf,
  type ChurchCountry,
  type ChurchInput,
  type ChurchLanguage,
  type FirstAdminAnswer,
  type FirstAdminInput,
  type Organization,
  type ProviderChurch,
  type ProviderChurchesPage,
} from '../../contract/provider.ts';
import { message, messageLangOfLocale, type MessageLang } from '../../contract/messages/index.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { ALL_MODULES } from '../db/seed/churches.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { sendWaiting } from '../invitations/invitation-sends.service.ts';
import { newInvitation } from '../invitations/invitations.service.ts';
import type { Mailer } from '../mail/outbox.ts';
import { recordProviderAudit, type ProviderActor } from './audit.ts';
import { churchStorageBytes } from '../files/usage.ts';
import { assertNotMarked, deletionsOf } from '../exports/deletion.service.ts';
import { storeChurchZone, zoneOfChurch } from '../church/church-clock.ts';

/** The language of messages and default texts for a church language. */
const langOf = (idioma: string): MessageLang => messageLangOfLocale(idioma);

const MENU: { link: string; module: string | null; labels: Record<MessageLang, string> }[] = [
  { link: '/event', module: 'MOD_EVENTO', labels: { pt: 'Eventos', en: 'Events', es: 'Eventos' } },
  { link: '/live', module: 'MOD_CULTO', labels: { pt: 'Ao vivo', en: 'Live', es: 'En vivo' } },
  { link: '/news', module: 'MOD_NOTICIA', labels: { pt: 'Notícias', en: 'News', es: 'Noticias' } },
  {
    link: '/devotionals',
    module: 'MOD_DEVOCIONAL',
    labels: { pt: 'Devocionais', en: 'Devotionals', es: 'Devocionales' },
  },
  { link: '/groups', module: 'MOD_CELULA', labels: { pt: 'Células', en: 'Groups', es: 'Grupos' } },
  {
    link: '/prayer',
    module: 'MOD_MURAL_ORACAO',
    labels: { pt: 'Oração', en: 'Prayer', es: 'Oración' },
  },
  { link: '/play', module: 'MOD_ASSINATURA', labels: { pt: 'Play', en: 'Play', es: 'Play' } },
  { link: '/give', module: 'MOD_DOACAO', labels: { pt: 'Contribua', en: 'Give', es: 'Ofrendar' } },
  { link: '/about', module: null, labels: { pt: 'Sobre', en: 'About', es: 'Nosotros' } },
];

/** Giving reasons a new church starts with (tithe and missions may recur). */
export const DEFAULT_REASONS: Record<MessageLang, { name: string; recurrence: boolean }[]> = {
  pt: [
    { name: 'Dízimo', recurrence: true },
    { name: 'Oferta', recurrence: false },
    { name: 'Missões', recurrence: true },
  ],
  en: [
    { name: 'Tithe', recurrence: true },
    { name: 'Offering', recurrence: false },
    { name: 'Missions', recurrence: true },
  ],
  es: [
    { name: 'Diezmo', recurrence: true },
    { name: 'Ofrenda', recurrence: false },
    { name: 'Misiones', recurrence: true },
  ],
};

/** The country's payment methods (gateway ids of spec §9), as the demo churches have them. */
const PAYMENT_METHODS: Record<
  ChurchCountry,
  { code: string; gatewayId: number | null; names: Record<MessageLang, string> }[]
> = {
  BR: [
    {
      code: 'cartao',
      gatewayId: 8,
      names: { pt: 'Cartão de crédito', en: 'Credit card', es: 'Tarjeta de crédito' },
    },
    { code: 'pix', gatewayId: 8, names: { pt: 'Pix', en: 'Pix', es: 'Pix' } },
    {
      code: 'boleto',
      gatewayId: 8,
      names: { pt: 'Boleto bancário', en: 'Bank slip', es: 'Boleto bancario' },
    },
    { code: 'dinheiro', gatewayId: null, names: { pt: 'Dinheiro', en: 'Cash', es: 'Efectivo' } },
  ],
  US: [
    {
      code: 'cartao',
      gatewayId: 5,
      names: { pt: 'Cartão de crédito', en: 'Credit card', es: 'Tarjeta de crédito' },
    },
    {
      code: 'ach',
      gatewayId: 5,
      names: { pt: 'Conta bancária (ACH)', en: 'Bank account (ACH)', es: 'Cuenta bancaria (ACH)' },
    },
    { code: 'dinheiro', gatewayId: null, names: { pt: 'Dinheiro', en: 'Cash', es: 'Efectivo' } },
  ],
  AR: [
    {
      code: 'cartao',
      gatewayId: 1,
      names: { pt: 'Cartão de crédito', en: 'Credit card', es: 'Tarjeta de crédito' },
    },
    {
      code: 'transferencia',
      gatewayId: null,
      names: { pt: 'Transferência bancária', en: 'Bank transfer', es: 'Transferencia bancaria' },
    },
    { code: 'dinheiro', gatewayId: null, names: { pt: 'Dinheiro', en: 'Cash', es: 'Efectivo' } },
  ],
};

const WELCOME: Record<MessageLang, (name: string) => string> = {
  pt: (name) => `Bem-vindo ao site da ${name}.`,
  en: (name) => `Welcome to the site of ${name}.`,
  es: (name) => `Bienvenido al sitio de ${name}.`,
};

export interface NewChurch {
  nome: string;
  codigo: string;
  idioma: ChurchLanguage;
  pais: ChurchCountry;
  fusoHorario: string;
  modulos: readonly string[];
  organizacaoId: number | null;
  /** Pending churches stay off (the inactive page) until their admin proves the e-mail. */
  state: 'ativa' | 'pendente';
  origin: 'console' | 'cadastro';
  createdBy: number | null;
}

/** Whether another church holds this code (or slug). */
export async function codeTaken(db: Database | Tx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(or(eq(t.churches.code, code), eq(t.churches.slug, code)))
    .limit(1);
  return !!row;
}

/**
 * Creates a church and everything a new church starts with, in the caller's transaction. A code
 * taken meanwhile (two sign-ups at once) fails on the unique index and is answered as taken.
 */
export async function createChurch(tx: Tx, input: NewChurch): Promise<number> {
  if (await codeTaken(tx, input.codigo)) throw fieldProblem(409, 'codigo', 'provider.code.taken');
  if (input.organizacaoId !== null) {
    const [org] = await tx
      .select({ id: t.organizations.id })
      .from(t.organizations)
      .where(eq(t.organizations.id, input.organizacaoId));
    if (!org) throw fieldProblem(422, 'organizacaoId', 'provider.organizationNotFound');
  }
  const lang = langOf(input.idioma);
  await tx
    .insert(t.modules)
    .values(ALL_MODULES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  const [row] = await tx
    .insert(t.churches)
    .values({
      slug: input.codigo,
      code: input.codigo,
      name: input.nome,
      locale: input.idioma,
      active: input.state === 'ativa',
      description: WELCOME[lang](input.nome),
      country: input.pais,
      organizationId: input.organizacaoId,
    })
    .onConflictDoNothing()
    .returning({ id: t.churches.id });
  if (!row) throw fieldProblem(409, 'codigo', 'provider.code.taken');
  const churchId = row.id;
  // the church's clock: the zone chosen, when it is not its country's anyway (docs/giving.md "Which clock")
  await storeChurchZone(tx, churchId, input.fusoHorario);
  await tx.insert(t.providerChurches).values({
    churchId,
    state: input.state,
    origin: input.origin,
    createdBy: input.createdBy,
  });
  const modules = [...new Set(input.modulos)];
  if (modules.length)
    await tx
      .insert(t.churchModules)
      .values(modules.map((moduleCode) => ({ churchId, moduleCode })));
  await tx.insert(t.churchVisuals).values({ churchId });
  await tx.insert(t.churchMenuItems).values(
    MENU.map((m, position) => ({
      churchId,
      title: m.labels[lang],
      link: m.link,
      moduleCode: m.module,
      position,
    })),
  );
  await tx.insert(t.churchPaymentMethods).values(
    PAYMENT_METHODS[input.pais].map((m, position) => ({
      churchId,
      code: m.code,
      gatewayId: m.gatewayId,
      name: m.names[lang],
      position,
    })),
  );
  await tx.insert(t.paymentReasons).values(
    DEFAULT_REASONS[lang].map((r, position) => ({
      churchId,
      name: r.name,
      recurrenceAllowed: r.recurrence,
      position,
    })),
  );
  // online giving stays off until the church connects its payment gateway (docs/payments.md)
  await tx.insert(t.givingSettings).values({ churchId, online: false });
  return churchId;
}

/** A church made in the console: active at once, audited. */
export async function createChurchFromConsole(
  db: Database,
  changes: ChangeFeed,
  actor: ProviderActor,
  input: ChurchInput,
): Promise<number> {
  const churchId = await db.transaction(async (tx) => {
    const id = await createChurch(tx, {
      ...input,
      state: 'ativa',
      origin: 'console',
      createdBy: actor.userId,
    });
    await recordProviderAudit(tx, actor, {
      action: 'church.create',
      kind: 'igreja',
      targetId: id,
      summary: `${input.nome} (${input.codigo})`,
      details: { idioma: input.idioma, pais: input.pais, modulos: input.modulos },
    });
    return id;
  });
  // the host may have been looked up (and remembered as missing) before it existed
  changes.churchChanged(churchId);
  return churchId;
}

// ---- organisations ----

const slugify = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'organizacao';

export async function listOrganizations(db: Database): Promise<Organization[]> {
  const rows = await db
    .select({
      id: t.organizations.id,
      slug: t.organizations.slug,
      nome: t.organizations.name,
      criadaEm: t.organizations.createdAt,
      igrejas: sql<number>`(select count(*)::int from ${t.churches} where ${t.churches.organizationId} = ${t.organizations.id})`,
    })
    .from(t.organizations)
    .orderBy(t.organizations.name);
  return rows.map((r) => ({
    ...r,
    igrejas: Number(r.igrejas),
    criadaEm: r.criadaEm.toISOString(),
  }));
}

export async function createOrganization(
  db: Database,
  actor: ProviderActor,
  name: string,
): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.organizations)
      .values({ slug: slugify(name), name })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldProblem(409, 'nome', 'provider.organizationTaken');
    await recordProviderAudit(tx, actor, {
      action: 'organization.create',
      kind: 'organizacao',
      targetId: row.id,
      summary: name,
    });
    return {
      id: row.id,
      slug: row.slug,
      nome: row.name,
      igrejas: 0,
      criadaEm: row.createdAt.toISOString(),
    };
  });
}

// ---- the list ----

export interface ListDeps {
  db: Database;
  /** `http://<code>.<provider domain>[:port]` */
  addressOf: (code: string) => string;
}

export async function listChurches(
  { db, addressOf }: ListDeps,
  filter: { busca?: string | undefined; page: number; id?: number },
): Promise<ProviderChurchesPage> {
  const where = and(
    filter.id === undefined ? undefined : eq(t.churches.id, filter.id),
    filter.busca
      ? or(
          ilike(t.churches.name, containsPattern(filter.busca)),
          ilike(t.churches.code, containsPattern(filter.busca)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        church: t.churches,
        provider: t.providerChurches,
        org: { id: t.organizations.id, nome: t.organizations.name },
      })
      .from(t.churches)
      .leftJoin(t.providerChurches, eq(t.providerChurches.churchId, t.churches.id))
      .leftJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId))
      .where(where)
      .orderBy(desc(t.churches.createdAt), desc(t.churches.id))
      .limit(PROVIDER_PAGE_SIZE)
      .offset((filter.page - 1) * PROVIDER_PAGE_SIZE),
    db.select({ n: count() }).from(t.churches).where(where),
  ]);
  const ids = rows.map((r) => r.church.id);
  const sizes = ids.length ? await churchSizes(db, ids) : new Map<number, ChurchSize>();
  const deletions = await deletionsOf(db, ids);
  const modules = ids.length
    ? await db
        .select({ churchId: t.churchModules.churchId, code: t.churchModules.moduleCode })
        .from(t.churchModules)
        .where(inArray(t.churchModules.churchId, ids))
    : [];
  const igrejas: ProviderChurch[] = [];
  for (const { church, provider, org } of rows) {
    const size = sizes.get(church.id);
    igrejas.push({
      id: church.id,
      nome: church.name,
      codigo: church.code,
      endereco: addressOf(church.code),
      idioma: church.locale,
      pais: church.country,
      moeda: currencyOf((church.country ?? 'BR') as ChurchCountry),
      fusoHorario: zoneOfChurch(church),
      fusoHorarioEscolhido: church.timeZone,
      estado: !church.active ? (provider?.state === 'pendente' ? 'pendente' : 'suspensa') : 'ativa',
      origem: provider?.origin ?? 'outra',
      organizacao: org?.id ? { id: org.id, nome: org.nome } : null,
      modulos: modules.filter((m) => m.churchId === church.id).map((m) => m.code),
      pessoas: size?.people ?? 0,
      admins: size?.admins ?? 0,
      armazenamento: await churchStorageBytes(db, church.id),
      ultimaAtividade: size?.last ?? null,
      criadaEm: church.createdAt.toISOString(),
      exclusao: deletions.get(church.id) ?? null,
    });
  }
  const n = total?.n ?? 0;
  return {
    igrejas,
    total: n,
    page: filter.page,
    totalPages: Math.max(1, Math.ceil(n / PROVIDER_PAGE_SIZE)),
  };
}

interface ChurchSize {
  people: number;
  admins: number;
  last: string | null;
}

/** People (active members), admins and the last activity of each church, in three grouped reads. */
async function churchSizes(db: Database, ids: number[]): Promise<Map<number, ChurchSize>> {
  const [people, audits, payments] = await Promise.all([
    db
      .select({
        churchId: t.churchUsers.churchId,
        people: sql<number>`count(*) filter (where ${t.churchUsers.active})::int`,
        admins: sql<number>`count(*) filter (where ${t.churchUsers.active} and ${t.churchUsers.roles} @> '["ROLE_ADMIN"]'::jsonb)::int`,
        last: sql<Date | string | null>`max(${t.churchUsers.createdAt})`,
      })
      .from(t.churchUsers)
      .where(inArray(t.churchUsers.churchId, ids))
      .groupBy(t.churchUsers.churchId),
    db
      .select({
        churchId: t.auditLog.churchId,
        last: sql<Date | string | null>`max(${t.auditLog.createdAt})`,
      })
      .from(t.auditLog)
      .where(inArray(t.auditLog.churchId, ids))
      .groupBy(t.auditLog.churchId),
    db
      .select({
        churchId: t.payments.churchId,
        last: sql<Date | string | null>`max(${t.payments.createdAt})`,
      })
      .from(t.payments)
      .where(inArray(t.payments.churchId, ids))
      .groupBy(t.payments.churchId),
  ]);
  const out = new Map<number, ChurchSize>();
  const at = (v: Date | string | null) => (v === null ? 0 : new Date(v).getTime());
  const bump = (churchId: number, when: Date | string | null) => {
    const size = out.get(churchId) ?? { people: 0, admins: 0, last: null };
    if (at(when) > at(size.last)) size.last = new Date(when!).toISOString();
    out.set(churchId, size);
  };
  for (const p of people) {
    bump(p.churchId, p.last);
    const size = out.get(p.churchId)!;
    size.people = Number(p.people);
    size.admins = Number(p.admins);
  }
  for (const a of audits) bump(a.churchId, a.last);
  for (const p of payments) bump(p.churchId, p.last);
  return out;
}

// ---- suspend, reactivate ----

async function churchRow(db: Database | Tx, id: number) {
  const [row] = await db
    .select({ church: t.churches, provider: t.providerChurches })
    .from(t.churches)
    .leftJoin(t.providerChurches, eq(t.providerChurches.churchId, t.churches.id))
    .where(eq(t.churches.id, id));
  if (!row) throw notFound('provider.churchNotFound');
  return row;
}

/** Suspends (the site shows the inactive-church page at once on every node) or reactivates. */
export async function setSuspended(
  db: Database,
  changes: ChangeFeed,
  actor: ProviderActor,
  id: number,
  suspend: boolean,
): Promise<void> {
  // a church marked for deletion stays suspended until the deletion is cancelled
  await assertNotMarked(db, id);
  await db.transaction(async (tx) => {
    const { church, provider } = await churchRow(tx, id);
    if (!church.active && provider?.state === 'pendente')
      throw new ApiProblem(409, 'provider.church.pending');
    if (suspend && !church.active) throw new ApiProblem(409, 'provider.church.alreadySuspended');
    if (!suspend && church.active) throw new ApiProblem(409, 'provider.church.notSuspended');
    await tx.update(t.churches).set({ active: !suspend }).where(eq(t.churches.id, id));
    const state = suspend ? 'suspensa' : 'ativa';
    await tx
      .insert(t.providerChurches)
      .values({
        churchId: id,
        state,
        origin: 'console',
        suspendedAt: suspend ? new Date() : null,
      })
      .onConflictDoUpdate({
        target: t.providerChurches.churchId,
        set: { state, suspendedAt: suspend ? new Date() : null },
      });
    await recordProviderAudit(tx, actor, {
      action: suspend ? 'church.suspend' : 'church.reactivate',
      kind: 'igreja',
      targetId: id,
      summary: `${church.name} (${church.code})`,
    });
  });
  changes.churchChanged(id);
}

// ---- the church's clock ----

/**
 * The zone a church keeps its days on (docs/provider.md "Time zone"; null: its country's). Its kept
 * giving totals move to the new clock in the same transaction, and its pages are purged.
 */
export async function setChurchZone(
  db: Database,
  changes: ChangeFeed,
  actor: ProviderActor,
  id: number,
  zone: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { church } = await churchRow(tx, id);
    const { before, after } = await storeChurchZone(tx, id, zone);
    await recordProviderAudit(tx, actor, {
      action: 'church.timeZone',
      kind: 'igreja',
      targetId: id,
      summary: `${church.name} (${church.code}): ${after}`,
      details: { antes: before, depois: after, escolhido: zone },
    });
  });
  changes.churchChanged(id);
}

// ---- the first admin ----

/**
 * Invites the church's first admin by e-mail with the invitations of docs/invitations.md (roles
 * ROLE_ADMIN, single-use expiring link, accepted with an existing account or a new one). The
 * invitation is written in the church's name by the provider admin; the e-mail goes out under the
 * church's daily allowance like any other.
 */
export async function inviteFirstAdmin(
  deps: { db: Database; mailer: Mailer },
  actor: ProviderActor & { userId: number },
  lang: MessageLang,
  churchId: number,
  input: FirstAdminInput,
  origin: string,
): Promise<FirstAdminAnswer> {
  const { db, mailer } = deps;
  const { church } = await churchRow(db, churchId);
  const email = input.email.toLowerCase();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.invitations)
      .values(
        newInvitation(
          churchId,
          { userId: actor.userId, name: actor.name },
          { email, name: input.nome, roles: ['ROLE_ADMIN'] },
        ),
      )
      .onConflictDoNothing()
      .returning({ id: t.invitations.id });
    if (!row) throw fieldProblem(409, 'email', 'provider.admin.alreadyInvited');
    await recordProviderAudit(tx, actor, {
      action: 'church.invite-admin',
      kind: 'convite',
      targetId: row.id,
      summary: `${email} → ${church.name} (${church.code})`,
    });
  });
  const sent = (await sendWaiting(db, mailer, churchId, origin)) > 0;
  return {
    enviado: sent,
    email,
    message: message(lang, sent ? 'provider.admin.sent' : 'provider.admin.queued', { email }),
  };
}

/** The church's code and name (the console's answers, the audit). */
export async function churchSummary(db: Database, id: number) {
  const { church } = await churchRow(db, id);
  return { id: church.id, code: church.code, name: church.name, locale: church.locale };
}
