// Push and preferences in the browser (docs/notifications.md): a new member's /user/notifications
// never asks for permission on a visit, shows the devices that accepted push (one subscribed here
// through the API with a key pair the test makes, as a browser would: headless Chromium has no
// push service), keeps a preference across a reload, cannot switch receipts by e-mail off, and
// removes a device. Staff see the "We're live" button on /admin/notifications. A notice is pushed
// for real to a push service the test runs, decrypted with the page's subscription keys, and shown
// by the site's service worker, in the language the member chose.
import { createECDH, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  browserKeys,
  decrypt,
  startPushService,
  type TestPushService,
} from '../../server/notifications/push-service.test-support.ts';
import { API, apiLogin, churchUrl } from './helpers.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

test.use({ locale: 'en-US' });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A new member of grace through the API, logged in: their tokens and the church's id. */
async function newMember() {
  const email = `push-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Senha@123';
  const church = (await (await fetch(`${API}/igreja/codigo/grace`)).json()) as { id: number };
  const created = await fetch(`${API}/igreja/${church.id}/usuario`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({
      email,
      senha: password,
      confirmacaoSenha: password,
      nome: 'Phoebe',
      sobrenome: 'Cenchreae',
      telefone: '+1 512 555 0177',
      dataNascimento: '1990-04-05',
      sexo: 'F',
    }),
  });
  expect(created.status, await created.clone().text()).toBeLessThan(300);
  const login = await fetch(`${API}/security/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(login.status).toBe(200);
  const pair = (await login.json()) as { token: string; refresh_token: string };
  return { churchId: church.id, ...pair };
}

test('a member sees their devices, keeps preferences and is never asked on a visit', async ({
  page,
}) => {
  const member = await newMember();
  // A phone that accepted push: its subscription as the browser would send it.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscribed = await fetch(`${API}/igreja/${member.churchId}/push/dispositivos`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${member.token}`,
      'user-agent': ANDROID_CHROME,
    },
    body: JSON.stringify({
      endpoint: `https://push.example.com/e2e/${randomBytes(8).toString('hex')}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    }),
  });
  expect(subscribed.status, await subscribed.clone().text()).toBe(201);

  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [member.token, member.refresh_token],
  );
  await page.goto(churchUrl('grace', '/user'));
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Turn on notifications on this device' }),
  ).toBeVisible();
  // nothing asked on a visit: the permission is still the browser's default
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  const devices = page.getByRole('region', { name: 'Your devices' });
  await expect(devices.getByText('Chrome · Android')).toBeVisible();

  // live service by push off: kept after a reload
  const livePush = page.getByRole('checkbox', { name: 'Live service: Push' });
  await expect(livePush).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/notificacao/preferencias') && r.request().method() === 'PUT',
  );
  await livePush.uncheck();
  expect((await saved).status()).toBe(200);
  // receipts by e-mail always go
  const receipts = page.getByRole('checkbox', { name: 'Giving receipts: E-mail' });
  await expect(receipts).toBeChecked();
  await expect(receipts).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Live service: Push' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Live service: E-mail' })).toBeChecked();

  await page.getByRole('button', { name: 'Remove Chrome · Android' }).click();
  await expect(page.getByText('Chrome · Android no longer gets notifications.')).toBeVisible();
  await expect(devices.getByText('No device gets notifications yet.')).toBeVisible();
  const list = (await (
    await fetch(`${API}/igreja/${member.churchId}/push/dispositivos`, {
      headers: { authorization: `Bearer ${member.token}` },
    })
  ).json()) as { dispositivos: unknown[] };
  expect(list.dispositivos).toEqual([]);
});

test('staff find the “We’re live” button beside the notices they sent', async ({ page }) => {
  const admin = await apiLogin('admin@grace.demo');
  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [admin.token, admin.refresh_token],
  );
  await page.goto(churchUrl('grace', '/admin/notifications'));
  const live = page.getByRole('region', { name: 'Live service' });
  await expect(live.getByRole('button', { name: 'Send “We’re live”' })).toBeVisible();
  await live.getByRole('button', { name: 'Send “We’re live”' }).click();
  // confirmed first: cancelling sends nothing
  await expect(
    page.getByRole('dialog', { name: 'Tell everyone the service is live?' }),
  ).toBeVisible();
  await page.getByRole('dialog').getByText('Cancel', { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(live.getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

// Headless Chromium here cannot reach its vendor's push service (FCM), so PushManager.subscribe
// alone is replaced: it answers a subscription at the test's push service with keys the test made
// (what a browser gets from FCM). Everything else is the product: the page's click and permission,
// the API keeping the device, the staff send, the server's task encrypting (RFC 8291) and signing
// (VAPID) it over HTTP, and the site's service worker showing what the push service delivers.
// The server allows a push service on 127.0.0.1 only with PUSH_TEST_LOCAL_SERVICE (test-only).
test.describe('a real push', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: SecondServer;
  let pushService: TestPushService;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    pushService = await startPushService();
    server = await startSecondServer('push', { PUSH_TEST_LOCAL_SERVICE: 'true' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await pushService?.close();
  });

  test('a staff notice reaches the member’s browser encrypted for it and shows', async ({
    page,
    context,
  }) => {
    const member = await server.login('member@grace.demo');
    const admin = await server.login('admin@grace.demo');
    const browser = browserKeys();
    const endpoint = `${pushService.base}/e2e/${randomBytes(8).toString('hex')}`;
    await page.addInitScript(
      ([token, refresh, sub]) => {
        if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token);
        localStorage.setItem('church:refreshToken', refresh);
        const { endpoint, p256dh, auth } = JSON.parse(sub) as Record<string, string>;
        const bytes = (s: string) =>
          Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
            .buffer;
        let current: unknown = null;
        PushManager.prototype.subscribe = async function (options) {
          (window as unknown as { serverKey: unknown }).serverKey = options?.applicationServerKey;
          current = {
            endpoint,
            expirationTime: null,
            options,
            getKey: (name: string) =>
              name === 'p256dh' ? bytes(p256dh!) : name === 'auth' ? bytes(auth!) : null,
            toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
            unsubscribe: async () => ((current = null), true),
          };
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      [member.token, member.refresh_token, JSON.stringify({ endpoint, ...browser.keys })] as const,
    );
    const origin = `http://grace.localhost:${server.port}`;
    await context.grantPermissions(['notifications'], { origin });
    await page.goto(`${origin}/user/notifications`);
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
    // the member's own language for what the church sends them (the church's is English)
    const language = page.getByLabel('Language of e-mails and notifications');
    await expect(language).toHaveValue('');
    await expect(language.locator('option').first()).toHaveText('The church’s language (English)');
    await language.selectOption('es');
    await expect(page.getByText('Language saved.')).toBeVisible();
    const serverKey = await page.evaluate(() =>
      btoa(
        String.fromCharCode(
          ...new Uint8Array((window as unknown as { serverKey: ArrayBuffer }).serverKey),
        ),
      )
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    );

    const sent = await fetch(server.api('/admin/grace/notificacoes/ao-vivo'), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await expect
      .poll(
        () => pushService.received.filter((r) => r.path === new URL(endpoint).pathname).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(1);
    const message = pushService.received.find((r) => r.path === new URL(endpoint).pathname)!;
    // signed with the key the page subscribed with (RFC 8292 "vapid t=<jwt>, k=<key>")
    expect(message.headers['authorization']).toContain(`k=${serverKey}`);
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(decrypt(message.body, browser)) as Record<string, string>;
    expect(payload).toMatchObject({ title: '¡Estamos en vivo!', url: '/live' });
    expect(payload.body).toBeTruthy();

    // what the push service hands the browser, given to the site's service worker
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${origin}/`,
      registrationId: await registered,
      data: decrypt(message.body, browser),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([{ title: '¡Estamos en vivo!', body: payload.body, url: '/live' }]);
  });
});
