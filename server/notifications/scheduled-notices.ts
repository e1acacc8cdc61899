// Scheduled sends (docs/notifications.md "Scheduled sends"): staff fill the notice form with a
// time in the church's zone; the notice waits in `notificacao_agendada` (listed, editable and
// cancellable until it goes) and the job `notifications.scheduled` sends it when its time comes
// through sendNotification, the same send as "Send now". A due row is claimed by one update
// (`agendada` → `enviando`, FOR UPDATE SKIP LOCKED), so two nodes never send it twice.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { instantOfWallClock, localDateTimeIn } from '../../common/time-zone.ts';
import { message, type MessageLang } from '../../contract/messages/index.ts';
import {
  staffNotificationSendSchema,
  type ScheduledNotification,
  type ScheduledNotifications,
  type StaffNotificationSchedule,
  type StaffNotificationSend,
} from '../../contract/notifications-staff.ts';
import type { NoticeKind } from '../../contract/notification-preferences.ts';
import { mayUse } from '../../contract/staff.ts';
import type { ChangeFeed } from '../changes.ts';
import { churchZone } from '../church/church-clock.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { defineJob } from '../jobs/runner.ts';
import { log } from '../log.ts';
import { staffRolesIn } from '../staff/access.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { noticeKind } from './email-sends.service.ts';
import {
  checkNotice,
  queueNoticeChannels,
  sendNotification,
} from './notifications-staff.service.ts';

/** At most this far ahead (a year): a typo in the year should not wait silently. */
const MAX_AHEAD_MS = 366 * 86_400_000;
/** Rows the job claims per run. */
const CLAIM = 20;

// ---- the church's wall clock (common/time-zone.ts) ----

/** `2026-12-24T19:30` as the church's clock shows `at`. */
export function localIn(zone: string, at: Date): string {
  return localDateTimeIn(zone, at);
}

/** The instant the church's clock shows `local` (`2026-12-24T19:30`); null for a day that does not exist. */
export function instantIn(zone: string, local: string): Date | null {
  const [y, mo, d, h, mi] = local.split(/[-T:]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return instantOfWallClock(zone, wall);
}

/** The instant to send at; 400 per field when it is not a time, has passed or is too far ahead. */
function sendAtOf(zone: string, local: string, now: Date): Date {
  const at = instantIn(zone, local);
  if (!at) throw fieldProblem(400, 'enviarEm', 'staff.notifications.sendAtInvalid');
  if (at.getTime() <= now.getTime())
    throw fieldProblem(400, 'enviarEm', 'staff.notifications.sendAtPast');
  if (at.getTime() - now.getTime() > MAX_AHEAD_MS)
    throw fieldProblem(400, 'enviarEm', 'staff.notifications.sendAtFar');
  return at;
}

// ---- staff ----

type Row = typeof t.scheduledNotices.$inferSelect;

function serialize(
  row: Row,
  zone: string,
  author: string | null,
  lang: MessageLang,
): ScheduledNotification {
  const parsed = staffNotificationSendSchema.safeParse(row.notice);
  return {
    id: row.id,
    enviarEm: row.sendAt.toISOString(),
    local: localIn(zone, row.sendAt),
    status: row.status as ScheduledNotification['status'],
    aviso: parsed.success ? parsed.data : { titulo: '', corpo: '' },
    autor: author,
    notificacaoId: row.notificationId,
    falha: row.failure ? message(lang, row.failure) : null,
  };
}

const noticeOf = (input: StaffNotificationSchedule): StaffNotificationSend => {
  const { enviarEm: _, ...notice } = input;
  return notice;
};

/** Waiting notices (soonest first) and the 20 latest that went, failed or were cancelled. */
export async function scheduledNotices(
  db: Database,
  churchId: number,
  lang: MessageLang,
): Promise<ScheduledNotifications> {
  const zone = await churchZone(db, churchId);
  const pick = {
    row: t.scheduledNotices,
    first: t.users.firstName,
    last: t.users.lastName,
  };
  const [waiting, gone] = await Promise.all([
    db
      .select(pick)
      .from(t.scheduledNotices)
      .leftJoin(t.users, eq(t.users.id, t.scheduledNotices.userId))
      .where(
        and(
          eq(t.scheduledNotices.churchId, churchId),
          inArray(t.scheduledNotices.status, ['agendada', 'enviando']),
        ),
      )
      .orderBy(asc(t.scheduledNotices.sendAt), asc(t.scheduledNotices.id)),
    db
      .select(pick)
      .from(t.scheduledNotices)
      .leftJoin(t.users, eq(t.users.id, t.scheduledNotices.userId))
      .where(
        and(
          eq(t.scheduledNotices.churchId, churchId),
          inArray(t.scheduledNotices.status, ['enviada', 'cancelada', 'falhou']),
        ),
      )
      .orderBy(desc(t.scheduledNotices.updatedAt), desc(t.scheduledNotices.id))
      .limit(20),
  ]);
  const name = (r: { first: string | null; last: string | null }) =>
    [r.first, r.last].filter(Boolean).join(' ') || null;
  return {
    fusoHorario: zone,
    agendadas: [...waiting, ...gone].map((r) => serialize(r.row, zone, name(r), lang)),
  };
}

/** The church's zone, the instant to send at and the notice, checked now like a send (400/404 per field). */
async function checkedSchedule(
  db: Database,
  churchId: number,
  input: StaffNotificationSchedule,
  now: Date,
) {
  const zone = await churchZone(db, churchId);
  const sendAt = sendAtOf(zone, input.enviarEm, now);
  const notice = noticeOf(input);
  await checkNotice(db, churchId, notice);
  return { zone, sendAt, notice };
}

/** Schedules a notice: checked now like a send (its group, audience and link), audited. */
export async function scheduleNotice(
  deps: StaffWriteDeps,
  actor: StaffActor,
  input: StaffNotificationSchedule,
  lang: MessageLang,
  now = new Date(),
): Promise<ScheduledNotification> {
  const { zone, sendAt, notice } = await checkedSchedule(deps.db, actor.churchId, input, now);
  const row = await staffWrite(
    deps,
    actor,
    (r: Row) => ({
      action: 'notifications.schedule',
      kind: 'notificacao_agendada',
      targetId: r.id,
      summary: notice.titulo,
      details: { enviarEm: sendAt.toISOString() },
    }),
    async (tx) => {
      const [r] = await tx
        .insert(t.scheduledNotices)
        .values({ churchId: actor.churchId, userId: actor.userId, notice, sendAt })
        .returning();
      return r!;
    },
    { purge: false },
  );
  return serialize(row, zone, actor.name, lang);
}

/** Changes a waiting notice (text, audience, time); 409 once it went or was cancelled. */
export async function editScheduledNotice(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  input: StaffNotificationSchedule,
  lang: MessageLang,
  now = new Date(),
): Promise<ScheduledNotification> {
  const { zone, sendAt, notice } = await checkedSchedule(deps.db, actor.churchId, input, now);
  const row = await staffWrite(
    deps,
    actor,
    {
      action: 'notifications.update',
      kind: 'notificacao_agendada',
      targetId: id,
      summary: notice.titulo,
      details: { enviarEm: sendAt.toISOString() },
    },
    async (tx) => {
      const [r] = await tx
        .update(t.scheduledNotices)
        .set({ notice, sendAt, updatedAt: new Date() })
        .where(waitingRow(actor.churchId, id))
        .returning();
      if (!r) await goneOrMissing(tx as unknown as Database, actor.churchId, id);
      return r!;
    },
    { purge: false },
  );
  return serialize(row, zone, actor.name, lang);
}

/** Cancels a waiting notice (it stays listed as cancelled); 409 once it went. */
export async function cancelScheduledNotice(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    (title: string) => ({
      action: 'notifications.cancel',
      kind: 'notificacao_agendada',
      targetId: id,
      summary: title,
    }),
    async (tx) => {
      const [r] = await tx
        .update(t.scheduledNotices)
        .set({ status: 'cancelada', updatedAt: new Date() })
        .where(waitingRow(actor.churchId, id))
        .returning({ notice: t.scheduledNotices.notice });
      if (!r) await goneOrMissing(tx as unknown as Database, actor.churchId, id);
      return String(r?.notice.titulo ?? '');
    },
    { purge: false },
  );
}

const waitingRow = (churchId: number, id: number) =>
  and(
    eq(t.scheduledNotices.id, id),
    eq(t.scheduledNotices.churchId, churchId),
    eq(t.scheduledNotices.status, 'agendada'),
  );

async function goneOrMissing(db: Database, churchId: number, id: number): Promise<never> {
  const [row] = await db
    .select({ id: t.scheduledNotices.id })
    .from(t.scheduledNotices)
    .where(and(eq(t.scheduledNotices.id, id), eq(t.scheduledNotices.churchId, churchId)));
  if (!row) throw notFound('staff.notifications.scheduledNotFound');
  throw new ApiProblem(409, 'staff.notifications.scheduledGone');
}

// ---- the job ----

const noChanges: ChangeFeed = { churchChanged() {}, onChurchChanged() {} };

/** A claim older than this, still `enviando`, is taken over: its node died (docs/notifications.md "Scheduled sends"). */
export const LEASE_MS = 10 * 60_000;

/** The claim was taken over by another run while this one sent: its send is rolled back. */
class LeaseLost extends Error {}

/**
 * Sends every notice whose time has come: each claimed by one update before it goes (so a
 * second node or run skips it), with a lease (when, by whom); then sent as its author (still
 * staff with the notifications area there, else it fails with that reason). A row still
 * `enviando` after LEASE_MS is claimed again and finished once: its rows are written in one
 * transaction with the notice's id on the scheduled row, only while the lease is this run's, so
 * either they went (then only the push and e-mail, each once per notice, are queued again) or
 * nothing did. Answers the ids of the notices sent.
 */
export async function sendDueNotices(
  db: Database,
  now: Date,
  changes: ChangeFeed = noChanges,
  worker = `run:${randomUUID()}`,
): Promise<number[]> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - LEASE_MS).toISOString();
  const claimed = await rowsOf<{ id: number }>(
    db.execute(sql`
      update notificacao_agendada
      set status = 'enviando', reivindicada_em = ${at}::timestamptz, reivindicada_por = ${worker},
        data_ultima_alteracao = now()
      where id in (
        select id from notificacao_agendada
        where (status = 'agendada' and enviar_em <= ${at}::timestamptz)
          or (status = 'enviando' and reivindicada_em < ${stale}::timestamptz)
        order by enviar_em, id limit ${CLAIM} for update skip locked)
      returning id`),
  );
  if (claimed.length === 0) return [];
  const rows = await db
    .select()
    .from(t.scheduledNotices)
    .where(
      inArray(
        t.scheduledNotices.id,
        claimed.map((c) => Number(c.id)),
      ),
    )
    .orderBy(asc(t.scheduledNotices.sendAt), asc(t.scheduledNotices.id));
  const sent: number[] = [];
  for (const row of rows) {
    // this run's claim: every change below holds only while the lease is still this run's
    const lease = and(
      eq(t.scheduledNotices.id, row.id),
      eq(t.scheduledNotices.churchId, row.churchId),
      eq(t.scheduledNotices.status, 'enviando'),
      eq(t.scheduledNotices.claimedBy, worker),
      eq(t.scheduledNotices.claimedAt, now),
    );
    const finish = (set: Partial<Row>) =>
      db
        .update(t.scheduledNotices)
        .set({ ...set, updatedAt: new Date() })
        .where(lease);
    try {
      const id = await sendClaimed(db, changes, row, lease);
      if (id === null) {
        await finish({ status: 'falhou', failure: 'staff.forbidden' });
        continue;
      }
      await finish({ status: 'enviada', notificationId: id });
      sent.push(id);
    } catch (error) {
      if (error instanceof LeaseLost) continue; // another run took it over; it finishes it
      const key =
        error instanceof ApiProblem
          ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message)
          : 'staff.notifications.scheduledFailed';
      log.warn({ err: error, scheduled: row.id }, 'scheduled notice failed');
      await finish({ status: 'falhou', failure: key });
    }
  }
  return sent;
}

/** Sends one claimed notice (or finishes one whose rows went before its node died); its id, null when the author may no longer send. */
async function sendClaimed(
  db: Database,
  changes: ChangeFeed,
  row: Row,
  lease: SQL | undefined,
): Promise<number | null> {
  const notice = staffNotificationSendSchema.parse(row.notice);
  const origin = `agendada:${row.id}`;
  if (row.notificationId !== null) {
    await resumeChannels(db, row, row.notificationId, notice, origin);
    return row.notificationId;
  }
  const actor = await authorOf(db, row);
  if (!actor) return null;
  const result = await sendNotification({ db, changes }, actor, notice, {
    origin,
    // in the rows' transaction: no rows unless this run still holds the claim
    async written(tx, first) {
      const [mine] = await tx
        .update(t.scheduledNotices)
        .set({ notificationId: first, updatedAt: new Date() })
        .where(and(lease, isNull(t.scheduledNotices.notificationId)))
        .returning({ id: t.scheduledNotices.id });
      if (!mine) throw new LeaseLost();
    },
  });
  return result.id;
}

/** A notice whose rows went before its node died: its push and e-mail, each queued once per notice. */
async function resumeChannels(
  db: Database,
  row: Row,
  notificationId: number,
  notice: StaffNotificationSend,
  origin: string,
): Promise<void> {
  const [first] = await db
    .select({
      typeCode: t.notifications.typeCode,
      relatedId: t.notifications.relatedId,
      kind: t.notifications.kind,
    })
    .from(t.notifications)
    .where(and(eq(t.notifications.id, notificationId), eq(t.notifications.churchId, row.churchId)));
  if (!first) return;
  const audience =
    notice.publico ??
    (notice.grupoId
      ? { tipo: 'grupo' as const, grupoId: notice.grupoId }
      : { tipo: 'todos' as const });
  await queueNoticeChannels(db, {
    churchId: row.churchId,
    notificationId,
    kind: (first.kind as NoticeKind | null) ?? noticeKind(audience, first.typeCode),
    createdBy: row.userId,
    input: notice,
    typeCode: first.typeCode,
    relatedId: first.relatedId,
    audience,
    origin,
  });
}

/** The author as a staff actor of that church, if they still may send notices there. */
async function authorOf(db: Database, row: Row): Promise<StaffActor | null> {
  const [church] = await db
    .select({
      id: t.churches.id,
      slug: t.churches.slug,
      code: t.churches.code,
      name: t.churches.name,
      locale: t.churches.locale,
      organizationId: t.churches.organizationId,
    })
    .from(t.churches)
    .where(eq(t.churches.id, row.churchId));
  const [person] = await db
    .select({ first: t.users.firstName, last: t.users.lastName, email: t.users.email })
    .from(t.users)
    .where(eq(t.users.id, row.userId));
  if (!church || !person) return null;
  const roles = await staffRolesIn(db, row.userId, { ...church, modules: [] });
  if (!mayUse(roles, 'notifications')) return null;
  const name = [person.first, person.last].filter(Boolean).join(' ') || person.email;
  return { userId: row.userId, name, churchId: row.churchId, roles };
}

/** Every 30 s: the scheduled notices whose time has come (docs/notifications.md "Scheduled sends"). */
export const scheduledNoticesJob = defineJob({
  name: 'notifications.scheduled',
  everyMs: 30_000,
  async run({ db, now, changes, workerId }) {
    await sendDueNotices(db, now(), changes, workerId);
  },
});
