// The notifications page's state (docs/staff.md "Notifications"): what was sent (a page of it),
// the church's groups for the form, the items a search found to link, and the send and delete
// actions. The island renders these and keeps only the form's typing to itself.
import { atom } from 'nanostores';
import type {
  NotificationGroup,
  NotificationTarget,
  StaffNotification,
  StaffNotificationSend,
  StaffNotificationsPage,
} from '../../contract/notifications-staff.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import {
  deleteNotification,
  fetchNotificationGroups,
  fetchSentNotifications,
  searchNotificationTargets,
  sendNotification,
} from '../lib/staff/notifications-api.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $sent = atom<Loadable<StaffNotificationsPage>>({ state: 'idle' });
export const $groups = atom<NotificationGroup[] | null>(null);
export const $targets = atom<{ q: string; items: NotificationTarget[] | null }>({
  q: '',
  items: null,
});

let latestSearch = 0;
let currentPage = 1;

/** Loads a page of what was sent (an older answer that arrives late is dropped). */
export function loadSent(slug: string, page: number): Promise<void> {
  currentPage = page;
  return loadInto($sent, () => fetchSentNotifications(slug, page));
}

export async function loadGroups(slug: string): Promise<void> {
  try {
    $groups.set(await fetchNotificationGroups(slug));
  } catch {
    $groups.set([]);
  }
}

/** The items whose title holds `q` (the newest when empty). */
export async function searchTargets(slug: string, q: string): Promise<void> {
  const call = ++latestSearch;
  $targets.set({ q, items: $targets.get().items });
  try {
    const items = await searchNotificationTargets(slug, q);
    if (call === latestSearch) $targets.set({ q, items });
  } catch {
    if (call === latestSearch) $targets.set({ q, items: [] });
  }
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

/** Sends a notice; on success the list shows it from its first page. */
export async function send(
  slug: string,
  body: StaffNotificationSend,
): Promise<Outcome<StaffNotification>> {
  try {
    const value = await sendNotification(slug, body);
    await loadSent(slug, 1);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

/** Deletes a sent notice from every member; the current page is read again. */
export async function remove(slug: string, id: number): Promise<Outcome<null>> {
  try {
    await deleteNotification(slug, id);
    await loadSent(slug, currentPage);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}
