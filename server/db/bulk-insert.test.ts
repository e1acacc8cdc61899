// insertMany: the rows a drizzle insert would write, in one statement whose text is the same for
// any number of rows (docs/performance.md "Statements of many rows").
import { eq, inArray } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMany, unnestInsert } from './bulk-insert.ts';
import type { DatabaseHandle } from './client.ts';
import * as t from './schema/index.ts';
import { openTestDatabase, testBackends } from './test-database.ts';

const awkward = `O'Brien "Bia" {a,b} \\ ã, NULL`;

describe.each(testBackends())('insertMany (%s)', (backend) => {
  let handle: DatabaseHandle;
  let churchId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(backend, { seed: false });
    const [church] = await handle.db
      .insert(t.churches)
      .values({ name: 'Igreja Um', slug: 'um', code: 'UM' })
      .returning({ id: t.churches.id });
    churchId = church!.id;
  });
  afterAll(() => handle?.close());

  it('writes what a drizzle insert writes: text with quotes and braces, NULL, dates, JSON, defaults', async () => {
    const people = [
      {
        email: 'a@x.com',
        passwordHash: '',
        firstName: awkward,
        birthDate: '1990-02-03',
        cpf: null,
      },
      {
        email: 'b@x.com',
        passwordHash: '',
        firstName: 'NULL',
        birthDate: null,
        cpf: '52998224725',
      },
    ];
    const expiresAt = new Date('2030-01-02T03:04:05.678Z');
    const made = await handle.db.transaction(async (tx) => {
      const users = await insertMany(tx, t.users, people, { returning: ['id', 'email'] });
      await insertMany(
        tx,
        t.churchUsers,
        users.map((u, i) => ({ churchId, userId: u.id, roles: i ? ['ROLE_ADMIN'] : [] })),
      );
      await insertMany(
        tx,
        t.userTokens,
        users.map((u) => ({
          userId: u.id,
          churchId,
          purpose: 'recovery',
          tokenHash: `h${u.id}`,
          expiresAt,
        })),
      );
      return users;
    });
    expect(made.map((u) => u.email)).toEqual(['a@x.com', 'b@x.com']);
    expect(made.every((u) => typeof u.id === 'number')).toBe(true);

    const users = await handle.db
      .select()
      .from(t.users)
      .where(inArray(t.users.email, ['a@x.com', 'b@x.com']))
      .orderBy(t.users.email);
    expect(users.map((u) => [u.firstName, u.birthDate, u.cpf, u.active])).toEqual([
      [awkward, '1990-02-03', null, true], // flag_ativo: the column's default
      ['NULL', null, '52998224725', true], // the text NULL, not a NULL
    ]);
    const members = await handle.db
      .select({ roles: t.churchUsers.roles })
      .from(t.churchUsers)
      .where(eq(t.churchUsers.churchId, churchId))
      .orderBy(t.churchUsers.id);
    expect(members.map((m) => m.roles)).toEqual([[], ['ROLE_ADMIN']]);
    const tokens = await handle.db
      .select({ purpose: t.userTokens.purpose, expiresAt: t.userTokens.expiresAt })
      .from(t.userTokens)
      .where(eq(t.userTokens.churchId, churchId));
    expect(tokens).toEqual([
      { purpose: 'recovery', expiresAt },
      { purpose: 'recovery', expiresAt },
    ]);
  });

  it('skips conflicting rows when asked, answering only the rows written', async () => {
    const [user] = await handle.db
      .insert(t.users)
      .values({ email: 'c@x.com', passwordHash: '', firstName: 'C' })
      .returning({ id: t.users.id });
    const [group] = await handle.db
      .insert(t.groups)
      .values({ churchId, name: 'Jovens', weekday: 3, time: '19:00' })
      .returning({ id: t.groups.id });
    const join = { churchId, groupId: group!.id, userId: user!.id };
    const first = await handle.db.transaction((tx) =>
      insertMany(tx, t.groupMembers, [join], { onConflictDoNothing: true, returning: ['id'] }),
    );
    const again = await handle.db.transaction((tx) =>
      insertMany(tx, t.groupMembers, [join], { onConflictDoNothing: true, returning: ['id'] }),
    );
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
  });

  it('refuses rows that leave out a column others set, where NULL is not its default', async () => {
    await expect(
      handle.db.transaction((tx) =>
        insertMany(tx, t.users, [
          { email: 'd@x.com', passwordHash: '', firstName: 'D', active: false },
          { email: 'e@x.com', passwordHash: '', firstName: 'E' },
        ]),
      ),
    ).rejects.toThrow(/every row must set active/);
  });
});

describe('unnestInsert', () => {
  it('has the same text for one row and for many: one parameter per column', () => {
    const columns = [
      { name: 'a', type: 'integer' },
      { name: 'b', type: 'text' },
    ];
    const dialect = new PgDialect();
    const one = dialect.sqlToQuery(unnestInsert('t', columns, [['1', 'x']]));
    const many = dialect.sqlToQuery(
      unnestInsert('t', columns, [
        ['1', 'x'],
        ['2', null],
        [null, 'z'],
      ]),
    );
    expect(many.sql).toBe(one.sql);
    expect(many.params).toEqual(['{"1","2",NULL}', '{"x",NULL,"z"}']);
  });
});
