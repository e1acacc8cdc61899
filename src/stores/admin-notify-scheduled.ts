// The notifications page's scheduled sends (docs/notifications.md "Scheduled sends"): the list,
// the one being edited in the form, and schedule / edit / cancel.
import { atom } from 'nanostores';
import type {
  ScheduledNotification,
  ScheduledNotifications,
  StaffNotificationSchedule,
} from '../../contract/notifications-staff.ts';
import { staffFailure } from '../lib/staff/http.ts';
import {
  cancelScheduledNotice,
  editScheduledNotice,
  fetchScheduledNotices,
  scheduleNotice,
} from '../lib/staff/scheduled-notices-api.ts';
import type { Outcome } from './admin-notifications.ts';

export const $scheduled = atom<ScheduledNotifications | null>(null);
/** The waiting notice the form is editing, if any. */
export const $editing = atom<ScheduledNotification | null>(null);

export async function loadScheduled(slug: string): Promise<void> {
  try {
    $scheduled.set(await fetchScheduledNotices(slug));
  } catch {
    $scheduled.set({ fusoHorario: '', agendadas: [] });
  }
}

/** Schedules a notice, or saves the one being edited; the list is read again. */
export async function saveScheduled(
  slug: string,
  body: StaffNotificationSchedule,
): Promise<Outcome<ScheduledNotification>> {
  const editing = $editing.get();
  try {
    const value = editing
      ? await editScheduledNotice(slug, editing.id, body)
      : await scheduleNotice(slug, body);
    $editing.set(null);
    await loadScheduled(slug);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

export async function cancelScheduled(slug: string, id: number): Promise<Outcome<null>> {
  try {
    await cancelScheduledNotice(slug, id);
    if ($editing.get()?.id === id) $editing.set(null);
    await loadScheduled(slug);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}
