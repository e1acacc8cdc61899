// The staff dashboard's state (docs/staff.md "First steps and what needs attention"): the one
// answer of GET painel; putting the checklist away answers the dashboard again.
import { atom } from 'nanostores';
import type { Dashboard } from '../../contract/dashboard.ts';
import { fetchDashboard, putChecklist } from '../lib/staff/dashboard-api.ts';
import type { ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, type Loadable } from './staff-store.ts';

export const $dashboard = atom<Loadable<Dashboard>>({ state: 'idle' });

export const loadDashboard = (slug: string): Promise<void> =>
  loadInto($dashboard, () => fetchDashboard(slug));

/** Puts the first steps away or brings them back; the API's failure, or null. */
export const setChecklistDismissed = (
  slug: string,
  dismissed: boolean,
): Promise<ApiFailure | null> =>
  attempt(async () => {
    const data = await putChecklist(slug, dismissed);
    $dashboard.set({ state: 'ready', data });
  });
