// The people pages' state (docs/staff.md "People"): the directory page for the filters in the
// address, the open person, the deletion requests, and the actions that change them.
import { atom } from 'nanostores';
import type { DeletionRequest, PeoplePage, Person } from '../../contract/people-staff.ts';
import {
  downloadPeopleCsv,
  fetchDeletionRequests,
  fetchPeople,
  fetchPerson,
  postActive,
  postCarryOut,
  putMemberNumber,
  putRoles,
  type PeopleFilter,
} from '../lib/staff/people-api.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

export const $people = atom<Loadable<PeoplePage>>({ state: 'idle' });
export const $person = atom<Loadable<Person>>({ state: 'idle' });
export const $deletionRequests = atom<Loadable<DeletionRequest[]>>({ state: 'idle' });

export const loadPeople = (slug: string, filter: PeopleFilter, page: number) =>
  loadInto($people, () => fetchPeople(slug, filter, page));

export const exportPeopleCsv = (slug: string, filter: PeopleFilter) =>
  attempt(async () => saveDownload(await downloadPeopleCsv(slug, filter)));

export const loadPerson = (slug: string, id: number) =>
  loadInto($person, () => fetchPerson(slug, id), false);

/** Runs a change of the open person and keeps the answer; the failure is returned to the form. */
const change = (run: () => Promise<Person>) =>
  attempt(async () => $person.set({ state: 'ready', data: await run() }));

export const saveRoles = (slug: string, id: number, roles: string[]) =>
  change(() => putRoles(slug, id, roles));
export const saveMemberNumber = (slug: string, id: number, numero: string | null) =>
  change(() => putMemberNumber(slug, id, numero));
export const setPersonActive = (slug: string, id: number, active: boolean) =>
  change(() => postActive(slug, id, active));

export const loadDeletionRequests = (slug: string) =>
  loadInto($deletionRequests, async () => (await fetchDeletionRequests(slug)).pedidos);

export const carryOutDeletion = (slug: string, id: number) =>
  attempt(
    () => postCarryOut(slug, id),
    () => loadDeletionRequests(slug),
  );
