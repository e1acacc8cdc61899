// The live chat (spec §3 Chat user, §4 Chat, §6 moderators) on socket.io, mounted on the shared
// HTTP server. One room per church and channel; messages are kept in chat_mensagem for the
// history shown on join. With REDIS_URL the Redis adapter carries messages, deletions, mutes and
// the commit-to-Jesus moment between server processes; without it one process works alone.
// This file wires sockets to the named handlers of chat.handlers.ts over the state of chat-state.ts.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { messageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import {
  createChatState,
  listenToNodes,
  sweepState,
  type Ack,
  type ChatSocket,
  type ChatState,
} from './chat-state.ts';
import { fail, HANDLERS, type Handler } from './chat.handlers.ts';
import { addressHash } from './chat-mutes.ts';
import { forwardedClient, limitAddress } from '../http/client-address.ts';
import { MessageStore } from './message-store.ts';
import { adapterClientOptions, guardPublishes, type PublishWatch } from './redis-clients.ts';
import type { ChatNodeCounts } from './node-probe.ts';
import { log } from '../log.ts';
import { channelOf } from '../redis-channels.ts';
import { batchWrites } from './batched-writes.ts';
import { watchChatClients } from '../metrics.ts';

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
  /** Its connections and its Redis publishes waiting for an answer (the peak resets on each call). */
  stats(): ChatNodeCounts;
  close(): Promise<void>;
}

/** Message ids reserved ahead when this process is the only chat node (message-store.ts). */
const ID_RESERVE = 64;

/** The client's address as the flood limit and address mutes count it (an IPv6 host by its /64). */
function socketAddress(socket: ChatSocket, trustProxy: number): string {
  const direct = socket.handshake.address || 'unknown';
  return limitAddress(
    forwardedClient(direct, socket.handshake.headers['x-forwarded-for'], trustProxy),
  );
}

/** Handlers still running, so a draining node answers them before it closes the connections. */
const running = { count: 0 };

/** Runs a handler on its event; the ack may come alone (no payload), and a throw answers chat.sendFailed. */
function listen(state: ChatState, socket: ChatSocket, event: string, handler: Handler): void {
  socket.on(
    event as never,
    ((payload: unknown, ack?: unknown) => {
      const reply =
        typeof ack === 'function'
          ? (ack as Ack)
          : typeof payload === 'function'
            ? (payload as Ack)
            : undefined;
      running.count++;
      handler(state, socket, typeof payload === 'function' ? undefined : payload, reply)
        .catch((error: unknown) => {
          log.error({ err: error, event }, 'chat handler failed');
          fail(socket, reply, 'chat.sendFailed');
        })
        .finally(() => running.count--);
    }) as never,
  );
}

export async function createChat(
  options: ChatOptions,
): Promise<{ attach(httpServer: HttpServer): Chat }> {
  const { db, secret, trustProxy = 0 } = options;
  let adapter: ((nsp: unknown) => unknown) | undefined;
  let redisClients: { quit(): Promise<unknown> }[] = [];
  const publishes: PublishWatch = { pending: 0, peak: 0 };
  if (options.redisUrl) {
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = guardPublishes(
      createClient(adapterClientOptions(options.redisUrl)),
      (e) => log.error({ err: e }, 'chat redis publish'),
      publishes,
    );
    const sub = pub.duplicate();
    pub.on('error', (e: unknown) => log.error({ err: e }, 'chat redis'));
    sub.on('error', (e: unknown) => log.error({ err: e }, 'chat redis'));
    await Promise.all([pub.connect(), sub.connect()]);
    // the adapter's channels are named from its key: this setup's own (server/redis-channels.ts)
    adapter = createAdapter(pub, sub, { key: channelOf('socket.io', options.redisUrl) }) as never;
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
      batchWrites(io.engine as never); // a client's queued packets in one socket write
      watchChatClients(() => io.engine.clientsCount);
      // Sent to the room first, written right after in batches (message-store.ts).
      const store = new MessageStore(db, { reserve: crossNode ? 0 : ID_RESERVE });
      const state = createChatState({ db, io, store, secret, trustProxy, crossNode });
      listenToNodes(state);
      const sweep = setInterval(() => sweepState(state), 60_000);
      sweep.unref();

      io.on('connection', (raw) => {
        const socket = raw as unknown as ChatSocket;
        socket.data.lang = messageLang(socket.handshake.headers['accept-language']);
        socket.data.address = socketAddress(socket, trustProxy);
        const agent = socket.handshake.headers['user-agent'] ?? '';
        socket.data.addressHash = addressHash(secret, socket.data.address, agent);
        for (const [event, handler] of Object.entries(HANDLERS))
          listen(state, socket, event, handler);
      });

      return {
        io,
        stats() {
          const counts = {
            clients: io.engine.clientsCount,
            redisPending: publishes.pending,
            redisPendingPeak: publishes.peak,
          };
          publishes.peak = publishes.pending;
          return counts;
        },
        async close() {
          clearInterval(sweep);
          // Messages being handled are sent and acknowledged first (docs/deploy.md "Draining").
          for (let waited = 0; running.count > 0 && waited < 5_000; waited += 10)
            await new Promise((resolve) => setTimeout(resolve, 10));
          // Closing the connections, not disconnecting the sockets: a client told "server disconnect"
          // would not reconnect, while a closed transport reconnects (to another node) by itself.
          // Not io.close(): that closes the shared HTTP server, which server.ts drains itself.
          io.engine.close();
          await store.close(); // messages already shown are kept
          await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
        },
      };
    },
  };
}
