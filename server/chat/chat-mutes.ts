// A moderator's mutes kept in the database (docs/security.md "Chat identities"): they survive a
// restart and are read when a connection joins. A member is muted by account; a guest also by a
// keyed hash of the address and browser they wrote from, which silences only guests from there
// (members on the same church Wi-Fi keep their voice) and ends after 24 hours.
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** An author's mute: "for the session" (spec §6), half a day. */
export const MUTE_MS = 12 * 3_600_000;
/** A guest's address mute: addresses change hands (phones, shared Wi-Fi), so only a day. */
export const ADDRESS_MUTE_MS = 24 * 3_600_000;

/** Keyed, so the table never holds an address anyone could read back or guess from a hash. */
export function addressHash(secret: string, address: string, userAgent: string): string {
  return createHmac('sha256', secret)
    .update(`chat-mute:${address}|${userAgent}`)
    .digest('base64url');
}

/** Only guests' ids (`a…`) are muted by address as well; members are known by their account. */
export const isGuestId = (authorId: string) => authorId.startsWith('a');

export async function saveMute(
  db: Database,
  churchId: number,
  authorId: string,
  hashes: string[],
  moderatorId: number | null,
  now = Date.now(),
): Promise<{ until: number; addressUntil: number }> {
  const until = now + MUTE_MS;
  const addressUntil = now + ADDRESS_MUTE_MS;
  await db.transaction(async (tx) => {
    await tx
      .delete(t.chatMutes)
      .where(and(eq(t.chatMutes.churchId, churchId), eq(t.chatMutes.authorId, authorId)));
    await tx.insert(t.chatMutes).values([
      { churchId, authorId, until: new Date(until), moderatorId },
      ...[...new Set(hashes)].map((addressHash) => ({
        churchId,
        authorId,
        addressHash,
        until: new Date(addressUntil),
        moderatorId,
      })),
    ]);
  });
  return { until, addressUntil };
}

/** Unmutes an author: their own mute and the address mutes it made. */
export async function deleteMutes(
  db: Database,
  churchId: number,
  authorId: string,
): Promise<number> {
  const rows = await db
    .delete(t.chatMutes)
    .where(and(eq(t.chatMutes.churchId, churchId), eq(t.chatMutes.authorId, authorId)))
    .returning({ id: t.chatMutes.id });
  return rows.length;
}

/**
 * Whose mute silences a person joining: their own id's, or (a guest) the muted guest's whose
 * address and browser they share; null when none.
 */
export async function storedMute(
  db: Database,
  churchId: number,
  who: { authorId: string; guest: boolean; addressHash: string },
  now = Date.now(),
): Promise<string | null> {
  const [row] = await db
    .select({ authorId: t.chatMutes.authorId })
    .from(t.chatMutes)
    .where(
      and(
        eq(t.chatMutes.churchId, churchId),
        gt(t.chatMutes.until, new Date(now)),
        who.guest
          ? or(
              and(eq(t.chatMutes.authorId, who.authorId), isNull(t.chatMutes.addressHash)),
              eq(t.chatMutes.addressHash, who.addressHash),
            )
          : and(eq(t.chatMutes.authorId, who.authorId), isNull(t.chatMutes.addressHash)),
      ),
    )
    .limit(1);
  return row?.authorId ?? null;
}

/** Forgets ended mutes (the sweep, every minute). */
export async function purgeEndedMutes(db: Database, now = Date.now()): Promise<void> {
  await db.delete(t.chatMutes).where(lte(t.chatMutes.until, new Date(now)));
}

/**
 * The chat channels of the church's active live streams (`transmissao.canal`), plus `culto`, the
 * channel `/embed/chat` opens by default (docs/live.md): no other name makes a room.
 */
export async function liveChannels(db: Database, churchId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ channel: t.liveStreams.channel })
    .from(t.liveStreams)
    .where(and(eq(t.liveStreams.churchId, churchId), eq(t.liveStreams.active, true)));
  return new Set(['culto', ...rows.map((r) => r.channel)]);
}
