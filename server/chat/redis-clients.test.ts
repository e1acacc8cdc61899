// The adapter's Redis clients (./redis-clients.ts): a failed publish is logged, never an unhandled
// rejection (which would end the node), and commands carry no time-out.
import { describe, expect, it } from 'vitest';
import { adapterClientOptions, guardPublishes, type AdapterRedisClient } from './redis-clients.ts';

function fakeClient(publish: () => Promise<unknown>): AdapterRedisClient {
  const client: AdapterRedisClient = {
    on: () => client,
    duplicate: () => client,
    connect: async () => undefined,
    publish,
    quit: async () => undefined,
  };
  return client;
}

describe('the chat adapter’s Redis clients', () => {
  it('log a publish that fails instead of leaving an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failures: unknown[] = [];
      const client = guardPublishes(
        fakeClient(() => Promise.reject(new Error('TimeoutError'))),
        (e) => failures.push(e),
      );
      // as the socket.io adapter does: publish and never look at the answer
      void (client.publish as () => Promise<unknown>)();
      await new Promise((r) => setTimeout(r, 20));
      expect(failures).toHaveLength(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('pass a publish’s answer through unchanged', async () => {
    const client = guardPublishes(
      fakeClient(async () => 2),
      () => undefined,
    );
    await expect((client.publish as () => Promise<unknown>)()).resolves.toBe(2);
  });

  it('count the publishes waiting for Redis’s answer, and the most at once', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const fails: ((e: unknown) => void)[] = [];
    const watch = { pending: 0, peak: 0 };
    const client = guardPublishes(
      fakeClient(
        () => new Promise((resolve, reject) => (answers.push(resolve), fails.push(reject))),
      ),
      () => undefined,
      watch,
    );
    const publish = client.publish as () => Promise<unknown>;
    const sent = [publish(), publish(), publish()];
    expect(watch).toEqual({ pending: 3, peak: 3 });
    answers[0]!(1);
    fails[1]!(new Error('gone'));
    await Promise.allSettled(sent.slice(0, 2));
    expect(watch).toEqual({ pending: 1, peak: 3 });
  });

  it('give commands no time-out (node-redis would drop them after 5 s on a busy node)', () => {
    expect(adapterClientOptions('redis://x')).toEqual({
      url: 'redis://x',
      commandOptions: { timeout: 0 },
    });
  });
});
