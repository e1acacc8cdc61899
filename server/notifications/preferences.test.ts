import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { notificationsOf } from '../users/notifications.service.ts';
import { sendNotification } from './notifications-staff.service.ts';
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

  it('lists a role’s and an event’s notice in the app under their own kind, not a group’s', async () => {
    const db = database.db;
    const [registration] = await db
      .select({ eventId: t.registrations.eventId })
      .from(t.registrations)
      .where(and(eq(t.registrations.churchId, graca), eq(t.registrations.status, 'confirmada')))
      .limit(1);
    const actor = { userId: people[0]!, name: 'Staff', churchId: graca, roles: ['ROLE_ADMIN'] };
    const deps = { db, changes: { churchChanged() {}, onChurchChanged() {} } };
    const toRole = await sendNotification(deps, actor, {
      titulo: 'Aviso aos administradores',
      corpo: 'Reunião de liderança',
      publico: { tipo: 'papel', papel: 'ROLE_ADMIN' },
    });
    const toEvent = await sendNotification(deps, actor, {
      titulo: 'Aviso aos inscritos',
      corpo: 'Tragam a Bíblia',
      publico: { tipo: 'evento', eventoId: registration!.eventId },
    });
    const copy = async (title: string) => {
      const [row] = await db
        .select({ userId: t.notifications.userId, kind: t.notifications.kind })
        .from(t.notifications)
        .where(and(eq(t.notifications.churchId, graca), eq(t.notifications.title, title)))
        .limit(1);
      return row!;
    };
    const admin = await copy(toRole.titulo);
    const registrant = await copy(toEvent.titulo);
    expect([admin.kind, registrant.kind]).toEqual(['church', 'events']);
    const church = { id: graca, code: 'x' };
    const listed = async (userId: number) =>
      (await notificationsOf(db, userId, church, 1, 100)).notificacoes.map((n) => n.id);
    const sees = async (userId: number, first: number) => (await listed(userId)).includes(first);
    const rowOf = async (title: string, userId: number) => {
      const [row] = await db
        .select({ id: t.notifications.id })
        .from(t.notifications)
        .where(and(eq(t.notifications.title, title), eq(t.notifications.userId, userId)));
      return row!.id;
    };
    const roleRow = await rowOf(toRole.titulo, admin.userId!);
    const eventRow = await rowOf(toEvent.titulo, registrant.userId!);
    // the groups switch off: both still listed
    for (const userId of [admin.userId!, registrant.userId!])
      await setPreference(db, graca, userId, 'groups', 'app', false);
    expect(await sees(admin.userId!, roleRow)).toBe(true);
    expect(await sees(registrant.userId!, eventRow)).toBe(true);
    // their own kind's switch hides them, and brings them back
    await setPreference(db, graca, admin.userId!, 'church', 'app', false);
    await setPreference(db, graca, registrant.userId!, 'events', 'app', false);
    expect(await sees(admin.userId!, roleRow)).toBe(false);
    expect(await sees(registrant.userId!, eventRow)).toBe(false);
    await setPreference(db, graca, admin.userId!, 'church', 'app', true);
    await setPreference(db, graca, registrant.userId!, 'events', 'app', true);
    expect(await sees(admin.userId!, roleRow)).toBe(true);
    expect(await sees(registrant.userId!, eventRow)).toBe(true);
  });
});
