// PGlite on its own thread answers as the PGlite it replaces: the same rows, types and errors,
// transactions that hold everything else back, a folder complete after close, drizzle on top.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';
import { churches } from './schema/index.ts';
import { seedDemo } from './seed/index.ts';

// What drizzle-orm's pglite session passes: dates and intervals stay as PostgreSQL's text.
const asText = (value: unknown) => value;
const drizzleParsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

const typesQuery = `select $1::int as n, $2::text as t, $3::int8 as big, 9007199254740993::int8 as huge,
  $4::jsonb as jb, $5::json as j, $6::int[] as ints, array['a', null, 'c'] as texts,
  $7::bytea as bytes, true as yes, 1.5::numeric as num, 2.25::float8 as dbl,
  timestamptz '2026-03-01 12:34:56.789+00' as at, timestamp '2026-03-01 12:00' as local,
  date '2026-03-01' as day, interval '1 day 2 hours' as span,
  array[timestamptz '2026-03-01 00:00+00'] as ats, array[timestamp '2026-03-01 01:02'] as locals,
  array[date '2026-03-01', null] as days, array[interval '3 days'] as spans, array[1.25, 2]::numeric[] as nums,
  timestamptz 'infinity' as forever, date '-infinity' as never, null::timestamptz as unknown_at,
  null::text as nothing, 'x' as n`;
const typesParams = [
  7,
  'olá',
  BigInt('123456789012'),
  { a: [1, { b: 'c' }] },
  [1, 'two'],
  [1, 2, 3],
  new Uint8Array([0, 1, 254, 255]),
];

describe('PGlite on its own thread', () => {
  let thread: PgliteThread;
  let inline: PGlite;
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    thread = openPgliteThread('memory://');
    inline = new PGlite();
    await Promise.all([thread.waitReady, inline.waitReady]);
    for (const pg of [thread, inline])
      await pg.exec(
        `create table item (id int primary key, name text not null unique check (name <> ''));`,
      );
  });
  afterAll(async () => {
    await thread?.close();
    await inline?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every query as PGlite does: params, row modes, types, the parsers it is given', async () => {
    const modes: (QueryOptions | undefined)[] = [
      undefined,
      { rowMode: 'object' },
      { rowMode: 'array' },
      { rowMode: 'object', parsers: drizzleParsers },
      { rowMode: 'array', parsers: drizzleParsers },
      {
        rowMode: 'array',
        parsers: { [types.INT4]: (v) => `int:${v}`, [types.TEXT]: (v) => v.length },
      },
    ];
    for (const options of modes) {
      const expected = await inline.query(typesQuery, typesParams, options);
      const got = await thread.query(typesQuery, typesParams, options);
      expect(got, JSON.stringify(options)).toEqual(expected);
    }
    const { rows } = await thread.query<Record<string, unknown>>(typesQuery, typesParams, {
      parsers: drizzleParsers,
    });
    expect(rows[0]).toMatchObject({
      n: 'x', // two columns named n: the last one wins, as in PGlite
      t: 'olá',
      jb: { a: [1, { b: 'c' }] },
      j: [1, 'two'],
      ints: [1, 2, 3],
      texts: ['a', null, 'c'],
      bytes: new Uint8Array([0, 1, 254, 255]),
      at: '2026-03-01 12:34:56.789+00',
      day: '2026-03-01',
      span: '1 day 02:00:00',
      nothing: null,
    });
    const plain = await thread.query<Record<string, unknown>>(typesQuery, typesParams);
    expect(plain.rows[0]!.at).toEqual(new Date('2026-03-01T12:34:56.789Z'));
  });

  it('runs several statements with exec, and writes report their rows', async () => {
    const script = `insert into item values (100, 'a'), (101, 'b'); update item set name = name || '!' where id >= 100;
      select id, name from item where id >= 100 order by id; delete from item where id >= 100;`;
    const expected = await inline.exec(script);
    const got = await thread.exec(script);
    expect(got).toEqual(expected);
    expect(got.map((r) => r.affectedRows)).toEqual([2, 4, 4, 6]);
  });

  it('keeps what an error tells: code, constraint, detail, message, the query', async () => {
    await thread.query('insert into item values (1, $1)', ['one']);
    await inline.query('insert into item values (1, $1)', ['one']);
    const failures = [
      ['insert into item values (2, $1)', ['one']], // unique
      ['insert into item values (1, $1)', ['uno']], // primary key
      ['insert into item values (3, $1)', ['']], // check
      ['select * from nowhere', []],
      ['select $1::int', ['not a number']],
    ] as const;
    for (const [text, params] of failures) {
      const expected = await inline.query(text, [...params]).catch((e: unknown) => e);
      const got = await thread.query(text, [...params]).catch((e: unknown) => e);
      expect(got).toBeInstanceOf(Error);
      expect(got).toBeInstanceOf((expected as object).constructor);
      const fields = (e: unknown) => {
        const { queryOptions: _, ...rest } = { ...(e as object) } as Record<string, unknown>;
        return { ...rest, message: (e as Error).message };
      };
      expect(fields(got)).toEqual(fields(expected));
    }
    const duplicate = (await thread
      .query('insert into item values (2, $1)', ['one'])
      .catch((e: unknown) => e)) as Record<string, unknown>;
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'item_name_key',
      detail: 'Key (name)=(one) already exists.',
      message: 'duplicate key value violates unique constraint "item_name_key"',
    });
  });

  it('refuses a value that cannot cross to the thread, and goes on answering', async () => {
    await expect(thread.query('select $1::text', [() => 'a function'])).rejects.toThrow(
      /could not be cloned/,
    );
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('sends the statements made together in one message, each with its own answer', async () => {
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const answers = await Promise.allSettled([
        thread.query('select $1::int as n', [1]),
        thread.query('select $1::text as t', [() => 'cannot cross']),
        thread.query('select 1/0 as boom'),
        thread.query('select $1::int as n', [4]),
        thread.exec('select 5 as n; select 6 as m'),
      ]);
      expect(answers.map((a) => (a.status === 'fulfilled' ? 'ok' : 'failed'))).toEqual([
        'ok',
        'failed',
        'failed',
        'ok',
        'ok',
      ]);
      expect(answers[0]).toMatchObject({ value: { rows: [{ n: 1 }] } });
      expect(answers[1]).toMatchObject({ reason: { message: expect.stringMatching(/cloned/) } });
      expect(answers[2]).toMatchObject({ reason: { code: '22012' } });
      expect(answers[3]).toMatchObject({ value: { rows: [{ n: 4 }] } });
      expect(answers[4]).toMatchObject({ value: [{ rows: [{ n: 5 }] }, { rows: [{ m: 6 }] }] });
      // one message for the five; as one of them cannot be cloned, each was then tried alone
      expect(sent.mock.calls[0]![0]).toHaveLength(5);
      expect(sent.mock.calls.slice(1).map((call) => (call[0] as unknown[]).length)).toEqual([
        1, 1, 1, 1, 1,
      ]);
      sent.mockClear();
      await Promise.all([1, 2, 3].map((n) => thread.query('select $1::int as n', [n])));
      expect(sent.mock.calls.map((call) => (call[0] as unknown[]).length)).toEqual([3]);
    } finally {
      sent.mockRestore();
    }
  });

  it("gives a statement's columns when it sends them again, and new ones when they change", async () => {
    await thread.exec('create table shape (a int, b text)');
    await thread.exec("insert into shape values (1, 'one')");
    const first = await thread.query('select * from shape');
    const again = await thread.query('select * from shape');
    expect(again.fields).toEqual(first.fields);
    expect(again.rows).toEqual([{ a: 1, b: 'one' }]);
    await thread.exec('alter table shape add column c bool default true');
    const changed = await thread.query('select * from shape');
    expect(changed.fields.map((f) => f.name)).toEqual(['a', 'b', 'c']);
    expect(changed.rows).toEqual([{ a: 1, b: 'one', c: true }]);
    const inArrays = await thread.query('select * from shape', [], { rowMode: 'array' });
    expect(inArrays.fields).toEqual(changed.fields);
    expect(inArrays.rows).toEqual([[1, 'one', true]]);
  });

  it('gives the right columns past the number of statement texts it keeps', async () => {
    const small = openPgliteThread('memory://', { knownColumns: 3 });
    try {
      await small.waitReady;
      const texts = Array.from({ length: 6 }, (_, i) => `select ${i} as n${i}, 'x' as t`);
      for (const text of texts) await small.query(text);
      // asked again, all at once: the kept texts and those past the bound alike
      const again = await Promise.all(texts.map((text) => small.query(text)));
      again.forEach((result, i) => {
        expect(result.fields.map((f) => f.name)).toEqual([`n${i}`, 't']);
        expect(result.rows).toEqual([{ [`n${i}`]: i, t: 'x' }]);
      });
    } finally {
      await small.close();
    }
  });

  it('commits a transaction, and rolls it back when its function throws or asks', async () => {
    const names = async () =>
      (
        await thread.query<{ name: string }>('select name from item where id >= 10 order by id')
      ).rows.map((r) => r.name);
    const answer = await thread.transaction(async (tx) => {
      await tx.query('insert into item values (10, $1)', ['kept']);
      await tx.exec("insert into item values (11, 'kept too')");
      return (await tx.query<{ n: number }>('select count(*)::int as n from item where id >= 10'))
        .rows[0]!.n;
    });
    expect(answer).toBe(2);
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into item values (12, $1)', ['lost']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await thread.transaction(async (tx) => {
      await tx.query('insert into item values (13, $1)', ['lost too']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    // A statement that fails inside rolls the whole transaction back, and its error comes out.
    const failed = await thread
      .transaction(async (tx) => {
        await tx.query('insert into item values (14, $1)', ['lost three']);
        await tx.query('insert into item values (15, $1)', ['kept']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['kept', 'kept too']);
  });

  it('makes a statement sent while a transaction is open wait for its end', async () => {
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into item values (20, 'first')");
      outside = thread
        .query<{ n: number }>('select count(*)::int as n from item where id between 20 and 29')
        .then((r) => (order.push('outside'), r.rows[0]!.n));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.query("insert into item values (21, 'second')");
      order.push('transaction');
    });
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('leaves a folder complete on close: a new thread on it reads what was written', async () => {
    const dir = scratch();
    const first = openPgliteThread(dir);
    await first.waitReady;
    await first.exec('create table kept (v text)');
    await first.query('insert into kept values ($1)', ['still here']);
    await first.close();
    expect(first.closed).toBe(true);
    await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
    const second = openPgliteThread(dir);
    await second.waitReady;
    expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await second.close();
  }, 120_000);

  it('surfaces a start-up failure', async () => {
    const file = path.join(scratch(), 'not-a-folder');
    writeFileSync(file, 'x');
    const broken = openPgliteThread(file);
    await expect(broken.waitReady).rejects.toThrow();
    await expect(broken.query('select 1')).rejects.toThrow();
    await broken.close();
  }, 60_000);

  it('closes a thread whose start failed, right after the failure', async () => {
    const file = path.join(scratch(), 'not-a-folder-either');
    writeFileSync(file, 'x');
    const broken = openPgliteThread(file);
    await expect(broken.waitReady).rejects.toThrow();
    await broken.close(); // rejected with "PGlite is closed" while the failed thread was ending
    expect(broken.closed).toBe(true);
  }, 60_000);

  it('rejects the statements in flight when the thread dies, instead of hanging', async () => {
    const dying = openPgliteThread('memory://', {
      threadFile: new URL('../../tests/fixtures/pglite-thread-that-dies.ts', import.meta.url),
    });
    await dying.waitReady;
    const dies = dying.query('select 1 -- die');
    const queued = dying.query('select 2');
    await expect(dies).rejects.toThrow('PGlite thread stopped (exit code 3)');
    await expect(queued).rejects.toThrow('PGlite thread stopped');
    await expect(dying.query('select 1')).rejects.toThrow('PGlite thread stopped');
    await dying.close();
  });
});

describe('drizzle on PGlite on its own thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase('memory://', { thread: true });
    await seedDemo(database.db);
  }, 300_000);
  afterAll(() => database?.close());

  it('runs the migrations and the demo seed, and reads them back as drizzle types', async () => {
    const [graca] = await database.db.select().from(churches).where(eq(churches.code, 'graca'));
    expect(graca).toMatchObject({ code: 'graca', active: true });
    expect(graca!.createdAt).toBeInstanceOf(Date);
    expect(await database.db.$count(churches)).toBeGreaterThan(3);
    await database.ping();
  });

  it('keeps the error code where our code reads it (e.cause.code)', async () => {
    const [graca] = await database.db.select().from(churches).where(eq(churches.code, 'graca'));
    const error = (await database.db
      .insert(churches)
      .values({ slug: graca!.slug, code: 'another', name: 'Copy' })
      .catch((e: unknown) => e)) as { cause?: { code?: string; constraint?: string } };
    expect(error.cause).toMatchObject({ code: '23505', constraint: 'igreja_slug_unique' });
  });

  it('runs a drizzle transaction: rolled back on a throw, committed otherwise', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(churches).set({ name: 'Renamed' }).where(eq(churches.code, 'graca'));
        tx.rollback();
      }),
    ).rejects.toThrow();
    const name = async () =>
      (await database.db.select().from(churches).where(eq(churches.code, 'graca')))[0]!.name;
    expect(await name()).not.toBe('Renamed');
    await database.db.transaction(async (tx) => {
      await tx.update(churches).set({ name: 'Renamed' }).where(eq(churches.code, 'graca'));
      // A nested transaction is a savepoint on the same thread transaction.
      await tx
        .transaction(async (inner) => {
          await inner.update(churches).set({ name: 'Inner' }).where(eq(churches.code, 'graca'));
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    expect(await name()).toBe('Renamed');
  });
});
