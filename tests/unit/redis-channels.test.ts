// One Redis may serve several setups (server/redis-channels.ts): every file of the server that
// subscribes or publishes on Redis, or builds the chat's Redis adapter, names its channels through
// `channelOf`. A new pub/sub user that skips it would hear another setup's messages.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** A file that uses Redis pub/sub: a node-redis client's subscribe/publish, or the socket.io adapter. */
export const usesRedisPubSub = (text: string): boolean =>
  /from ['"]redis['"]|import\(['"]redis['"]\)/.test(text) &&
  /\.(subscribe|pSubscribe|publish)\(|createAdapter\(/.test(text);

describe('Redis channels carry the setup', () => {
  const files = readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.includes('.test'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));

  it('tells a pub/sub user from other Redis code', () => {
    expect(
      usesRedisPubSub(`const { createClient } = await import('redis'); sub.subscribe(c, f)`),
    ).toBe(true);
    expect(usesRedisPubSub(`import { createClient } from 'redis'; await client.get(key)`)).toBe(
      false,
    );
  });

  it('names every channel through channelOf', () => {
    const users = files.filter((f) => usesRedisPubSub(readFileSync(join(ROOT, f), 'utf8')));
    expect(users.length).toBeGreaterThan(0);
    const unscoped = users.filter(
      (f) => !readFileSync(join(ROOT, f), 'utf8').includes('channelOf('),
    );
    expect(unscoped, 'name the channels with channelOf (server/redis-channels.ts)').toEqual([]);
  });
});
