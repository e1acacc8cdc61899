// The staff's e-mail announcement calls from the browser (docs/notifications.md "E-mail
// announcements"): the latest sends with their progress and bouncing members, and the test send.
import type { EmailSends } from '../../../contract/email-announcements.ts';
import type { StaffNotificationSend } from '../../../contract/notifications-staff.ts';
import { staffHttp } from './http.ts';

export const fetchEmailSends = (slug: string) =>
  staffHttp(slug).get('notificacoes/emails').json<EmailSends>();

/** The notice's e-mail to the staff member alone; answers the address it went to. */
export const sendEmailTest = async (slug: string, body: StaffNotificationSend): Promise<string> =>
  (await staffHttp(slug).post('notificacoes/teste', { json: body }).json<{ para: string }>()).para;
