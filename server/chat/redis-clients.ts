// The Redis clients of the chat's socket.io adapter (docs/live.md "Across nodes"). The adapter
// publishes without waiting for the answer, so a publish that fails (Redis away, a reconnect)
// would be an unhandled rejection, and an unhandled rejection ends the node: each publish gets a
// handler that logs it. node-redis also times every command out after 5 s by default; a node
// that busy would drop a message it can still send, so the adapter's commands wait instead.

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

/** Makes every publish of `client` carry a rejection handler; returns the client. */
export function guardPublishes<T extends AdapterRedisClient>(
  client: T,
  failed: (e: unknown) => void,
): T {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<unknown> }).publish = (
    ...args
  ) => {
    const sent = publish(...args);
    sent.catch(failed); // handled: the same promise goes back to the adapter, which ignores it
    return sent;
  };
  return client;
}
