// The staff dashboard's calls from the browser (docs/staff.md "First steps and what needs
// attention"): GET /admin/{slug}/painel, PUT painel/checklist.
import type { Dashboard } from '../../../contract/dashboard.ts';
import { staffHttp } from './http.ts';

/** The checklist and what needs attention, for the caller's areas. */
export const fetchDashboard = (slug: string): Promise<Dashboard> =>
  staffHttp(slug).get('painel').json<Dashboard>();

/** Puts the first steps away (or brings them back); answers the dashboard as it is now. */
export const putChecklist = (slug: string, dispensado: boolean): Promise<Dashboard> =>
  staffHttp(slug).put('painel/checklist', { json: { dispensado } }).json<Dashboard>();
