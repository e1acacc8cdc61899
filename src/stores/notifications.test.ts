// /user/notifications: the settings load (with this browser's subscription), turning on this
// device (refused by the browser, or kept), removing one, a preference shown at once and put back
// when refused, and the language saved or refused with the API's message.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  loadDevices: vi.fn(),
  loadPreferences: vi.fn(),
  loadLanguage: vi.fn(),
  saveDevice: vi.fn(),
  removeDevice: vi.fn(),
  savePreference: vi.fn(),
  saveLanguage: vi.fn(),
}));
const push = vi.hoisted(() => ({
  currentSubscription: vi.fn(),
  subscribeThisBrowser: vi.fn(),
  unsubscribeThisBrowser: vi.fn(),
}));
vi.mock('../lib/notifications/api.ts', () => api);
vi.mock('../lib/notifications/push-browser.ts', () => push);
const store = await import('./notifications.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/notificacao/preferencias'),
    {} as NormalizedOptions,
  );
const device = (id: number, rotulo: string) => ({
  id,
  rotulo,
  endpoint: `https://push/${id}`,
  criado: '2026-11-29T12:00:00Z',
  ultimoEnvio: null,
});
const phone = device(1, 'Phone');
const laptop = device(2, 'Laptop');
const prefs = { evento: { email: true, push: true } };

async function loaded(here: string | null = null) {
  api.loadDevices.mockResolvedValueOnce({ chave: 'K', dispositivos: [phone] });
  api.loadPreferences.mockResolvedValueOnce({ preferencias: prefs });
  api.loadLanguage.mockResolvedValueOnce({ idioma: null, igreja: 'pt' });
  push.currentSubscription.mockResolvedValueOnce(here ? { endpoint: here } : null);
  await store.loadNotificationSettings(1);
}
const settings = () => {
  const state = store.$notificationSettings.get();
  if (state.state !== 'ready') throw new Error(`not ready: ${state.state}`);
  return state.data;
};

describe('notifications store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$notificationsPage.set({ message: null, busy: false });
  });

  it('the settings load with this browser’s subscription', async () => {
    await loaded('https://push/1');
    expect(settings()).toEqual({
      key: 'K',
      devices: [phone],
      preferences: prefs,
      language: null,
      churchLanguage: 'pt',
      here: 'https://push/1',
    });
  });

  it('turning on this device: the browser’s refusal, or the device kept', async () => {
    await loaded();
    const texts = { on: 'On.', refused: (reason: string) => `no:${reason}` };
    push.subscribeThisBrowser.mockResolvedValueOnce({ ok: false, reason: 'denied' });
    await store.turnOnThisDevice(1, texts);
    expect(store.$notificationsPage.get()).toEqual({
      busy: false,
      message: { kind: 'error', text: 'no:denied' },
    });
    push.subscribeThisBrowser.mockResolvedValueOnce({ ok: true, subscription: { endpoint: 'x' } });
    api.saveDevice.mockResolvedValueOnce(laptop);
    await store.turnOnThisDevice(1, texts);
    expect(push.subscribeThisBrowser).toHaveBeenLastCalledWith('K');
    expect(settings()).toMatchObject({ here: laptop.endpoint, devices: [laptop, phone] });
    expect(store.$notificationsPage.get().message).toEqual({ kind: 'ok', text: 'On.' });
  });

  it('removing this device unsubscribes this browser', async () => {
    await loaded('https://push/1');
    api.removeDevice.mockResolvedValueOnce(undefined);
    push.unsubscribeThisBrowser.mockResolvedValueOnce(undefined);
    await store.removeNotificationDevice(1, phone, 'Removed.');
    expect(api.removeDevice).toHaveBeenCalledWith(1, 1);
    expect(push.unsubscribeThisBrowser).toHaveBeenCalled();
    expect(settings()).toMatchObject({ devices: [], here: null });
  });

  it('a preference shows at once and is put back when refused', async () => {
    await loaded();
    let answer: (value: unknown) => void = () => undefined;
    api.savePreference.mockReturnValueOnce(new Promise((_, reject) => (answer = reject)));
    const saving = store.toggleNotice(1, 'evento' as never, 'push' as never, false);
    expect(settings().preferences).toEqual({ evento: { email: true, push: false } });
    answer(refused(422, { message: 'Always on' }));
    await saving;
    expect(settings().preferences).toEqual(prefs);
    expect(store.$notificationsPage.get().message).toEqual({ kind: 'error', text: 'Always on' });
  });

  it('the language is saved (empty for the church’s)', async () => {
    await loaded();
    api.saveLanguage.mockResolvedValueOnce({ idioma: null, igreja: 'pt' });
    await store.chooseNoticeLanguage(1, '', 'Saved.');
    expect(api.saveLanguage).toHaveBeenCalledWith(1, null);
    api.saveLanguage.mockResolvedValueOnce({ idioma: 'en', igreja: 'pt' });
    await store.chooseNoticeLanguage(1, 'en', 'Saved.');
    expect(settings().language).toBe('en');
    expect(store.$notificationsPage.get().message).toEqual({ kind: 'ok', text: 'Saved.' });
  });
});
