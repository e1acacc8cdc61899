// A member's notification preferences (docs/notifications.md "Preferences"): per church, per
// member, per kind of notice and channel. Every channel of every kind is on until the member
// switches it off; giving receipts always go by e-mail (issue 45 "Preferences").
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CHANNELS,
  NOTICE_KINDS,
  isAlwaysOn,
  type Channel,
  type NoticeKind,
  type NotificationPreferences,
} from '../../contract/notification-preferences.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export type { Channel, NoticeKind } from '../../contract/notification-preferences.ts';

/** Ids per query: far below the bind-parameter limit of either database. */
const CHUNK = 5_000;

/** For each member, the channels a notice of `kind` may use (every member asked for is in the map). */
export async function channelsFor(
  db: Db,
  churchId: number,
  userIds: number[],
  kind: NoticeKind,
): Promise<Map<number, Set<Channel>>> {
  const result = new Map<number, Set<Channel>>();
  for (const id of userIds) result.set(id, new Set(CHANNELS));
  const ids = [...result.keys()];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({
        userId: t.notificationPreferences.userId,
        channel: t.notificationPreferences.channel,
      })
      .from(t.notificationPreferences)
      .where(
        and(
          eq(t.notificationPreferences.churchId, churchId),
          eq(t.notificationPreferences.kind, kind),
          eq(t.notificationPreferences.on, false),
          inArray(t.notificationPreferences.userId, ids.slice(i, i + CHUNK)),
        ),
      );
    for (const row of rows) {
      const channel = row.channel as Channel;
      if (!isAlwaysOn(kind, channel)) result.get(row.userId)?.delete(channel);
    }
  }
  return result;
}

/** Switches one kind's channel on or off for a member (an always-on channel stays on). */
export async function setPreference(
  db: Db,
  churchId: number,
  userId: number,
  kind: NoticeKind,
  channel: Channel,
  on: boolean,
): Promise<void> {
  const value = on || isAlwaysOn(kind, channel);
  await db
    .insert(t.notificationPreferences)
    .values({ churchId, userId, kind, channel, on: value, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [
        t.notificationPreferences.churchId,
        t.notificationPreferences.userId,
        t.notificationPreferences.kind,
        t.notificationPreferences.channel,
      ],
      set: { on: value, updatedAt: new Date() },
    });
}

/** Every kind × channel of one member, true when on (what the `/user` card shows). */
export async function preferencesOf(
  db: Db,
  churchId: number,
  userId: number,
): Promise<NotificationPreferences['preferencias']> {
  const rows = await db
    .select({
      kind: t.notificationPreferences.kind,
      channel: t.notificationPreferences.channel,
      on: t.notificationPreferences.on,
    })
    .from(t.notificationPreferences)
    .where(
      and(
        eq(t.notificationPreferences.churchId, churchId),
        eq(t.notificationPreferences.userId, userId),
      ),
    );
  const out = {} as NotificationPreferences['preferencias'];
  for (const kind of NOTICE_KINDS) {
    out[kind] = {} as Record<Channel, boolean>;
    for (const channel of CHANNELS) out[kind][channel] = true;
  }
  for (const row of rows) {
    const kind = row.kind as NoticeKind;
    const channel = row.channel as Channel;
    if (out[kind] && channel in out[kind]) out[kind][channel] = row.on || isAlwaysOn(kind, channel);
  }
  return out;
}

/** The kinds a member switched off on one channel (none: everything reaches them). */
export async function kindsOff(
  db: Db,
  churchId: number,
  userId: number,
  channel: Channel,
): Promise<NoticeKind[]> {
  const rows = await db
    .select({ kind: t.notificationPreferences.kind })
    .from(t.notificationPreferences)
    .where(
      and(
        eq(t.notificationPreferences.churchId, churchId),
        eq(t.notificationPreferences.userId, userId),
        eq(t.notificationPreferences.channel, channel),
        eq(t.notificationPreferences.on, false),
      ),
    );
  return rows
    .map((r) => r.kind as NoticeKind)
    .filter((kind) => NOTICE_KINDS.includes(kind) && !isAlwaysOn(kind, channel));
}

/**
 * A `notificacao` row's kind in SQL: the kind its send recorded (`tipo`, noticeKindOf of its
 * audience); a row without one (written before it was kept, or a product message to one member)
 * falls back to the notice itself — a row to one member is a group's.
 */
export const notificationKindSql = sql<NoticeKind>`coalesce(${t.notifications.kind}, case
  when ${t.notifications.typeCode} = 'CULTO' then 'live'
  when ${t.notifications.userId} is not null then 'groups'
  when ${t.notifications.typeCode} = 'EVENTO' then 'events'
  else 'church' end)`;
