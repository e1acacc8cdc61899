// The chat's rules and queries (spec §3 Chat user, §4 Chat, §6 moderators): which church a room
// belongs to, who is speaking (member, moderator, named guest or anonymous), what text a message
// may carry, the history on join and a moderator's deletions.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  CHAT_MAX_LENGTH,
  CHAT_MODERATOR_ROLES,
  type ChatMessage,
  type ChatUser,
} from '../../contract/live.ts';
import type { LiveMessageKey } from '../../contract/messages/live.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { scopedChurchBySlug } from '../http/church-scope.ts';
import type { ChatState, Room } from './chat-state.ts';

const CHURCH_CACHE_MS = 30_000;
const SINCE_MAX = 500;

/** Text a chat can carry: no NUL or control characters, no lone surrogates, no HTML tags. */
export function checkText(
  raw: string,
): { ok: true; text: string } | { ok: false; key: LiveMessageKey } {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(raw) || !raw.isWellFormed())
    return { ok: false, key: 'chat.invalidText' };
  const text = raw.trim();
  if (!text) return { ok: false, key: 'chat.empty' };
  if ([...text].length > CHAT_MAX_LENGTH) return { ok: false, key: 'chat.tooLong' };
  if (/<\s*\/?\s*[a-z!?][^>]*>/i.test(text)) return { ok: false, key: 'chat.noHtml' };
  return { ok: true, text };
}

export function toMessage(row: typeof t.chatMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    authorId: row.authorId,
    name: row.authorName,
    avatar: row.authorAvatar,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The church of a join, through the API's one church scope (active churches with the live module,
 * MOD_CULTO: a church without it has no chat at all), cached briefly.
 */
export async function churchIdOf(state: ChatState, slug: string): Promise<number | null> {
  const hit = state.churches.get(slug);
  if (hit && Date.now() - hit.at < CHURCH_CACHE_MS) return hit.id;
  const church = await scopedChurchBySlug(state.db, slug, 'MOD_CULTO');
  if (state.churches.size > 1000) state.churches.clear(); // unknown slugs must not grow it without end
  state.churches.set(slug, { at: Date.now(), id: church?.id ?? null });
  return church?.id ?? null;
}

const sign = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`chat-anon:${id}`).digest('base64url').slice(0, 22);

/** The anonymous id a signed token carries, or a new one (spec §3 "anonymous users get a random id"). */
function anonIdFrom(secret: string, token: string | undefined): string {
  const [id, mac] = (token ?? '').split('.');
  if (id && mac && /^a[0-9a-f]{16}$/.test(id)) {
    const want = Buffer.from(sign(secret, id));
    const got = Buffer.from(mac);
    if (want.length === got.length && timingSafeEqual(want, got)) return id;
  }
  return `a${randomBytes(8).toString('hex')}`;
}

/** Who joins: the account of a valid token, or a guest (named) or anonymous with a signed id. */
export async function identify(
  state: ChatState,
  church: number,
  payload: { token?: string; name?: string; anonToken?: string },
): Promise<{ user: ChatUser; anonToken: string | null }> {
  if (payload.token) {
    const claims = await verifyAccessToken(payload.token);
    if (claims) {
      const [row] = await state.db
        .select({
          id: t.users.id,
          email: t.users.email,
          firstName: t.users.firstName,
          lastName: t.users.lastName,
          image: t.users.image,
          active: t.users.active,
          roles: t.churchUsers.roles,
          member: t.churchUsers.active,
        })
        .from(t.users)
        .leftJoin(
          t.churchUsers,
          and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, church)),
        )
        .where(eq(t.users.id, claims.userId));
      if (row?.active) {
        const moderator =
          !!row.member &&
          (row.roles ?? []).some((r) => (CHAT_MODERATOR_ROLES as readonly string[]).includes(r));
        const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
        return {
          user: {
            id: `u${row.id}`,
            name,
            avatar: row.image,
            email: row.email,
            role: moderator ? 'moderator' : 'member',
            autenticated: true,
          },
          anonToken: null,
        };
      }
    }
  }
  const id = anonIdFrom(state.secret, payload.anonToken);
  const name = (payload.name ?? '').replace(/\s+/g, ' ').trim();
  const named = name && checkText(name).ok && (await guestNameAllowed(state, church, name));
  return {
    user: {
      id,
      name: named ? name : '',
      avatar: null,
      email: null,
      role: named ? 'guest' : 'anonymous',
      autenticated: false,
    },
    anonToken: `${id}.${sign(state.secret, id)}`,
  };
}

/** Invisible and direction-changing characters (format characters: zero-width, bidi overrides). */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}\u115f\u1160\u3164\uffa0]/u;

/** Letters only, case-folded, accents off: how two names look alike on screen. */
const nameLook = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A guest's name may not hide characters or pass for a member of the church (docs/security.md
 * "Chat identities"); refused, the guest stays anonymous and is asked for a name.
 */
export async function guestNameAllowed(
  state: Pick<ChatState, 'db'>,
  church: number,
  name: string,
): Promise<boolean> {
  if (INVISIBLE.test(name)) return false;
  const look = nameLook(name);
  if (!look) return false;
  return !(await memberLooks(state, church)).has(look);
}

const looksCache = new Map<number, { at: number; looks: Promise<Set<string>> }>();

/** The look of every active member's name at the church, kept a minute (joins come in waves). */
function memberLooks(state: Pick<ChatState, 'db'>, church: number): Promise<Set<string>> {
  const cached = looksCache.get(church);
  if (cached && Date.now() - cached.at < 60_000) return cached.looks;
  if (looksCache.size > 1000) looksCache.clear();
  const looks = state.db
    .select({ first: t.users.firstName, last: t.users.lastName })
    .from(t.users)
    .innerJoin(t.churchUsers, eq(t.churchUsers.userId, t.users.id))
    .where(and(eq(t.churchUsers.churchId, church), eq(t.churchUsers.active, true)))
    .then((rows) => {
      const set = new Set<string>();
      // the full name, as members show in the chat; a shared first name alone is no copy
      for (const r of rows) set.add(nameLook([r.first, r.last].filter(Boolean).join(' ')));
      set.delete('');
      return set;
    });
  looksCache.set(church, { at: Date.now(), looks });
  looks.catch(() => looksCache.delete(church));
  return looks;
}

/** The room's latest messages, plus those after `since` (a reconnect), oldest first. */
export async function roomHistory(
  state: ChatState,
  churchId: number,
  channel: string,
  limit: number,
  since: number | undefined,
): Promise<ChatMessage[]> {
  const { db } = state;
  await state.store.flush(); // this node's last messages are in the history too
  const scope = and(
    eq(t.chatMessages.churchId, churchId),
    eq(t.chatMessages.channel, channel),
    eq(t.chatMessages.active, true),
  );
  const latest = await db
    .select()
    .from(t.chatMessages)
    .where(scope)
    .orderBy(desc(t.chatMessages.id))
    .limit(limit);
  const missed = since
    ? await db
        .select()
        .from(t.chatMessages)
        .where(and(scope, gt(t.chatMessages.id, since)))
        .orderBy(desc(t.chatMessages.id))
        .limit(SINCE_MAX)
    : [];
  const byId = new Map([...latest, ...missed].map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => a.id - b.id).map(toMessage);
}

/** A moderator's deletion (spec §6), in this church and channel only: gone for everyone at once. */
export async function removeMessages(state: ChatState, room: Room, which: SQL): Promise<number> {
  await state.store.flush(); // a message just sent is in the table
  const rows = await state.db
    .update(t.chatMessages)
    .set({ active: false })
    .where(
      and(
        which,
        eq(t.chatMessages.churchId, room.churchId),
        eq(t.chatMessages.channel, room.channel),
        eq(t.chatMessages.active, true),
      ),
    )
    .returning({ id: t.chatMessages.id });
  if (rows.length) state.io.to(room.key).emit('deleted', { ids: rows.map((r) => r.id) });
  return rows.length;
}

/** Messages of one church and channel by id, for tests and tools. */
export async function activeMessageIds(
  db: Database,
  churchId: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: t.chatMessages.id })
    .from(t.chatMessages)
    .where(
      and(
        eq(t.chatMessages.churchId, churchId),
        inArray(t.chatMessages.id, ids),
        eq(t.chatMessages.active, true),
      ),
    );
  return rows.map((r) => r.id);
}
