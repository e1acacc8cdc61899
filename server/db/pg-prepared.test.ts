// The PostgreSQL pool names each read and write by its text, so a connection plans it once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_EACH_RUN } from './pglite-fast.ts';
import { PreparingPool } from './pg-prepared.ts';

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('PostgreSQL statements named by their text', () => {
  // One connection, so what it has prepared is what pg_prepared_statements shows.
  let pool: PreparingPool;
  const prepared = async () =>
    (
      await pool.query<{ statement: string }>({
        text: 'select statement from pg_prepared_statements order by prepare_time',
        name: 'list-prepared',
      })
    ).rows
      .map((r) => r.statement)
      .filter((s) => !s.includes('pg_prepared_statements'));

  const table = `prepared_${process.pid}`;

  beforeAll(async () => {
    pool = new PreparingPool({ connectionString: base, max: 1 }, { keep: 3 });
    await pool.query(`create table ${table} (id int primary key)`);
  });
  afterAll(async () => {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  });

  it('prepares a read once and runs it with other values', async () => {
    const sql = 'select $1::int + 1 as n';
    expect((await pool.query({ text: sql, values: [1] })).rows).toEqual([{ n: 2 }]);
    expect((await pool.query({ text: sql, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([sql]);
  });

  it('leaves other statements and texts past its limit unnamed', async () => {
    await pool.query({ text: 'set statement_timeout = 0' });
    for (const n of [1, 2, 3])
      await pool.query({ text: `select ${n} as n where $1::int > 0`, values: [1] });
    const statements = await prepared();
    expect(statements).not.toContain('set statement_timeout = 0');
    expect(statements).toHaveLength(3); // the read of the first test and the first two here
    expect(statements).toContain('select 2 as n where $1::int > 0');
    expect(statements).not.toContain('select 3 as n where $1::int > 0');
    expect(
      (await pool.query({ text: 'select 3 as n where $1::int > 0', values: [1] })).rows,
    ).toEqual([{ n: 3 }]);
    // A statement marked to be planned for its values is never named (a content search).
    const perRun = `select 2 as n where $1::int > 0 ${PLAN_EACH_RUN}`;
    expect((await pool.query({ text: perRun, values: [1] })).rows).toEqual([{ n: 2 }]);
    const namedPerRun = { text: perRun, values: [1], name: 'drizzle-named' };
    expect((await pool.query(namedPerRun)).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).not.toContain(perRun);
  });

  it('keeps a statement that failed to run working, and errors as before', async () => {
    // pg's pool drops a connection whose query failed: the next one prepares the text again.
    const insert = `insert into ${table} (id) values ($1)`;
    await pool.query({ text: insert, values: [1] });
    await expect(pool.query({ text: insert, values: [1] })).rejects.toMatchObject({
      code: '23505',
    });
    expect((await pool.query({ text: insert, values: [2] })).rowCount).toBe(1);
    await expect(
      pool.query({ text: `select nope from ${table} where id = $1`, values: [1] }),
    ).rejects.toMatchObject({
      code: '42703',
    });
  });

  it('is a pg.Pool, which drizzle requires', () => {
    expect(pool).toBeInstanceOf(pg.Pool);
  });
});
