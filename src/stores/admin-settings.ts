// The staff area's church settings (docs/staff.md "Church settings"): identity and logo, modules,
// language and host names. Islands subscribe and render; every rule is the API's (the contrast
// check also runs in the form, from the same contract function).
import { atom } from 'nanostores';
import type { ChurchSettings, IdentityInput } from '../../contract/church-staff.ts';
import { staffFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/site-api.ts';
import { refreshStaff } from './staff.ts';
import type { Outcome } from './admin-home.ts';

export type SettingsState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; settings: ChurchSettings };

export const $settings = atom<SettingsState>({ state: 'loading' });

async function outcome(run: () => Promise<ChurchSettings | void>): Promise<Outcome> {
  try {
    const settings = await run();
    if (settings) $settings.set({ state: 'ready', settings });
    return { ok: true };
  } catch (error) {
    const failure = await staffFailure(error);
    return {
      ok: false,
      message: failure.message,
      errors: Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? ''])),
    };
  }
}

export async function loadSettings(slug: string): Promise<void> {
  $settings.set({ state: 'loading' });
  try {
    $settings.set({ state: 'ready', settings: await api.fetchSettings(slug) });
  } catch (error) {
    $settings.set({ state: 'error', message: (await staffFailure(error)).message });
  }
}

/** Saves name, description and colours, then the new logo when one was chosen. */
export const saveIdentity = (slug: string, body: IdentityInput, logo: File | null) =>
  outcome(async () => {
    const settings = await api.saveIdentity(slug, body);
    $settings.set({ state: 'ready', settings }); // kept even if the logo is then refused
    if (!logo) return settings;
    const { logo: path } = await api.uploadLogo(slug, logo);
    return { ...settings, logo: path };
  });

/** Saves the modules that are on; the staff menu then shows the areas they bring (or hides them). */
export const saveModules = (slug: string, codes: string[]) =>
  outcome(async () => {
    const settings = await api.saveModules(slug, codes);
    await refreshStaff(slug);
    return settings;
  });

export const saveLanguage = (slug: string, locale: string) =>
  outcome(() => api.saveLanguage(slug, locale));

/** The church's clock (docs/giving.md "Which clock"); null: its country's zone. */
export const saveTimeZone = (slug: string, zone: string | null) =>
  outcome(() => api.saveTimeZone(slug, zone));

export const addHostname = (slug: string, hostname: string) =>
  outcome(() => api.addHostname(slug, hostname));

export const removeHostname = (slug: string, id: number) =>
  outcome(() => api.removeHostname(slug, id));

/** Asks the API to look for the name's DNS proof now (docs/deploy.md "Own domains and HTTPS"). */
export const checkHostname = (slug: string, id: number) =>
  outcome(() => api.checkHostname(slug, id));

/** The main address the church's other names redirect to; null: none. */
export const setPrimaryHost = (slug: string, hostname: string | null) =>
  outcome(() => api.setPrimaryHost(slug, hostname));
