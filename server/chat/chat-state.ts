// What one chat node keeps in memory (docs/live.md): the socket.io server, the message store,
// the flood limits, the mutes and commit moments per room (copied to every node through the Redis
// adapter), and a short cache of church slugs. The handlers (chat.handlers.ts) work over it.
import type { Server, Socket } from 'socket.io';
import type { ChatUser, CommitState } from '../../contract/live.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
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
  /** Muted on this connection, whatever id it joins with next (docs/security.md "Chat identities"). */
  muted?: boolean;
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
const MUTE_MS = 12 * 3_600_000;

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
  /** room → authorId → muted until (ms). */
  mutes: Map<string, Map<string, number>>;
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
    commits: new Map(),
    churches: new Map(),
  };
}

export function isMuted(state: ChatState, room: string, authorId: string): boolean {
  const until = state.mutes.get(room)?.get(authorId);
  return !!until && until > Date.now();
}

export function addMute(state: ChatState, room: string, authorId: string): void {
  let list = state.mutes.get(room);
  if (!list) state.mutes.set(room, (list = new Map()));
  list.set(authorId, Date.now() + MUTE_MS);
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
  io.on('mute' as never, (room: string, authorId: string) => addMute(state, room, authorId));
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

/** Forgets full flood buckets and ended mutes (every minute). */
export function sweepState(state: ChatState): void {
  state.userLimit.sweep();
  state.addressLimit.sweep();
  const now = Date.now();
  for (const [room, list] of state.mutes) {
    for (const [id, until] of list) if (until <= now) list.delete(id);
    if (!list.size) state.mutes.delete(room);
  }
}
