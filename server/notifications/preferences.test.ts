import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { channelsFor, preferencesOf, setPreference } from './preferences.ts';

describe.each(testBackends())('notification preferences on %s', (backend) => {
  let database: DatabaseHandle;
  let graca: number;
  let grace: number;
  let people: number[];

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const churches = await database.db
      .select({ id: t.churches.id, slug: t.churches.slug })
      .from(t.churches);
    graca = churches.find((c) => c.slug === 'graca')!.id;
    grace = churches.find((c) => c.slug === 'grace')!.id;
    people = (await database.db.select({ id: t.users.id }).from(t.users).limit(3)).map((u) => u.id);
  });
  afterAll(() => database.close());

  it('starts with every channel of every kind on', async () => {
    const channels = await channelsFor(database.db, graca, people, 'church');
    expect([...channels.keys()].sort()).toEqual([...people].sort());
    for (const set of channels.values()) expect([...set].sort()).toEqual(['app', 'email', 'push']);
    const prefs = await preferencesOf(database.db, graca, people[0]!);
    expect(prefs.live).toEqual({ app: true, push: true, email: true });
  });

  it('switches one kind’s channel off and on for one member at one church only', async () => {
    const [ana, bruno] = people as [number, number];
    await setPreference(database.db, graca, ana, 'events', 'push', false);
    const events = await channelsFor(database.db, graca, [ana, bruno], 'events');
    expect([...events.get(ana)!].sort()).toEqual(['app', 'email']);
    expect(events.get(bruno)!.has('push')).toBe(true);
    // another kind, another church: untouched
    expect((await channelsFor(database.db, graca, [ana], 'church')).get(ana)!.has('push')).toBe(
      true,
    );
    expect((await channelsFor(database.db, grace, [ana], 'events')).get(ana)!.has('push')).toBe(
      true,
    );
    expect((await preferencesOf(database.db, graca, ana)).events.push).toBe(false);

    await setPreference(database.db, graca, ana, 'events', 'push', true);
    expect((await channelsFor(database.db, graca, [ana], 'events')).get(ana)!.has('push')).toBe(
      true,
    );
    const rows = await database.db
      .select()
      .from(t.notificationPreferences)
      .where(eq(t.notificationPreferences.userId, ana));
    expect(rows).toHaveLength(1); // the same row is updated, not a second one
  });

  it('always sends giving receipts by e-mail, even when switched off', async () => {
    const ana = people[0]!;
    await setPreference(database.db, graca, ana, 'giving', 'email', false);
    await setPreference(database.db, graca, ana, 'giving', 'push', false);
    const giving = (await channelsFor(database.db, graca, [ana], 'giving')).get(ana)!;
    expect(giving.has('email')).toBe(true);
    expect(giving.has('push')).toBe(false);
    expect((await preferencesOf(database.db, graca, ana)).giving).toEqual({
      app: true,
      push: false,
      email: true,
    });
  });

  it('answers for an empty list and for many members at once', async () => {
    expect((await channelsFor(database.db, graca, [], 'church')).size).toBe(0);
    const many = Array.from({ length: 12_000 }, (_, i) => i + 1);
    expect((await channelsFor(database.db, graca, many, 'church')).size).toBe(12_000);
  });
});
