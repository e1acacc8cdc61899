// The one-trip PGlite queries (pglite-fast.ts) answer exactly as PGlite's own query() does.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastQueries, Lock, PLAN_EACH_RUN, runMessage, type QueryClient } from './pglite-fast.ts';

// What drizzle passes on every query: timestamps and intervals stay text (it maps them itself).
const keep = (v: string) => v;
const drizzleParsers = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
};

describe('the bytes of a statement run (runMessage)', () => {
  it('are what PGlite writes for a Bind to the unnamed portal, Describe, Execute and Sync', () => {
    const serialize = protocol.serialize;
    const parse = serialize.parse({ text: 'select $1::text, $2::text' });
    const cases: [Uint8Array, string, (string | null)[]][] = [
      [new Uint8Array(0), 'fast_1', ['1', 'true', '2026-12-01T11:00:00.000Z']],
      [new Uint8Array(0), 'fast_12', []],
      [new Uint8Array(0), 'fast_3', [null, '', 'Conceição — ação 🙏', null]],
      [parse, '', ['x'.repeat(70_000), null]],
    ];
    for (const [head, statement, values] of cases) {
      const expected = Buffer.concat([
        head,
        serialize.bind({ statement, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      expect(Buffer.from(runMessage(head, statement, values)).equals(expected), statement).toBe(
        true,
      );
    }
  });
});

describe('PGlite queries in one trip', () => {
  let pg: PGlite;
  let fast: QueryClient;

  beforeAll(async () => {
    pg = new PGlite();
    fast = fastQueries(pg);
    await pg.exec(`
      create table sample (
        id serial primary key, name text not null unique, n int, big int8, ok boolean,
        at timestamptz, day date, price numeric(10,2), doc jsonb, tags text[], nums int[], raw bytea
      );
      insert into sample (name, n, big, ok, at, day, price, doc, tags, nums, raw) values
        ('Graça', 1, 9007199254740993, true, '2026-11-24T10:00:00Z', '2026-11-24', 12.5,
         '{"a":[1,2],"b":"x"}', '{um,"dois três"}', '{1,2,3}', '\\x00ff'),
        ('it''s', null, 2, false, null, null, null, null, null, null, null);
    `);
  });
  afterAll(() => pg.close());

  const both = async (sql: string, params: unknown[], options?: object) => {
    const expected = await pg.query(sql, params, options);
    const actual = await fast.query(sql, params, options);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.fields).toEqual(expected.fields);
    expect(actual.affectedRows).toEqual(expected.affectedRows);
    return actual;
  };

  it('gives the same rows, fields and types as PGlite for every column type', async () => {
    for (const options of [
      undefined,
      { rowMode: 'array' },
      { rowMode: 'array', parsers: drizzleParsers },
    ]) {
      const result = await both('select * from sample where id > $1 order by id', [0], options);
      expect(result.rows).toHaveLength(2);
    }
    const [row] = (await fast.query<Record<string, unknown>>('select * from sample where id = 1'))
      .rows;
    expect(row).toMatchObject({ name: 'Graça', big: 9007199254740993n, ok: true });
    expect(row!.at).toEqual(new Date('2026-11-24T10:00:00Z'));
    expect(row!.doc).toEqual({ a: [1, 2], b: 'x' });
    expect(row!.tags).toEqual(['um', 'dois três']);
    expect(row!.raw).toEqual(new Uint8Array([0, 255]));
  });

  it('decodes text of every length and script as PGlite does, column names included', async () => {
    const texts = ['', 'a', 'ç', 'x'.repeat(24), 'y'.repeat(25), 'ação '.repeat(10), 'ok 🙏 amém'];
    const result = await both(
      `select ${texts.map((_, i) => `$${i + 1}::text as "coluna ${i} preço"`).join(', ')}`,
      texts,
    );
    expect(Object.values(result.rows[0] as object)).toEqual(texts);
  });

  it('binds strings, numbers, booleans, dates and nulls as values, never as SQL', async () => {
    await both('select $1::text as t, $2::int as i, $3::boolean as b, $4::timestamptz as d', [
      "it's'; drop table sample; --",
      42,
      true,
      new Date('2026-01-02T03:04:05.678Z'),
    ]);
    await both('select name from sample where name = $1 or n = $2', ["it's", null]);
    await both('select count(*) from sample where ok = $1', [false]);
    expect((await fast.query('select count(*)::int as n from sample')).rows).toEqual([{ n: 2 }]);
  });

  it('hands arrays, objects and bytes to PGlite, which types them first', async () => {
    await both('select $1::int[] as a, $2::jsonb as j, $3::bytea as b', [
      [1, 2],
      { x: [1, 'y'] },
      new Uint8Array([1, 2]),
    ]);
  });

  it('reports writes as PGlite does (command, row count)', async () => {
    const insert = await fast.query('insert into sample (name, n) values ($1, $2), ($3, $4)', [
      'a',
      1,
      'b',
      2,
    ]);
    expect(insert.affectedRows).toBe(2);
    const update = await both('update sample set n = n + 1 where name = any(array[$1, $2])', [
      'a',
      'b',
    ]);
    expect(update.affectedRows).toBe(2);
    expect(
      (await fast.query('delete from sample where name in ($1, $2)', ['a', 'b'])).affectedRows,
    ).toBe(2);
  });

  it('throws the database error with its code and constraint, and keeps working', async () => {
    const error = await fast
      .query('insert into sample (name) values ($1)', ['Graça'])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'sample_name_key' });
    expect((error as { query: string }).query).toContain('insert into sample');
    await expect(fast.query('select nope from sample')).rejects.toMatchObject({ code: '42703' });
    expect((await fast.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('runs inside transactions: commit, rollback on a throw, and others wait for the end', async () => {
    await fast.transaction(async (tx) => {
      await tx.query('insert into sample (name) values ($1)', ['tx-commit']);
    });
    await expect(
      fast.transaction(async (tx) => {
        await tx.query('insert into sample (name) values ($1)', ['tx-rollback']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const names = async () =>
      (await fast.query<{ name: string }>('select name from sample order by id')).rows.map(
        (r) => r.name,
      );
    expect(await names()).toContain('tx-commit');
    expect(await names()).not.toContain('tx-rollback');

    // A query sent while a transaction is open sees the world after it, never half of it.
    let release!: () => void;
    const open = fast.transaction(async (tx) => {
      await tx.query('insert into sample (name) values ($1)', ['tx-a']);
      await new Promise<void>((r) => (release = r));
      await tx.query('insert into sample (name) values ($1)', ['tx-b']);
    });
    await new Promise((r) => setTimeout(r, 10));
    const outside = fast.query<{ n: number }>(
      `select count(*)::int as n from sample where name like 'tx-_'`,
    );
    release();
    await open;
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  describe('prepared statements', () => {
    let small: QueryClient;
    const kept = async () =>
      (
        await pg.query<{ statement: string }>(
          `select statement from pg_prepared_statements where name like 'fast\\_%' order by name`,
        )
      ).rows.map((r) => r.statement);

    beforeAll(async () => {
      await pg.exec('deallocate all');
      small = fastQueries(pg, { keep: 3 });
    });

    it('parses a text once and keeps it, with different values each time', async () => {
      const sql = 'select name from sample where id = $1';
      expect((await small.query(sql, [1])).rows).toEqual([{ name: 'Graça' }]);
      expect((await small.query(sql, [2])).rows).toEqual([{ name: "it's" }]);
      expect(await kept()).toEqual([sql]);
    });

    it('keeps at most its limit, closing the least recently used', async () => {
      for (const n of [1, 2, 3, 4]) await small.query(`select ${n} as n where $1::int > 0`, [1]);
      await small.query('select name from sample where id = $1', [1]);
      const statements = await kept();
      expect(statements.length).toBeLessThanOrEqual(3);
      expect(statements).toContain('select name from sample where id = $1');
      expect(statements).not.toContain('select 1 as n where $1::int > 0');
    });

    it('never keeps a text that does not parse; a failed run keeps its statement working', async () => {
      await expect(small.query('select nope from sample where id = $1', [1])).rejects.toMatchObject(
        { code: '42703' },
      );
      expect(await kept()).not.toContain('select nope from sample where id = $1');
      const insert = 'insert into sample (name) values ($1)';
      await expect(small.query(insert, ['Graça'])).rejects.toMatchObject({ code: '23505' });
      expect((await small.query(insert, ['prepared-ok'])).affectedRows).toBe(1);
    });

    it('parses again when the table changed under a kept plan', async () => {
      await pg.exec('create table reshaped (id int); insert into reshaped values (1)');
      expect((await small.query('select * from reshaped where id = $1', [1])).rows).toEqual([
        { id: 1 },
      ]);
      await pg.exec(`alter table reshaped add column label text default 'x'`);
      await both('select * from reshaped where id = $1', [1]);
      expect((await small.query('select * from reshaped where id = $1', [1])).rows).toEqual([
        { id: 1, label: 'x' },
      ]);
    });

    it('keeps a statement first prepared in a transaction that rolled back', async () => {
      const sql = 'select count(*)::int as n from sample where name = $1';
      await expect(
        small.transaction(async (tx) => {
          await tx.query(sql, ['Graça']);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await small.query(sql, ['Graça'])).rows).toEqual([{ n: 1 }]);
    });

    it('runs other statements unnamed, and those to plan for their values', async () => {
      await small.query('set statement_timeout = 0');
      expect(await kept()).not.toContain('set statement_timeout = 0');
      const perRun = `select name from sample where id = $1 ${PLAN_EACH_RUN}`;
      expect((await small.query(perRun, [1])).rows).toEqual([{ name: 'Graça' }]);
      expect(await kept()).not.toContain(perRun);
    });
  });

  // withOwnLocks: PGlite's statements, exec and transactions take our locks, and exclude each other
  // as PGlite's mutexes made them (the transaction test above, through our client, is one half).
  it("PGlite's own query, exec and transaction wait for each other under our locks", async () => {
    const order: string[] = [];
    let release!: () => void;
    const open = pg.transaction(async (tx) => {
      order.push('tx begins');
      await new Promise<void>((r) => (release = r));
      await tx.query(`insert into sample (name) values ('own-lock')`);
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 10));
    const viaQuery = pg.query('select 1').then(() => order.push('query'));
    const viaExec = pg.exec('select 1').then(() => order.push('exec'));
    const viaFast = fast.query('select 1').then(() => order.push('fast'));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['tx begins']);
    release();
    await Promise.all([open, viaQuery, viaExec, viaFast]);
    expect(order.slice(0, 2)).toEqual(['tx begins', 'tx ends']);
    expect(order.slice(2).sort()).toEqual(['exec', 'fast', 'query']);
  });

  // PGlite's bundled mutex kept each statement's caller alive through young collections (2.9 kB of
  // old generation per `select 1`, docs/performance.md "Renders without the cache, a ninth time").
  it("a statement's caller is not kept past young-generation collections", async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    const oldBytes = () =>
      v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
    const statement = async () => {
      const caller = new Array(300).fill(0); // what a caller holds while it waits (a render)
      await fast.query('select 1');
      return caller.length;
    };
    for (let i = 0; i < 100; i++) await statement();
    gc();
    const before = oldBytes();
    for (let i = 0; i < 500; i++) await statement();
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    expect((oldBytes() - before) / 500).toBeLessThan(1200); // 2.5 kB with PGlite's mutex, 0.6 with ours
  });
});

describe('Lock', () => {
  it('runs one holder at a time, the others in the order they asked, and frees on a throw', async () => {
    const lock = new Lock();
    const log: string[] = [];
    const hold = (name: string, fail = false) =>
      lock.run(async () => {
        log.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`${name} out`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([hold('a'), hold('b', true), hold('c')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await lock.run(() => 'free again')).toBe('free again');
  });
});
