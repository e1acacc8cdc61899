// The staff events desk's state (docs/events.md "The staff side"): the events list, the editor of
// one event (what was typed, field errors, the saved version) and an event's registrations.
// Islands subscribe and render; every call and rule lives here or in the API.
import { atom } from 'nanostores';
import type {
  RegistrationsPage,
  StaffEvent,
  StaffEventInput,
  StaffEventsPage,
} from '../../contract/events-staff.ts';
import {
  cancelRegistration,
  createEvent,
  downloadRegistrationsCsv,
  duplicateEvent,
  fetchEvent,
  fetchEvents,
  fetchRegistrations,
  publishEvent,
  resendTicket,
  updateEvent,
  uploadEventImage,
  type EventsFilter,
  type RegistrationsFilter,
} from '../lib/staff/events-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

// ---- the list ----

export const $eventsList = atom<Loadable<StaffEventsPage>>({ state: 'idle' });

export const loadEvents = (slug: string, filter: EventsFilter): Promise<void> =>
  loadInto($eventsList, () => fetchEvents(slug, filter));

// ---- one event ----

/** The event being edited; `null` data for a new one. */
export const $eventEditor = atom<Loadable<StaffEvent | null>>({ state: 'idle' });

export async function loadEvent(slug: string, id: number | null): Promise<void> {
  if (id === null) return $eventEditor.set({ state: 'ready', data: null });
  return loadInto($eventEditor, () => fetchEvent(slug, id), false);
}

/** Saves (creates or updates); the failure (message, field errors, 409) or the saved event. */
export async function saveEvent(
  slug: string,
  id: number | null,
  input: StaffEventInput,
): Promise<{ ok: StaffEvent } | { failure: ApiFailure }> {
  try {
    const saved = id === null ? await createEvent(slug, input) : await updateEvent(slug, id, input);
    $eventEditor.set({ state: 'ready', data: saved });
    return { ok: saved };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function setEventPublished(
  slug: string,
  id: number,
  published: boolean,
): Promise<ApiFailure | null> {
  return attempt(async () =>
    $eventEditor.set({ state: 'ready', data: await publishEvent(slug, id, published) }),
  );
}

export async function copyEvent(
  slug: string,
  id: number,
): Promise<{ ok: StaffEvent } | { failure: ApiFailure }> {
  try {
    return { ok: await duplicateEvent(slug, id) };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function uploadImage(
  slug: string,
  file: File,
): Promise<{ url: string } | { failure: ApiFailure }> {
  try {
    return await uploadEventImage(slug, file);
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

// ---- registrations ----

export const $registrations = atom<Loadable<RegistrationsPage>>({ state: 'idle' });

export const loadRegistrations = (
  slug: string,
  id: number,
  filter: RegistrationsFilter,
): Promise<void> => loadInto($registrations, () => fetchRegistrations(slug, id, filter));

/** Cancels (or refunds, when paid) the registration's order, then reloads the page of the list. */
export async function cancelOne(
  slug: string,
  id: number,
  registration: number,
  filter: RegistrationsFilter,
): Promise<{ ok: Awaited<ReturnType<typeof cancelRegistration>> } | { failure: ApiFailure }> {
  try {
    const ok = await cancelRegistration(slug, id, registration);
    await loadRegistrations(slug, id, filter);
    return { ok };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function resendOne(
  slug: string,
  id: number,
  registration: number,
): Promise<{ ok: string } | { failure: ApiFailure }> {
  try {
    return { ok: (await resendTicket(slug, id, registration)).para };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

/** Saves the CSV of the filtered registrations, or of the selected ones (`ids`), as a file. */
export async function exportCsv(
  slug: string,
  id: number,
  filter: RegistrationsFilter,
  ids?: readonly number[],
): Promise<ApiFailure | null> {
  return attempt(async () => saveDownload(await downloadRegistrationsCsv(slug, id, filter, ids)));
}
