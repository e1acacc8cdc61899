// Tells whoever keeps copies of a church's pages (the page cache) that its data changed, on every
// node (docs/staff.md "Changes show on every node"): Redis pub/sub when REDIS_URL is set, else
// PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else in-process (one node on PGlite).
// The services that write church data call `churchChanged(id)` after committing, never the routes
// (tests/unit/route-purges.test.ts): the staff write path does it for every staff write.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { Database } from './db/client.ts';
import { log as logger } from './log.ts';
import { channelOf } from './redis-channels.ts';

export interface ChangeFeed {
  churchChanged(churchId: number): void;
  onChurchChanged(listener: (churchId: number) => void): void;
}

/** What a service that writes needs: the database, and the feed it announces its change on. */
export interface WriteDeps {
  db: Database;
  changes: ChangeFeed;
}

/** The feed `createChangeFeed` returns: which transport it uses, when it is connected, and how it stops. */
export interface ChangeFeedHandle extends ChangeFeed {
  transport: 'local' | 'postgres' | 'redis';
  /** Resolves once the feed listens to the other nodes (at once in-process). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  DATABASE_URL?: string;
  REDIS_URL?: string;
  LOG_LEVEL?: string;
  /** The pub/sub channel (tests use one of their own). */
  channel?: string;
}

export const CHANGE_CHANNEL = 'church_changed';

/** A message on the channel: `<node id>:<church id>`, so a node skips its own echo. */
const encode = (node: string, churchId: number) => `${node}:${churchId}`;
function decode(message: string): { node: string; churchId: number } | null {
  const [node, id] = message.split(':');
  const churchId = Number(id);
  return node && Number.isSafeInteger(churchId) && churchId > 0 ? { node, churchId } : null;
}

export function createChangeFeed(options: ChangeFeedOptions = {}): ChangeFeedHandle {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const node = randomBytes(6).toString('hex');
  const channel = options.channel ?? CHANGE_CHANNEL;
  const log = (...args: unknown[]) => {
    if (options.LOG_LEVEL !== 'silent') logger.error({ detail: args.map(String) }, '[changes]');
  };
  const local = (churchId: number) => void emitter.emit('church', churchId);
  const received = (message: string) => {
    const change = decode(message);
    // This node purged at once when it announced; its own echo is skipped.
    if (change && change.node !== node) local(change.churchId);
  };
  const transport: Transport = options.REDIS_URL
    ? redisTransport(options.REDIS_URL, channel, received, log)
    : options.DATABASE_URL
      ? postgresTransport(options.DATABASE_URL, channel, received, log)
      : { kind: 'local', ready: Promise.resolve(), publish: () => {}, close: async () => {} };
  return {
    transport: transport.kind,
    ready: transport.ready,
    churchChanged(churchId) {
      local(churchId);
      transport.publish(encode(node, churchId));
    },
    onChurchChanged: (listener) => void emitter.on('church', listener),
    async close() {
      emitter.removeAllListeners();
      await transport.close();
    },
  };
}

interface Transport {
  kind: ChangeFeedHandle['transport'];
  ready: Promise<void>;
  publish(message: string): void;
  close(): Promise<void>;
}

/** Redis pub/sub: one client publishes, a duplicate subscribes; both reconnect by themselves. */
function redisTransport(
  url: string,
  channel: string,
  received: (message: string) => void,
  log: (...args: unknown[]) => void,
): Transport {
  let clients: { pub: RedisLike; sub: RedisLike } | undefined;
  const scoped = channelOf(channel, url); // one Redis may serve several setups (redis-channels.ts)
  const ready = (async () => {
    const { createClient } = await import('redis');
    const pub = createClient({ url }) as unknown as RedisLike;
    const sub = pub.duplicate();
    pub.on('error', (e) => log('redis', e));
    sub.on('error', (e) => log('redis', e));
    clients = { pub, sub };
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(scoped, received);
  })();
  ready.catch((e: unknown) => log('redis connect', e));
  return {
    kind: 'redis',
    ready,
    // Published once connected; while reconnecting the client queues the command.
    publish: (message) =>
      void ready
        .then(() => clients!.pub.publish(scoped, message))
        .catch((e: unknown) => log('redis publish', e)),
    async close() {
      await ready.catch(() => {});
      if (!clients) return;
      await Promise.allSettled([clients.sub.quit(), clients.pub.quit()]);
    },
  };
}

interface RedisLike {
  on(event: 'error', listener: (e: unknown) => void): unknown;
  duplicate(): RedisLike;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  quit(): Promise<unknown>;
}

/**
 * PostgreSQL LISTEN/NOTIFY on a dedicated connection (not the pool: LISTEN belongs to a session).
 * It reconnects after a loss; what is announced meanwhile is kept and sent once connected.
 */
function postgresTransport(
  url: string,
  channel: string,
  received: (message: string) => void,
  log: (...args: unknown[]) => void,
): Transport {
  type Client = import('pg').Client;
  let client: Client | undefined;
  let connected = false;
  let closing = false;
  let delay = 100;
  let retry: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const flush = () => {
    if (!connected || !client) return;
    const current = client;
    for (const message of pending) {
      pending.delete(message);
      current.query('select pg_notify($1, $2)', [channel, message]).catch((e: unknown) => {
        pending.add(message);
        log('notify', e);
      });
    }
  };

  const connect = async () => {
    if (closing) return;
    const { default: pg } = await import('pg');
    const next = new pg.Client({ connectionString: url });
    client = next;
    let lost = false;
    const reconnect = (e?: unknown) => {
      if (lost) return;
      lost = true;
      connected = false;
      if (e) log('listen connection lost', e);
      void next.end().catch(() => {});
      if (closing) return;
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 5_000);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload) received(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      connected = true;
      delay = 100;
      markReady();
      flush();
    } catch (e) {
      reconnect(e);
    }
  };
  void connect();

  return {
    kind: 'postgres',
    ready,
    publish(message) {
      pending.add(message);
      flush();
    },
    async close() {
      closing = true;
      clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => {});
    },
  };
}
