// The staff's Play settings (docs/play.md "Who may watch"): loaded once per page, saved through the API.
import { atom } from 'nanostores';
import type { PlaySettingsInput, StaffPlaySettings } from '../../contract/play-staff.ts';
import * as api from '../lib/staff/play-settings-api.ts';
import { attempt, loadInto, type Loadable } from './staff-store.ts';

export const $playSettings = atom<Loadable<StaffPlaySettings>>({ state: 'idle' });

export const loadPlaySettings = (slug: string) =>
  loadInto($playSettings, () => api.fetchPlaySettings(slug));

/** Saves; null when done (the store then holds what the API answered), else the failure for the form. */
export const savePlaySettings = (slug: string, body: PlaySettingsInput) =>
  attempt(async () =>
    $playSettings.set({ state: 'ready', data: await api.savePlaySettings(slug, body) }),
  );
