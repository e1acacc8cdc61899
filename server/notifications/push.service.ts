// Web push (docs/notifications.md "Push"): a member's devices, and the delivery of one notice to
// the devices of the members it is for whose preferences allow push. Run by the task
// `notifications.push` (push.task.ts), queued after a send is saved.
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Lang } from '../../contract/language.ts';
import { noticeKindOf, type NoticeKind } from '../../contract/notification-preferences.ts';
import {
  PUSH_DEVICES_MAX,
  type PushDevice,
  type PushPayload,
  type PushRenew,
  type PushSubscribe,
} from '../../contract/push.ts';
import { notificationPath } from '../../common/notification-link.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import type { Pace } from '../http/traffic.ts';
import { churchLanguage, languagesFor } from './languages.ts';
import { channelsFor } from './preferences.ts';
import { sendPush, type PushSendOptions } from './push-send.ts';
import type { VapidKeys } from './vapid.ts';

/** "Chrome on Android" from a user agent: enough for a member to tell their devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /SamsungBrowser\//.test(ua)
          ? 'Samsung Internet'
          : /Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? 'Browser';
}

const deviceColumns = {
  id: t.pushSubscriptions.id,
  label: t.pushSubscriptions.label,
  createdAt: t.pushSubscriptions.createdAt,
  lastSuccessAt: t.pushSubscriptions.lastSuccessAt,
  endpoint: t.pushSubscriptions.endpoint,
};

function serialize(row: {
  id: number;
  label: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
  endpoint: string;
}): PushDevice {
  return {
    id: row.id,
    rotulo: row.label,
    criado: row.createdAt.toISOString(),
    ultimoEnvio: row.lastSuccessAt?.toISOString() ?? null,
    endpoint: row.endpoint,
  };
}

/** A member's devices at a church, newest first. */
export async function devicesOf(db: Db, churchId: number, userId: number): Promise<PushDevice[]> {
  const rows = await db
    .select(deviceColumns)
    .from(t.pushSubscriptions)
    .where(and(eq(t.pushSubscriptions.churchId, churchId), eq(t.pushSubscriptions.userId, userId)))
    .orderBy(sql`${t.pushSubscriptions.createdAt} desc`, sql`${t.pushSubscriptions.id} desc`);
  return rows.map(serialize);
}

/**
 * Keeps this browser's subscription for the member. A browser has one endpoint per site: the
 * same endpoint again (new keys, or another member signing in on it) replaces the old row.
 */
export async function subscribe(
  db: Database,
  churchId: number,
  userId: number,
  input: PushSubscribe,
  userAgent: string | undefined,
  allowHttp = false,
): Promise<PushDevice> {
  const label = input.rotulo || deviceLabel(userAgent);
  // Push services speak https; plain http only for the tests' own push service.
  if (!input.endpoint.startsWith('https:') && !allowHttp)
    throw fieldProblem(422, 'endpoint', 'push.endpointRefused');
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ n: count() })
      .from(t.pushSubscriptions)
      .where(
        and(
          eq(t.pushSubscriptions.churchId, churchId),
          eq(t.pushSubscriptions.userId, userId),
          sql`${t.pushSubscriptions.endpoint} <> ${input.endpoint}`,
        ),
      );
    if ((mine?.n ?? 0) >= PUSH_DEVICES_MAX)
      throw fieldProblem(422, 'endpoint', 'push.tooManyDevices');
    const [row] = await tx
      .insert(t.pushSubscriptions)
      .values({
        churchId,
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label,
      })
      .onConflictDoUpdate({
        target: [t.pushSubscriptions.churchId, t.pushSubscriptions.endpoint],
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          label,
          createdAt: new Date(),
          lastSuccessAt: null,
        },
      })
      .returning(deviceColumns);
    return serialize(row!);
  });
}

/** Removes one of the member's devices (404 when it is not theirs). */
export async function unsubscribe(
  db: Db,
  churchId: number,
  userId: number,
  deviceId: number,
): Promise<void> {
  const removed = await db
    .delete(t.pushSubscriptions)
    .where(
      and(
        eq(t.pushSubscriptions.id, deviceId),
        eq(t.pushSubscriptions.churchId, churchId),
        eq(t.pushSubscriptions.userId, userId),
      ),
    )
    .returning({ id: t.pushSubscriptions.id });
  if (!removed.length) throw new ApiProblem(404, 'push.deviceNotFound');
}

/**
 * A browser's push service replaced its subscription (`pushsubscriptionchange`): the device
 * whose endpoint and auth secret the service worker shows keeps its church, member and label with
 * the new endpoint and keys. The pair names one device (a browser has one endpoint per site, so
 * per church); 404 when no device has both.
 */
export async function renewSubscription(
  db: Database,
  input: PushRenew,
  allowHttp = false,
): Promise<void> {
  if (!input.novo.endpoint.startsWith('https:') && !allowHttp)
    throw fieldProblem(422, 'novo.endpoint', 'push.endpointRefused');
  await db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: t.pushSubscriptions.id, churchId: t.pushSubscriptions.churchId })
      .from(t.pushSubscriptions)
      .where(
        and(
          eq(t.pushSubscriptions.endpoint, input.antigo.endpoint),
          eq(t.pushSubscriptions.auth, input.antigo.auth),
        ),
      )
      .limit(1);
    if (!device) throw new ApiProblem(404, 'push.deviceNotFound');
    // the new endpoint already kept (the page saved it first): that row gives way
    await tx
      .delete(t.pushSubscriptions)
      .where(
        and(
          eq(t.pushSubscriptions.churchId, device.churchId),
          eq(t.pushSubscriptions.endpoint, input.novo.endpoint),
          ne(t.pushSubscriptions.id, device.id),
        ),
      );
    await tx
      .update(t.pushSubscriptions)
      .set({
        endpoint: input.novo.endpoint,
        p256dh: input.novo.keys.p256dh,
        auth: input.novo.keys.auth,
      })
      .where(
        and(
          eq(t.pushSubscriptions.churchId, device.churchId),
          eq(t.pushSubscriptions.id, device.id),
        ),
      );
  });
}

export interface PushOutcome {
  reached: number;
  failed: number;
  removed: number;
}

export interface DeliverOptions extends PushSendOptions {
  /** Devices read and sent per batch. */
  batchSize?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** How each message goes (default: at once): the task takes the process's background pace. */
  pace?: Pace;
  /** Called after each batch (the task's progress). */
  progress?: (done: number) => Promise<void>;
}

/** The notice a send's first row holds, and who it is for (null: every member). */
async function noticeOf(db: Db, churchId: number, notificationId: number) {
  const [first] = await db
    .select()
    .from(t.notifications)
    .where(and(eq(t.notifications.id, notificationId), eq(t.notifications.churchId, churchId)));
  if (!first) return null;
  if (first.userId === null) return { notice: first, members: null };
  // The copies of one send share church, moment, text, type and link (notifications-staff.service.ts).
  const copies = await db
    .select({ userId: t.notifications.userId })
    .from(t.notifications)
    .where(
      and(
        eq(t.notifications.churchId, churchId),
        eq(t.notifications.createdAt, first.createdAt),
        eq(t.notifications.title, first.title),
        eq(t.notifications.body, first.body),
        eq(t.notifications.typeCode, first.typeCode),
        first.relatedId === null
          ? sql`${t.notifications.relatedId} is null`
          : eq(t.notifications.relatedId, first.relatedId),
      ),
    );
  return { notice: first, members: copies.map((c) => c.userId!).filter((id) => id !== null) };
}

/** What the service worker shows for a notice. */
export function pushPayloadOf(
  notice: {
    id: number;
    title: string;
    body: string;
    typeCode: string;
    relatedId: string | null;
  },
  churchSlug?: string,
): PushPayload {
  return {
    title: notice.title,
    body: notice.body,
    url: notificationPath(notice.typeCode, notice.relatedId) ?? '/user',
    // the church's app icon (drawn from its logo), as on its home screen
    icon: churchSlug
      ? `/api/v1/igreja/${encodeURIComponent(churchSlug)}/icone/192.png`
      : '/favicon.svg',
    tag: `notice-${notice.id}`,
  };
}

/**
 * Sends one notice by push to every device of the members it is for (active members of the
 * church, push allowed for its kind), a batch at a time; drops a device the push service says is
 * gone (404/410); records the outcome in `push_envio` (what staff see). Safe to run again: a send
 * already done is not sent twice.
 */
export async function deliverPush(
  db: Database,
  churchId: number,
  notificationId: number,
  keys: VapidKeys,
  options: DeliverOptions = {},
): Promise<PushOutcome> {
  const outcome: PushOutcome = { reached: 0, failed: 0, removed: 0 };
  const sendKey = and(
    eq(t.pushSends.churchId, churchId),
    eq(t.pushSends.notificationId, notificationId),
  );
  const [record] = await db
    .insert(t.pushSends)
    .values({ churchId, notificationId, status: 'sending' })
    .onConflictDoUpdate({
      target: [t.pushSends.churchId, t.pushSends.notificationId],
      set: { status: sql`case when ${t.pushSends.status} = 'done' then 'done' else 'sending' end` },
    })
    .returning();
  if (record?.status === 'done')
    return { reached: record.reached, failed: record.failed, removed: record.removed };
  const found = await noticeOf(db, churchId, notificationId);
  if (!found) {
    await db.update(t.pushSends).set({ status: 'done', finishedAt: new Date() }).where(sendKey);
    return outcome;
  }
  const { notice, members } = found;
  const kind =
    (record?.kind as NoticeKind | null) ??
    noticeKindOf({ typeCode: notice.typeCode, toGroup: members !== null });
  const [church] = await db
    .select({ slug: t.churches.slug })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  const payload = pushPayloadOf(notice, church?.slug);
  // a product message in each member's language (docs/notifications.md "Language")
  const texts = record?.texts ?? null;
  const churchLang = texts ? await churchLanguage(db, churchId) : 'en';
  const payloadFor = (lang: Lang): PushPayload =>
    texts?.[lang] ? { ...payload, title: texts[lang].title, body: texts[lang].body } : payload;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 20;
  const pace: Pace = options.pace ?? ((send) => send());
  let after = 0;
  let done = 0;
  for (;;) {
    const devices = await db
      .select({
        id: t.pushSubscriptions.id,
        userId: t.pushSubscriptions.userId,
        endpoint: t.pushSubscriptions.endpoint,
        p256dh: t.pushSubscriptions.p256dh,
        auth: t.pushSubscriptions.auth,
      })
      .from(t.pushSubscriptions)
      .innerJoin(
        t.churchUsers,
        and(
          eq(t.churchUsers.churchId, t.pushSubscriptions.churchId),
          eq(t.churchUsers.userId, t.pushSubscriptions.userId),
          eq(t.churchUsers.active, true),
        ),
      )
      .where(
        and(
          eq(t.pushSubscriptions.churchId, churchId),
          gt(t.pushSubscriptions.id, after),
          members ? inArray(t.pushSubscriptions.userId, members.length ? members : [0]) : undefined,
        ),
      )
      .orderBy(asc(t.pushSubscriptions.id))
      .limit(batchSize);
    if (!devices.length) break;
    after = devices[devices.length - 1]!.id;
    const channels = await channelsFor(
      db,
      churchId,
      [...new Set(devices.map((d) => d.userId))],
      kind,
    );
    const wanted = devices.filter((d) => channels.get(d.userId)?.has('push'));
    const languages = texts
      ? await languagesFor(db, churchId, [...new Set(wanted.map((d) => d.userId))], churchLang)
      : null;
    const reached: number[] = [];
    const gone: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, wanted.length) }, async () => {
        while (next < wanted.length) {
          const device = wanted[next++]!;
          const words = languages ? payloadFor(languages.get(device.userId)!) : payload;
          const status = await pace(() => sendPush(device, words, keys, options));
          if (status >= 200 && status < 300) reached.push(device.id);
          else if (status === 404 || status === 410) gone.push(device.id);
          else outcome.failed++;
        }
      }),
    );
    outcome.reached += reached.length;
    outcome.removed += gone.length;
    if (reached.length)
      await db
        .update(t.pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(
          and(eq(t.pushSubscriptions.churchId, churchId), inArray(t.pushSubscriptions.id, reached)),
        );
    if (gone.length)
      await db
        .delete(t.pushSubscriptions)
        .where(
          and(eq(t.pushSubscriptions.churchId, churchId), inArray(t.pushSubscriptions.id, gone)),
        );
    done += devices.length;
    await db
      .update(t.pushSends)
      .set({ reached: outcome.reached, failed: outcome.failed, removed: outcome.removed })
      .where(sendKey);
    await options.progress?.(done);
  }
  await db
    .update(t.pushSends)
    .set({ ...outcome, status: 'done', finishedAt: new Date() })
    .where(sendKey);
  return outcome;
}

/** Devices reached per send, by the send's first notification id (the staff list's ids). */
export async function pushReach(
  db: Db,
  churchId: number,
  notificationIds: number[],
): Promise<Map<number, number>> {
  if (!notificationIds.length) return new Map();
  const rows = await db
    .select({ id: t.pushSends.notificationId, reached: t.pushSends.reached })
    .from(t.pushSends)
    .where(
      and(eq(t.pushSends.churchId, churchId), inArray(t.pushSends.notificationId, notificationIds)),
    );
  return new Map(rows.map((r) => [r.id, r.reached]));
}
