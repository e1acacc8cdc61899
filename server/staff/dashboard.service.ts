// The staff dashboard (docs/staff.md "First steps and what needs attention"): the first-steps
// checklist of a new church, each item read from what the church holds (never a flag someone
// ticks), and what needs the team once it runs. Each part is built only for a caller whose roles
// may use its area (contract/staff.ts STAFF_AREAS) and whose church has that area's module.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { kindsOf } from '../../contract/content-staff.ts';
import {
  CHECKLIST_ITEMS,
  type ChecklistEntry,
  type ChecklistItem,
  type Dashboard,
} from '../../contract/dashboard.ts';
import { churchHasArea, mayUse, type StaffArea } from '../../contract/staff.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { kidsCounts } from '../kids/kids-attendance.service.ts';
import type { ContentKind } from '../db/schema/content.ts';
import type { StaffChurch } from './access.ts';
import type { StaffActor } from './audit.ts';
import { staffWrite, type StaffWriteDeps } from './write.ts';

/** The area whose page does each first step, and that page. */
function itemPage(item: ChecklistItem, modules: readonly string[]): [StaffArea, string] | null {
  switch (item) {
    case 'identity':
      return ['church', '/admin/settings#site-identity'];
    case 'services':
      // the weekly schedule belongs to the live module, as on the public home (site/tabs.ts)
      return modules.includes('MOD_CULTO') ? ['home', '/admin/home?tab=schedule'] : null;
    case 'gateway':
      return ['gateways', '/admin/gateways'];
    case 'people':
      return ['import', '/admin/import'];
    case 'post': {
      const [kind] = kindsOf(modules);
      return kind ? ['content', `/admin/content/${kind}/new`] : null;
    }
    case 'team':
      return ['people', '/admin/people/invitations'];
    case 'domain':
      return ['church', '/admin/settings#site-hosts'];
  }
}

const n = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** Which first steps the church has done, read from its rows (one grouped read per step). */
export async function firstSteps(
  db: Database | Tx,
  churchId: number,
): Promise<Record<ChecklistItem, boolean>> {
  const [church, visual, services, gateways, members, posts, invites, staff, hosts] =
    await Promise.all([
      db
        .select({ images: t.churches.images, description: t.churches.description })
        .from(t.churches)
        .where(eq(t.churches.id, churchId)),
      db
        .select({ logo: t.churchVisuals.logo })
        .from(t.churchVisuals)
        .where(eq(t.churchVisuals.churchId, churchId)),
      db
        .select({ n: count() })
        .from(t.weeklyServices)
        .where(and(eq(t.weeklyServices.churchId, churchId), eq(t.weeklyServices.active, true))),
      db
        .select({ n: count() })
        .from(t.churchGateways)
        .where(
          and(
            eq(t.churchGateways.churchId, churchId),
            eq(t.churchGateways.mode, 'live'),
            isNotNull(t.churchGateways.sealed),
          ),
        ),
      db
        .select({ n: count() })
        .from(t.churchUsers)
        .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.active, true))),
      db
        .select({ n: count() })
        .from(t.contents)
        .where(and(eq(t.contents.churchId, churchId), eq(t.contents.status, 'publicado'))),
      // invitations the church's own people sent (the provider's first-admin invitation is not the team's)
      db
        .select({ n: count() })
        .from(t.invitations)
        .where(
          and(
            eq(t.invitations.churchId, churchId),
            sql`${t.invitations.createdBy} in (select usuario_id from ${t.churchUsers} where igreja_id = ${churchId})`,
          ),
        ),
      db
        .select({ n: count() })
        .from(t.churchUsers)
        .where(
          and(
            eq(t.churchUsers.churchId, churchId),
            eq(t.churchUsers.active, true),
            sql`jsonb_array_length(${t.churchUsers.roles}) > 0`,
          ),
        ),
      db
        .select({ n: count() })
        .from(t.churchHostnames)
        .where(
          and(eq(t.churchHostnames.churchId, churchId), isNotNull(t.churchHostnames.verifiedAt)),
        ),
    ]);
  const logo = visual[0]?.logo || church[0]?.images.logo;
  return {
    identity: !!logo && !!church[0]?.description?.trim(),
    services: n(services) > 0,
    gateway: n(gateways) > 0,
    // more people than the admin who started the church
    people: n(members) > 1,
    post: n(posts) > 0,
    team: n(invites) > 0 || n(staff) > 1,
    domain: n(hosts) > 0,
  };
}

const may = (church: StaffChurch, roles: readonly string[], area: StaffArea) =>
  mayUse(roles, area) && churchHasArea(church.modules, area);

/** The dashboard for this caller: the checklist items and attention parts of their areas. */
export async function dashboard(
  db: Database,
  church: StaffChurch,
  actor: StaffActor,
  now = new Date(),
): Promise<Dashboard> {
  const roles = actor.roles;
  const done = await firstSteps(db, church.id);
  const [state] = await db
    .select({ at: t.churchDashboard.checklistDismissedAt })
    .from(t.churchDashboard)
    .where(eq(t.churchDashboard.churchId, church.id));
  const itens: ChecklistEntry[] = [];
  for (const item of CHECKLIST_ITEMS) {
    const page = itemPage(item, church.modules);
    if (!page || !may(church, roles, page[0])) continue;
    itens.push({ item, feito: done[item], area: page[0], href: page[1] });
  }
  const relevant = CHECKLIST_ITEMS.filter((item) => itemPage(item, church.modules));
  const checklist = itens.length
    ? {
        dispensado: !!state?.at,
        completo: relevant.every((item) => done[item]),
        podeDispensar: may(church, roles, 'church'),
        itens,
      }
    : null;

  const atencao: Dashboard['atencao'] = {};
  const id = church.id;
  const parts: Promise<void>[] = [];
  if (may(church, roles, 'events') || may(church, roles, 'registrations'))
    parts.push(
      (async () => {
        const week = new Date(now.getTime() + 7 * 86_400_000);
        const rows = await db
          .select({
            id: t.events.id,
            titulo: t.events.title,
            inicio: t.events.startsAt,
            publicado: t.events.active,
            inscricoes: sql<number>`(select count(*)::int from ${t.registrations} r where r.evento_id = ${t.events.id} and r.igreja_id = ${id} and r.status = 'confirmada')`,
            pendentes: sql<number>`(select count(*)::int from ${t.registrations} r where r.evento_id = ${t.events.id} and r.igreja_id = ${id} and r.status = 'pendente')`,
          })
          .from(t.events)
          .where(
            and(eq(t.events.churchId, id), lt(t.events.startsAt, week), gte(t.events.endsAt, now)),
          )
          .orderBy(asc(t.events.startsAt))
          .limit(10);
        atencao.eventos = rows.map((r) => ({
          ...r,
          inicio: r.inicio.toISOString(),
          inscricoes: Number(r.inscricoes),
          pendentes: Number(r.pendentes),
        }));
      })(),
    );
  if (may(church, roles, 'kids'))
    parts.push(
      (async () => {
        atencao.criancas = await kidsCounts(db, id, now);
      })(),
    );
  if (may(church, roles, 'groups'))
    parts.push(
      (async () => {
        const rows = await db
          .select({ id: t.groups.id, nome: t.groups.name, pedidos: count() })
          .from(t.groupRequests)
          .innerJoin(
            t.groups,
            and(eq(t.groups.id, t.groupRequests.groupId), eq(t.groups.churchId, id)),
          )
          .where(and(eq(t.groupRequests.churchId, id), eq(t.groupRequests.status, 'pendente')))
          .groupBy(t.groups.id, t.groups.name)
          .orderBy(desc(count()), asc(t.groups.name))
          .limit(10);
        atencao.grupos = rows.map((r) => ({ ...r, pedidos: Number(r.pedidos) }));
      })(),
    );
  if (may(church, roles, 'giving'))
    parts.push(
      (async () => {
        const [row] = await db
          .select({
            pausadas: sql<number>`count(*) filter (where ${t.recurringGifts.status} = 'pausada')::int`,
            recusadas: sql<number>`count(*) filter (where ${t.recurringGifts.status} = 'ativa' and ${t.recurringGifts.failedTries} > 0)::int`,
          })
          .from(t.recurringGifts)
          .where(eq(t.recurringGifts.churchId, id));
        atencao.recorrentes = {
          pausadas: Number(row?.pausadas ?? 0),
          recusadas: Number(row?.recusadas ?? 0),
        };
      })(),
    );
  if (may(church, roles, 'content')) {
    // podcast episodes are a table of their own; the posts here are `conteudo` rows
    const kinds = kindsOf(church.modules).filter((k) => k !== 'podcast') as ContentKind[];
    parts.push(
      (async () => {
        const where = and(
          eq(t.contents.churchId, id),
          inArray(t.contents.status, ['rascunho', 'agendado']),
          kinds.length ? inArray(t.contents.kind, kinds) : sql`false`,
        );
        const [counts, items] = await Promise.all([
          db
            .select({
              agendados: sql<number>`count(*) filter (where ${t.contents.status} = 'agendado')::int`,
              rascunhos: sql<number>`count(*) filter (where ${t.contents.status} = 'rascunho')::int`,
            })
            .from(t.contents)
            .where(where),
          db
            .select({
              id: t.contents.id,
              tipo: t.contents.kind,
              titulo: t.contents.title,
              status: t.contents.status,
              publicadoEm: t.contents.publishedAt,
            })
            .from(t.contents)
            .where(where)
            // the scheduled ones first, soonest first; then the drafts
            .orderBy(
              sql`case when ${t.contents.status} = 'agendado' then 0 else 1 end`,
              asc(t.contents.publishedAt),
            )
            .limit(5),
        ]);
        atencao.posts = {
          agendados: Number(counts[0]?.agendados ?? 0),
          rascunhos: Number(counts[0]?.rascunhos ?? 0),
          itens: items.map((r) => ({
            id: r.id,
            tipo: r.tipo,
            titulo: r.titulo,
            status: r.status as 'rascunho' | 'agendado',
            publicadoEm: r.status === 'agendado' ? r.publicadoEm.toISOString() : null,
          })),
        };
      })(),
    );
  }
  if (may(church, roles, 'import'))
    parts.push(
      (async () => {
        const rows = await db
          .select({
            id: t.imports.id,
            tipo: t.imports.kind,
            estado: t.imports.state,
            arquivo: t.imports.fileName,
            criadoEm: t.imports.createdAt,
          })
          .from(t.imports)
          .where(
            and(
              eq(t.imports.churchId, id),
              inArray(t.imports.state, [
                'analisando',
                'analisado',
                'na_fila',
                'importando',
                'falhou',
              ]),
            ),
          )
          .orderBy(desc(t.imports.createdAt))
          .limit(10);
        atencao.importacoes = rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString() }));
      })(),
    );
  await Promise.all(parts);
  return { checklist, atencao };
}

/** Puts the checklist away, or brings it back (admins; audited; no page changes). */
export async function setChecklistDismissed(
  deps: StaffWriteDeps,
  actor: StaffActor,
  dismissed: boolean,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    {
      action: dismissed ? 'dashboard.checklist.dismiss' : 'dashboard.checklist.restore',
      kind: 'igreja',
      targetId: actor.churchId,
      summary: 'checklist',
    },
    async (tx) => {
      const at = dismissed ? new Date() : null;
      await tx
        .insert(t.churchDashboard)
        .values({ churchId: actor.churchId, checklistDismissedAt: at, dismissedBy: actor.userId })
        .onConflictDoUpdate({
          target: t.churchDashboard.churchId,
          set: { checklistDismissedAt: at, dismissedBy: actor.userId },
        });
    },
    { purge: false },
  );
}
