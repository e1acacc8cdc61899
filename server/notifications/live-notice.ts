// "We're live" (docs/notifications.md "Live service"): a notice to every member that opens /live
// (spec §3 Notification type CULTO). Staff send it from /admin/notifications; the job
// `notifications.live` sends it by itself once per stream occurrence when a scheduled stream's
// start arrives — once across nodes by the runner's lease and the unique `notificacao_ao_vivo` row.
import { and, desc, eq, gte, or } from 'drizzle-orm';
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';
import { noticeKindOf } from '../../contract/notification-preferences.ts';
import type { OnAir, StaffNotification } from '../../contract/notifications-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import * as t from '../db/schema/index.ts';
import { defineJob } from '../jobs/runner.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { inEveryLanguage } from './languages.ts';
import { queuePush } from './push.task.ts';

/** spec §3 Notification: the type that opens the live service. */
export const LIVE_TYPE = 'CULTO';
/** Its preference kind on every channel, in-app included (docs/notifications.md "Preferences"). */
const LIVE_KIND = noticeKindOf({ typeCode: LIVE_TYPE });
const WEEK = 7 * 86_400_000;
/** A start this far in the past still sends (a node restarting, the job's period); older ones never. */
export const LIVE_WINDOW_MS = 10 * 60_000;
/** A notice staff sent this recently stands for the automatic one. */
const RECENT_MS = 30 * 60_000;

const TEXT: Record<MessageLang, { title: string; body: (stream: string | null) => string }> = {
  pt: {
    title: 'Estamos ao vivo!',
    body: (s) =>
      s ? `${s} começou. Toque para assistir.` : 'O culto começou. Toque para assistir.',
  },
  en: {
    title: 'We’re live!',
    body: (s) => (s ? `${s} has started. Tap to watch.` : 'The service has started. Tap to watch.'),
  },
  es: {
    title: '¡Estamos en vivo!',
    body: (s) => (s ? `${s} comenzó. Toca para verlo.` : 'El culto comenzó. Toca para verlo.'),
  },
};

/** The notice's words in the church's language, naming the stream when there is one. */
export function liveNoticeText(locale: string, stream: string | null) {
  const text = TEXT[messageLangOfLocale(locale)];
  return { title: text.title, body: text.body(stream) };
}

/** The notice in every language: each member's devices get theirs (docs/notifications.md "Language"). */
export const liveNoticeTexts = (stream: string | null) =>
  inEveryLanguage((lang) => ({ title: TEXT[lang].title, body: TEXT[lang].body(stream) }));

async function churchLocale(db: Database, churchId: number): Promise<string> {
  const [church] = await db
    .select({ locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  return church?.locale ?? 'en';
}

/** The stream on air now, else the next to start: what the notice names. */
async function currentStreamTitle(db: Database, churchId: number): Promise<string | null> {
  const [stream] = await db
    .select({ title: t.liveStreams.title })
    .from(t.liveStreams)
    .where(and(eq(t.liveStreams.churchId, churchId), eq(t.liveStreams.active, true)))
    .orderBy(desc(t.liveStreams.live), desc(t.liveStreams.startsAt))
    .limit(1);
  return stream?.title ?? null;
}

/** Staff: "We're live" to every member now (audited as a send), then pushed to their devices. */
export async function sendLiveNotice(
  deps: StaffWriteDeps,
  actor: StaffActor,
): Promise<StaffNotification> {
  const churchId = actor.churchId;
  const stream = await currentStreamTitle(deps.db, churchId);
  const text = liveNoticeText(await churchLocale(deps.db, churchId), stream);
  const at = new Date();
  const id = await staffWrite(
    deps,
    actor,
    (first: number) => ({
      action: 'notifications.send',
      kind: 'notificacao',
      targetId: first,
      summary: text.title,
      details: { grupo: null, destinatarios: null, link: null, aoVivo: true },
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.notifications)
        .values({
          churchId,
          userId: null,
          title: text.title,
          body: text.body,
          typeCode: LIVE_TYPE,
          kind: LIVE_KIND,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: t.notifications.id });
      return row!.id;
    },
    { purge: false },
  );
  await queuePush(deps.db, churchId, id, liveNoticeTexts(stream), LIVE_KIND);
  return {
    id,
    titulo: text.title,
    corpo: text.body,
    quando: at.toISOString(),
    autor: actor.name,
    grupo: null,
    destinatarios: null,
    dispositivos: null,
    link: null,
  };
}

/** The scheduled start of a stream's occurrence under way at `now`, or null when none is. */
export function occurrenceAt(
  stream: { startsAt: Date; weekly: boolean },
  now: number,
): Date | null {
  const start = stream.startsAt.getTime();
  if (now < start) return null;
  const occurrence = stream.weekly ? start + Math.floor((now - start) / WEEK) * WEEK : start;
  return now - occurrence < LIVE_WINDOW_MS ? new Date(occurrence) : null;
}

/**
 * Sends "We're live" for every scheduled stream whose start has just arrived, once per occurrence
 * (the insert of its `notificacao_ao_vivo` row is the claim); answers the notices sent.
 */
export async function sendDueLiveNotices(db: Database, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - LIVE_WINDOW_MS);
  const streams = await db
    .select({
      id: t.liveStreams.id,
      churchId: t.liveStreams.churchId,
      title: t.liveStreams.title,
      startsAt: t.liveStreams.startsAt,
      weekly: t.liveStreams.weekly,
    })
    .from(t.liveStreams)
    .where(
      and(
        eq(t.liveStreams.active, true),
        or(eq(t.liveStreams.weekly, true), gte(t.liveStreams.startsAt, since)),
      ),
    );
  const sent: number[] = [];
  for (const stream of streams) {
    const occurrence = occurrenceAt(stream, now.getTime());
    if (!occurrence) continue;
    const id = await db.transaction((tx) => claimOccurrence(tx, stream, occurrence, now));
    if (id === null) continue;
    await queuePush(db, stream.churchId, id, liveNoticeTexts(stream.title), LIVE_KIND);
    sent.push(id);
  }
  return sent;
}

/**
 * Claims a stream's occurrence (its `notificacao_ao_vivo` row) and, when the claim is new and no
 * "We're live" went in the last 30 minutes, inserts the notice: the one path of the job and the
 * staff's "On air" switch, so the two never send twice for one occurrence.
 */
async function claimOccurrence(
  tx: Tx,
  stream: { id: number; churchId: number; title: string },
  occurrence: Date,
  now: Date,
): Promise<number | null> {
  const [claimed] = await tx
    .insert(t.liveNotices)
    .values({ churchId: stream.churchId, streamId: stream.id, occurrence })
    .onConflictDoNothing()
    .returning({ id: t.liveNotices.id });
  if (!claimed) return null;
  const [recent] = await tx
    .select({ id: t.notifications.id })
    .from(t.notifications)
    .where(
      and(
        eq(t.notifications.churchId, stream.churchId),
        eq(t.notifications.typeCode, LIVE_TYPE),
        gte(t.notifications.createdAt, new Date(now.getTime() - RECENT_MS)),
      ),
    )
    .limit(1);
  if (recent) return null; // staff already told everyone
  const [church] = await tx
    .select({ locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, stream.churchId));
  const text = liveNoticeText(church?.locale ?? 'en', stream.title);
  const [row] = await tx
    .insert(t.notifications)
    .values({
      churchId: stream.churchId,
      userId: null,
      title: text.title,
      body: text.body,
      typeCode: LIVE_TYPE,
      kind: LIVE_KIND,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.notifications.id });
  await tx
    .update(t.liveNotices)
    .set({ notificationId: row!.id })
    .where(and(eq(t.liveNotices.id, claimed.id), eq(t.liveNotices.churchId, stream.churchId)));
  return row!.id;
}

/**
 * The occurrence the "On air" switch stands for: a one-off stream's start; a weekly stream's
 * start nearest to now (so switching on a few minutes early claims the start the job would).
 */
export function nearestOccurrence(stream: { startsAt: Date; weekly: boolean }, now: number): Date {
  const start = stream.startsAt.getTime();
  if (!stream.weekly || now <= start) return stream.startsAt;
  return new Date(start + Math.round((now - start) / WEEK) * WEEK);
}

/**
 * Staff's "We're on air now" switch on a stream (docs/notifications.md "Live service"): on marks
 * it live and sends "We're live" once for this occurrence (the job's claim); off ends it. Audited;
 * the church's cached pages (/live) are purged.
 */
export async function setOnAir(
  deps: StaffWriteDeps,
  actor: StaffActor,
  streamId: number,
  on: boolean,
  now = new Date(),
): Promise<OnAir> {
  const result = await staffWrite(
    deps,
    actor,
    (r: { title: string }) => ({
      action: on ? 'home.start' : 'home.done',
      kind: 'transmissao',
      targetId: streamId,
      summary: r.title,
    }),
    async (tx) => {
      const [stream] = await tx
        .update(t.liveStreams)
        .set({ live: on })
        .where(
          and(
            eq(t.liveStreams.id, streamId),
            eq(t.liveStreams.churchId, actor.churchId),
            eq(t.liveStreams.active, true),
          ),
        )
        .returning();
      if (!stream) throw notFound('staff.site.streamNotFound');
      const notice = on
        ? await claimOccurrence(tx, stream, nearestOccurrence(stream, now.getTime()), now)
        : null;
      return { title: stream.title, notice };
    },
  );
  if (result.notice !== null)
    await queuePush(
      deps.db,
      actor.churchId,
      result.notice,
      liveNoticeTexts(result.title),
      LIVE_KIND,
    );
  return { id: streamId, aoVivo: on, notificacaoId: result.notice };
}

/** Every 30 s: the scheduled streams that just started tell the members (once across nodes). */
export const liveNoticesJob = defineJob({
  name: 'notifications.live',
  everyMs: 30_000,
  async run({ db, now }) {
    await sendDueLiveNotices(db, now());
  },
});
