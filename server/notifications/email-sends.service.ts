// E-mail announcements (docs/notifications.md "E-mail announcements"): whom a notice reaches (a set
// query, never a loop per member), a send queued with one row per recipient, and the job's work:
// recipients claimed a batch at a time in their own commit (FOR UPDATE SKIP LOCKED on the send, the
// statement batch's rule of giving-statements.service.ts), so two nodes never send one message twice and
// a retry never sends a claimed one again; each recipient's outcome recorded (sent, failed, skipped
// by preference, bounced) and an SMTP 5xx marking the address as bouncing for every later send.
import { and, asc, desc, eq, gt, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../common/config.ts';
import { notificationPath } from '../../common/notification-link.ts';
import type { Audience, EmailSends, EmailSendSummary } from '../../contract/email-announcements.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { Lang } from '../../contract/language.ts';
import { noticeKindOf, type NoticeKind } from '../../contract/notification-preferences.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Database, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import type { Pace } from '../http/traffic.ts';
import { fieldProblem } from '../http/errors.ts';
import { log } from '../log.ts';
import type { Mail, Mailer } from '../mail/outbox.ts';
import { peopleWhere } from '../users/people-staff.service.ts';
import { announcementMail, type MailChurch } from './email-mail.ts';
import { languagesFor } from './languages.ts';
import { channelsFor } from './preferences.ts';

type Settings = Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'>;

/** What the staff list shows of an audience. */
export interface AudienceLabel {
  tipo: Audience['tipo'];
  nome?: string;
}

export interface ResolvedAudience {
  /** A query of one column: the ids of the members it reaches (each once or more). */
  members: SQL;
  label: AudienceLabel;
}

/** The audience's members as a set query; 422 when its group or event is not this church's. */
export async function resolveAudience(
  db: Database | Tx,
  churchId: number,
  audience: Audience,
): Promise<ResolvedAudience> {
  const directory = (f: Parameters<typeof peopleWhere>[1]) =>
    sql`select ${t.churchUsers.userId} from ${t.churchUsers} where ${peopleWhere(churchId, f)}`;
  switch (audience.tipo) {
    case 'todos':
      return { members: directory({ status: 'ativo' }), label: { tipo: 'todos' } };
    case 'grupo': {
      const [group] = await db
        .select({ name: t.groups.name })
        .from(t.groups)
        .where(
          and(
            eq(t.groups.id, audience.grupoId),
            eq(t.groups.churchId, churchId),
            eq(t.groups.active, true),
          ),
        );
      if (!group) throw fieldProblem(422, 'grupoId', 'staff.notifications.groupNotFound');
      return {
        members: directory({ grupo: audience.grupoId }),
        label: { tipo: 'grupo', nome: group.name },
      };
    }
    case 'papel':
      return {
        members: directory({ papel: audience.papel, status: 'ativo' }),
        label: { tipo: 'papel', nome: audience.papel },
      };
    case 'evento': {
      const [event] = await db
        .select({ title: t.events.title })
        .from(t.events)
        .where(and(eq(t.events.id, audience.eventoId), eq(t.events.churchId, churchId)));
      if (!event) throw fieldProblem(422, 'publico', 'email.eventNotFound');
      // A visitor's ticket has no account until one claims it: no preference, no unsubscribe, no mail.
      return {
        members: sql`select ${t.registrations.userId} from ${t.registrations} where ${t.registrations.churchId} = ${churchId} and ${t.registrations.eventId} = ${audience.eventoId} and ${t.registrations.status} = 'confirmada' and ${t.registrations.userId} is not null`,
        label: { tipo: 'evento', nome: event.title },
      };
    }
    case 'filtro': {
      const { tipo: _, ...filter } = audience;
      return {
        members: directory(filter),
        label: { tipo: 'filtro', nome: filter.busca ?? '' },
      };
    }
  }
}

/** How many distinct members an audience reaches. */
export async function audienceSize(db: Database | Tx, members: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(distinct a.uid)::int as n from (${members}) as a(uid)`),
  );
  return Number(row?.n ?? 0);
}

export interface QueuedEmail {
  churchId: number;
  notificationId: number | null;
  kind: NoticeKind;
  /** Product mail's once-only key; a second send with the same key is not made (null answered). */
  origin?: string | null;
  subject: string;
  body: string;
  /** A product message's words in every language: each member gets theirs (`subject`/`body` otherwise). */
  texts?: Record<Lang, { subject: string; body: string }> | null;
  /** A path of the church's site the message opens (`/event/7`). */
  link: string | null;
  audience: AudienceLabel;
  members: SQL;
  createdBy: number | null;
}

/** Recipients added per statement when a send is queued. */
const QUEUE_CHUNK = 2_000;

/** Queues a send and its recipients (insert … select, in chunks); the job sends it. */
export async function queueEmailSend(db: Database | Tx, send: QueuedEmail): Promise<number | null> {
  const [row] = await db
    .insert(t.emailSends)
    .values({
      churchId: send.churchId,
      notificationId: send.notificationId,
      kind: send.kind,
      origin: send.origin ?? null,
      subject: send.subject,
      body: send.body,
      texts: send.texts ?? null,
      link: send.link,
      audience: send.audience,
      createdBy: send.createdBy,
      status: 'preparando',
    })
    .onConflictDoNothing()
    .returning({ id: t.emailSends.id });
  if (!row) return null;
  // In chunks by member id, each its own statement: a 20,000-member audience never holds the
  // database for one long insert (PGlite runs one statement at a time for every request).
  let total = 0;
  for (let last = 0; ;) {
    const [chunk] = await rowsOf<{ n: number; last: number | null }>(
      db.execute(sql`
        with chunk as (
          select distinct a.uid from (${send.members}) as a(uid)
          where a.uid > ${last} order by a.uid limit ${QUEUE_CHUNK}
        ), added as (
          insert into ${t.emailRecipients} (igreja_id, envio_id, usuario_id)
          select ${send.churchId}::int, ${row.id}::int, uid from chunk
          on conflict do nothing
          returning 1
        )
        select (select count(*)::int from added) as n, (select max(uid)::int from chunk) as last`),
    );
    total += Number(chunk?.n ?? 0);
    if (chunk?.last == null) break;
    last = Number(chunk.last);
  }
  // 'preparando' until every recipient is in: the job never finishes a send still being filled
  await db
    .update(t.emailSends)
    .set(
      total
        ? { total, status: 'enviando' }
        : { total, status: 'concluido', finishedAt: new Date() },
    )
    .where(eq(t.emailSends.id, row.id));
  return row.id;
}

/** The notice's path on the church's site, from its type and related id (spec §3 Notification). */
export const noticePath = (typeCode: string, relatedId: string | null): string | null =>
  notificationPath(typeCode, relatedId);

const churchColumns = {
  id: t.churches.id,
  code: t.churches.code,
  name: t.churches.name,
  locale: t.churches.locale,
  street: t.churches.street,
  number: t.churches.number,
  neighborhood: t.churches.neighborhood,
  city: t.churches.city,
  state: t.churches.state,
  zipCode: t.churches.zipCode,
  country: t.churches.country,
};

export async function mailChurch(
  db: Database | Tx,
  churchId: number,
): Promise<(MailChurch & { locale: string }) | null> {
  const [church] = await db
    .select(churchColumns)
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  return church ?? null;
}

export interface EmailWorkOptions {
  mailer: Mailer;
  settings: Settings;
  /** Recipients claimed per commit. */
  batch?: number;
  /** At most this many batches in one run (the job runs again seconds later). */
  limit?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** How each message goes (default: at once): the job takes the process's background pace. */
  pace?: Pace;
}

/** A claim older than this whose outcome was never written (its process died mid-send) counts as failed. */
const STALE_CLAIM = '10 minutes';

type Outcome = 'enviado' | 'falhou' | 'pulado' | 'devolvido';

/** An SMTP answer that says the address will never work (5xx), with its code. */
function permanentFailure(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 ? code : null;
}

/** The job's work: every sending send, a batch of recipients at a time; answers the messages sent. */
export async function workEmailSends(db: Database, options: EmailWorkOptions): Promise<number> {
  const batch = options.batch ?? 200;
  const limit = options.limit ?? 50;
  const done = new Set<number>();
  let sent = 0;
  for (let round = 0; round < limit; round++) {
    const claim = await db.transaction(async (tx) => {
      const [send] = await tx
        .select()
        .from(t.emailSends)
        .where(
          and(
            eq(t.emailSends.status, 'enviando'),
            done.size ? notInArray(t.emailSends.id, [...done]) : undefined,
          ),
        )
        .orderBy(asc(t.emailSends.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!send) return null;
      const rows = await rowsOf<{ id: number; usuario_id: number }>(
        tx.execute(sql`
          update ${t.emailRecipients} set status = 'enviando', data_ultima_alteracao = now()
          where id in (
            select id from ${t.emailRecipients}
            where envio_id = ${send.id} and status = 'pendente'
            order by id limit ${batch}
            for update skip locked)
          returning id, usuario_id`),
      );
      if (rows.length) return { send, rows };
      // Nothing pending: claims whose process died long ago are failures, then the send is over.
      const stale = await rowsOf<{ id: number }>(
        tx.execute(sql`
          update ${t.emailRecipients} set status = 'falhou', erro = 'interrupted', data_ultima_alteracao = now()
          where envio_id = ${send.id} and status = 'enviando'
            and data_ultima_alteracao < now() - ${STALE_CLAIM}::interval
          returning id`),
      );
      const [open] = await rowsOf<{ n: number }>(
        tx.execute(
          sql`select count(*)::int as n from ${t.emailRecipients} where envio_id = ${send.id} and status = 'enviando'`,
        ),
      );
      await tx
        .update(t.emailSends)
        .set({
          failed: sql`${t.emailSends.failed} + ${stale.length}`,
          ...(Number(open?.n ?? 0) === 0 ? { status: 'concluido', finishedAt: new Date() } : {}),
        })
        .where(eq(t.emailSends.id, send.id));
      return { send, rows };
    });
    if (!claim) break;
    if (!claim.rows.length) {
      done.add(claim.send.id);
      continue;
    }
    sent += await deliver(db, claim.send, claim.rows, options);
  }
  return sent;
}

/** Sends one claimed batch and records each recipient's outcome (a few set updates, not one per row). */
async function deliver(
  db: Database,
  send: typeof t.emailSends.$inferSelect,
  rows: { id: number; usuario_id: number }[],
  options: EmailWorkOptions,
): Promise<number> {
  const church = await mailChurch(db, send.churchId);
  const userIds = rows.map((r) => Number(r.usuario_id));
  const [people, channels, languages] = await Promise.all([
    db
      .select({
        id: t.users.id,
        email: t.users.email,
        first: t.users.firstName,
        active: t.users.active,
      })
      .from(t.users)
      .where(inArray(t.users.id, userIds)),
    channelsFor(db, send.churchId, userIds, send.kind as NoticeKind),
    languagesFor(db, send.churchId, userIds, messageLangOfLocale(church?.locale)),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const bouncing = new Set(
    (
      await db
        .select({ email: t.emailBounces.email })
        .from(t.emailBounces)
        .where(
          inArray(
            t.emailBounces.email,
            people.map((p) => p.email.toLowerCase()),
          ),
        )
    ).map((b) => b.email),
  );
  const outcome = new Map<number, { status: Outcome; error?: string }>();
  const bounces: { email: string; code: number; reason: string }[] = [];
  const link =
    send.link && church ? `${churchHomeUrl(church.code, options.settings)}${send.link}` : null;
  const queue: { rowId: number; mail: Mail }[] = [];
  for (const row of rows) {
    const p = person.get(Number(row.usuario_id));
    if (!church || !p || !p.active || p.email.endsWith('.invalid'))
      outcome.set(row.id, { status: 'pulado', error: 'no address' });
    else if (!channels.get(p.id)?.has('email')) outcome.set(row.id, { status: 'pulado' });
    else if (bouncing.has(p.email.toLowerCase())) outcome.set(row.id, { status: 'devolvido' });
    else {
      // the member's language: the whole message for product mail, the frame of a staff notice
      const lang = languages.get(p.id)!;
      const words = send.texts?.[lang] ?? send;
      queue.push({
        rowId: row.id,
        mail: announcementMail({
          church,
          lang,
          to: { userId: p.id, email: p.email, name: p.first },
          kind: send.kind as NoticeKind,
          subject: words.subject,
          body: words.body,
          link,
          settings: options.settings,
        }),
      });
    }
  }
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const pace: Pace = options.pace ?? ((send) => send());
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      while (next < queue.length) {
        const { rowId, mail } = queue[next++]!;
        try {
          await pace(() => options.mailer.send(mail));
          outcome.set(rowId, { status: 'enviado' });
        } catch (error) {
          const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          const code = permanentFailure(error);
          if (code) {
            outcome.set(rowId, { status: 'devolvido', error: reason });
            bounces.push({ email: mail.to.toLowerCase(), code, reason });
          } else {
            outcome.set(rowId, { status: 'falhou', error: reason });
            log.warn({ err: error, sendId: send.id }, '[email] announcement failed');
          }
        }
      }
    }),
  );
  if (bounces.length) await db.insert(t.emailBounces).values(bounces).onConflictDoNothing();
  // One update per outcome (and per distinct error), never one per recipient.
  const groups = new Map<string, { status: Outcome; error: string | null; ids: number[] }>();
  for (const [id, o] of outcome) {
    const key = `${o.status}\n${o.error ?? ''}`;
    const group = groups.get(key) ?? { status: o.status, error: o.error ?? null, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  const count = (status: Outcome) =>
    [...outcome.values()].filter((o) => o.status === status).length;
  await db.transaction(async (tx) => {
    for (const g of groups.values())
      await tx
        .update(t.emailRecipients)
        .set({ status: g.status, error: g.error, updatedAt: new Date() })
        .where(inArray(t.emailRecipients.id, g.ids));
    await tx
      .update(t.emailSends)
      .set({
        sent: sql`${t.emailSends.sent} + ${count('enviado')}`,
        failed: sql`${t.emailSends.failed} + ${count('falhou')}`,
        skipped: sql`${t.emailSends.skipped} + ${count('pulado')}`,
        bounced: sql`${t.emailSends.bounced} + ${count('devolvido')}`,
      })
      .where(eq(t.emailSends.id, send.id));
  });
  return count('enviado');
}

const summary = (s: typeof t.emailSends.$inferSelect): EmailSendSummary => ({
  id: s.id,
  titulo: s.subject,
  status: s.status === 'concluido' ? 'concluido' : 'enviando',
  total: s.total,
  enviados: s.sent,
  falhas: s.failed,
  pulados: s.skipped,
  devolvidos: s.bounced,
  quando: s.createdAt.toISOString(),
  publico: { tipo: s.audience.tipo, ...(s.audience.nome ? { nome: s.audience.nome } : {}) },
});

/** The e-mail sends of some staff notices, by the notice's first id. */
export async function emailOfNotices(
  db: Database,
  churchId: number,
  notificationIds: number[],
): Promise<Map<number, EmailSendSummary>> {
  if (!notificationIds.length) return new Map();
  const rows = await db
    .select()
    .from(t.emailSends)
    .where(
      and(
        eq(t.emailSends.churchId, churchId),
        inArray(t.emailSends.notificationId, notificationIds),
      ),
    );
  return new Map(rows.map((r) => [r.notificationId!, summary(r)]));
}

/** The latest e-mail sends of a church and its members whose address bounces. */
export async function emailSendsOf(db: Database, churchId: number): Promise<EmailSends> {
  const [sends, bouncing] = await Promise.all([
    db
      .select()
      .from(t.emailSends)
      // a reminder of an event nobody registered for is a marker, not a send staff follow
      .where(and(eq(t.emailSends.churchId, churchId), gt(t.emailSends.total, 0)))
      .orderBy(desc(t.emailSends.createdAt), desc(t.emailSends.id))
      .limit(20),
    db
      .select({
        id: t.users.id,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        reason: t.emailBounces.reason,
      })
      .from(t.emailBounces)
      .innerJoin(t.users, sql`lower(${t.users.email}) = ${t.emailBounces.email}`)
      .innerJoin(
        t.churchUsers,
        and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
      )
      .orderBy(asc(t.users.firstName), asc(t.users.id))
      .limit(200),
  ]);
  return {
    envios: sends.map(summary),
    devolvidos: bouncing.map((b) => ({
      usuarioId: b.id,
      nome: [b.first, b.last].filter(Boolean).join(' '),
      email: b.email,
      motivo: b.reason,
    })),
  };
}

/** A notice's in-app copies, one per member of the audience (one insert … select); its first id and count. */
export async function insertAudienceNotices(
  tx: Tx,
  base: {
    churchId: number;
    title: string;
    body: string;
    typeCode: string;
    relatedId: string | null;
    /** The preference kind of the send (noticeKindOf of its audience). */
    kind: NoticeKind;
    createdAt: Date;
  },
  members: SQL,
): Promise<{ first: number; count: number }> {
  const [row] = await rowsOf<{ first: number; n: number }>(
    tx.execute(sql`
      with added as (
        insert into ${t.notifications} (igreja_id, usuario_id, titulo, corpo, tipo_codigo, id_entidade_relacionada, tipo, data_cadastro, data_ultima_alteracao)
        select distinct ${base.churchId}::int, a.uid, ${base.title}, ${base.body}, ${base.typeCode}, ${base.relatedId}, ${base.kind}, ${base.createdAt}::timestamptz, ${base.createdAt}::timestamptz
        from (${members}) as a(uid)
        returning id
      )
      select min(id)::int as first, count(*)::int as n from added`),
  );
  return { first: Number(row?.first), count: Number(row?.n ?? 0) };
}

/** Whose preference a staff notice follows on every channel (noticeKindOf of the contract). */
export const noticeKind = (audience: Audience | undefined, typeCode = 'AVISO'): NoticeKind =>
  noticeKindOf({ typeCode, audience: audience?.tipo ?? 'todos' });

/** What a staff notice's e-mail needs from the send (notifications-staff.service.ts). */
export interface NoticeEmail {
  churchId: number;
  notificationId: number;
  createdBy: number;
  subject: string;
  body: string;
  typeCode: string;
  relatedId: string | null;
  audience: Audience;
  /** A once-only key (a scheduled notice's `agendada:<id>`): queuing it again makes no second send. */
  origin?: string | undefined;
}

/** Queues a staff notice's e-mail to its audience; its progress as the staff list shows it. */
export async function queueNoticeEmail(
  db: Database,
  notice: NoticeEmail,
): Promise<EmailSendSummary | null> {
  const resolved = await resolveAudience(db, notice.churchId, notice.audience);
  const kind = noticeKind(notice.audience, notice.typeCode);
  const id = await queueEmailSend(db, {
    churchId: notice.churchId,
    notificationId: notice.notificationId,
    kind,
    origin: notice.origin ?? null,
    subject: notice.subject,
    body: notice.body,
    link: noticePath(notice.typeCode, notice.relatedId),
    audience: resolved.label,
    members: resolved.members,
    createdBy: notice.createdBy,
  });
  if (!id) return null;
  const [row] = await db
    .select()
    .from(t.emailSends)
    .where(and(eq(t.emailSends.id, id), eq(t.emailSends.churchId, notice.churchId)));
  return row ? summary(row) : null;
}
