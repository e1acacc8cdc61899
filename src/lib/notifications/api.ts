// A member's notification calls from the browser (docs/notifications.md): this church's push
// devices, the preferences per kind and channel and the member's language, with the session's bearer token.
import type { Lang } from '../../../contract/language.ts';
import type {
  Channel,
  NoticeKind,
  NotificationLanguage,
  NotificationPreferences,
} from '../../../contract/notification-preferences.ts';
import type { PushDevice, PushDevices } from '../../../contract/push.ts';
import { mainApi } from '../account/http.ts';

/** `GET /igreja/{id}/push/dispositivos`: the server's key and the member's devices. */
export const loadDevices = (churchId: number) =>
  mainApi().get(`igreja/${churchId}/push/dispositivos`).json<PushDevices>();

/** `POST /igreja/{id}/push/dispositivos`: keeps this browser's subscription. */
export const saveDevice = (churchId: number, subscription: PushSubscriptionJSON) =>
  mainApi()
    .post(`igreja/${churchId}/push/dispositivos`, {
      json: { endpoint: subscription.endpoint, keys: subscription.keys },
    })
    .json<PushDevice>();

/** `DELETE /igreja/{id}/push/dispositivos/{deviceId}`. */
export const removeDevice = async (churchId: number, deviceId: number): Promise<void> => {
  await mainApi().delete(`igreja/${churchId}/push/dispositivos/${deviceId}`);
};

/** `GET /igreja/{id}/notificacao/preferencias`. */
export const loadPreferences = (churchId: number) =>
  mainApi().get(`igreja/${churchId}/notificacao/preferencias`).json<NotificationPreferences>();

/** `PUT /igreja/{id}/notificacao/preferencias`: every kind × channel after the change. */
export const savePreference = (
  churchId: number,
  tipo: NoticeKind,
  canal: Channel,
  ativo: boolean,
) =>
  mainApi()
    .put(`igreja/${churchId}/notificacao/preferencias`, { json: { tipo, canal, ativo } })
    .json<NotificationPreferences>();

/** `GET /igreja/{id}/notificacao/idioma`: the member's language for e-mails and pushes (null: the church's). */
export const loadLanguage = (churchId: number) =>
  mainApi().get(`igreja/${churchId}/notificacao/idioma`).json<NotificationLanguage>();

/** `PUT /igreja/{id}/notificacao/idioma`: null goes back to the church's language. */
export const saveLanguage = (churchId: number, idioma: Lang | null) =>
  mainApi()
    .put(`igreja/${churchId}/notificacao/idioma`, { json: { idioma } })
    .json<NotificationLanguage>();
