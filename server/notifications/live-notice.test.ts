// "We're live" (docs/notifications.md "Live service"): staff send it from /admin/notifications and
// every member reads a notice that opens /live; a scheduled stream's start sends it by itself
// once per occurrence, even when two nodes run the job at the same moment.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onAirSchema, staffNotificationSchema } from '../../contract/notifications-staff.ts';
import { STAFF_AREAS, type StaffRole } from '../../contract/staff.ts';
import { notificationsResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs } from '../test-kit.ts';
import { LIVE_TYPE, occurrenceAt, sendDueLiveNotices } from './live-notice.ts';
import { pushPayloadOf } from './push.service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'live-notice-'));
const MINUTE = 60_000;
const WEEK = 7 * 86_400_000;

describe.each(testBackends())('live-service notices on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  const { call, get } = apiClient(() => api, { lang: 'pt-BR' });

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const churches = await database.db
      .select({ id: t.churches.id, slug: t.churches.slug })
      .from(t.churches);
    graca = churches.find((c) => c.slug === 'graca')!.id;
    grace = churches.find((c) => c.slug === 'grace')!.id;
  }, 240_000);
  afterAll(() => database.close());

  const liveNotices = (churchId: number) =>
    database.db
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.churchId, churchId), eq(t.notifications.typeCode, LIVE_TYPE)));

  it('staff send “We’re live”; every member reads it and it opens /live; a member cannot send it', async () => {
    const admin = await loginAs(api, 'lider@graca.demo');
    const member = await loginAs(api, 'membro@graca.demo');
    expectError(
      await call('POST', '/admin/graca/notificacoes/ao-vivo', { token: member.token }),
      403,
    );
    const res = await call('POST', '/admin/graca/notificacoes/ao-vivo', { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = staffNotificationSchema.parse(res.body);
    expect(sent.titulo).toBe('Estamos ao vivo!');
    expect(sent.corpo).toContain('Toque para assistir');
    const inbox = notificationsResponseSchema.parse(
      (await get(`/igreja/${graca}/notificacao/?page=1&limit=5`, { token: member.token })).body,
    ).notificacoes;
    expect(inbox[0]).toMatchObject({ titulo: 'Estamos ao vivo!', tipo: { codigo: 'CULTO' } });
    const [row] = await liveNotices(graca);
    expect(pushPayloadOf(row!).url).toBe('/live');
    // the staff list shows it with its author
    const list = await get('/admin/graca/notificacoes', { token: admin.token });
    expect(list.body.notificacoes[0]).toMatchObject({ titulo: 'Estamos ao vivo!', grupo: null });
  });

  it('finds the occurrence under way: a weekly stream’s start this week, never an old one', () => {
    const start = new Date('2026-01-04T13:30:00Z');
    const at = (ms: number) =>
      occurrenceAt({ startsAt: start, weekly: true }, start.getTime() + ms);
    expect(at(-MINUTE)).toBeNull();
    expect(at(2 * MINUTE)).toEqual(start);
    expect(at(WEEK + 3 * MINUTE)).toEqual(new Date(start.getTime() + WEEK));
    expect(at(WEEK + 30 * MINUTE)).toBeNull();
    expect(occurrenceAt({ startsAt: start, weekly: false }, start.getTime() + WEEK)).toBeNull();
  });

  it('sends by itself once per occurrence when a scheduled stream starts, even from two nodes', async () => {
    const now = new Date();
    const [stream] = await database.db
      .insert(t.liveStreams)
      .values({
        churchId: grace,
        title: 'Sunday Worship',
        service: 'youtube',
        code: 'abc',
        startsAt: new Date(now.getTime() - WEEK - 2 * MINUTE),
        weekly: true,
      })
      .returning({ id: t.liveStreams.id });
    const before = (await liveNotices(grace)).length;
    // two nodes at the same moment: one notice
    const [a, b] = await Promise.all([
      sendDueLiveNotices(database.db, now),
      sendDueLiveNotices(database.db, now),
    ]);
    expect(a.length + b.length).toBe(1);
    const notices = await liveNotices(grace);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)).toMatchObject({
      title: 'We’re live!',
      body: 'Sunday Worship has started. Tap to watch.',
      userId: null,
    });
    // later in the same service: nothing more
    expect(await sendDueLiveNotices(database.db, new Date(now.getTime() + 5 * MINUTE))).toEqual([]);
    expect(await liveNotices(grace)).toHaveLength(before + 1);
    await database.db.delete(t.liveStreams).where(eq(t.liveStreams.id, stream!.id));
  });

  it('does not repeat a notice staff have just sent', async () => {
    const now = new Date();
    await database.db.insert(t.liveStreams).values({
      churchId: graca,
      title: 'Culto da noite',
      service: 'youtube',
      code: 'xyz',
      startsAt: new Date(now.getTime() - MINUTE),
    });
    const before = (await liveNotices(graca)).length;
    expect(await sendDueLiveNotices(database.db, now)).toEqual([]);
    expect(await liveNotices(graca)).toHaveLength(before);
  });

  it('the “On air” switch marks a stream live and sends once per occurrence, never again with the job', async () => {
    const admin = await loginAs(api, 'admin@grace.demo');
    const member = await loginAs(api, 'member@grace.demo');
    // a clean slate: no "We're live" in the last 30 minutes at grace
    await database.db
      .delete(t.notifications)
      .where(and(eq(t.notifications.churchId, grace), eq(t.notifications.typeCode, LIVE_TYPE)));
    const now = Date.now();
    const [stream] = await database.db
      .insert(t.liveStreams)
      .values({
        churchId: grace,
        title: 'Evening Prayer',
        service: 'youtube',
        code: 'def',
        // a weekly stream whose start this week is in 3 minutes: staff switch on a little early
        startsAt: new Date(now - 2 * WEEK + 3 * MINUTE),
        weekly: true,
      })
      .returning({ id: t.liveStreams.id });
    const path = `/admin/grace/transmissao/${stream!.id}/no-ar`;
    expectError(await call('POST', path, { token: member.token, body: { aoVivo: true } }), 403);
    expectFieldError(
      await call('POST', path, { token: admin.token, body: { aoVivo: 'sim' } }),
      400,
      'aoVivo',
    );
    const on = await call('POST', path, { token: admin.token, body: { aoVivo: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(onAirSchema.parse(on.body)).toMatchObject({ aoVivo: true });
    expect(on.body.notificacaoId).toEqual(expect.any(Number));
    const live = async () =>
      (
        await database.db
          .select({ live: t.liveStreams.live })
          .from(t.liveStreams)
          .where(eq(t.liveStreams.id, stream!.id))
      )[0]!.live;
    expect(await live()).toBe(true);
    expect(await liveNotices(grace)).toHaveLength(1);
    // the scheduled start arrives: the job finds the occurrence claimed and sends nothing
    await sendDueLiveNotices(database.db, new Date(now + 4 * MINUTE));
    expect(await liveNotices(grace)).toHaveLength(1);
    // off, then on again in the same service: no second notice
    const off = await call('POST', path, { token: admin.token, body: { aoVivo: false } });
    expect(off.body).toMatchObject({ aoVivo: false, notificacaoId: null });
    expect(await live()).toBe(false);
    const again = await call('POST', path, { token: admin.token, body: { aoVivo: true } });
    expect(again.body).toMatchObject({ aoVivo: true, notificacaoId: null });
    expect(await liveNotices(grace)).toHaveLength(1);
    const audits = await database.db
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, grace), eq(t.auditLog.targetId, String(stream!.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['home.done', 'home.start', 'home.start']);
    // another church's staff cannot switch it
    const other = await loginAs(api, 'lider@graca.demo');
    expectError(
      await call('POST', `/admin/graca/transmissao/${stream!.id}/no-ar`, {
        token: other.token,
        body: { aoVivo: true },
      }),
      404,
    );
    await database.db.delete(t.liveStreams).where(eq(t.liveStreams.id, stream!.id));
  });

  it('the “On air” switch needs the notifications area as well as the home page’s', async () => {
    const editor = await loginAs(api, 'editor@graca.demo'); // ROLE_ADMIN_CONTENT: both areas today
    const [stream] = await database.db
      .insert(t.liveStreams)
      .values({
        churchId: graca,
        title: 'Culto de quarta',
        service: 'youtube',
        code: 'ghi',
        startsAt: new Date(Date.now() + 60 * MINUTE),
        weekly: false,
      })
      .returning({ id: t.liveStreams.id });
    // were the notifications area given to other roles than the home page's
    const areas = STAFF_AREAS as Record<string, readonly StaffRole[]>;
    const notifications = areas.notifications!;
    areas.notifications = [];
    try {
      expect((await get('/admin/graca/transmissao', { token: editor.token })).status).toBe(200);
      expectError(
        await call('POST', `/admin/graca/transmissao/${stream!.id}/no-ar`, {
          token: editor.token,
          body: { aoVivo: true },
        }),
        403,
        'staff.forbidden',
      );
    } finally {
      areas.notifications = notifications;
    }
    const [row] = await database.db
      .select({ live: t.liveStreams.live })
      .from(t.liveStreams)
      .where(eq(t.liveStreams.id, stream!.id));
    expect(row!.live).toBe(false);
    await database.db.delete(t.liveStreams).where(eq(t.liveStreams.id, stream!.id));
  });
});
