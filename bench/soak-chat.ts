// The soak's chat (docs/deploy.md "The soak"): `chatters` guests in one room of a demo church
// (graca's `culto`, always a live channel), connected and joined as the browser does
// (bench/chat-client.ts). Each sends a message every `everyMs` (started at a random moment of
// the first period, so the room is not hit at once); every message the server acknowledges must
// reach every other client of the room. A client that reconnects joins again with the newest id
// it saw, as the browser does, and what it missed comes in the answer's history. At the end the
// sending stops, the answers still due come in, and after a second for messages in flight the
// receipts are counted. The send time travels in the text, so delivery latency is measured on
// this process's one clock.
import type { Socket } from 'socket.io-client';
import { chatSocket, joinChat, type BenchChatMessage } from './chat-client.ts';

const ROOM = { igreja: 'graca', channel: 'culto' } as const;
const SEND_TIMEOUT_MS = 8_000;
const PREFIX = 'soak:';

export interface ChatSoakResult {
  chatters: number;
  joined: number;
  /** Messages the server acknowledged. */
  sent: number;
  /** Refusals by their message (too fast, muted…): a failure of the soak. */
  refused: Record<string, number>;
  /** Sends without an answer within 8 s. */
  unanswered: number;
  /** Receipts due: each acknowledged message by every other joined client. */
  expected: number;
  received: number;
  lost: number;
  reconnects: number;
  deliveryMs: { p50: number; p99: number; max: number };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/** Runs the chat load until `endAt`; resolves with the count once the last messages are in. */
export async function chatLoad(
  url: string,
  options: { chatters: number; everyMs: number; endAt: number },
): Promise<ChatSoakResult> {
  const { chatters, everyMs, endAt } = options;
  /** message key (`from:seq`) → receipts by the other clients. */
  const receipts = new Map<string, number>();
  const acknowledged: string[] = [];
  const refused: Record<string, number> = {};
  const latencies: number[] = [];
  let unanswered = 0;
  let reconnects = 0;

  /** One client: counts each message of another client once (a rejoin's history may repeat it). */
  const client = (n: number) => {
    const socket = chatSocket(url);
    const seen = new Set<number>();
    let lastId = 0;
    let joins = 0;
    const note = (m: BenchChatMessage) => {
      lastId = Math.max(lastId, m.id);
      if (seen.has(m.id) || !m.text.startsWith(PREFIX)) return;
      seen.add(m.id);
      const [from, seq, at] = m.text.slice(PREFIX.length).split(':');
      if (Number(from) === n) return;
      const key = `${from}:${seq}`;
      receipts.set(key, (receipts.get(key) ?? 0) + 1);
      latencies.push(Date.now() - Number(at));
    };
    socket.on('message', note);
    const joined = new Promise<boolean>((resolve) => {
      setTimeout(() => resolve(false), 30_000).unref(); // never connected: counted as not joined
      socket.on('connect', () => {
        if (joins++ > 0) reconnects++;
        void joinChat(socket, {
          ...ROOM,
          name: `Soak ${n}`,
          limitMessages: 1,
          ...(lastId ? { since: lastId } : {}),
        }).then((answer) => {
          if (answer.status) for (const m of answer.history ?? []) note(m);
          else refused[`join: ${answer.message}`] = (refused[`join: ${answer.message}`] ?? 0) + 1;
          resolve(answer.status);
        });
      });
    });
    return { n, socket, joined };
  };

  const send = (socket: Socket, n: number, seq: number) =>
    new Promise<void>((resolve) => {
      const text = `${PREFIX}${n}:${seq}:${Date.now()}`;
      socket
        .timeout(SEND_TIMEOUT_MS)
        .emit(
          'message',
          { ...ROOM, text },
          (error: Error | null, answer: { status: boolean; message?: string }) => {
            if (error) unanswered++;
            else if (answer.status) acknowledged.push(`${n}:${seq}`);
            else refused[answer.message ?? '?'] = (refused[answer.message ?? '?'] ?? 0) + 1;
            resolve();
          },
        );
    });

  const clients = Array.from({ length: chatters }, (_, n) => client(n));
  const joinedFlags = await Promise.all(clients.map((c) => c.joined));
  const members = clients.filter((_, i) => joinedFlags[i]);

  await Promise.all(
    members.map(async ({ socket, n }) => {
      await new Promise((r) => setTimeout(r, Math.random() * everyMs));
      for (let seq = 0; Date.now() < endAt; seq++) {
        const next = Date.now() + everyMs;
        await send(socket, n, seq); // waits for the answer (at most 8 s): the end counts them all
        await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, endAt) - Date.now())));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1_000)); // messages in flight at the very end
  for (const { socket } of clients) socket.disconnect();

  const others = members.length - 1;
  let received = 0;
  let lost = 0;
  for (const key of acknowledged) {
    const got = Math.min(others, receipts.get(key) ?? 0);
    received += got;
    lost += others - got;
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    chatters,
    joined: members.length,
    sent: acknowledged.length,
    refused,
    unanswered,
    expected: acknowledged.length * others,
    received,
    lost,
    reconnects,
    deliveryMs: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
    },
  };
}

/** The soak's chat check: everyone joined, nothing refused or unanswered, no receipt missing. */
export const chatHeld = (r: ChatSoakResult): boolean =>
  r.joined === r.chatters &&
  r.unanswered === 0 &&
  Object.keys(r.refused).length === 0 &&
  r.lost === 0;
