// The Redis clients of the chat's socket.io adapter (docs/live.md "Across nodes"). The adapter
// publishes without waiting for the answer, so a publish that fails (Redis away, a reconnect)
// would be an unhandled rejection, and an unhandled rejection ends the node: each publish gets a
// handler that logs it. node-redis also times every command out after 5 s by default; a node
// that busy would drop a message it can still send, so the adapter's commands wait instead.
// The publishes still waiting for Redis's answer are counted (`PublishWatch`): a count that keeps
// growing is a node that publishes faster than Redis, or its connection, takes them.

/** What the chat needs of a node-redis client. */
export interface AdapterRedisClient {
  on(event: 'error', listener: (e: unknown) => void): unknown;
  duplicate(): AdapterRedisClient;
  connect(): Promise<unknown>;
  publish(...args: never[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

/** Options for the adapter's clients: no per-command time-out. */
export const adapterClientOptions = (url: string) => ({ url, commandOptions: { timeout: 0 } });

/** Publishes sent and not answered yet, and the most there were since `peak` was last reset. */
export interface PublishWatch {
  pending: number;
  peak: number;
}

/**
 * Makes every publish of `client` carry a rejection handler and counts it in `watch` until Redis
 * answers; returns the client.
 */
export function guardPublishes<T extends AdapterRedisClient>(
  client: T,
  failed: (e: unknown) => void,
  watch: PublishWatch = { pending: 0, peak: 0 },
): T {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<unknown> }).publish = (
    ...args
  ) => {
    const sent = publish(...args);
    watch.peak = Math.max(watch.peak, ++watch.pending);
    // handled: the same promise goes back to the adapter, which ignores it
    sent.then(
      () => void watch.pending--,
      (e: unknown) => {
        watch.pending--;
        failed(e);
      },
    );
    return sent;
  };
  return client;
}
