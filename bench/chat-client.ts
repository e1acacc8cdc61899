// One chat client the way the browser connects (src/stores/chat.ts, docs/live.md): a socket.io
// websocket on `/socket.io`, then `join {igreja, channel, name, limitMessages, since}` answered
// through its ack. Shared by the chat bench (bench/chat.ts) and the soak (bench/soak-chat.ts).
import { io, type Socket } from 'socket.io-client';

/** The few fields of a chat message the benches read (contract/live.ts ChatMessage). */
export interface BenchChatMessage {
  id: number;
  text: string;
}

export interface BenchJoin {
  igreja: string;
  channel: string;
  name: string;
  limitMessages?: number;
  /** The newest message id seen: the answer's history brings what was missed. */
  since?: number;
}

export interface BenchJoinAnswer {
  status: boolean;
  message?: string;
  history?: BenchChatMessage[];
}

/**
 * A socket to the chat at `url`, websocket only. `localAddress` spreads clients over loopback
 * addresses (the flood limit per address is for people, not for a lab); `reconnection` as the
 * browser's (on) unless a bench wants a dropped client to stay dropped.
 */
export function chatSocket(
  url: string,
  options: { localAddress?: string; reconnection?: boolean } = {},
): Socket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  } as never);
}

/** Joins a room; resolves with the ack (a refusal included), or a refusal after `timeoutMs`. */
export function joinChat(
  socket: Socket,
  payload: BenchJoin,
  timeoutMs = 10_000,
): Promise<BenchJoinAnswer> {
  return new Promise((resolve) => {
    socket
      .timeout(timeoutMs)
      .emit('join', payload, (error: Error | null, answer: BenchJoinAnswer) =>
        resolve(error ? { status: false, message: 'no answer to join' } : answer),
      );
  });
}
