// What one chat node keeps in memory (docs/live.md): the socket.io server, the message store,
// the flood limits, the mutes and commit moments per room (copied to every node through the Redis
// adapter), and a short cache of church slugs. The handlers (chat.handlers.ts) work over it.
import type { Server, Socket } from 'socket.io';
import type { ChatUser, CommitState } from '../../contract/live.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import { ADDRESS_MUTE_MS, liveChannels, MUTE_MS, purgeEndedMutes } from './chat-mutes.ts';
import type { MessageStore } from './message-store.ts';
import { RateLimiter } from './rate-limit.ts';

export interface Room {
  churchId: number;
  slug: string;
  channel: string;
  key: string;
}

export interface SocketData {
  room?: Room;
  user?: ChatUser;
  lang: MessageLang;
  address: string;
  /** Keyed hash of the address and user agent: a guest's mute also covers guests from there. */
  addressHash: string;
  /** Muted on this connection, whatever id it joins with next (docs/security.md "Chat identities"). */
  muted?: boolean;
  /** The author id this connection was muted as: unmuting that id frees the connection. */
  mutedAs?: string;
  /** Commit moments this connection already raised a hand in: one hand per person. */
  hands?: Set<string>;
}

export type ChatSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  SocketData
>;
export type Ack = (answer: unknown) => void;

/** Flood limits: a person may burst 5 messages then 1 a second; an address 40 then 20 a second. */
const USER_LIMIT = { capacity: 5, perSecond: 1 };
const ADDRESS_LIMIT = { capacity: 40, perSecond: 20 };
const CHANNELS_CACHE_MS = 30_000;

export const roomKey = (churchId: number, channel: string) => `chat:${churchId}:${channel}`;
export const authorRoom = (room: string, authorId: string) => `${room}:a:${authorId}`;
export const modsRoom = (room: string) => `${room}:mods`;
/** Mutes cover every channel of the church: they are kept under this key, not the room's. */
export const muteScope = (room: Pick<Room, 'churchId'>) => `chat:${room.churchId}`;

export interface ChatState {
  db: Database;
  io: Server;
  /** Messages reach the room first and are written right after in batches (message-store.ts). */
  store: MessageStore;
  /** Signs anonymous ids (chat.service.ts). */
  secret: string;
  /** Reverse proxies in front (TRUST_PROXY), for the per-address flood limit. */
  trustProxy: number;
  /** Other nodes share the rooms (the Redis adapter): mutes and commit moments are told to them. */
  crossNode: boolean;
  userLimit: RateLimiter;
  addressLimit: RateLimiter;
  /** mute scope → authorId → muted until (ms); kept in chat_silencio too (chat-mutes.ts). */
  mutes: Map<string, Map<string, number>>;
  /** mute scope → a muted guest's address hash → until (ms) and the author it came from. */
  addressMutes: Map<string, Map<string, { until: number; authorId: string }>>;
  /** church id → its live channels (chat-mutes.ts liveChannels), cached briefly. */
  channels: Map<number, { at: number; names: Promise<Set<string>> }>;
  /** room → the running commit moment and who raised a hand (spec §4). */
  commits: Map<string, { id: string; hands: Set<string> }>;
  /** slug → church id (null: none), cached briefly. */
  churches: Map<string, { at: number; id: number | null }>;
}

export function createChatState(
  fields: Pick<ChatState, 'db' | 'io' | 'store' | 'secret' | 'trustProxy' | 'crossNode'>,
): ChatState {
  return {
    ...fields,
    userLimit: new RateLimiter(USER_LIMIT.capacity, USER_LIMIT.perSecond),
    addressLimit: new RateLimiter(ADDRESS_LIMIT.capacity, ADDRESS_LIMIT.perSecond),
    mutes: new Map(),
    addressMutes: new Map(),
    channels: new Map(),
    commits: new Map(),
    churches: new Map(),
  };
}

export function isMuted(state: ChatState, room: string, authorId: string): boolean {
  const until = state.mutes.get(room)?.get(authorId);
  return !!until && until > Date.now();
}

/** The muted guest whose address and browser these are, if any (never members: docs/security.md). */
export function addressMutedBy(state: ChatState, scope: string, hash: string): string | null {
  const hit = state.addressMutes.get(scope)?.get(hash);
  return hit && hit.until > Date.now() ? hit.authorId : null;
}

export function addMute(
  state: ChatState,
  scope: string,
  authorId: string,
  hashes: string[] = [],
): void {
  const now = Date.now();
  let list = state.mutes.get(scope);
  if (!list) state.mutes.set(scope, (list = new Map()));
  list.set(authorId, now + MUTE_MS);
  if (!hashes.length) return;
  let byAddress = state.addressMutes.get(scope);
  if (!byAddress) state.addressMutes.set(scope, (byAddress = new Map()));
  for (const hash of hashes) byAddress.set(hash, { until: now + ADDRESS_MUTE_MS, authorId });
}

/** Lifts an author's mute on this node, with the address mutes it made and the connections it hit. */
export async function removeMute(state: ChatState, scope: string, authorId: string): Promise<void> {
  state.mutes.get(scope)?.delete(authorId);
  const byAddress = state.addressMutes.get(scope);
  if (byAddress)
    for (const [hash, m] of byAddress) if (m.authorId === authorId) byAddress.delete(hash);
  for (const raw of await state.io.local.fetchSockets()) {
    const s = raw as unknown as ChatSocket;
    if (s.data.mutedAs === authorId && s.data.room && muteScope(s.data.room) === scope) {
      s.data.muted = false;
      s.data.mutedAs = undefined;
      (raw as unknown as { emit(event: string, value: unknown): void }).emit('unmuted', {
        authorId,
      });
    }
  }
}

/** Whether a channel is one of the church's live channels (no other name makes a room). */
export async function isLiveChannel(
  state: ChatState,
  churchId: number,
  channel: string,
): Promise<boolean> {
  const hit = state.channels.get(churchId);
  if (hit && Date.now() - hit.at < CHANNELS_CACHE_MS) return (await hit.names).has(channel);
  if (state.channels.size > 1000) state.channels.clear();
  const names = liveChannels(state.db, churchId);
  state.channels.set(churchId, { at: Date.now(), names });
  names.catch(() => state.channels.delete(churchId));
  return (await names).has(channel);
}

export function commitState(state: ChatState, room: string): CommitState {
  const c = state.commits.get(room);
  return c ? { id: c.id, hands: c.hands.size } : null;
}

/** Tells the other nodes (only with the Redis adapter); they apply it with `listenToNodes`. */
export function tellNodes(state: ChatState, event: string, ...args: unknown[]): void {
  if (state.crossNode) state.io.serverSideEmit(event, ...args);
}

/** What other nodes tell this one: mutes and the commit moment. */
export function listenToNodes(state: ChatState): void {
  const { io, commits } = state;
  io.on('mute' as never, (scope: string, authorId: string, hashes?: string[]) => {
    addMute(state, scope, authorId, hashes ?? []);
    // the author's connections here stay muted whatever id they rejoin with, as on the muting node
    void io.local.fetchSockets().then((sockets) => {
      for (const raw of sockets) {
        const data = (raw as unknown as ChatSocket).data;
        if (data.user?.id === authorId && data.room && muteScope(data.room) === scope)
          Object.assign(data, { muted: true, mutedAs: authorId });
      }
    });
  });
  io.on('unmute' as never, (scope: string, authorId: string) => {
    void removeMute(state, scope, authorId);
  });
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
}

/** Forgets full flood buckets and ended mutes, here and in the database (every minute). */
export function sweepState(state: ChatState): void {
  state.userLimit.sweep();
  state.addressLimit.sweep();
  const now = Date.now();
  for (const [room, list] of state.mutes) {
    for (const [id, until] of list) if (until <= now) list.delete(id);
    if (!list.size) state.mutes.delete(room);
  }
  for (const [scope, list] of state.addressMutes) {
    for (const [hash, m] of list) if (m.until <= now) list.delete(hash);
    if (!list.size) state.addressMutes.delete(scope);
  }
  purgeEndedMutes(state.db).catch(() => undefined); // the next sweep tries again
}
