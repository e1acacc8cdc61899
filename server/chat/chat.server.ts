// The live chat (spec §3 Chat user, §4 Chat, §6 moderators) on socket.io, mounted on the shared
// HTTP server. One room per church and channel; messages are kept in chat_mensagem for the
// history shown on join. With REDIS_URL the Redis adapter carries messages, deletions, mutes and
// the commit-to-Jesus moment between server processes; without it one process works alone.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import {
  CHAT_DEFAULT_LIMIT,
  CHAT_MAX_LENGTH,
  CHAT_MODERATOR_ROLES,
  chatAuthorPayload,
  chatCommitAnswerPayload,
  chatDeletePayload,
  chatJoinPayload,
  chatSendPayload,
  type ChatJoinAnswer,
  type ChatMessage,
  type ChatUser,
  type CommitState,
} from '../../contract/live.ts';
import { messageLang, type MessageLang } from '../../contract/messages/lang.ts';
import { liveMessage, type LiveMessageKey } from '../../contract/messages/live.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { scopedChurchBySlug } from '../http/church-scope.ts';
import { MessageStore } from './message-store.ts';
import { RateLimiter } from './rate-limit.ts';

export interface ChatOptions {
  db: Database;
  /** socket.io Redis adapter across processes when set. */
  redisUrl?: string;
  /** Signs anonymous ids so a client cannot take another's (spec §3 "anonymous users get a random id"). */
  secret: string;
  /** Reverse proxies in front (TRUST_PROXY): the flood limit per address reads X-Forwarded-For through them. */
  trustProxy?: number;
}

export interface Chat {
  io: Server;
  close(): Promise<void>;
}

interface Room {
  churchId: number;
  slug: string;
  channel: string;
  key: string;
}

interface SocketData {
  room?: Room;
  user?: ChatUser;
  lang: MessageLang;
  address: string;
}

type ChatSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  SocketData
>;
type Ack = (answer: unknown) => void;

/** Flood limits (issue 11): a person may burst 5 messages then 1 a second; an address 40 then 20 a second. */
const USER_LIMIT = { capacity: 5, perSecond: 1 };
const ADDRESS_LIMIT = { capacity: 40, perSecond: 20 };
const MUTE_MS = 12 * 3_600_000;
const CHURCH_CACHE_MS = 30_000;
const SINCE_MAX = 500;
/** Message ids reserved ahead when this process is the only chat node (message-store.ts). */
const ID_RESERVE = 64;

const roomKey = (churchId: number, channel: string) => `chat:${churchId}:${channel}`;
const authorRoom = (room: string, authorId: string) => `${room}:a:${authorId}`;
const modsRoom = (room: string) => `${room}:mods`;

/** Text a chat can carry: no NUL or control characters, no lone surrogates, no HTML tags. */
export function checkText(
  raw: string,
): { ok: true; text: string } | { ok: false; key: LiveMessageKey } {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(raw) || !raw.isWellFormed())
    return { ok: false, key: 'chat.invalidText' };
  const text = raw.trim();
  if (!text) return { ok: false, key: 'chat.empty' };
  if ([...text].length > CHAT_MAX_LENGTH) return { ok: false, key: 'chat.tooLong' };
  if (/<\s*\/?\s*[a-z!?][^>]*>/i.test(text)) return { ok: false, key: 'chat.noHtml' };
  return { ok: true, text };
}

function socketAddress(socket: ChatSocket, trustProxy: number): string {
  const direct = socket.handshake.address || 'unknown';
  if (trustProxy <= 0) return direct;
  const header = socket.handshake.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const chain = [direct, ...forwarded.reverse()];
  return chain[Math.min(trustProxy, chain.length - 1)]!;
}

function toMessage(row: typeof t.chatMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    authorId: row.authorId,
    name: row.authorName,
    avatar: row.authorAvatar,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createChat(
  options: ChatOptions,
): Promise<{ attach(httpServer: HttpServer): Chat }> {
  const { db, secret, trustProxy = 0 } = options;
  let adapter: ((nsp: unknown) => unknown) | undefined;
  let redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (e: unknown) => console.error('[chat] redis', e));
    sub.on('error', (e: unknown) => console.error('[chat] redis', e));
    await Promise.all([pub.connect(), sub.connect()]);
    adapter = createAdapter(pub, sub) as never;
    redisClients = [pub, sub];
  }
  const crossNode = !!adapter;

  return {
    attach(httpServer) {
      const io = new Server(httpServer, {
        path: '/socket.io',
        serveClient: false,
        maxHttpBufferSize: 64 * 1024,
      });
      if (adapter) io.adapter(adapter as never);

      const userLimit = new RateLimiter(USER_LIMIT.capacity, USER_LIMIT.perSecond);
      const addressLimit = new RateLimiter(ADDRESS_LIMIT.capacity, ADDRESS_LIMIT.perSecond);
      /** room → authorId → muted until (ms). Kept on every node (serverSideEmit). */
      const mutes = new Map<string, Map<string, number>>();
      /** room → the running commit moment and who raised a hand (spec §4). */
      const commits = new Map<string, { id: string; hands: Set<string> }>();
      const churches = new Map<string, { at: number; id: number | null }>();
      // Sent to the room first, written right after in batches (message-store.ts).
      const store = new MessageStore(db, { reserve: crossNode ? 0 : ID_RESERVE });

      const sign = (id: string) =>
        createHmac('sha256', secret).update(`chat-anon:${id}`).digest('base64url').slice(0, 22);
      const anonToken = (id: string) => `${id}.${sign(id)}`;
      function anonIdFrom(token: string | undefined): string {
        const [id, mac] = (token ?? '').split('.');
        if (id && mac && /^a[0-9a-f]{16}$/.test(id)) {
          const want = Buffer.from(sign(id));
          const got = Buffer.from(mac);
          if (want.length === got.length && timingSafeEqual(want, got)) return id;
        }
        return `a${randomBytes(8).toString('hex')}`;
      }

      /** The church of a join, through the API's one church scope (active churches only), cached briefly. */
      async function churchId(slug: string): Promise<number | null> {
        const hit = churches.get(slug);
        if (hit && Date.now() - hit.at < CHURCH_CACHE_MS) return hit.id;
        const church = await scopedChurchBySlug(db, slug);
        if (churches.size > 1000) churches.clear(); // unknown slugs must not grow it without end
        churches.set(slug, { at: Date.now(), id: church?.id ?? null });
        return church?.id ?? null;
      }

      async function identify(
        church: number,
        payload: { token?: string; name?: string; anonToken?: string },
      ): Promise<{ user: ChatUser; anonToken: string | null }> {
        if (payload.token) {
          const claims = await verifyAccessToken(payload.token);
          if (claims) {
            const [row] = await db
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
                (row.roles ?? []).some((r) =>
                  (CHAT_MODERATOR_ROLES as readonly string[]).includes(r),
                );
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
        const id = anonIdFrom(payload.anonToken);
        const name = (payload.name ?? '').replace(/\s+/g, ' ').trim();
        const named = name && checkText(name).ok;
        return {
          user: {
            id,
            name: named ? name : '',
            avatar: null,
            email: null,
            role: named ? 'guest' : 'anonymous',
            autenticated: false,
          },
          anonToken: anonToken(id),
        };
      }

      /** A moderator's deletion (spec §6), in this church and channel only: gone for everyone at once. */
      async function removeMessages(room: Room, which: SQL): Promise<number> {
        await store.flush(); // a message just sent is in the table
        const rows = await db
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
        if (rows.length) io.to(room.key).emit('deleted', { ids: rows.map((r) => r.id) });
        return rows.length;
      }

      function isMuted(room: string, authorId: string): boolean {
        const until = mutes.get(room)?.get(authorId);
        return !!until && until > Date.now();
      }
      function addMute(room: string, authorId: string) {
        let list = mutes.get(room);
        if (!list) mutes.set(room, (list = new Map()));
        list.set(authorId, Date.now() + MUTE_MS);
      }
      function commitState(room: string): CommitState {
        const c = commits.get(room);
        return c ? { id: c.id, hands: c.hands.size } : null;
      }

      // What other nodes tell this one (only with the Redis adapter).
      io.on('mute' as never, (room: string, authorId: string) => addMute(room, authorId));
      io.on('commit:start' as never, (room: string, id: string) => {
        commits.set(room, { id, hands: new Set() });
      });
      io.on('commit:stop' as never, (room: string) => {
        commits.delete(room);
      });
      io.on('commit:hand' as never, (room: string, id: string, authorId: string) => {
        const c = commits.get(room);
        if (c?.id === id) c.hands.add(authorId);
      });
      const tellNodes = (event: string, ...args: unknown[]) => {
        if (crossNode) io.serverSideEmit(event, ...args);
      };

      const sweep = setInterval(() => {
        userLimit.sweep();
        addressLimit.sweep();
        const now = Date.now();
        for (const [room, list] of mutes) {
          for (const [id, until] of list) if (until <= now) list.delete(id);
          if (!list.size) mutes.delete(room);
        }
      }, 60_000);
      sweep.unref();

      io.on('connection', (raw) => {
        const socket = raw as unknown as ChatSocket;
        socket.data.lang = messageLang(socket.handshake.headers['accept-language']);
        socket.data.address = socketAddress(socket, trustProxy);
        const fail = (
          ack: Ack | undefined,
          key: LiveMessageKey,
          values?: Record<string, string | number>,
        ) => ack?.({ status: false, message: liveMessage(socket.data.lang, key, values) });
        const on = (
          event: string,
          handler: (payload: unknown, ack: Ack | undefined) => Promise<void>,
        ) =>
          socket.on(
            event as never,
            ((payload: unknown, ack?: unknown) => {
              const reply =
                typeof ack === 'function'
                  ? (ack as Ack)
                  : typeof payload === 'function'
                    ? (payload as Ack)
                    : undefined;
              handler(typeof payload === 'function' ? undefined : payload, reply).catch(
                (error: unknown) => {
                  console.error('[chat]', event, error);
                  fail(reply, 'chat.sendFailed');
                },
              );
            }) as never,
          );
        const moderator = () => socket.data.user?.role === 'moderator' && socket.data.room;

        on('join', async (payload, ack) => {
          const parsed = chatJoinPayload.safeParse(payload);
          if (parsed.success && parsed.data.lang) socket.data.lang = parsed.data.lang;
          if (!parsed.success) return fail(ack, 'chat.invalidRoom');
          const { igreja, channel, limitMessages = CHAT_DEFAULT_LIMIT, since } = parsed.data;
          const church = await churchId(igreja);
          if (!church) return fail(ack, 'chat.invalidRoom');
          const { user, anonToken: token } = await identify(church, parsed.data);
          const key = roomKey(church, channel);
          const previous = socket.data.room;
          if (previous)
            for (const r of [
              previous.key,
              modsRoom(previous.key),
              authorRoom(previous.key, socket.data.user!.id),
            ])
              await socket.leave(r);
          socket.data.room = { churchId: church, slug: igreja, channel, key };
          socket.data.user = user;
          await socket.join([
            key,
            authorRoom(key, user.id),
            ...(user.role === 'moderator' ? [modsRoom(key)] : []),
          ]);

          await store.flush(); // this node's last messages are in the history too
          const scope = and(
            eq(t.chatMessages.churchId, church),
            eq(t.chatMessages.channel, channel),
            eq(t.chatMessages.active, true),
          );
          const latest = await db
            .select()
            .from(t.chatMessages)
            .where(scope)
            .orderBy(desc(t.chatMessages.id))
            .limit(limitMessages);
          const missed = since
            ? await db
                .select()
                .from(t.chatMessages)
                .where(and(scope, gt(t.chatMessages.id, since)))
                .orderBy(desc(t.chatMessages.id))
                .limit(SINCE_MAX)
            : [];
          const byId = new Map([...latest, ...missed].map((row) => [row.id, row]));
          const history = [...byId.values()].sort((a, b) => a.id - b.id).map(toMessage);
          const answer: ChatJoinAnswer = {
            status: true,
            user,
            anonToken: token,
            history,
            commit: commitState(key),
          };
          ack?.(answer);
        });

        on('message', async (payload, ack) => {
          const room = socket.data.room;
          const user = socket.data.user;
          if (!room || !user) return fail(ack, 'chat.notJoined');
          const parsed = chatSendPayload.safeParse(payload);
          if (!parsed.success) {
            const text = (payload as { text?: unknown } | undefined)?.text;
            if (typeof text === 'string' && text.length > CHAT_MAX_LENGTH)
              return fail(ack, 'chat.tooLong', { max: CHAT_MAX_LENGTH });
            return fail(ack, 'chat.invalidRoom');
          }
          // spec: one room per church and channel; a message aimed at another room is refused.
          if (parsed.data.igreja !== room.slug || parsed.data.channel !== room.channel)
            return fail(ack, 'chat.otherRoom');
          if (!user.name) return fail(ack, 'chat.nameRequired');
          if (isMuted(room.key, user.id)) return fail(ack, 'chat.muted');
          const checked = checkText(parsed.data.text);
          if (!checked.ok) return fail(ack, checked.key, { max: CHAT_MAX_LENGTH });
          // the person first, so one person's flood does not use up their address's share
          if (
            !userLimit.take(`${room.churchId}:${user.id}`) ||
            !addressLimit.take(socket.data.address)
          )
            return fail(ack, 'chat.tooFast');
          // The room does not wait for the database: the id comes from the sequence (reserved
          // ahead on a single node), the message goes out, and the insert follows in a batch.
          const reserved = store.nextId();
          const id = typeof reserved === 'number' ? reserved : await reserved;
          const row = {
            id,
            churchId: room.churchId,
            channel: room.channel,
            authorId: user.id,
            userId: user.autenticated ? Number(user.id.slice(1)) : null,
            authorName: user.name,
            authorAvatar: user.avatar,
            text: checked.text,
            createdAt: new Date(),
          };
          const message = toMessage({ ...row, active: true });
          io.to(room.key).emit('message', message);
          ack?.({ status: true, message });
          store.save(row);
        });

        on('delete', async (payload, ack) => {
          const room = moderator();
          if (!room) return fail(ack, 'chat.forbidden');
          const parsed = chatDeletePayload.safeParse(payload);
          if (!parsed.success) return fail(ack, 'chat.notFound');
          const count = await removeMessages(room, eq(t.chatMessages.id, parsed.data.messageId));
          if (!count) return fail(ack, 'chat.notFound');
          ack?.({ status: true, count });
        });

        on('delete:user', async (payload, ack) => {
          const room = moderator();
          if (!room) return fail(ack, 'chat.forbidden');
          const parsed = chatAuthorPayload.safeParse(payload);
          if (!parsed.success) return fail(ack, 'chat.notFound');
          ack?.({
            status: true,
            count: await removeMessages(room, eq(t.chatMessages.authorId, parsed.data.authorId)),
          });
        });

        on('mute', async (payload, ack) => {
          const room = moderator();
          if (!room) return fail(ack, 'chat.forbidden');
          const parsed = chatAuthorPayload.safeParse(payload);
          if (!parsed.success) return fail(ack, 'chat.notFound');
          addMute(room.key, parsed.data.authorId);
          tellNodes('mute', room.key, parsed.data.authorId);
          io.to(authorRoom(room.key, parsed.data.authorId)).emit('muted', {
            authorId: parsed.data.authorId,
          });
          ack?.({ status: true });
        });

        on('commit:start', async (_payload, ack) => {
          const room = moderator();
          if (!room) return fail(ack, 'chat.forbidden');
          const id = randomBytes(6).toString('hex');
          commits.set(room.key, { id, hands: new Set() });
          tellNodes('commit:start', room.key, id);
          io.to(room.key).emit('commit', { id, hands: 0 });
          ack?.({ status: true });
        });

        on('commit:stop', async (_payload, ack) => {
          const room = moderator();
          if (!room) return fail(ack, 'chat.forbidden');
          commits.delete(room.key);
          tellNodes('commit:stop', room.key);
          io.to(room.key).emit('commit', null);
          ack?.({ status: true });
        });

        on('commit:answer', async (payload, ack) => {
          const room = socket.data.room;
          const user = socket.data.user;
          const parsed = chatCommitAnswerPayload.safeParse(payload);
          const current = room && commits.get(room.key);
          if (!room || !user || !parsed.success || !current || current.id !== parsed.data.id)
            return fail(ack, 'chat.notFound');
          if (parsed.data.answer === 'hand' && !current.hands.has(user.id)) {
            current.hands.add(user.id);
            tellNodes('commit:hand', room.key, current.id, user.id);
            io.to(modsRoom(room.key)).emit('commit:count', {
              id: current.id,
              hands: current.hands.size,
            });
          }
          ack?.({ status: true });
        });
      });

      return {
        io,
        async close() {
          clearInterval(sweep);
          // not io.close(): that closes the shared HTTP server, which server.ts drains itself
          io.disconnectSockets(true);
          io.engine.close();
          await store.close(); // messages already shown are kept
          await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
        },
      };
    },
  };
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
