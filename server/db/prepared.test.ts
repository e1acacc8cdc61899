// prepared(): a query built once per database and name, run with new values each time.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { prepared } from './prepared.ts';
import * as t from './schema/index.ts';
import { openTestDatabase, testBackends } from './test-database.ts';

describe.each(testBackends())('prepared statements (%s)', (backend) => {
  let one: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    [one, other] = await Promise.all([
      openTestDatabase(backend, { seed: false }),
      openTestDatabase(backend, { seed: false }),
    ]);
    await one.db.insert(t.churches).values([
      { name: 'Igreja Um', slug: 'um', code: 'UM' },
      { name: 'Igreja Dois', slug: 'dois', code: 'DOIS' },
    ]);
    await other.db.insert(t.churches).values({ name: 'Igreja Três', slug: 'tres', code: 'TRES' });
  });
  afterAll(() => Promise.all([one?.close(), other?.close()]));

  it('builds a statement once per database and name, and runs it with each call’s values', async () => {
    let builds = 0;
    const bySlug = (handle: DatabaseHandle, slug: string) =>
      prepared(handle.db, 'test.church-by-slug', (name) => {
        builds++;
        return handle.db
          .select({ name: t.churches.name })
          .from(t.churches)
          .where(eq(t.churches.slug, sql.placeholder('slug')))
          .orderBy(asc(t.churches.id))
          .prepare(name);
      }).execute({ slug });

    expect(await bySlug(one, 'um')).toEqual([{ name: 'Igreja Um' }]);
    expect(await bySlug(one, 'dois')).toEqual([{ name: 'Igreja Dois' }]);
    expect(await bySlug(one, 'nenhuma')).toEqual([]);
    expect(builds).toBe(1);
    // Another database has its own statement, and its own rows.
    expect(await bySlug(other, 'tres')).toEqual([{ name: 'Igreja Três' }]);
    expect(await bySlug(other, 'um')).toEqual([]);
    expect(builds).toBe(2);
  });
});
