// The staff's notifications (docs/staff.md "Notifications"): a notice to every member (one row
// with no member, spec §3 Notification) or one row per member of a group, optionally opening a
// published item or an active event of the same church. What was sent is read back from the
// notifications themselves, a group's copies counted once; the audit log adds who sent it.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { GROUP_NOTIFICATION_TYPES } from '../../contract/groups.ts';
import {
  NOTICE_TYPE,
  NOTIFICATION_TYPE_OF,
  STAFF_NOTIFICATIONS_PAGE_SIZE,
  type NotificationGroup,
  type NotificationLinkKind,
  type NotificationTarget,
  type StaffNotification,
  type StaffNotificationSend,
  type StaffNotificationsPage,
} from '../../contract/notifications-staff.ts';
import type { Audience } from '../../contract/email-announcements.ts';
import type { NoticeKind } from '../../contract/notification-preferences.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import * as email from './email-sends.service.ts';
import { sendTestEmail } from './email-test-send.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { Config } from '../../common/config.ts';
import { pushReach } from './push.service.ts';
import { queuePush } from './push.task.ts';

const LINK_KIND_OF: Record<string, NotificationLinkKind> = Object.fromEntries(
  Object.entries(NOTIFICATION_TYPE_OF).map(([kind, code]) => [code, kind as NotificationLinkKind]),
);
/** The notices a member gets from the groups feature (a request, an answer) are not staff notices. */
const SYSTEM_TYPES = Object.values(GROUP_NOTIFICATION_TYPES);
const CONTENT_LINK_KINDS = ['noticia', 'devocional', 'ebd'] as const;

interface ResolvedLink {
  tipo: NotificationLinkKind;
  /** What the member's link carries: the id, or an EBD class's slug (spec §2). */
  related: string;
  titulo: string;
}

/** The link's item, if it is a published item or an active event of this church (else 422). */
async function resolveLink(
  db: Database,
  churchId: number,
  link: NonNullable<StaffNotificationSend['link']>,
): Promise<ResolvedLink> {
  if (link.tipo === 'evento') {
    const [event] = await db
      .select({ id: t.events.id, title: t.events.title })
      .from(t.events)
      .where(
        and(eq(t.events.id, link.id), eq(t.events.churchId, churchId), eq(t.events.active, true)),
      );
    if (event) return { tipo: 'evento', related: String(event.id), titulo: event.title };
  } else {
    const [item] = await db
      .select({ id: t.contents.id, slug: t.contents.slug, title: t.contents.title })
      .from(t.contents)
      .where(
        and(
          eq(t.contents.id, link.id),
          eq(t.contents.churchId, churchId),
          eq(t.contents.kind, link.tipo),
          eq(t.contents.active, true),
        ),
      );
    const related = link.tipo === 'ebd' ? item?.slug : item && String(item.id);
    if (item && related) return { tipo: link.tipo, related, titulo: item.title };
  }
  throw fieldProblem(422, 'link', 'staff.notifications.linkNotFound');
}

/** The group's members and its leader, if it is an active group of this church (else 422). */
async function groupRecipients(
  db: Database,
  churchId: number,
  groupId: number,
): Promise<{ id: number; nome: string; members: number[] }> {
  const [group] = await db
    .select({ id: t.groups.id, name: t.groups.name, leaderId: t.groups.leaderId })
    .from(t.groups)
    .where(
      and(eq(t.groups.id, groupId), eq(t.groups.churchId, churchId), eq(t.groups.active, true)),
    );
  if (!group) throw fieldProblem(422, 'grupoId', 'staff.notifications.groupNotFound');
  const rows = await db
    .select({ userId: t.groupMembers.userId })
    .from(t.groupMembers)
    .where(and(eq(t.groupMembers.groupId, group.id), eq(t.groupMembers.churchId, churchId)));
  const members = new Set(rows.map((r) => r.userId));
  if (group.leaderId) members.add(group.leaderId);
  if (members.size === 0) throw fieldProblem(422, 'grupoId', 'staff.notifications.groupEmpty');
  return { id: group.id, nome: group.name, members: [...members].sort((a, b) => a - b) };
}

/** What a send would refuse (its link, group or audience), checked without sending: a scheduled notice's check. */
export async function checkNotice(
  db: Database,
  churchId: number,
  input: StaffNotificationSend,
): Promise<void> {
  if (input.link) await resolveLink(db, churchId, input.link);
  const audienceGroup = input.publico?.tipo === 'grupo' ? input.publico.grupoId : input.grupoId;
  if (audienceGroup) await groupRecipients(db, churchId, audienceGroup);
  if (input.publico && !['todos', 'grupo'].includes(input.publico.tipo)) {
    const audience = await email.resolveAudience(db, churchId, input.publico);
    if ((await email.audienceSize(db, audience.members)) === 0)
      throw fieldProblem(422, 'publico', 'email.audienceEmpty');
  }
}

/**
 * What ties a send to a scheduled notice (scheduled-notices.ts), so it goes once: `written` runs
 * in the transaction of the rows and audit (throwing rolls them back); `origin` is the e-mail
 * send's once-only key.
 */
export interface SendOnce {
  written(tx: Tx, first: number): Promise<void>;
  origin: string;
}

/** Sends one notice: validated first, then its rows and audit record in one transaction. */
export async function sendNotification(
  deps: StaffWriteDeps,
  actor: StaffActor,
  input: StaffNotificationSend,
  once?: SendOnce,
): Promise<StaffNotification> {
  const churchId = actor.churchId;
  const link = input.link ? await resolveLink(deps.db, churchId, input.link) : null;
  const audienceGroup = input.publico?.tipo === 'grupo' ? input.publico.grupoId : input.grupoId;
  const group = audienceGroup ? await groupRecipients(deps.db, churchId, audienceGroup) : null;
  // A role, an event's registrants or a directory filter: one copy per member (email-sends.service.ts).
  const audience =
    input.publico && !['todos', 'grupo'].includes(input.publico.tipo)
      ? await email.resolveAudience(deps.db, churchId, input.publico)
      : null;
  const audienceCount = audience ? await email.audienceSize(deps.db, audience.members) : null;
  if (audienceCount === 0) throw fieldProblem(422, 'publico', 'email.audienceEmpty');
  // One moment for every copy: the copies of one send are found together by it.
  const at = new Date();
  const typeCode = link ? NOTIFICATION_TYPE_OF[link.tipo] : NOTICE_TYPE;
  const emailAudience =
    input.publico ??
    (group ? { tipo: 'grupo' as const, grupoId: group.id } : { tipo: 'todos' as const });
  // one kind for every channel, the in-app copies' too, from the audience (docs/notifications.md "Preferences")
  const kind = email.noticeKind(emailAudience, typeCode);
  const base = {
    churchId,
    title: input.titulo,
    body: input.corpo,
    typeCode,
    relatedId: link?.related ?? null,
    kind,
    createdAt: at,
    updatedAt: at,
  };
  const id = await staffWrite(
    deps,
    actor,
    (first: number) => ({
      action: 'notifications.send',
      kind: 'notificacao',
      targetId: first,
      summary: input.titulo,
      details: {
        grupo: group ? { id: group.id, nome: group.nome } : null,
        destinatarios: group ? group.members.length : audienceCount,
        link: link ? { tipo: link.tipo, id: link.related, titulo: link.titulo } : null,
        publico: audience?.label ?? null,
        email: input.email ?? false,
      },
    }),
    async (tx) => {
      let first: number;
      if (audience) first = (await email.insertAudienceNotices(tx, base, audience.members)).first;
      else {
        const rows = await tx
          .insert(t.notifications)
          .values(
            group
              ? group.members.map((userId) => ({ ...base, userId }))
              : [{ ...base, userId: null }],
          )
          .returning({ id: t.notifications.id });
        first = Math.min(...rows.map((r) => r.id));
      }
      await once?.written(tx, first);
      return first;
    },
    // Notifications are read by the member's own calls, never from a cached public page.
    { purge: false },
  );
  const emailSend = await queueNoticeChannels(deps.db, {
    churchId,
    notificationId: id,
    kind,
    createdBy: actor.userId,
    input,
    typeCode,
    relatedId: base.relatedId,
    audience: emailAudience,
    origin: once?.origin,
  });
  return {
    id,
    titulo: input.titulo,
    corpo: input.corpo,
    quando: at.toISOString(),
    autor: actor.name,
    grupo: group ? { id: group.id, nome: group.nome } : null,
    destinatarios: group ? group.members.length : audienceCount,
    publico: audience?.label ?? null,
    email: emailSend,
    dispositivos: null,
    link: link ? { tipo: link.tipo, id: link.related, titulo: link.titulo } : null,
  };
}

/**
 * A sent notice's other channels, after its rows: the push (by the task queue, docs/notifications.md
 * "Push") and, when asked, the e-mail. Each goes once per notice even if called again (the push
 * send's key is the notice; the e-mail's is `origin`, when given).
 */
export async function queueNoticeChannels(
  db: Database,
  notice: {
    churchId: number;
    notificationId: number;
    kind: NoticeKind;
    createdBy: number;
    input: StaffNotificationSend;
    typeCode: string;
    relatedId: string | null;
    audience: Audience;
    origin?: string | undefined;
  },
) {
  await queuePush(db, notice.churchId, notice.notificationId, undefined, notice.kind);
  if (!notice.input.email) return null;
  return email.queueNoticeEmail(db, {
    churchId: notice.churchId,
    notificationId: notice.notificationId,
    createdBy: notice.createdBy,
    subject: notice.input.titulo,
    body: notice.input.corpo,
    typeCode: notice.typeCode,
    relatedId: notice.relatedId,
    audience: notice.audience,
    origin: notice.origin,
  });
}

/**
 * The notice's e-mail to the staff member alone, before sending it to everyone ("send a test to
 * me"): the same link check, nothing recorded. Answers the address it went to.
 */
export async function sendNoticeTest(
  deps: StaffWriteDeps & { mailer: Mailer },
  actor: StaffActor,
  input: StaffNotificationSend,
  settings: Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'>,
): Promise<string> {
  const link = input.link ? await resolveLink(deps.db, actor.churchId, input.link) : null;
  return sendTestEmail(deps.db, deps.mailer, settings, {
    churchId: actor.churchId,
    userId: actor.userId,
    kind: email.noticeKind(
      input.publico ?? (input.grupoId ? { tipo: 'grupo', grupoId: input.grupoId } : undefined),
      link ? NOTIFICATION_TYPE_OF[link.tipo] : NOTICE_TYPE,
    ),
    subject: input.titulo,
    body: input.corpo,
    link: link ? email.noticePath(NOTIFICATION_TYPE_OF[link.tipo], link.related) : null,
  });
}

interface SentRow {
  id: number;
  titulo: string;
  corpo: string;
  tipo_codigo: string;
  id_entidade_relacionada: string | null;
  data_cadastro: Date | string;
  copias: number;
  todos: boolean;
  usuario_nome: string | null;
  detalhes: {
    grupo?: { id: number; nome: string } | null;
    publico?: { tipo: string; nome?: string } | null;
    link?: { titulo?: string } | null;
  } | null;
}

/** One send: the copies that share church, moment, text, type and link. */
const sameSend = sql`n.data_cadastro, n.titulo, n.corpo, n.tipo_codigo, n.id_entidade_relacionada`;
const staffNotices = (churchId: number) =>
  sql`n.igreja_id = ${churchId} and n.tipo_codigo not in (${sql.join(
    SYSTEM_TYPES.map((type) => sql`${type}`),
    sql`, `,
  )})`;

/** What was sent, newest first, a page at a time. */
export async function sentNotifications(
  db: Database,
  churchId: number,
  page: number,
): Promise<StaffNotificationsPage> {
  const [rows, [count]] = await Promise.all([
    rowsOf<SentRow>(
      db.execute(sql`
        select s.*, a.usuario_nome, a.detalhes
        from (
          select min(n.id) as id, n.titulo, n.corpo, n.tipo_codigo, n.id_entidade_relacionada,
            n.data_cadastro, count(*)::int as copias, bool_or(n.usuario_id is null) as todos
          from notificacao n
          where ${staffNotices(churchId)}
          group by ${sameSend}
        ) s
        left join auditoria a
          on a.igreja_id = ${churchId} and a.acao = 'notifications.send' and a.alvo_id = s.id::text
        order by s.data_cadastro desc, s.id desc
        limit ${STAFF_NOTIFICATIONS_PAGE_SIZE} offset ${(page - 1) * STAFF_NOTIFICATIONS_PAGE_SIZE}`),
    ),
    rowsOf<{ n: number }>(
      db.execute(sql`
        select count(*)::int as n from (
          select 1 from notificacao n where ${staffNotices(churchId)} group by ${sameSend}
        ) s`),
    ),
  ]);
  const titles = await linkTitles(db, churchId, rows);
  const emails = await email.emailOfNotices(
    db,
    churchId,
    rows.map((r) => Number(r.id)),
  );
  const reach = await pushReach(
    db,
    churchId,
    rows.map((r) => Number(r.id)),
  );
  const total = Number(count?.n ?? 0);
  return {
    notificacoes: rows.map((r) => {
      const kind = LINK_KIND_OF[r.tipo_codigo];
      const related = r.id_entidade_relacionada;
      return {
        id: Number(r.id),
        titulo: r.titulo,
        corpo: r.corpo,
        quando: new Date(r.data_cadastro).toISOString(),
        autor: r.usuario_nome,
        grupo: r.todos
          ? null
          : { id: r.detalhes?.grupo?.id ?? null, nome: r.detalhes?.grupo?.nome ?? '' },
        destinatarios: r.todos ? null : Number(r.copias),
        publico: r.detalhes?.publico ?? null,
        email: emails.get(Number(r.id)) ?? null,
        dispositivos: reach.get(Number(r.id)) ?? null,
        link:
          kind && related
            ? { tipo: kind, id: related, titulo: titles.get(`${kind}:${related}`) ?? null }
            : null,
      };
    }),
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / STAFF_NOTIFICATIONS_PAGE_SIZE)),
  };
}

/** The current titles of the items a page of notices links to (`kind:related` → title). */
async function linkTitles(
  db: Database,
  churchId: number,
  rows: SentRow[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const wanted = rows
    .map((r) => ({ kind: LINK_KIND_OF[r.tipo_codigo], related: r.id_entidade_relacionada }))
    .filter((w): w is { kind: NotificationLinkKind; related: string } => !!w.kind && !!w.related);
  const eventIds = wanted.filter((w) => w.kind === 'evento').map((w) => Number(w.related));
  const contentIds = wanted
    .filter((w) => w.kind === 'noticia' || w.kind === 'devocional')
    .map((w) => Number(w.related));
  const slugs = wanted.filter((w) => w.kind === 'ebd').map((w) => w.related);
  const valid = (ids: number[]) => ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  const [events, items, classes] = await Promise.all([
    valid(eventIds).length
      ? db
          .select({ id: t.events.id, title: t.events.title })
          .from(t.events)
          .where(and(eq(t.events.churchId, churchId), inArray(t.events.id, valid(eventIds))))
      : [],
    valid(contentIds).length
      ? db
          .select({ id: t.contents.id, kind: t.contents.kind, title: t.contents.title })
          .from(t.contents)
          .where(and(eq(t.contents.churchId, churchId), inArray(t.contents.id, valid(contentIds))))
      : [],
    slugs.length
      ? db
          .select({ slug: t.contents.slug, title: t.contents.title })
          .from(t.contents)
          .where(
            and(
              eq(t.contents.churchId, churchId),
              eq(t.contents.kind, 'ebd'),
              inArray(t.contents.slug, slugs),
            ),
          )
      : [],
  ]);
  for (const e of events) titles.set(`evento:${e.id}`, e.title);
  for (const i of items) titles.set(`${i.kind}:${i.id}`, i.title);
  for (const c of classes) titles.set(`ebd:${c.slug}`, c.title);
  return titles;
}

/** Removes a sent notice from every member who got it. */
export async function deleteNotification(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
): Promise<void> {
  const [first] = await deps.db
    .select({
      id: t.notifications.id,
      title: t.notifications.title,
      typeCode: t.notifications.typeCode,
    })
    .from(t.notifications)
    .where(and(eq(t.notifications.id, id), eq(t.notifications.churchId, actor.churchId)));
  if (!first || SYSTEM_TYPES.includes(first.typeCode as (typeof SYSTEM_TYPES)[number]))
    throw notFound('staff.notifications.notFound');
  await staffWrite(
    deps,
    actor,
    (removed: number) => ({
      action: 'notifications.delete',
      kind: 'notificacao',
      targetId: id,
      summary: first.title,
      details: { copias: removed },
    }),
    async (tx) => {
      const rows = await rowsOf<{ id: number }>(
        tx.execute(sql`
          delete from notificacao n using notificacao f
          where f.id = ${id} and f.igreja_id = ${actor.churchId} and n.igreja_id = f.igreja_id
            and n.data_cadastro = f.data_cadastro and n.titulo = f.titulo and n.corpo = f.corpo
            and n.tipo_codigo = f.tipo_codigo
            and n.id_entidade_relacionada is not distinct from f.id_entidade_relacionada
          returning n.id`),
      );
      return rows.length;
    },
    { purge: false },
  );
}

/** Published news, devotionals and EBD classes and active events whose title holds `q`, newest first. */
export async function notificationTargets(
  db: Database,
  churchId: number,
  q: string,
): Promise<NotificationTarget[]> {
  const [items, events] = await Promise.all([
    db
      .select({
        id: t.contents.id,
        kind: t.contents.kind,
        title: t.contents.title,
        at: t.contents.publishedAt,
      })
      .from(t.contents)
      .where(
        and(
          eq(t.contents.churchId, churchId),
          inArray(t.contents.kind, [...CONTENT_LINK_KINDS]),
          eq(t.contents.active, true),
          // an EBD class is addressed by its slug (spec §2)
          sql`(${t.contents.kind} <> 'ebd' or ${isNotNull(t.contents.slug)})`,
          q ? matches(q, [t.contents.title]) : undefined,
        ),
      )
      .orderBy(desc(t.contents.publishedAt), desc(t.contents.id))
      .limit(15),
    db
      .select({ id: t.events.id, title: t.events.title, at: t.events.startsAt })
      .from(t.events)
      .where(
        and(
          eq(t.events.churchId, churchId),
          eq(t.events.active, true),
          q ? matches(q, [t.events.title]) : undefined,
        ),
      )
      .orderBy(desc(t.events.startsAt), desc(t.events.id))
      .limit(10),
  ]);
  return [
    ...events.map((e) => ({
      tipo: 'evento' as const,
      id: e.id,
      titulo: e.title,
      data: e.at.toISOString(),
    })),
    ...items.map((i) => ({
      tipo: i.kind as NotificationLinkKind,
      id: i.id,
      titulo: i.title,
      data: i.at.toISOString(),
    })),
  ];
}

/** The church's active groups with how many people a notice to each reaches (members and leader). */
export async function notificationGroups(
  db: Database,
  churchId: number,
): Promise<NotificationGroup[]> {
  const [groups, members] = await Promise.all([
    db
      .select({ id: t.groups.id, nome: t.groups.name, leaderId: t.groups.leaderId })
      .from(t.groups)
      .where(and(eq(t.groups.churchId, churchId), eq(t.groups.active, true)))
      .orderBy(asc(t.groups.name), asc(t.groups.id)),
    db
      .select({ groupId: t.groupMembers.groupId, userId: t.groupMembers.userId })
      .from(t.groupMembers)
      .where(eq(t.groupMembers.churchId, churchId)),
  ]);
  const reach = new Map<number, Set<number>>();
  for (const m of members) {
    const people = reach.get(m.groupId) ?? new Set<number>();
    people.add(m.userId);
    reach.set(m.groupId, people);
  }
  return groups.map((g) => {
    const people = new Set(reach.get(g.id));
    if (g.leaderId) people.add(g.leaderId);
    return { id: g.id, nome: g.nome, membros: people.size };
  });
}
