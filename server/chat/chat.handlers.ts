// One named function per socket event of the chat (docs/live.md): join, message, the moderators'
// delete, delete:user and mute (spec §6), and the commit-to-Jesus moment (spec §4). Each answers
// through the event's ack: `{ status: true, … }` or `{ status: false, message }` in the socket's
// language.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CHAT_DEFAULT_LIMIT,
  CHAT_MAX_LENGTH,
  chatAuthorPayload,
  chatCommitAnswerPayload,
  chatDeletePayload,
  chatJoinPayload,
  chatSendPayload,
  type ChatJoinAnswer,
} from '../../contract/live.ts';
import { liveMessage, type LiveMessageKey } from '../../contract/messages/live.ts';
import * as t from '../db/schema/index.ts';
import { recordChatModeration } from '../prayer/moderation-staff.service.ts';
import { chatMessages } from '../metrics.ts';
import { deleteMutes, isGuestId, saveMute, storedMute } from './chat-mutes.ts';
import {
  addMute,
  authorRoom,
  commitState,
  addressMutedBy,
  isLiveChannel,
  isMuted,
  modsRoom,
  muteScope,
  removeMute,
  roomKey,
  tellNodes,
  type Ack,
  type ChatSocket,
  type ChatState,
  type Room,
  type SocketData,
} from './chat-state.ts';
import {
  checkText,
  churchIdOf,
  identify,
  removeMessages,
  roomHistory,
  toMessage,
} from './chat.service.ts';

export type Handler = (
  state: ChatState,
  socket: ChatSocket,
  payload: unknown,
  ack: Ack | undefined,
) => Promise<void>;

/** A refusal in the socket's language. */
export function fail(
  socket: ChatSocket,
  ack: Ack | undefined,
  key: LiveMessageKey,
  values?: Record<string, string | number>,
): void {
  ack?.({ status: false, message: liveMessage(socket.data.lang, key, values) });
}

/** A person who joins again within this time (a reconnect, a reload) is not announced again. */
export const JOIN_QUIET_MS = 60_000;
const announced = new WeakMap<ChatState, Map<string, number>>();

/** Whether the room hears of this person joining now; remembers it for JOIN_QUIET_MS. */
function announceJoin(state: ChatState, key: string, userId: string, now = Date.now()): boolean {
  let seen = announced.get(state);
  if (!seen) announced.set(state, (seen = new Map()));
  const id = `${key}|${userId}`;
  const last = seen.get(id);
  seen.set(id, now);
  if (seen.size > 10_000) for (const [k, at] of seen) if (now - at > JOIN_QUIET_MS) seen.delete(k);
  return last === undefined || now - last > JOIN_QUIET_MS;
}

/** The moderator's room, or null when the socket is not a moderator in a room. */
const moderatedRoom = (socket: ChatSocket): Room | null =>
  (socket.data.user?.role === 'moderator' && socket.data.room) || null;

export const joinRoom: Handler = async (state, socket, payload, ack) => {
  const parsed = chatJoinPayload.safeParse(payload);
  if (parsed.success && parsed.data.lang) socket.data.lang = parsed.data.lang;
  if (!parsed.success) return fail(socket, ack, 'chat.invalidRoom');
  const { igreja, channel, limitMessages = CHAT_DEFAULT_LIMIT, since } = parsed.data;
  const church = await churchIdOf(state, igreja);
  if (!church) return fail(socket, ack, 'chat.invalidRoom');
  // rooms only for the church's live channels: no name a client makes up becomes a room
  if (!(await isLiveChannel(state, church, channel))) return fail(socket, ack, 'chat.invalidRoom');
  const { user, anonToken } = await identify(state, church, parsed.data);
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
  // a mute follows the person and the connection, and a guest's address (kept in the database,
  // so it survives a restart): say so on joining, not at the first send
  const scope = muteScope(socket.data.room);
  const guest = !user.autenticated;
  const mutedBy = socket.data.muted
    ? socket.data.mutedAs
    : isMuted(state, scope, user.id)
      ? user.id
      : (guest && addressMutedBy(state, scope, socket.data.addressHash)) ||
        (await storedMute(state.db, church, {
          authorId: user.id,
          guest,
          addressHash: socket.data.addressHash,
        }));
  const muted = !!socket.data.muted || !!mutedBy;
  if (muted && !socket.data.muted) {
    socket.data.muted = true;
    socket.data.mutedAs = mutedBy ?? user.id;
  }
  const answer: ChatJoinAnswer = {
    status: true,
    user,
    anonToken,
    history: await roomHistory(state, church, channel, limitMessages, since),
    commit: commitState(state, key),
    muted,
  };
  ack?.(answer);
  // spec §4 users joining: the others see a line; a reconnect within seconds stays quiet
  if (user.name && !muted && announceJoin(state, key, user.id))
    socket.to(key).emit('joined', { name: user.name });
};

export const sendMessage: Handler = async (state, socket, payload, ack) => {
  const room = socket.data.room;
  const user = socket.data.user;
  if (!room || !user) return fail(socket, ack, 'chat.notJoined');
  const parsed = chatSendPayload.safeParse(payload);
  if (!parsed.success) {
    const text = (payload as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string' && text.length > CHAT_MAX_LENGTH)
      return fail(socket, ack, 'chat.tooLong', { max: CHAT_MAX_LENGTH });
    return fail(socket, ack, 'chat.invalidRoom');
  }
  // spec: one room per church and channel; a message aimed at another room is refused.
  if (parsed.data.igreja !== room.slug || parsed.data.channel !== room.channel)
    return fail(socket, ack, 'chat.otherRoom');
  if (!user.name) return fail(socket, ack, 'chat.nameRequired');
  // a mute follows the person and the connection (a new id on it stays muted), in every channel
  const scope = muteScope(room);
  if (!socket.data.muted) {
    const by = isMuted(state, scope, user.id)
      ? user.id
      : !user.autenticated && addressMutedBy(state, scope, socket.data.addressHash);
    if (by) Object.assign(socket.data, { muted: true, mutedAs: by });
  }
  if (socket.data.muted) return fail(socket, ack, 'chat.muted');
  const checked = checkText(parsed.data.text);
  if (!checked.ok) return fail(socket, ack, checked.key, { max: CHAT_MAX_LENGTH });
  // the person first, so one person's flood does not use up their address's share
  // the person's bucket is also the connection's: a guest rejoining with a new id keeps it
  if (
    !state.userLimit.take(`${room.churchId}:${user.id}`) ||
    !state.userLimit.take(`${room.churchId}:socket:${socket.id}`) ||
    !state.addressLimit.take(socket.data.address)
  )
    return fail(socket, ack, 'chat.tooFast');
  // The room does not wait for the database: the id comes from the sequence (reserved ahead on
  // a single node), the message goes out, and the insert follows in a batch.
  const reserved = state.store.nextId();
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
  state.io.to(room.key).emit('message', message);
  chatMessages.inc();
  ack?.({ status: true, message });
  state.store.save(row);
};

export const deleteMessage: Handler = async (state, socket, payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  const parsed = chatDeletePayload.safeParse(payload);
  if (!parsed.success) return fail(socket, ack, 'chat.notFound');
  const count = await removeMessages(state, room, eq(t.chatMessages.id, parsed.data.messageId));
  if (!count) return fail(socket, ack, 'chat.notFound');
  await recordChatModeration(state.db, room, socket.data.user, 'delete', parsed.data);
  ack?.({ status: true, count });
};

export const deleteAuthorMessages: Handler = async (state, socket, payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  const parsed = chatAuthorPayload.safeParse(payload);
  if (!parsed.success) return fail(socket, ack, 'chat.notFound');
  await recordChatModeration(state.db, room, socket.data.user, 'deleteAuthor', parsed.data);
  ack?.({
    status: true,
    count: await removeMessages(state, room, eq(t.chatMessages.authorId, parsed.data.authorId)),
  });
};

export const muteAuthor: Handler = async (state, socket, payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  const parsed = chatAuthorPayload.safeParse(payload);
  if (!parsed.success) return fail(socket, ack, 'chat.notFound');
  const { authorId } = parsed.data;
  const scope = muteScope(room);
  // a guest is muted by address and browser too (every node's connections of that author)
  const hashes = isGuestId(authorId)
    ? (await state.io.in(authorRoom(room.key, authorId)).fetchSockets())
        .map((s) => (s.data as SocketData).addressHash)
        .filter(Boolean)
    : [];
  const moderatorId = Number(socket.data.user!.id.slice(1)) || null;
  await saveMute(state.db, room.churchId, authorId, hashes, moderatorId);
  addMute(state, scope, authorId, hashes);
  tellNodes(state, 'mute', scope, authorId, hashes);
  // the author's connections on this node stay muted whatever id they rejoin with
  for (const s of await state.io.in(authorRoom(room.key, authorId)).local.fetchSockets()) {
    const data = (s as unknown as ChatSocket).data;
    data.muted = true;
    data.mutedAs = authorId;
  }
  await recordChatModeration(state.db, room, socket.data.user, 'mute', parsed.data);
  state.io
    .to(authorRoom(room.key, parsed.data.authorId))
    .emit('muted', { authorId: parsed.data.authorId });
  ack?.({ status: true });
};

/** A moderator lifts a mute: the author's own, the address mutes it made, its connections. */
export const unmuteAuthor: Handler = async (state, socket, payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  const parsed = chatAuthorPayload.safeParse(payload);
  if (!parsed.success) return fail(socket, ack, 'chat.notFound');
  const { authorId } = parsed.data;
  const scope = muteScope(room);
  await deleteMutes(state.db, room.churchId, authorId);
  await removeMute(state, scope, authorId);
  tellNodes(state, 'unmute', scope, authorId);
  await recordChatModeration(state.db, room, socket.data.user, 'unmute', parsed.data);
  ack?.({ status: true });
};

export const startCommit: Handler = async (state, socket, _payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  const id = randomBytes(6).toString('hex');
  state.commits.set(room.key, { id, hands: new Set() });
  tellNodes(state, 'commit:start', room.key, id);
  state.io.to(room.key).emit('commit', { id, hands: 0 });
  ack?.({ status: true });
};

export const stopCommit: Handler = async (state, socket, _payload, ack) => {
  const room = moderatedRoom(socket);
  if (!room) return fail(socket, ack, 'chat.forbidden');
  state.commits.delete(room.key);
  tellNodes(state, 'commit:stop', room.key);
  state.io.to(room.key).emit('commit', null);
  ack?.({ status: true });
};

export const answerCommit: Handler = async (state, socket, payload, ack) => {
  const room = socket.data.room;
  const user = socket.data.user;
  const parsed = chatCommitAnswerPayload.safeParse(payload);
  const current = room && state.commits.get(room.key);
  if (!room || !user || !parsed.success || !current || current.id !== parsed.data.id)
    return fail(socket, ack, 'chat.notFound');
  const raised = (socket.data.hands ??= new Set());
  if (parsed.data.answer === 'hand' && !current.hands.has(user.id) && !raised.has(current.id)) {
    raised.add(current.id); // one hand per connection, whatever id it rejoined with
    current.hands.add(user.id);
    tellNodes(state, 'commit:hand', room.key, current.id, user.id);
    state.io
      .to(modsRoom(room.key))
      .emit('commit:count', { id: current.id, hands: current.hands.size });
  }
  ack?.({ status: true });
};

/** Every socket event and its handler. */
export const HANDLERS: Record<string, Handler> = {
  join: joinRoom,
  message: sendMessage,
  delete: deleteMessage,
  'delete:user': deleteAuthorMessages,
  mute: muteAuthor,
  unmute: unmuteAuthor,
  'commit:start': startCommit,
  'commit:stop': stopCommit,
  'commit:answer': answerCommit,
};
