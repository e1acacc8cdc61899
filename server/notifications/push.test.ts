// Web push end to end on the API (docs/notifications.md "Push"): a member subscribes devices, a
// staff notice is delivered by the task to a push service this test runs itself, which checks the
// VAPID signature's key and decrypts the aes128gcm payload with the device's private key (as a
// browser does); a device the push service says is gone (410) is dropped; preferences are honoured.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationLanguageSchema,
  notificationPreferencesSchema,
} from '../../contract/notification-preferences.ts';
import { pushDeviceSchema, pushDevicesSchema, type PushPayload } from '../../contract/push.ts';
import { staffNotificationsPageSchema } from '../../contract/notifications-staff.ts';
import { notificationsResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { accountSettings, resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs, runQueuedTasks } from '../test-kit.ts';
import { PUSH_PACE, pushTask } from './push.task.ts';
import { backgroundPace } from '../http/traffic.ts';
import { deliverPush, deviceLabel, subscribe } from './push.service.ts';
import {
  browserKeys,
  decrypt,
  startPushService,
  type BrowserKeys,
  type ReceivedPush,
  type TestPushService,
} from './push-service.test-support.ts';
import { vapidKeys } from './vapid.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'push-'));
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe.each(testBackends())('web push on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let pushService: TestPushService;
  let base: string;
  let received: ReceivedPush[] = [];
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const people = {} as Record<'admin' | 'member' | 'editor', { id: number; token: string }>;

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [{ id: graca }] = (await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'graca'))) as [{ id: number }];
    people.admin = await loginAs(api, 'lider@graca.demo');
    people.member = await loginAs(api, 'membro@graca.demo');
    people.editor = await loginAs(api, 'editor@graca.demo');
    // The push service: stores every message; an endpoint under /gone/ is an unsubscribed browser.
    pushService = await startPushService();
    base = pushService.base;
    received = pushService.received;
  }, 240_000);
  afterAll(async () => {
    await pushService.close();
    await database.close();
  });

  const subscribeDevice = async (who: { token: string }, endpoint: string, browser: BrowserKeys) =>
    call('POST', `/igreja/${graca}/push/dispositivos`, {
      token: who.token,
      body: { endpoint, keys: browser.keys },
      headers: { 'user-agent': ANDROID_CHROME },
    });

  it('asks for a login and a valid subscription, with a message per field', async () => {
    const browser = browserKeys();
    expectError(
      await call('POST', `/igreja/${graca}/push/dispositivos`, {
        body: { endpoint: `${base}/x`, keys: browser.keys },
      }),
      401,
    );
    // a member of another church is refused; a church that does not exist is not found
    const outsider = await loginAs(api, 'member@grace.demo');
    for (const path of ['push/dispositivos', 'notificacao/preferencias', 'notificacao/idioma'])
      expectError(
        await get(`/igreja/${graca}/${path}`, { token: outsider.token }),
        403,
        'user.notMember',
      );
    expectError(
      await get(`/igreja/999999/notificacao/preferencias`, { token: people.member.token }),
      404,
    );
    const bad = await call('POST', `/igreja/${graca}/push/dispositivos`, {
      token: people.member.token,
      body: { endpoint: 'ftp://push.example/1', keys: { p256dh: 'short', auth: '' } },
    });
    expectFieldError(bad, 400, 'endpoint');
    expectFieldError(bad, 400, 'keys.p256dh');
    expect(bad.body.errors['endpoint']).toContain(
      'This browser gave an invalid push address. Try again or use another browser.',
    );
    const pt = await call('PUT', `/igreja/${graca}/notificacao/preferencias`, {
      token: people.member.token,
      lang: 'pt-BR',
      body: { tipo: 'weather', canal: 'push', ativo: 'yes' },
    });
    expectFieldError(pt, 400, 'tipo');
    expect(pt.body.errors['tipo']).toContain(
      'Escolha um tipo de aviso: igreja, grupos, eventos, ofertas ou ao vivo.',
    );
    expectFieldError(pt, 400, 'ativo');
  });

  it('lists, keeps once and removes a member’s own devices, with the key to subscribe with', async () => {
    const browser = browserKeys();
    const endpoint = `${base}/send/list-${backend}`;
    const first = await subscribeDevice(people.member, endpoint, browser);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const device = pushDeviceSchema.parse(first.body);
    expect(device).toMatchObject({ rotulo: 'Chrome · Android', ultimoEnvio: null, endpoint });
    // the same browser again (new keys after a reinstall) is the same device
    const again = await subscribeDevice(people.member, endpoint, browserKeys());
    expect(again.status).toBe(201);
    const list = pushDevicesSchema.parse(
      (await get(`/igreja/${graca}/push/dispositivos`, { token: people.member.token })).body,
    );
    expect(list.chave).toBe(vapidKeys(accountSettings()).publicKey);
    expect(list.dispositivos.filter((d) => d.endpoint === endpoint)).toHaveLength(1);
    // someone else's device cannot be removed; one's own can
    const id = list.dispositivos.find((d) => d.endpoint === endpoint)!.id;
    expectError(
      await call('DELETE', `/igreja/${graca}/push/dispositivos/${id}`, {
        token: people.editor.token,
      }),
      404,
      'push.deviceNotFound',
    );
    expect(
      (
        await call('DELETE', `/igreja/${graca}/push/dispositivos/${id}`, {
          token: people.member.token,
        })
      ).status,
    ).toBe(204);
    const after = pushDevicesSchema.parse(
      (await get(`/igreja/${graca}/push/dispositivos`, { token: people.member.token })).body,
    );
    expect(after.dispositivos.some((d) => d.endpoint === endpoint)).toBe(false);
  });

  it('keeps a member’s preferences per kind and channel', async () => {
    const read = async () =>
      notificationPreferencesSchema.parse(
        (await get(`/igreja/${graca}/notificacao/preferencias`, { token: people.editor.token }))
          .body,
      ).preferencias;
    expect((await read()).church).toEqual({ app: true, push: true, email: true });
    const put = await call('PUT', `/igreja/${graca}/notificacao/preferencias`, {
      token: people.editor.token,
      body: { tipo: 'live', canal: 'push', ativo: false },
    });
    expect(put.status).toBe(200);
    expect((await read()).live).toEqual({ app: true, push: false, email: true });
    await call('PUT', `/igreja/${graca}/notificacao/preferencias`, {
      token: people.editor.token,
      body: { tipo: 'live', canal: 'push', ativo: true },
    });
    expect((await read()).live.push).toBe(true);
  });

  it('delivers a staff notice to each device, decryptable, drops a gone device and honours preferences', async () => {
    const phone = browserKeys();
    const laptop = browserKeys();
    const editorPhone = browserKeys();
    const gone = browserKeys();
    expect(
      (await subscribeDevice(people.member, `${base}/send/phone-${backend}`, phone)).status,
    ).toBe(201);
    expect(
      (await subscribeDevice(people.member, `${base}/send/laptop-${backend}`, laptop)).status,
    ).toBe(201);
    expect((await subscribeDevice(people.member, `${base}/gone/old-${backend}`, gone)).status).toBe(
      201,
    );
    expect(
      (await subscribeDevice(people.editor, `${base}/send/editor-${backend}`, editorPhone)).status,
    ).toBe(201);
    // the editor does not want the church's notices by push
    await call('PUT', `/igreja/${graca}/notificacao/preferencias`, {
      token: people.editor.token,
      body: { tipo: 'church', canal: 'push', ativo: false },
    });

    received.length = 0;
    const sent = await call('POST', '/admin/graca/notificacoes', {
      token: people.admin.token,
      body: { titulo: 'Culto de oração hoje', corpo: 'Às 20h, no templo. Venha!' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runQueuedTasks(database.db, path.join(dataDir, backend), [pushTask]);

    const byPath = new Map(received.map((r) => [r.path, r]));
    expect([...byPath.keys()].sort()).toEqual(
      [`/gone/old-${backend}`, `/send/laptop-${backend}`, `/send/phone-${backend}`].sort(),
    );
    const message = byPath.get(`/send/phone-${backend}`)!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers['ttl'])).toBeGreaterThan(0);
    // signed with this deployment's VAPID key (RFC 8292: "vapid t=<jwt>, k=<public key>")
    expect(message.headers['authorization']).toContain(
      `k=${vapidKeys(accountSettings()).publicKey}`,
    );
    const payload = JSON.parse(decrypt(message.body, phone)) as PushPayload;
    expect(payload).toMatchObject({
      title: 'Culto de oração hoje',
      body: 'Às 20h, no templo. Venha!',
      url: '/user',
      icon: '/api/v1/igreja/graca/icone/192.png',
    });
    // each device's message is encrypted for that device alone
    const other = JSON.parse(decrypt(byPath.get(`/send/laptop-${backend}`)!.body, laptop));
    expect(other.title).toBe('Culto de oração hoje');
    expect(() => decrypt(message.body, laptop)).toThrow();

    // the gone device is dropped; the reached ones carry the moment
    const devices = pushDevicesSchema.parse(
      (await get(`/igreja/${graca}/push/dispositivos`, { token: people.member.token })).body,
    ).dispositivos;
    expect(devices.map((d) => d.endpoint)).not.toContain(`${base}/gone/old-${backend}`);
    expect(
      devices.find((d) => d.endpoint === `${base}/send/phone-${backend}`)!.ultimoEnvio,
    ).not.toBeNull();

    // staff see how many devices it reached
    const page = staffNotificationsPageSchema.parse(
      (await get('/admin/graca/notificacoes', { token: people.admin.token })).body,
    );
    const row = page.notificacoes.find((n) => n.titulo === 'Culto de oração hoje')!;
    expect(row.dispositivos).toBe(2);

    // running the task again sends nothing twice
    received.length = 0;
    await runQueuedTasks(database.db, path.join(dataDir, backend), [pushTask]);
    expect(received).toHaveLength(0);

    // paced as the task sends (docs/performance.md "Pages while staff work runs"): every message
    // goes through the pace it is given, the task's being the process's shared background pace
    const [again] = await database.db
      .insert(t.notifications)
      .values({
        churchId: graca,
        title: 'Paced',
        body: 'Each through the pace.',
        typeCode: 'AVISO',
      })
      .returning({ id: t.notifications.id });
    let paced = 0;
    const outcome = await deliverPush(database.db, graca, again!.id, vapidKeys(accountSettings()), {
      allowLocal: true,
      pace: (send) => {
        paced++;
        return send();
      },
    });
    expect(outcome.reached).toBe(2);
    expect(paced).toBe(2);
    expect(PUSH_PACE.pace).toBe(backgroundPace);
  });

  it('hides a kind from the member’s list on the site when they switch the app off for it', async () => {
    const inbox = async () =>
      notificationsResponseSchema
        .parse(
          (
            await get(`/igreja/${graca}/notificacao/?page=1&limit=50`, {
              token: people.member.token,
            })
          ).body,
        )
        .notificacoes.map((n) => n.titulo);
    const sent = await call('POST', '/admin/graca/notificacoes', {
      token: people.admin.token,
      body: { titulo: 'Bazar beneficente', corpo: 'Sábado, no salão.' },
    });
    expect(sent.status).toBe(201);
    await runQueuedTasks(database.db, path.join(dataDir, backend), [pushTask]);
    expect(await inbox()).toContain('Bazar beneficente');
    const prefs = (ativo: boolean) =>
      call('PUT', `/igreja/${graca}/notificacao/preferencias`, {
        token: people.member.token,
        body: { tipo: 'church', canal: 'app', ativo },
      });
    expect((await prefs(false)).status).toBe(200);
    expect(await inbox()).not.toContain('Bazar beneficente');
    // the editor, who kept it on, still reads it
    const editor = notificationsResponseSchema.parse(
      (await get(`/igreja/${graca}/notificacao/?page=1&limit=50`, { token: people.editor.token }))
        .body,
    );
    expect(editor.notificacoes.map((n) => n.titulo)).toContain('Bazar beneficente');
    await prefs(true);
    expect(await inbox()).toContain('Bazar beneficente');
  });

  it('refuses a push address that is not https outside the tests', async () => {
    await expect(
      subscribe(
        database.db,
        graca,
        people.member.id,
        {
          endpoint: 'http://push.example.com/1',
          keys: browserKeys().keys,
        },
        undefined,
      ),
    ).rejects.toMatchObject({ status: 422, errors: { endpoint: ['push.endpointRefused'] } });
  });

  it('opens a linked item from the push and labels devices by their browser', async () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome · Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    const [event] = await database.db
      .select({ id: t.events.id })
      .from(t.events)
      .where(eq(t.events.churchId, graca))
      .limit(1);
    const tablet = browserKeys();
    expect(
      (await subscribeDevice(people.member, `${base}/send/tablet-${backend}`, tablet)).status,
    ).toBe(201);
    received.length = 0;
    const sent = await call('POST', '/admin/graca/notificacoes', {
      token: people.admin.token,
      body: {
        titulo: 'Inscrições abertas',
        corpo: 'Garanta sua vaga.',
        link: { tipo: 'evento', id: event!.id },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runQueuedTasks(database.db, path.join(dataDir, backend), [pushTask]);
    const message = received.find((r) => r.path === `/send/tablet-${backend}`)!;
    expect(JSON.parse(decrypt(message.body, tablet))).toMatchObject({
      title: 'Inscrições abertas',
      url: `/event/${event!.id}`,
    });
  });

  it('moves a device to the new subscription the service worker reports, proven by the old auth secret', async () => {
    const old = browserKeys();
    const next = browserKeys();
    const before = `${base}/renew/old-${backend}`;
    const after = `${base}/renew/new-${backend}`;
    const made = await subscribeDevice(people.member, before, old);
    expect(made.status).toBe(201);
    const renew = (auth: string) =>
      call('POST', '/push/renovar', {
        body: { antigo: { endpoint: before, auth }, novo: { endpoint: after, keys: next.keys } },
      });
    expectError(await renew(next.keys.auth), 404); // someone who knows the address but not the secret
    expectFieldError(
      await call('POST', '/push/renovar', {
        body: { antigo: { endpoint: before, auth: old.keys.auth }, novo: { endpoint: 'nope' } },
      }),
      400,
      'novo.endpoint',
    );
    expect((await renew(old.keys.auth)).status).toBe(204);
    const devices = pushDevicesSchema.parse(
      (await get(`/igreja/${graca}/push/dispositivos`, { token: people.member.token })).body,
    ).dispositivos;
    const moved = devices.find((d) => d.id === (made.body as { id: number }).id)!;
    expect(moved).toMatchObject({ endpoint: after, rotulo: 'Chrome · Android' });
    expect(devices.map((d) => d.endpoint)).not.toContain(before);
    expectError(await renew(old.keys.auth), 404); // the old one is gone
  });

  it('keeps the member’s own language and pushes “We’re live” in it, others in the church’s', async () => {
    const language = (who: { token: string }, idioma: unknown, lang = 'en') =>
      call('PUT', `/igreja/${graca}/notificacao/idioma`, {
        token: who.token,
        lang,
        body: { idioma },
      });
    expect(
      notificationLanguageSchema.parse(
        (await get(`/igreja/${graca}/notificacao/idioma`, { token: people.member.token })).body,
      ),
    ).toEqual({ idioma: null, igreja: 'pt' });
    const bad = await language(people.member, 'fr', 'es-AR');
    expectFieldError(bad, 400, 'idioma');
    expect(bad.body.errors['idioma']).toContain(
      'Elige portugués, inglés, español o el idioma de la iglesia.',
    );
    const chosen = await language(people.member, 'es');
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ idioma: 'es', igreja: 'pt' });

    const mine = browserKeys();
    const editors = browserKeys();
    await subscribeDevice(people.member, `${base}/lang/member-${backend}`, mine);
    await subscribeDevice(people.editor, `${base}/lang/editor-${backend}`, editors);
    received.length = 0;
    expect(
      (await call('POST', '/admin/graca/notificacoes/ao-vivo', { token: people.admin.token }))
        .status,
    ).toBe(201);
    await runQueuedTasks(database.db, path.join(dataDir, backend), [pushTask]);
    const words = (who: string, keys: BrowserKeys) =>
      JSON.parse(decrypt(received.find((r) => r.path === `/lang/${who}-${backend}`)!.body, keys));
    expect(words('member', mine)).toMatchObject({ title: '¡Estamos en vivo!', url: '/live' });
    expect(words('member', mine).body).toMatch(/Toca para verlo\.$/);
    expect(words('editor', editors)).toMatchObject({ title: 'Estamos ao vivo!', url: '/live' });

    // back to the church's language
    expect((await language(people.member, null)).body).toEqual({ idioma: null, igreja: 'pt' });
  });
});

describe('the service worker when the push service replaces a subscription', () => {
  it('subscribes again and tells the server the old endpoint, its auth secret and the new one', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const posted: { url: string; body: unknown }[] = [];
    const self = {
      addEventListener: (name: string, fn: (event: unknown) => void) => listeners.set(name, fn),
      registration: {
        pushManager: {
          subscribe: async (options: unknown) => ({
            toJSON: () => ({
              endpoint: 'https://push.example/new',
              keys: { p256dh: 'P', auth: 'A' },
              options,
            }),
          }),
        },
      },
    };
    const fetchStub = async (url: string, init: { body: string }) => {
      posted.push({ url, body: JSON.parse(init.body) });
      return new Response(null, { status: 204 });
    };
    new Function('self', 'fetch', readFileSync('public/push-sw.js', 'utf8'))(self, fetchStub);
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('pushsubscriptionchange')!({
      oldSubscription: {
        options: { userVisibleOnly: true },
        toJSON: () => ({
          endpoint: 'https://push.example/old',
          keys: { p256dh: 'p', auth: 'old-auth' },
        }),
      },
      newSubscription: null,
      waitUntil: (p: Promise<unknown>) => (done = p),
    });
    await done;
    expect(posted).toEqual([
      {
        url: '/api/v1/push/renovar',
        body: {
          antigo: { endpoint: 'https://push.example/old', auth: 'old-auth' },
          novo: { endpoint: 'https://push.example/new', keys: { p256dh: 'P', auth: 'A' } },
        },
      },
    ]);
  });
});
