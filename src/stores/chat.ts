// The live chat in the browser (spec §4 Chat: connecting, users joining, the commit-to-Jesus
// moment): one socket.io connection per page, its state in `$chat`, and the actions the chat
// island calls. Reconnection joins again with the newest id seen, so missed messages are filled
// in; a message sent while the chat reconnects (a server node restarting, docs/deploy.md "Draining")
// waits for the new connection and is sent there. An action the server refuses (or that cannot be sent now) rejects with a ChatRefused whose
// message is the one to show (src/README.md, the error model).
import { map } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import type {
  ChatJoinAnswer,
  ChatMessage,
  ChatSendAnswer,
  ChatUser,
  CommitState,
} from '../../contract/live.ts';
import type { Lang } from '../../contract/language.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export interface ChatState {
  status: 'connecting' | 'online' | 'offline';
  user: ChatUser | null;
  messages: ChatMessage[];
  commit: CommitState;
  /** This viewer answered the running moment (or dismissed it). */
  answered: boolean;
  /** Moderators: hands raised in the running moment. */
  hands: number;
  /** Why the last join failed, or that a moderator muted this user. */
  notice: string | null;
  /** A moderator muted this user: the box stays shut (known on joining, not at the first send). */
  muted: boolean;
  /** spec §4 users joining: "Ana joined", shown after the message that was last when it happened. */
  joins: { id: number; name: string; after: number }[];
}

export interface ChatOptions {
  igreja: string;
  channel: string;
  limitMessages?: number;
  lang: Lang;
  /** The logged-in member's access token, read at each (re)join. */
  token: () => string | null;
  /** "could not be sent now" and the other client-side texts. */
  texts: { sendFailed: string; muted: string };
  /** Join with this name (spec §2 /embed/chat username) unless one was given before. */
  name?: string | undefined;
}

interface Stored {
  name?: string;
  anonToken?: string;
}

function readStored(): Stored {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEYS.chatUser) ?? '{}') as Stored;
  } catch {
    return {};
  }
}
function writeStored(value: Stored) {
  try {
    sessionStorage.setItem(STORAGE_KEYS.chatUser, JSON.stringify(value));
  } catch {
    /* private mode: the name is asked again next time */
  }
}

const SEND_TIMEOUT_MS = 8_000;
/** How long a message waits for the chat to reconnect (a server node restarting) before it fails. */
const RECONNECT_WAIT_MS = 20_000;

/** The server refused an action, or it could not be sent now; `message` is the text to show. */
export class ChatRefused extends Error {
  override name = 'ChatRefused';
}

const EMPTY: ChatState = {
  status: 'connecting',
  user: null,
  messages: [],
  commit: null,
  answered: false,
  hands: 0,
  notice: null,
  muted: false,
  joins: [],
};

export const $chat = map<ChatState>({ ...EMPTY });

interface Connection {
  socket: Socket;
  options: ChatOptions;
  join(): Promise<void>;
  setStored(next: Stored): void;
}

let connection: Connection | null = null;

function current(): Connection {
  if (!connection) throw new Error('The chat is not started.');
  return connection;
}

/** Connects and joins; resolves to the function that disconnects. One chat per page. */
export function startChat(options: ChatOptions): () => void {
  connection?.socket.disconnect();
  $chat.set({ ...EMPTY });
  const socket: Socket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
  let stored = readStored();
  if (options.name && !stored.name) stored = { ...stored, name: options.name };

  const lastId = () => $chat.get().messages.at(-1)?.id ?? 0;

  function join(): Promise<void> {
    return new Promise((resolve) => {
      const since = lastId();
      socket.emit(
        'join',
        {
          igreja: options.igreja,
          channel: options.channel,
          limitMessages: options.limitMessages,
          lang: options.lang,
          token: options.token() ?? undefined,
          name: stored.name,
          anonToken: stored.anonToken,
          ...(since ? { since } : {}),
        },
        (answer: ChatJoinAnswer | { status: false; message: string }) => {
          if (!answer.status) {
            $chat.setKey('notice', answer.message);
            return resolve();
          }
          if (answer.anonToken) {
            stored = { ...stored, anonToken: answer.anonToken };
            writeStored(stored);
          }
          const previous = $chat.get().commit;
          $chat.set({
            ...$chat.get(),
            status: 'online',
            user: answer.user,
            messages: answer.history,
            commit: answer.commit,
            answered: !!answer.commit && previous?.id === answer.commit.id && $chat.get().answered,
            hands: answer.commit?.hands ?? 0,
            notice: answer.muted ? options.texts.muted : null,
            muted: answer.muted,
          });
          resolve();
        },
      );
    });
  }

  socket.on('connect', () => void join());
  socket.on('disconnect', (reason) => {
    $chat.setKey('status', 'offline');
    // A node that ends the session (rather than the connection) is not a "leave": come back.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.io.on('reconnect_attempt', () => $chat.setKey('status', 'connecting'));
  socket.on('message', (message: ChatMessage) => {
    const messages = $chat.get().messages;
    if (messages.some((m) => m.id === message.id)) return;
    $chat.setKey('messages', [...messages, message].slice(-500));
  });
  socket.on('deleted', ({ ids }: { ids: number[] }) => {
    const gone = new Set(ids);
    $chat.setKey(
      'messages',
      $chat.get().messages.filter((m) => !gone.has(m.id)),
    );
  });
  socket.on('commit', (state: CommitState) =>
    $chat.set({ ...$chat.get(), commit: state, answered: false, hands: state?.hands ?? 0 }),
  );
  socket.on('commit:count', ({ id, hands }: { id: string; hands: number }) => {
    if ($chat.get().commit?.id === id) $chat.setKey('hands', hands);
  });
  socket.on('muted', () => $chat.set({ ...$chat.get(), notice: options.texts.muted, muted: true }));
  // a moderator lifted the mute: the box opens again
  socket.on('unmuted', () => $chat.set({ ...$chat.get(), notice: null, muted: false }));
  let joinSeq = 0;
  socket.on('joined', ({ name }: { name: string }) =>
    $chat.setKey(
      'joins',
      [...$chat.get().joins, { id: ++joinSeq, name, after: lastId() }].slice(-20),
    ),
  );

  const mine: Connection = {
    socket,
    options,
    join,
    setStored: (next) => {
      stored = { ...stored, ...next };
      writeStored(stored);
    },
  };
  connection = mine;
  return () => {
    socket.disconnect();
    if (connection === mine) connection = null;
  };
}

/** One socket call; rejects with ChatRefused when it is refused or cannot be sent now. */
function ask<T extends { status: boolean; message?: unknown }>(
  event: string,
  payload?: unknown,
): Promise<T> {
  const { socket, options } = current();
  const failed = () => new ChatRefused(options.texts.sendFailed);
  return new Promise((resolve, reject) => {
    if (!socket.connected) return reject(failed());
    const timer = setTimeout(() => reject(failed()), SEND_TIMEOUT_MS);
    const done = (answer: T) => {
      clearTimeout(timer);
      if (answer.status) resolve(answer);
      else reject(typeof answer.message === 'string' ? new ChatRefused(answer.message) : failed());
    };
    if (payload === undefined) socket.emit(event, done);
    else socket.emit(event, payload, done);
  });
}

/** Resolves once the chat is joined again (or now), or rejects at the deadline. */
function whenOnline(socket: Socket, deadline: number, failed: () => Error): Promise<void> {
  if ($chat.get().status === 'online' && socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => {
        stop();
        reject(failed());
      },
      Math.max(0, deadline - Date.now()),
    );
    const stop = $chat.listen((state) => {
      if (state.status !== 'online') return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** One try: the answer, or null when the connection dropped before it came. */
function sendOnce(socket: Socket, payload: unknown, deadline: number, failed: () => Error) {
  return new Promise<ChatSendAnswer | null>((resolve, reject) => {
    const done = (answer: ChatSendAnswer | null) => {
      clearTimeout(timer);
      socket.off('disconnect', dropped);
      resolve(answer);
    };
    const dropped = () => done(null);
    const timer = setTimeout(
      () => {
        socket.off('disconnect', dropped);
        reject(failed());
      },
      Math.max(0, deadline - Date.now()),
    );
    socket.once('disconnect', dropped);
    socket.emit('message', payload, done);
  });
}

/**
 * Sends a message; on failure the caller keeps the text in the input (spec §8). While the chat
 * reconnects it waits for the new connection; a try cut off before its answer is sent again,
 * unless the rejoin's history shows it arrived.
 */
export async function sendChatMessage(text: string): Promise<void> {
  const { socket, options } = current();
  const failed = () => new ChatRefused(options.texts.sendFailed);
  const payload = { igreja: options.igreja, channel: options.channel, text };
  const after = $chat.get().messages.at(-1)?.id ?? 0;
  let answer: ChatSendAnswer | null = null;
  for (let tries = 0; !answer; tries++) {
    if (tries === 3) throw failed();
    await whenOnline(socket, Date.now() + RECONNECT_WAIT_MS, failed);
    const me = $chat.get().user?.id;
    const arrived =
      tries > 0 &&
      $chat.get().messages.find((m) => m.id > after && m.authorId === me && m.text === text);
    if (arrived) return;
    answer = await sendOnce(socket, payload, Date.now() + SEND_TIMEOUT_MS, failed);
  }
  if (!answer.status)
    throw typeof answer.message === 'string' ? new ChatRefused(answer.message) : failed();
  const message = (answer as { message: ChatMessage }).message;
  if (!$chat.get().messages.some((m) => m.id === message.id))
    $chat.setKey('messages', [...$chat.get().messages, message]);
}

/** Joins again with only a name (spec §6: chat can be joined by entering only a name). */
export async function setChatName(name: string): Promise<void> {
  const c = current();
  c.setStored({ name });
  await c.join();
}

/** Joins again, e.g. after the member logged in. */
export const rejoinChat = (): Promise<void> => current().join();

export const deleteChatMessage = async (messageId: number): Promise<void> => {
  await ask('delete', { messageId });
};
export const deleteChatAuthor = async (authorId: string): Promise<void> => {
  await ask('delete:user', { authorId });
};
export const muteChatAuthor = async (authorId: string): Promise<void> => {
  await ask('mute', { authorId });
};
export const unmuteChatAuthor = async (authorId: string): Promise<void> => {
  await ask('unmute', { authorId });
};
export const startCommit = async (): Promise<void> => {
  await ask('commit:start');
};
export const stopCommit = async (): Promise<void> => {
  await ask('commit:stop');
};

export async function answerCommit(answer: 'hand' | 'dismiss'): Promise<void> {
  const commit = $chat.get().commit;
  if (!commit) return;
  $chat.setKey('answered', true);
  await ask('commit:answer', { id: commit.id, answer });
}
