// "We're live" from the staff's notifications page (docs/notifications.md "Live service").
import type { OnAir, StaffNotification } from '../../../contract/notifications-staff.ts';
import { staffHttp } from './http.ts';

/** `POST /admin/{slug}/notificacoes/ao-vivo`: a notice to every member that opens /live. */
export const sendLiveNotice = (slug: string) =>
  staffHttp(slug).post('notificacoes/ao-vivo').json<StaffNotification>();

/** `POST /admin/{slug}/transmissao/{id}/no-ar`: a stream on air (telling members once) or off. */
export const setOnAir = (slug: string, id: number, aoVivo: boolean) =>
  staffHttp(slug).post(`transmissao/${id}/no-ar`, { json: { aoVivo } }).json<OnAir>();
