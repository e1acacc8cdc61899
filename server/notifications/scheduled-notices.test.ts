// Scheduled sends (docs/notifications.md "Scheduled sends"): staff schedule a notice at a time of
// the church's clock, see it waiting, edit or cancel it; the job sends it once when its time
// comes, even with two nodes claiming at the same moment; a past time is refused in pt/en/es.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scheduledNotificationSchema,
  scheduledNotificationsSchema,
} from '../../contract/notifications-staff.ts';
import { noticeKindOf } from '../../contract/notification-preferences.ts';
import { notificationsResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs } from '../test-kit.ts';
import { sendNotification } from './notifications-staff.service.ts';
import { instantIn, LEASE_MS, localIn, sendDueNotices } from './scheduled-notices.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'scheduled-notices-'));
const HOUR = 3_600_000;

describe('the church’s clock and the kind of a notice', () => {
  it('reads a wall-clock time in the church’s zone, both ways', () => {
    expect(instantIn('America/Sao_Paulo', '2026-12-24T19:30')?.toISOString()).toBe(
      '2026-12-24T22:30:00.000Z',
    );
    // New York in summer (EDT, -4) and in winter (EST, -5)
    expect(instantIn('America/New_York', '2026-07-01T09:00')?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(instantIn('America/New_York', '2026-01-15T09:00')?.toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(localIn('America/Sao_Paulo', new Date('2026-12-24T22:30:00Z'))).toBe('2026-12-24T19:30');
    expect(instantIn('America/Sao_Paulo', '2026-02-31T10:00')).toBeNull();
  });

  it('gives a notice the preference kind of its audience', () => {
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'grupo' })).toBe('groups');
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'evento' })).toBe('events');
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'papel' })).toBe('church');
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'filtro' })).toBe('church');
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'todos' })).toBe('church');
    // a notice to everyone that opens an event counts as an event's
    expect(noticeKindOf({ typeCode: 'EVENTO', audience: 'todos' })).toBe('events');
    // a role's notice is one row per member, yet still the church's (not a group's)
    expect(noticeKindOf({ typeCode: 'AVISO', audience: 'papel', toGroup: true })).toBe('church');
    expect(noticeKindOf({ typeCode: 'CULTO', audience: 'todos' })).toBe('live');
    expect(noticeKindOf({ typeCode: 'AVISO', toGroup: true })).toBe('groups');
  });
});

describe.each(testBackends())('scheduled notices on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  const { call, get } = apiClient(() => api, { lang: 'pt-BR' });
  const zone = 'America/Sao_Paulo'; // graca: a church in Brazil

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'graca'));
    graca = church!.id;
  }, 240_000);
  afterAll(() => database.close());

  const at = (ms: number) => localIn(zone, new Date(Date.now() + ms));

  it('refuses a past or impossible time per field in pt, en and es, and a member', async () => {
    const admin = await loginAs(api, 'lider@graca.demo');
    const member = await loginAs(api, 'membro@graca.demo');
    const notice = { titulo: 'Ceia', corpo: 'Domingo teremos ceia.' };
    expectError(
      await call('POST', '/admin/graca/notificacoes/agendadas', {
        token: member.token,
        body: { ...notice, enviarEm: at(HOUR) },
      }),
      403,
    );
    const past = expectFieldError(
      await call('POST', '/admin/graca/notificacoes/agendadas', {
        token: admin.token,
        body: { ...notice, enviarEm: at(-HOUR) },
      }),
      400,
      'enviarEm',
    );
    expect(past.errors?.enviarEm?.[0]).toBe(
      'Esse horário já passou. Escolha um horário no futuro.',
    );
    for (const [lang, text] of [
      ['en', 'That time has passed. Choose a time in the future.'],
      ['es', 'Esa hora ya pasó. Elige una hora en el futuro.'],
    ] as const) {
      const res = await call('POST', '/admin/graca/notificacoes/agendadas', {
        token: admin.token,
        lang,
        body: { ...notice, enviarEm: at(-HOUR) },
      });
      expect(expectFieldError(res, 400, 'enviarEm').errors?.enviarEm).toEqual([text]);
    }
    expectFieldError(
      await call('POST', '/admin/graca/notificacoes/agendadas', {
        token: admin.token,
        body: { ...notice, enviarEm: 'amanhã' },
      }),
      400,
      'enviarEm',
    );
    const rows = await database.db
      .select()
      .from(t.scheduledNotices)
      .where(eq(t.scheduledNotices.churchId, graca));
    expect(rows).toHaveLength(0);
  });

  it('waits, can be edited, then goes once at its time across two nodes; a sent one cannot change', async () => {
    const admin = await loginAs(api, 'lider@graca.demo');
    const member = await loginAs(api, 'membro@graca.demo');
    const when = at(2 * HOUR);
    const created = await call('POST', '/admin/graca/notificacoes/agendadas', {
      token: admin.token,
      body: { titulo: 'Ceia', corpo: 'Domingo teremos ceia.', enviarEm: when },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = scheduledNotificationSchema.parse(created.body);
    expect(item).toMatchObject({ status: 'agendada', local: when, notificacaoId: null });
    expect(new Date(item.enviarEm).getTime()).toBe(instantIn(zone, when)!.getTime());

    const later = at(3 * HOUR);
    const edited = await call('PUT', `/admin/graca/notificacoes/agendadas/${item.id}`, {
      token: admin.token,
      body: { titulo: 'Santa Ceia', corpo: 'Domingo teremos Santa Ceia.', enviarEm: later },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const list = scheduledNotificationsSchema.parse(
      (await get('/admin/graca/notificacoes/agendadas', { token: admin.token })).body,
    );
    expect(list.fusoHorario).toBe(zone);
    expect(list.agendadas[0]).toMatchObject({
      id: item.id,
      status: 'agendada',
      local: later,
      aviso: { titulo: 'Santa Ceia' },
    });

    // not yet: nothing goes
    expect(await sendDueNotices(database.db, new Date(Date.now() + 2.5 * HOUR))).toEqual([]);
    // its time: two nodes claim at the same moment, one sends
    const moment = new Date(Date.now() + 4 * HOUR);
    const [a, b] = await Promise.all([
      sendDueNotices(database.db, moment),
      sendDueNotices(database.db, moment),
    ]);
    expect([...a, ...b]).toHaveLength(1);
    const copies = await database.db
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.churchId, graca), eq(t.notifications.title, 'Santa Ceia')));
    expect(copies).toHaveLength(1);
    const inbox = notificationsResponseSchema.parse(
      (await get(`/igreja/${graca}/notificacao/?page=1&limit=5`, { token: member.token })).body,
    ).notificacoes;
    expect(inbox.map((n) => n.titulo)).toContain('Santa Ceia');
    const after = scheduledNotificationsSchema
      .parse((await get('/admin/graca/notificacoes/agendadas', { token: admin.token })).body)
      .agendadas.find((s) => s.id === item.id);
    expect(after).toMatchObject({ status: 'enviada', notificacaoId: copies[0]!.id });
    // the send is audited as the author's, like "Send now"
    const sent = await get('/admin/graca/notificacoes', { token: admin.token });
    expect(sent.body.notificacoes[0]).toMatchObject({ titulo: 'Santa Ceia' });
    expect(sent.body.notificacoes[0].autor).toBeTruthy();

    expectError(
      await call('PUT', `/admin/graca/notificacoes/agendadas/${item.id}`, {
        token: admin.token,
        body: { titulo: 'x', corpo: 'y', enviarEm: later },
      }),
      409,
      'staff.notifications.scheduledGone',
    );
    expectError(
      await call('DELETE', `/admin/graca/notificacoes/agendadas/${item.id}`, {
        token: admin.token,
      }),
      409,
      'staff.notifications.scheduledGone',
    );
    expect(await sendDueNotices(database.db, moment)).toEqual([]);
  });

  it('a cancelled notice never goes; another church cannot see or cancel it', async () => {
    const admin = await loginAs(api, 'lider@graca.demo');
    const created = scheduledNotificationSchema.parse(
      (
        await call('POST', '/admin/graca/notificacoes/agendadas', {
          token: admin.token,
          body: { titulo: 'Cancelado', corpo: 'Não vai.', enviarEm: at(HOUR) },
        })
      ).body,
    );
    const other = await loginAs(api, 'admin@grace.demo');
    expectError(
      await call('DELETE', `/admin/grace/notificacoes/agendadas/${created.id}`, {
        token: other.token,
      }),
      404,
    );
    const res = await call('DELETE', `/admin/graca/notificacoes/agendadas/${created.id}`, {
      token: admin.token,
    });
    expect(res.status).toBe(204);
    expect(await sendDueNotices(database.db, new Date(Date.now() + 2 * HOUR))).toEqual([]);
    const [row] = await database.db
      .select()
      .from(t.scheduledNotices)
      .where(eq(t.scheduledNotices.id, created.id));
    expect(row?.status).toBe('cancelada');
  });

  it('finishes once a notice whose node died while sending; a fresh claim is left alone', async () => {
    const db = database.db;
    const [author] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'lider@graca.demo'));
    const now = new Date();
    const old = new Date(now.getTime() - LEASE_MS - 60_000);
    const row = (titulo: string, claimedAt: Date, notificationId: number | null = null) => ({
      churchId: graca,
      userId: author!.id,
      notice: { titulo, corpo: `${titulo} no sábado.`, email: true },
      sendAt: new Date(now.getTime() - LEASE_MS - 120_000),
      status: 'enviando',
      claimedAt,
      claimedBy: 'node-gone',
      notificationId,
    });
    // its rows went before the node died (the id is kept in their transaction): not again
    const [copy] = await db
      .insert(t.notifications)
      .values({
        churchId: graca,
        title: 'Retiro',
        body: 'Retiro no sábado.',
        typeCode: 'AVISO',
        kind: 'church',
      })
      .returning({ id: t.notifications.id });
    const [dead, fresh, half] = await db
      .insert(t.scheduledNotices)
      .values([
        row('Vigília', old),
        row('Jejum', new Date(now.getTime() - 60_000)),
        row('Retiro', old, copy!.id),
      ])
      .returning();
    // two nodes take over at the same moment, then a later run: each is finished once
    const [a, b] = await Promise.all([sendDueNotices(db, now), sendDueNotices(db, now)]);
    expect(await sendDueNotices(db, new Date(now.getTime() + 1_000))).toEqual([]);
    expect([...a, ...b]).toHaveLength(2);
    const copies = async (title: string) =>
      db
        .select({ id: t.notifications.id })
        .from(t.notifications)
        .where(and(eq(t.notifications.churchId, graca), eq(t.notifications.title, title)));
    const mails = async (id: number) =>
      db
        .select({ id: t.emailSends.id })
        .from(t.emailSends)
        .where(and(eq(t.emailSends.churchId, graca), eq(t.emailSends.origin, `agendada:${id}`)));
    const vigil = await copies('Vigília');
    expect(vigil).toHaveLength(1);
    expect(await mails(dead!.id)).toHaveLength(1);
    expect(await copies('Retiro')).toEqual([{ id: copy!.id }]);
    expect(await mails(half!.id)).toHaveLength(1);
    const state = async (id: number) => {
      const [r] = await db.select().from(t.scheduledNotices).where(eq(t.scheduledNotices.id, id));
      return r!;
    };
    expect(await state(dead!.id)).toMatchObject({
      status: 'enviada',
      notificationId: vigil[0]!.id,
    });
    expect(await state(half!.id)).toMatchObject({ status: 'enviada', notificationId: copy!.id });
    // the fresh claim is another node's, still at work: untouched
    expect(await state(fresh!.id)).toMatchObject({
      status: 'enviando',
      claimedBy: 'node-gone',
      notificationId: null,
    });
    expect(await copies('Jejum')).toHaveLength(0);
  });

  it('a send whose claim was taken over in the meantime writes nothing (the rows roll back)', async () => {
    const db = database.db;
    const [author] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'lider@graca.demo'));
    const actor = { userId: author!.id, name: 'João', churchId: graca, roles: ['ROLE_ADMIN'] };
    const deps = { db, changes: { churchChanged() {}, onChurchChanged() {} } };
    await expect(
      sendNotification(
        deps,
        actor,
        { titulo: 'Tomada', corpo: 'Outro nó assumiu.', email: true },
        {
          origin: 'agendada:0',
          async written() {
            throw new Error('lease lost');
          },
        },
      ),
    ).rejects.toThrow('lease lost');
    const rows = await db
      .select({ id: t.notifications.id })
      .from(t.notifications)
      .where(and(eq(t.notifications.churchId, graca), eq(t.notifications.title, 'Tomada')));
    expect(rows).toHaveLength(0);
    const audits = await db
      .select({ id: t.auditLog.id })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, graca), eq(t.auditLog.summary, 'Tomada')));
    expect(audits).toHaveLength(0);
    const mails = await db
      .select({ id: t.emailSends.id })
      .from(t.emailSends)
      .where(and(eq(t.emailSends.churchId, graca), eq(t.emailSends.origin, 'agendada:0')));
    expect(mails).toHaveLength(0);
  });
});
