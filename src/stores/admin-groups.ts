// The groups pages' state (docs/staff.md "Groups"): the list for the search in the address, the
// open group, and the actions that change them (each reloads the open group after it).
import { atom } from 'nanostores';
import type { StaffGroup, StaffGroups } from '../../contract/groups-staff.ts';
import {
  deleteGroupMember,
  fetchGroup,
  fetchGroupPeople,
  fetchGroups,
  postGroup,
  postGroupMember,
  putGroup,
  putGroupRequest,
  type GroupForm,
} from '../lib/staff/groups-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, type Loadable } from './staff-store.ts';

export const $groups = atom<Loadable<StaffGroups>>({ state: 'idle' });
export const $group = atom<Loadable<StaffGroup>>({ state: 'idle' });

export const loadGroups = (slug: string, busca: string | null) =>
  loadInto($groups, () => fetchGroups(slug, busca));

export const loadGroup = (slug: string, id: number) =>
  loadInto($group, () => fetchGroup(slug, id), false);

export const searchPeople = async (slug: string, busca: string) =>
  (await fetchGroupPeople(slug, busca)).pessoas;

/** Creates or saves the group: its id, or the API's failure for the form. */
export async function saveGroup(
  slug: string,
  id: number | null,
  form: GroupForm,
): Promise<{ id: number } | ApiFailure> {
  try {
    const saved = id ? await putGroup(slug, id, form) : await postGroup(slug, form);
    if (id) await loadGroup(slug, id);
    return saved;
  } catch (error) {
    return staffFailure(error);
  }
}

export const addGroupMember = (slug: string, id: number, userId: number) =>
  attempt(
    () => postGroupMember(slug, id, userId),
    () => loadGroup(slug, id),
  );

export const removeGroupMember = (slug: string, id: number, userId: number) =>
  attempt(
    () => deleteGroupMember(slug, id, userId),
    () => loadGroup(slug, id),
  );

export const answerGroupRequest = (
  slug: string,
  id: number,
  requestId: number,
  acao: 'aceitar' | 'recusar',
) =>
  attempt(
    () => putGroupRequest(slug, id, requestId, acao),
    () => loadGroup(slug, id),
  );
