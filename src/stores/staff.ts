// The staff profile of the page's church (docs/staff.md): who the caller is in the staff area,
// their roles and the areas they may use. Every staff island and the staff menu read it; it is
// loaded once per page, after the session.
import { atom } from 'nanostores';
import type { StaffArea, StaffMe } from '../../contract/staff.ts';
import { fetchStaffMe, staffFailure } from '../lib/staff/http.ts';

export type StaffState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; me: StaffMe }
  | { state: 'refused'; status: number; message: string };

export const $staff = atom<StaffState>({ state: 'idle' });

let loading: Promise<void> | null = null;

/** Loads the profile once for the page (a second caller waits for the first). */
export function loadStaff(slug: string): Promise<void> {
  if (loading) return loading;
  $staff.set({ state: 'loading' });
  loading = fetchStaffMe(slug).then(
    (me) => $staff.set({ state: 'ready', me }),
    async (error: unknown) => {
      const failure = await staffFailure(error);
      $staff.set({ state: 'refused', status: failure.status, message: failure.message });
    },
  );
  return loading;
}

/** Reads the profile again, with no loading state in between: after the church's modules change,
 *  so do the areas of the menu. A failure keeps the profile the page has. */
export async function refreshStaff(slug: string): Promise<void> {
  try {
    $staff.set({ state: 'ready', me: await fetchStaffMe(slug) });
  } catch {
    /* the next page reads it again */
  }
}

/** Whether the loaded profile may use an area (the server checks again on every call). */
export function canUse(state: StaffState, area: StaffArea): boolean {
  return state.state === 'ready' && state.me.areas.includes(area);
}
