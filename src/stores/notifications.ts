// /user/notifications' flow (docs/notifications.md): this browser's push subscription and the
// member's devices, the preferences per kind of notice and channel (shown at once, put back when
// refused) and the language e-mails and pushes come in; busy and the page's one message. Calls in
// src/lib/notifications/api.ts, the browser's push subscription in push-browser.ts.
import { atom, map } from 'nanostores';
import type { Lang } from '../../contract/language.ts';
import type {
  Channel,
  NoticeKind,
  NotificationPreferences,
} from '../../contract/notification-preferences.ts';
import type { PushDevice } from '../../contract/push.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  loadDevices,
  loadLanguage,
  loadPreferences,
  removeDevice,
  saveDevice,
  saveLanguage,
  savePreference,
} from '../lib/notifications/api.ts';
import {
  currentSubscription,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  type SubscribeOutcome,
} from '../lib/notifications/push-browser.ts';
import { loadInto, type Loadable } from './loadable.ts';

export interface NotificationSettings {
  key: string;
  devices: PushDevice[];
  preferences: NotificationPreferences['preferencias'];
  /** The member's language for e-mails and pushes (null: the church's, `churchLanguage`). */
  language: Lang | null;
  churchLanguage: Lang;
  /** This browser's endpoint, when it is subscribed. */
  here: string | null;
}

export const $notificationSettings = atom<Loadable<NotificationSettings>>({ state: 'idle' });
/** The page's one message and whether a device is being added or removed. */
export const $notificationsPage = map<{
  message: { kind: 'ok' | 'error'; text: string } | null;
  busy: boolean;
}>({ message: null, busy: false });

export const loadNotificationSettings = (churchId: number): Promise<void> =>
  loadInto(
    $notificationSettings,
    async () => {
      const [devices, preferences, language, subscription] = await Promise.all([
        loadDevices(churchId),
        loadPreferences(churchId),
        loadLanguage(churchId),
        currentSubscription().catch(() => null),
      ]);
      return {
        key: devices.chave,
        devices: devices.dispositivos,
        preferences: preferences.preferencias,
        language: language.idioma,
        churchLanguage: language.igreja,
        here: subscription?.endpoint ?? null,
      };
    },
    false,
  );

const shown = (): NotificationSettings | null => {
  const state = $notificationSettings.get();
  return state.state === 'ready' ? state.data : null;
};

function update(next: Partial<NotificationSettings>): void {
  const data = shown();
  if (data) $notificationSettings.set({ state: 'ready', data: { ...data, ...next } });
}

const say = (message: { kind: 'ok' | 'error'; text: string } | null): void =>
  $notificationsPage.setKey('message', message);

const fail = async (error: unknown): Promise<void> =>
  say({ kind: 'error', text: (await readFailure(error)).message });

/** Turns on notifications for this browser (it asks for permission now), then keeps the device. */
export async function turnOnThisDevice(
  churchId: number,
  texts: {
    on: string;
    refused: (reason: Extract<SubscribeOutcome, { ok: false }>['reason']) => string;
  },
): Promise<void> {
  const data = shown();
  if (!data) return;
  $notificationsPage.set({ busy: true, message: null });
  const outcome = await subscribeThisBrowser(data.key);
  if (!outcome.ok)
    return $notificationsPage.set({
      busy: false,
      message: { kind: 'error', text: texts.refused(outcome.reason) },
    });
  try {
    const device = await saveDevice(churchId, outcome.subscription);
    update({
      here: device.endpoint,
      devices: [device, ...(shown()?.devices ?? []).filter((d) => d.id !== device.id)],
    });
    say({ kind: 'ok', text: texts.on });
  } catch (error) {
    await fail(error);
  }
  $notificationsPage.setKey('busy', false);
}

/** Removes a device (this browser's subscription too when it is this one). */
export async function removeNotificationDevice(
  churchId: number,
  device: PushDevice,
  removed: string,
): Promise<void> {
  $notificationsPage.set({ busy: true, message: null });
  try {
    await removeDevice(churchId, device.id);
    const here = shown()?.here ?? null;
    if (device.endpoint === here) await unsubscribeThisBrowser().catch(() => undefined);
    update({
      devices: (shown()?.devices ?? []).filter((d) => d.id !== device.id),
      here: device.endpoint === here ? null : here,
    });
    say({ kind: 'ok', text: removed });
  } catch (error) {
    await fail(error);
  }
  $notificationsPage.setKey('busy', false);
}

/** A kind of notice on a channel: shown at once, the saved preferences after; put back if refused. */
export async function toggleNotice(
  churchId: number,
  kind: NoticeKind,
  channel: Channel,
  on: boolean,
): Promise<void> {
  const before = shown()?.preferences;
  if (!before) return;
  say(null);
  update({ preferences: { ...before, [kind]: { ...before[kind], [channel]: on } } });
  try {
    const saved = await savePreference(churchId, kind, channel, on);
    update({ preferences: saved.preferencias });
  } catch (error) {
    update({ preferences: before });
    await fail(error);
  }
}

/** The language e-mails and pushes come in; '' for the church's. */
export async function chooseNoticeLanguage(
  churchId: number,
  value: string,
  saved: string,
): Promise<void> {
  try {
    const answer = await saveLanguage(churchId, value ? (value as Lang) : null);
    update({ language: answer.idioma, churchLanguage: answer.igreja });
    say({ kind: 'ok', text: saved });
  } catch (error) {
    await fail(error);
  }
}
