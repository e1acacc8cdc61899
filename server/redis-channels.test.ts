import { describe, expect, it } from 'vitest';
import { channelOf, redisDatabaseOf } from './redis-channels.ts';

describe('Redis channels of one setup (server/redis-channels.ts)', () => {
  it('reads the database number of a Redis URL', () => {
    expect(redisDatabaseOf('redis://127.0.0.1:6379')).toBe(0);
    expect(redisDatabaseOf('redis://127.0.0.1:6379/')).toBe(0);
    expect(redisDatabaseOf('redis://:secret@cache.internal:6380/3')).toBe(3);
    expect(redisDatabaseOf('rediss://cache.internal/12')).toBe(12);
    expect(redisDatabaseOf('not a url')).toBe(0);
  });

  it('keeps database 0 on the bare name and gives every other number its own', () => {
    expect(channelOf('church_changed', 'redis://127.0.0.1:6379')).toBe('church_changed');
    expect(channelOf('church_changed', 'redis://127.0.0.1:6379/0')).toBe('church_changed');
    expect(channelOf('church_changed', 'redis://127.0.0.1:6379/2')).toBe('church_changed#db2');
    expect(channelOf('socket.io', 'redis://127.0.0.1:6379/2')).not.toBe(
      channelOf('socket.io', 'redis://127.0.0.1:6379/3'),
    );
  });
});
