// An event's door team on its staff page (docs/events.md "Door team"): the church's door
// volunteers, who is ticked, and the save. Who may be on it is decided by the API.
import { atom } from 'nanostores';
import type { DoorTeam } from '../../contract/events-door.ts';
import { fetchDoorTeam, saveDoorTeam } from '../lib/staff/door-team-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $doorTeam = atom<Loadable<DoorTeam>>({ state: 'idle' });

export const loadDoorTeam = (slug: string, id: number): Promise<void> =>
  loadInto($doorTeam, () => fetchDoorTeam(slug, id), false);

/** Saves the ticked volunteers as the team; the API's failure for the form, or null. */
export async function saveTeam(
  slug: string,
  id: number,
  usuarios: number[],
): Promise<ApiFailure | null> {
  try {
    $doorTeam.set({ state: 'ready', data: await saveDoorTeam(slug, id, { usuarios }) });
    return null;
  } catch (error) {
    return staffFailure(error);
  }
}
