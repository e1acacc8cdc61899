// Scheduled sends from the staff's notifications page (docs/notifications.md "Scheduled sends").
import type {
  ScheduledNotification,
  ScheduledNotifications,
  StaffNotificationSchedule,
} from '../../../contract/notifications-staff.ts';
import { staffHttp } from './http.ts';

export const fetchScheduledNotices = (slug: string) =>
  staffHttp(slug).get('notificacoes/agendadas').json<ScheduledNotifications>();

export const scheduleNotice = (slug: string, body: StaffNotificationSchedule) =>
  staffHttp(slug).post('notificacoes/agendadas', { json: body }).json<ScheduledNotification>();

export const editScheduledNotice = (slug: string, id: number, body: StaffNotificationSchedule) =>
  staffHttp(slug).put(`notificacoes/agendadas/${id}`, { json: body }).json<ScheduledNotification>();

export const cancelScheduledNotice = async (slug: string, id: number): Promise<void> => {
  await staffHttp(slug).delete(`notificacoes/agendadas/${id}`);
};
