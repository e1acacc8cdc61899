// A table the database's own functions write (totals kept by triggers) must be named in
// KEPT_BY_TRIGGERS (restore.ts): a restore that is not a superuser's cannot turn triggers off, so
// the table is rebuilt after the load instead of loaded (docs/giving.md "Kept totals").
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { KEPT_BY_TRIGGERS } from './restore.ts';

/** Tables a function body inserts into, updates or deletes from (an upsert's `do update` is its insert's). */
function tablesWritten(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(
    /\b(?:insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+("?)(\w+)\1/gi,
  ))
    found.add(match[2]!.toLowerCase());
  return [...found];
}

describe('tables kept by triggers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('finds the tables a function writes', () => {
    expect(tablesWritten('INSERT INTO doacao_total AS t (a) ...; DELETE FROM "x";')).toEqual([
      'doacao_total',
      'x',
    ]);
    expect(tablesWritten('UPDATE doacao_total SET a = 1; update doacao_total set b = 2')).toEqual([
      'doacao_total',
    ]);
    expect(tablesWritten('insert into t values (1) on conflict (a) do update set b = 2')).toEqual([
      't',
    ]);
  });

  it('every table the database functions write is rebuilt after a restore', async () => {
    const functions = await rowsOf<{ name: string; body: string }>(
      database.db.execute(sql`
        select p.proname as name, p.prosrc as body
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
        where n.nspname = 'public' and l.lanname in ('sql', 'plpgsql')`),
    );
    const written = new Set(functions.flatMap((f) => tablesWritten(f.body)));
    expect([...written].sort()).toEqual(Object.keys(KEPT_BY_TRIGGERS).sort());
  });
});
