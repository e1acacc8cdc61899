// The chat's write-behind store without a database: ids in send order, one insert per moment,
// a failed insert tried again, a failed id reservation refused (the island says "could not be sent now").
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { MessageStore, type NewChatRow } from './message-store.ts';

function fakeDb(options: { failInserts?: number; failIds?: boolean } = {}) {
  let next = 1;
  let failInserts = options.failInserts ?? 0;
  const inserts: NewChatRow[][] = [];
  const idQueries: number[] = [];
  const db = {
    async execute(query: { queryChunks: unknown[] }) {
      if (options.failIds) throw new Error('database down');
      const count = query.queryChunks.find((c) => typeof c === 'number') as number;
      idQueries.push(count);
      return { rows: Array.from({ length: count }, () => ({ id: next++ })) };
    },
    insert: () => ({
      values: (rows: NewChatRow[]) => ({
        async onConflictDoNothing() {
          if (failInserts > 0) {
            failInserts--;
            throw new Error('write failed');
          }
          inserts.push(rows);
        },
      }),
    }),
  };
  return { db: db as unknown as Database, inserts, idQueries };
}

const row = (id: number, text: string): NewChatRow => ({
  id,
  churchId: 1,
  channel: 'c',
  authorId: 'a1',
  authorName: 'A',
  text,
  createdAt: new Date(),
});

describe('chat message store', () => {
  it('hands out ids in the order asked, one query for the messages waiting, then from the reserve', async () => {
    const { db, idQueries } = fakeDb();
    const store = new MessageStore(db, { reserve: 8 });
    const first = await Promise.all([store.nextId(), store.nextId(), store.nextId()]);
    expect(first).toEqual([1, 2, 3]);
    await new Promise((r) => setTimeout(r, 10));
    const later = store.nextId();
    expect(typeof later).toBe('number'); // no round trip: taken from the reserve
    expect(later).toBeGreaterThan(3);
    expect(idQueries.length).toBeLessThanOrEqual(3);
  });

  it('without a reserve (several nodes) asks the sequence for just the messages waiting', async () => {
    const { db, idQueries } = fakeDb();
    const store = new MessageStore(db, { reserve: 0 });
    expect(await Promise.all([store.nextId(), store.nextId()])).toEqual([1, 2]);
    expect(idQueries.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('writes the messages of one moment in one insert, and tries a failed insert again', async () => {
    const { db, inserts } = fakeDb({ failInserts: 1 });
    const store = new MessageStore(db, { reserve: 0 });
    store.save(row(1, 'um'));
    store.save(row(2, 'dois'));
    await store.flush();
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.map((r) => r.text)).toEqual(['um', 'dois']);
  });

  it('refuses the messages waiting for an id when the database does not answer', async () => {
    const { db } = fakeDb({ failIds: true });
    const store = new MessageStore(db, { reserve: 4 });
    await expect(store.nextId()).rejects.toThrow('database down');
  });
});
