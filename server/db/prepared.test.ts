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

  it('maps the rows of a select without joins as drizzle would, by one literal per row', async () => {
    const query = (handle: DatabaseHandle) =>
      handle.db
        .select({
          id: t.churches.id,
          name: t.churches.name,
          images: t.churches.images,
          look: { active: t.churches.active, slug: t.churches.slug },
          code: sql<string>`upper(${t.churches.slug})`,
          count: sql<number>`count(*) over ()`.mapWith(Number),
          at: sql<Date>`timestamptz '2026-11-30 12:00+00'`.mapWith(t.churchHostnames.verifiedAt),
          nothing: sql<string | null>`null`,
        })
        .from(t.churches)
        .orderBy(asc(t.churches.id));
    const byDrizzle = await query(one).prepare('test.literal-drizzle').execute();
    const statement = prepared(one.db, 'test.literal-plan', (name) => query(one).prepare(name));
    const byPlan = await statement.execute();
    expect(byPlan).toEqual(byDrizzle);
    expect(byPlan[0]).toEqual({
      id: expect.any(Number),
      name: 'Igreja Um',
      images: {},
      look: { active: true, slug: 'um' },
      code: 'UM',
      count: byPlan.length,
      at: new Date('2026-11-30T12:00:00.000Z'),
      nothing: null,
    });
    expect(Object.keys(byPlan[0]!)).toEqual(Object.keys(byDrizzle[0]!));
  });

  it('maps rows by a plan worked out once, as drizzle would: nested objects, decoded values, a missing join as null', async () => {
    await one.db.insert(t.churchHostnames).values({
      churchId: (
        await one.db.select({ id: t.churches.id }).from(t.churches).where(eq(t.churches.slug, 'um'))
      )[0]!.id,
      hostname: 'um.example',
      verifiedAt: new Date('2026-11-30T12:00:00.000Z'),
    });
    const query = (handle: DatabaseHandle) =>
      handle.db
        .select({
          name: t.churches.name,
          images: t.churches.images,
          active: t.churches.active,
          created: sql<string>`to_char(${t.churches.id}, 'FM000')`,
          count: sql<number>`count(*) over ()`.mapWith(Number),
          host: {
            name: t.churchHostnames.hostname,
            verifiedAt: t.churchHostnames.verifiedAt,
            failures: t.churchHostnames.failures,
          },
        })
        .from(t.churches)
        .leftJoin(t.churchHostnames, eq(t.churchHostnames.churchId, t.churches.id))
        .orderBy(asc(t.churches.id));
    // drizzle's own mapping (a statement built outside prepared()) against the plan's
    const byDrizzle = await query(one).prepare('test.rows-drizzle').execute();
    const statement = prepared(one.db, 'test.rows-plan', (name) => query(one).prepare(name));
    expect((statement as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    const byPlan = await statement.execute();
    expect(byPlan).toEqual(byDrizzle);
    expect(byPlan).toEqual([
      {
        name: 'Igreja Um',
        images: {},
        active: true,
        created: expect.any(String),
        count: 2,
        host: { name: 'um.example', verifiedAt: new Date('2026-11-30T12:00:00.000Z'), failures: 0 },
      },
      {
        name: 'Igreja Dois',
        images: {},
        active: true,
        created: expect.any(String),
        count: 2,
        host: null,
      },
    ]);
  });
});
