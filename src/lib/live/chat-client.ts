// The live chat in the browser (spec §4 Chat: connecting, users joining, the commit-to-Jesus
// moment): one socket.io connection, its state in a nanostore, and the actions the chat island
// calls. Reconnection joins again with the newest id seen, so missed messages are filled in.
import { map } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import type {
  ChatJoinAnswer,
  ChatMessage,
  ChatSendAnswer,
  ChatUser,
  CommitState,
} from '../../../contract/live.ts';
import { STORAGE_KEYS } from '../../stores/session.ts';

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
}

export interface ChatOptions {
  igreja: string;
  channel: string;
  limitMessages?: number;
  lang: 'pt' | 'en' | 'es';
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

export type Result = { ok: true } | { ok: false; message: string };

export function createChat(options: ChatOptions) {
  const $chat = map<ChatState>({
    status: 'connecting',
    user: null,
    messages: [],
    commit: null,
    answered: false,
    hands: 0,
    notice: null,
  });
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
            notice: null,
          });
          resolve();
        },
      );
    });
  }

  socket.on('connect', () => void join());
  socket.on('disconnect', () => $chat.setKey('status', 'offline'));
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
  socket.on('muted', () => $chat.setKey('notice', options.texts.muted));

  function ask<T>(
    event: string,
    payload?: unknown,
  ): Promise<T | { status: false; message: string }> {
    return new Promise((resolve) => {
      if (!socket.connected) return resolve({ status: false, message: options.texts.sendFailed });
      const timer = setTimeout(
        () => resolve({ status: false, message: options.texts.sendFailed }),
        SEND_TIMEOUT_MS,
      );
      const done = (answer: T) => {
        clearTimeout(timer);
        resolve(answer);
      };
      if (payload === undefined) socket.emit(event, done);
      else socket.emit(event, payload, done);
    });
  }
  const result = (answer: { status: boolean; message?: unknown }): Result =>
    answer.status
      ? { ok: true }
      : {
          ok: false,
          message: typeof answer.message === 'string' ? answer.message : options.texts.sendFailed,
        };

  return {
    $chat,
    /** Sends a message; on failure the caller keeps the text in the input (spec §8). */
    async send(text: string): Promise<Result> {
      const answer = await ask<ChatSendAnswer>('message', {
        igreja: options.igreja,
        channel: options.channel,
        text,
      });
      if (answer.status) {
        const message = (answer as { message: ChatMessage }).message;
        if (!$chat.get().messages.some((m) => m.id === message.id))
          $chat.setKey('messages', [...$chat.get().messages, message]);
      }
      return result(answer);
    },
    /** Joins again with only a name (spec §6: chat can be joined by entering only a name). */
    async setName(name: string): Promise<void> {
      stored = { ...stored, name };
      writeStored(stored);
      await join();
    },
    /** Joins again, e.g. after the member logged in. */
    rejoin: () => join(),
    deleteMessage: async (messageId: number) => result(await ask('delete', { messageId })),
    deleteAuthor: async (authorId: string) => result(await ask('delete:user', { authorId })),
    mute: async (authorId: string) => result(await ask('mute', { authorId })),
    startCommit: async () => result(await ask('commit:start')),
    stopCommit: async () => result(await ask('commit:stop')),
    async answerCommit(answer: 'hand' | 'dismiss'): Promise<Result> {
      const commit = $chat.get().commit;
      if (!commit) return { ok: true };
      $chat.setKey('answered', true);
      return result(await ask('commit:answer', { id: commit.id, answer }));
    },
    close: () => socket.disconnect(),
  };
}

export type ChatClient = ReturnType<typeof createChat>;
