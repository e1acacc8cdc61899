// The e-mail side of /admin/notifications (docs/notifications.md "E-mail announcements"): the
// latest sends, read again every few seconds while one is still sending, and the test send.
import { atom } from 'nanostores';
import type { EmailSends } from '../../contract/email-announcements.ts';
import type { StaffNotificationSend } from '../../contract/notifications-staff.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { fetchEmailSends, sendEmailTest } from '../lib/staff/email-announcements-api.ts';

export const $emailSends = atom<EmailSends | null>(null);

/** How often progress is read while a send is under way. */
export const EMAIL_POLL_MS = 3_000;

let timer: ReturnType<typeof setTimeout> | undefined;

/** Reads the sends; while one is sending, reads them again shortly (one timer at a time). */
export async function loadEmailSends(slug: string): Promise<void> {
  clearTimeout(timer);
  try {
    const value = await fetchEmailSends(slug);
    $emailSends.set(value);
    if (value.envios.some((s) => s.status === 'enviando'))
      timer = setTimeout(() => void loadEmailSends(slug), EMAIL_POLL_MS);
  } catch {
    $emailSends.set($emailSends.get() ?? { envios: [], devolvidos: [] });
  }
}

export function stopEmailPolling(): void {
  clearTimeout(timer);
}

export async function sendTest(
  slug: string,
  body: StaffNotificationSend,
): Promise<{ ok: true; to: string } | { ok: false; failure: ApiFailure }> {
  try {
    return { ok: true, to: await sendEmailTest(slug, body) };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}
