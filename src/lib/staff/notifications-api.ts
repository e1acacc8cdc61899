// The staff's notification calls from the browser (docs/staff.md "Notifications"): what was
// sent, send, delete, and the form's choices (groups, items a notice may open).
import type {
  NotificationGroup,
  NotificationTarget,
  StaffNotification,
  StaffNotificationSend,
  StaffNotificationsPage,
} from '../../../contract/notifications-staff.ts';
import { staffHttp } from './http.ts';

export const fetchSentNotifications = (slug: string, page: number) =>
  staffHttp(slug).get('notificacoes', { searchParams: { page } }).json<StaffNotificationsPage>();

export const fetchNotificationGroups = async (slug: string): Promise<NotificationGroup[]> =>
  (await staffHttp(slug).get('notificacoes/grupos').json<{ grupos: NotificationGroup[] }>()).grupos;

export const searchNotificationTargets = async (
  slug: string,
  q: string,
): Promise<NotificationTarget[]> =>
  (
    await staffHttp(slug)
      .get('notificacoes/alvos', { searchParams: { q } })
      .json<{ alvos: NotificationTarget[] }>()
  ).alvos;

export const sendNotification = (slug: string, body: StaffNotificationSend) =>
  staffHttp(slug).post('notificacoes', { json: body }).json<StaffNotification>();

export const deleteNotification = async (slug: string, id: number): Promise<void> => {
  await staffHttp(slug).delete(`notificacoes/${id}`);
};
