// The `postgres` file store reads a file back in slices (docs/performance.md "The file store reads in
// slices"): one statement per slice, so no one answer is long to parse or decode, and a read never
// mixes the slices of two versions of a file replaced meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createPostgresFileStore } from './postgres.ts';

const SLICE = 64 * 1024;

/** Bytes that differ at every offset and from one `seed` to another. */
const pattern = (length: number, seed: number) => {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return bytes;
};

/** The database with a count of the selects made through it and its transactions. */
function counted(db: Database) {
  const count = { selects: 0 };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'select')
          return (...args: unknown[]) => {
            count.selects++;
            return (value as (...a: unknown[]) => unknown).apply(obj, args);
          };
        if (prop === 'transaction')
          return (work: (tx: object) => unknown, config?: unknown) =>
            (value as (w: unknown, c?: unknown) => unknown).call(
              obj,
              (tx: object) => work(wrap(tx)),
              config,
            );
        return (value as (...a: unknown[]) => unknown).bind(obj);
      },
    });
  return { db: wrap(db), count };
}

describe.each(testBackends())('postgres file store on %s, read in slices', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend, { seed: false });
  }, 240_000);
  afterAll(() => database?.close());

  it('reads a file of many slices back byte for byte, one statement per slice', async () => {
    const { db, count } = counted(database.db);
    const store = createPostgresFileStore(db, { readSliceBytes: SLICE });
    // not a whole number of slices, and not a multiple of 3 (base64's unit)
    const file = pattern(10 * SLICE + 1001, 1);
    await store.put('imports/1/people.csv', file, 'text/csv');

    const before = count.selects;
    const back = await store.get('imports/1/people.csv');
    expect(count.selects - before).toBe(11);
    expect(back?.contentType).toBe('text/csv');
    expect(back?.size).toBe(file.length);
    expect(back?.bytes.equals(file)).toBe(true);

    // one slice and an empty file: one statement each
    const small = pattern(SLICE, 2);
    await store.put('imports/1/small.csv', small, 'text/csv');
    await store.put('imports/1/empty.csv', Buffer.alloc(0), 'text/csv');
    const sent = count.selects;
    expect((await store.get('imports/1/small.csv'))?.bytes.equals(small)).toBe(true);
    expect((await store.get('imports/1/empty.csv'))?.size).toBe(0);
    expect(count.selects - sent).toBe(2);
  });

  it('reads 1 MB slices by default: a 3.5 MB file in four statements', async () => {
    const { db, count } = counted(database.db);
    const store = createPostgresFileStore(db);
    const file = pattern(3.5 * 1024 * 1024, 3);
    await store.put('imports/2/people.csv', file, 'text/csv');
    const before = count.selects;
    expect((await store.get('imports/2/people.csv'))?.bytes.equals(file)).toBe(true);
    expect(count.selects - before).toBe(4);
  });

  it('never mixes two versions of a file replaced while it is read', async () => {
    const store = createPostgresFileStore(database.db, { readSliceBytes: SLICE });
    // the versions differ in every slice and in length
    const versions = [0, 1, 2, 3].map((v) => pattern((4 + v) * SLICE + v * 333, 10 + v));
    await store.put('imports/3/people.csv', versions[0]!, 'text/csv');
    let replacing = true;
    const writer = (async () => {
      for (let i = 1; replacing; i++)
        await store.put('imports/3/people.csv', versions[i % versions.length]!, 'text/csv');
    })();
    const seen = new Set<number>();
    try {
      for (let read = 0; read < 20; read++) {
        const back = await store.get('imports/3/people.csv');
        const which = versions.findIndex((v) => back?.bytes.equals(v));
        expect(which, `read ${read}: ${back?.size} bytes, not one whole version`).toBeGreaterThan(
          -1,
        );
        seen.add(which);
      }
    } finally {
      replacing = false;
      await writer;
    }
    // the puts did land between the reads (else the test proves nothing)
    expect(seen.size).toBeGreaterThan(1);
  });

  it('answers null for a file deleted while it is read', async () => {
    const store = createPostgresFileStore(database.db, { readSliceBytes: SLICE });
    await store.put('imports/4/people.csv', pattern(20 * SLICE, 4), 'text/csv');
    const reading = store.get('imports/4/people.csv');
    await store.delete('imports/4/people.csv');
    const back = await reading;
    // either it was read whole before the delete, or the read saw the file gone
    expect(back === null || back.bytes.equals(pattern(20 * SLICE, 4))).toBe(true);
  });
});
