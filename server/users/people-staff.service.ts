// The church's people for its admins (docs/staff.md "People"): the directory, a person's page,
// staff roles (never leaving the church without an admin; ROLE_SUPER_ADMIN only from one who holds
// it), member numbers, deactivation, and deletion requests carried out: personal data removed,
// gifts and payments kept (the law keeps financial records), the person told by e-mail.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type {
  DeletionRequest,
  PeopleFilter,
  PeoplePage,
  Person,
  PersonRow,
} from '../../contract/people-staff.ts';
import { PEOPLE_PAGE_SIZE } from '../../contract/people-staff.ts';
import { message } from '../../contract/messages/index.ts';
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';
import { mayUse } from '../../contract/staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { personRank, personSearch } from './person-search.ts';
import * as t from '../db/schema/index.ts';
import { activeWord, csvDocument, roleWord } from '../http/csv.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { removePersonalData } from './deletion.service.ts';
import { givingChurch } from '../giving/donation.ts';
import { log } from '../log.ts';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

export function peopleWhere(churchId: number, f: Omit<PeopleFilter, 'page'>): SQL | undefined {
  return and(
    eq(t.churchUsers.churchId, churchId),
    f.status ? eq(t.churchUsers.active, f.status === 'ativo') : undefined,
    f.papel === 'membro'
      ? sql`jsonb_array_length(${t.churchUsers.roles}) = 0`
      : f.papel
        ? sql`${t.churchUsers.roles} @> ${JSON.stringify([f.papel])}::jsonb`
        : undefined,
    f.grupo
      ? sql`(exists (select 1 from ${t.groupMembers} m where m.celula_id = ${f.grupo} and m.igreja_id = ${churchId} and m.usuario_id = ${t.churchUsers.userId}) or exists (select 1 from ${t.groups} g where g.id = ${f.grupo} and g.igreja_id = ${churchId} and g.lider_id = ${t.churchUsers.userId}))`
      : undefined,
    f.busca?.trim() ? personSearch(churchId, f.busca) : undefined,
  );
}

const rowSelect = {
  id: t.users.id,
  first: t.users.firstName,
  last: t.users.lastName,
  email: t.users.email,
  phone: t.users.phone,
  number: t.churchUsers.memberNumber,
  roles: t.churchUsers.roles,
  active: t.churchUsers.active,
};

type Row = {
  id: number;
  first: string;
  last: string | null;
  email: string;
  phone: string | null;
  number: string | null;
  roles: string[];
  active: boolean;
};

const rowWire = (r: Row): PersonRow => ({
  id: r.id,
  nome: fullName(r.first, r.last),
  email: r.email,
  telefone: r.phone,
  numeroMembro: r.number,
  roles: r.roles,
  ativo: r.active,
});

/**
 * The directory's page query (also read by bench/people-search.ts to print its plan). A search
 * counts its matches in the same statement (`count(*) over ()`), so the matching accounts are
 * looked for once, not again by a second count (docs/performance.md "People search").
 */
export function peoplePageQuery(db: Database, churchId: number, f: PeopleFilter) {
  const searching = !!f.busca?.trim();
  return db
    .select({ ...rowSelect, ...(searching ? { matches: sql<number>`count(*) over ()` } : {}) })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(peopleWhere(churchId, f))
    .orderBy(
      ...(searching ? [personRank(f.busca!)] : []),
      asc(t.users.firstName),
      asc(t.users.lastName),
      asc(t.users.id),
    )
    .limit(PEOPLE_PAGE_SIZE)
    .offset((f.page - 1) * PEOPLE_PAGE_SIZE);
}

/** How many people the filter finds (a page past the last of a search counts them here). */
const countPeople = async (db: Database, churchId: number, f: PeopleFilter) =>
  // every filter reads the membership row, so the count needs no join
  (await db.select({ n: count() }).from(t.churchUsers).where(peopleWhere(churchId, f)))[0]?.n ?? 0;

export async function listPeople(
  db: Database,
  churchId: number,
  f: PeopleFilter,
): Promise<PeoplePage> {
  const searching = !!f.busca?.trim();
  const [rows, counted, groups] = await Promise.all([
    peoplePageQuery(db, churchId, f),
    searching ? null : countPeople(db, churchId, f),
    db
      .select({ id: t.groups.id, nome: t.groups.name })
      .from(t.groups)
      .where(eq(t.groups.churchId, churchId))
      .orderBy(asc(t.groups.name)),
  ]);
  const first = rows[0] as { matches?: number | string } | undefined;
  const n =
    counted ??
    (first ? Number(first.matches) : f.page > 1 ? await countPeople(db, churchId, f) : 0);
  return {
    pessoas: rows.map(rowWire),
    total: n,
    page: f.page,
    totalPages: Math.max(1, Math.ceil(n / PEOPLE_PAGE_SIZE)),
    grupos: groups,
  };
}

const CSV_HEAD: Record<MessageLang, string[]> = {
  pt: ['Número', 'Nome', 'E-mail', 'Telefone', 'Papéis', 'Situação'],
  en: ['Number', 'Name', 'E-mail', 'Phone', 'Roles', 'Status'],
  es: ['Número', 'Nombre', 'Correo electrónico', 'Teléfono', 'Roles', 'Estado'],
};

/** The directory (same filters, every page) as a CSV of the one rule (server/http/csv.ts). */
export async function peopleCsv(
  db: Database,
  churchId: number,
  f: Omit<PeopleFilter, 'page'>,
  lang: MessageLang,
): Promise<string> {
  const rows = await db
    .select(rowSelect)
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(peopleWhere(churchId, f))
    .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
    .limit(100_000);
  return csvDocument(
    lang,
    CSV_HEAD[lang],
    rows.map((r) => [
      r.number ?? '',
      fullName(r.first, r.last),
      r.email,
      r.phone ?? '',
      r.roles.map((role) => roleWord(role, lang)).join(', '),
      activeWord(r.active, lang),
    ]),
  );
}

async function membership(db: Database | Tx, churchId: number, userId: number) {
  const [row] = await db
    .select({ ...rowSelect, createdAt: t.churchUsers.createdAt, birth: t.users.birthDate })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, userId)));
  if (!row) throw notFound('staff.people.personNotFound');
  return row;
}

/** A person's page: family, addresses, groups, registrations, and gifts for roles with `giving`. */
export async function personOf(
  db: Database,
  churchId: number,
  userId: number,
  viewerRoles: string[],
): Promise<Person> {
  const row = await membership(db, churchId, userId);
  const [children, addresses, memberOf, leads, registrations] = await Promise.all([
    db
      .select()
      .from(t.userChildren)
      .where(and(eq(t.userChildren.churchId, churchId), eq(t.userChildren.userId, userId)))
      .orderBy(asc(t.userChildren.birthDate)),
    db.select().from(t.userAddresses).where(eq(t.userAddresses.userId, userId)),
    db
      .select({ id: t.groups.id, nome: t.groups.name })
      .from(t.groupMembers)
      .innerJoin(t.groups, eq(t.groups.id, t.groupMembers.groupId))
      .where(and(eq(t.groupMembers.churchId, churchId), eq(t.groupMembers.userId, userId))),
    db
      .select({ id: t.groups.id, nome: t.groups.name })
      .from(t.groups)
      .where(and(eq(t.groups.churchId, churchId), eq(t.groups.leaderId, userId))),
    db
      .select({
        id: t.registrations.id,
        evento: t.events.title,
        status: t.registrations.status,
        data: t.registrations.createdAt,
      })
      .from(t.registrations)
      .innerJoin(t.events, eq(t.events.id, t.registrations.eventId))
      .where(and(eq(t.registrations.churchId, churchId), eq(t.registrations.userId, userId)))
      .orderBy(desc(t.registrations.createdAt))
      .limit(50),
  ]);
  let gifts: Person['doacoes'] = null;
  if (mayUse(viewerRoles, 'giving')) {
    const rows = await db
      .select({
        code: t.payments.code,
        at: t.payments.createdAt,
        cents: t.payments.subtotalCents,
        status: t.payments.status,
        reasons: sql<string>`coalesce((select string_agg(i.motivo_nome, ', ' order by i.id) from ${t.paymentLines} i where i.pagamento_id = "pagamento"."id"), '')`,
      })
      .from(t.payments)
      .where(
        and(
          eq(t.payments.churchId, churchId),
          eq(t.payments.userId, userId),
          eq(t.payments.kind, 'doacao'),
        ),
      )
      .orderBy(desc(t.payments.createdAt))
      .limit(50);
    gifts = rows.map((g) => ({
      codigo: g.code,
      data: g.at.toISOString(),
      valor: toMoney(g.cents),
      status: g.status,
      motivos: g.reasons,
    }));
  }
  return {
    ...rowWire(row),
    sobrenome: row.last,
    dataNascimento: row.birth,
    desde: row.createdAt.toISOString(),
    filhos: children.map((c) => ({
      id: c.id,
      nome: fullName(c.firstName, c.lastName),
      dataNascimento: c.birthDate,
    })),
    enderecos: addresses.map((a) => ({
      id: a.id,
      linha: [a.street, a.number, a.complement, a.neighborhood].filter(Boolean).join(', '),
      cidade: a.city,
      estado: a.state,
      cep: a.zipCode,
      pais: a.country,
    })),
    grupos: [
      ...leads.map((g) => ({ ...g, papel: 'lider' as const })),
      ...memberOf.map((g) => ({ ...g, papel: 'membro' as const })),
    ],
    inscricoes: registrations.map((r) => ({ ...r, data: r.data.toISOString() })),
    doacoes: gifts,
    moeda: (await givingChurch(db, churchId))?.currency ?? 'BRL',
  };
}

/** Serialises role changes of one church, then refuses a state with no active admin left. */
async function keepAnAdmin(tx: Tx, churchId: number): Promise<void> {
  const [left] = await tx
    .select({ n: count() })
    .from(t.churchUsers)
    .where(
      and(
        eq(t.churchUsers.churchId, churchId),
        eq(t.churchUsers.active, true),
        sql`${t.churchUsers.roles} @> '["ROLE_ADMIN"]'::jsonb`,
      ),
    );
  if ((left?.n ?? 0) === 0) throw new ApiProblem(409, 'staff.people.lastAdmin');
}

const lockChurch = (tx: Tx, churchId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${7_200_000 + churchId})`);

export async function setRoles(
  deps: StaffWriteDeps,
  actor: StaffActor,
  userId: number,
  roles: string[],
  viewerRoles: string[],
): Promise<Person> {
  const wanted = [...new Set(roles)];
  const before = await membership(deps.db, actor.churchId, userId);
  const touchesSuper =
    wanted.includes('ROLE_SUPER_ADMIN') !== before.roles.includes('ROLE_SUPER_ADMIN');
  if (touchesSuper && !actor.roles.includes('ROLE_SUPER_ADMIN'))
    throw new ApiProblem(403, 'staff.people.superAdminOnly');
  await staffWrite(
    deps,
    actor,
    {
      action: 'people.roles',
      kind: 'pessoa',
      targetId: userId,
      summary: `${fullName(before.first, before.last)}: ${wanted.join(', ') || '—'}`,
      details: { antes: before.roles, depois: wanted },
    },
    async (tx) => {
      await lockChurch(tx, actor.churchId);
      await tx
        .update(t.churchUsers)
        .set({ roles: wanted })
        .where(and(eq(t.churchUsers.churchId, actor.churchId), eq(t.churchUsers.userId, userId)));
      await keepAnAdmin(tx, actor.churchId);
    },
    { purge: false },
  );
  return personOf(deps.db, actor.churchId, userId, viewerRoles);
}

export async function setMemberNumber(
  deps: StaffWriteDeps,
  actor: StaffActor,
  userId: number,
  number: string | null,
  viewerRoles: string[],
): Promise<Person> {
  const before = await membership(deps.db, actor.churchId, userId);
  await staffWrite(
    deps,
    actor,
    {
      action: 'people.number',
      kind: 'pessoa',
      targetId: userId,
      summary: `${fullName(before.first, before.last)}: ${number ?? '—'}`,
    },
    async (tx) => {
      await lockChurch(tx, actor.churchId);
      if (number) {
        const [taken] = await tx
          .select({ id: t.churchUsers.id })
          .from(t.churchUsers)
          .where(
            and(
              eq(t.churchUsers.churchId, actor.churchId),
              eq(t.churchUsers.memberNumber, number),
              ne(t.churchUsers.userId, userId),
            ),
          );
        if (taken) throw new ApiProblem(409, 'staff.people.numberTaken', { numeroMembro: [] });
      }
      await tx
        .update(t.churchUsers)
        .set({ memberNumber: number })
        .where(and(eq(t.churchUsers.churchId, actor.churchId), eq(t.churchUsers.userId, userId)));
    },
    { purge: false },
  );
  return personOf(deps.db, actor.churchId, userId, viewerRoles);
}

export async function setActive(
  deps: StaffWriteDeps,
  actor: StaffActor,
  userId: number,
  active: boolean,
  viewerRoles: string[],
): Promise<Person> {
  if (!active && userId === actor.userId) throw new ApiProblem(409, 'staff.people.notSelf');
  const before = await membership(deps.db, actor.churchId, userId);
  await staffWrite(
    deps,
    actor,
    {
      action: active ? 'people.reactivate' : 'people.deactivate',
      kind: 'pessoa',
      targetId: userId,
      summary: fullName(before.first, before.last),
    },
    async (tx) => {
      await lockChurch(tx, actor.churchId);
      await tx
        .update(t.churchUsers)
        .set({ active })
        .where(and(eq(t.churchUsers.churchId, actor.churchId), eq(t.churchUsers.userId, userId)));
      if (!active) await keepAnAdmin(tx, actor.churchId);
    },
    { purge: false },
  );
  return personOf(deps.db, actor.churchId, userId, viewerRoles);
}

// ---- deletion requests (spec §7 pedido-exclusao) ----

export async function listDeletionRequests(
  db: Database,
  churchId: number,
): Promise<DeletionRequest[]> {
  const rows = await db
    .select({
      request: t.deletionRequests,
      first: t.users.firstName,
      last: t.users.lastName,
      done: t.deletionsDone,
    })
    .from(t.deletionRequests)
    .leftJoin(t.users, eq(t.users.id, t.deletionRequests.userId))
    .leftJoin(t.deletionsDone, eq(t.deletionsDone.requestId, t.deletionRequests.id))
    .where(eq(t.deletionRequests.churchId, churchId))
    .orderBy(sql`${t.deletionsDone.doneAt} is not null`, desc(t.deletionRequests.createdAt))
    .limit(200);
  return rows.map(({ request: r, first, last, done }) => ({
    id: r.id,
    email: r.email,
    nome: done || first === null ? null : fullName(first, last),
    usuarioId: r.userId,
    criadoEm: r.createdAt.toISOString(),
    concluidoEm: done ? done.doneAt.toISOString() : null,
    concluidoPor: done ? done.byName : null,
  }));
}

/**
 * Carries out a deletion request: the person leaves this church with their children, groups,
 * cards and answers; when no other church holds the account, its personal data is replaced and
 * it can no longer log in. Payments, gift lines and registrations stay (names removed).
 */
export async function carryOutDeletion(
  deps: StaffWriteDeps & { mailer: Mailer },
  actor: StaffActor,
  requestId: number,
): Promise<DeletionRequest> {
  const [request] = await deps.db
    .select()
    .from(t.deletionRequests)
    .where(
      and(eq(t.deletionRequests.id, requestId), eq(t.deletionRequests.churchId, actor.churchId)),
    );
  if (!request) throw notFound('staff.people.requestNotFound');
  const [church] = await deps.db.select().from(t.churches).where(eq(t.churches.id, actor.churchId));
  const lang = messageLangOfLocale(church!.locale);
  const removed = message(lang, 'staff.people.removedName');
  await staffWrite(
    deps,
    actor,
    {
      action: 'people.delete',
      kind: 'pedido_exclusao',
      targetId: requestId,
      summary: `#${requestId}`,
    },
    async (tx) => {
      await lockChurch(tx, actor.churchId);
      const [done] = await tx
        .insert(t.deletionsDone)
        .values({ requestId, churchId: actor.churchId, byUserId: actor.userId, byName: actor.name })
        .onConflictDoNothing()
        .returning();
      if (!done) throw new ApiProblem(409, 'staff.people.requestDone');
      if (request.userId === null) return;
      await removePersonalData(tx, actor.churchId, request.userId, removed);
      await keepAnAdmin(tx, actor.churchId);
    },
    { purge: false },
  );
  const text = message(lang, 'staff.people.deletedBody', { church: church!.name });
  await deps.mailer
    .send({
      to: request.email,
      subject: message(lang, 'staff.people.deletedSubject', { church: church!.name }),
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${p.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`)
        .join(''),
      links: [],
    })
    .catch((error: unknown) => log.error({ err: error }, '[people] deletion e-mail failed'));
  return (await listDeletionRequests(deps.db, actor.churchId)).find((r) => r.id === requestId)!;
}
