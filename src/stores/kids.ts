// A family's children's check-in from the account (/third-parts/mykids; docs/kids.md "For
// families", "From the parent's phone", "Room volunteers"): the children's check-ins, the rooms a
// volunteer serves today, and the pre-check-in (the services open, the children ticked, the
// family's code until the station confirms it; cancelling until then). The staff's stores are
// admin-kids*.ts. Calls in src/lib/kids/api.ts; no DOM here.
import { map } from 'nanostores';
import type { KidsPrecheckin, MemberKidsCheckins, VolunteerRooms } from '../../contract/kids.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  cancelMyPrecheckin,
  fetchMyKidsCheckins,
  fetchMyKidsRooms,
  fetchMyPrecheckin,
  postMyPrecheckin,
} from '../lib/kids/api.ts';
import { loadChildren } from './account.ts';

export const $myKids = map<{
  /** null until loaded (none when the load failed). */
  checkins: MemberKidsCheckins['checkins'] | null;
  rooms: VolunteerRooms['salas'];
}>({ checkins: null, rooms: [] });

/** The rooms the member serves `today` (their local date), the children and their check-ins. */
export function loadMyKids(userId: number, churchId: number, today: string): void {
  fetchMyKidsRooms(userId, churchId, today).then(
    (r) => $myKids.setKey('rooms', r.salas),
    () => $myKids.setKey('rooms', []),
  );
  loadChildren(userId, churchId).catch(() => undefined);
  fetchMyKidsCheckins(userId, churchId).then(
    (r) => $myKids.setKey('checkins', r.checkins),
    () => $myKids.setKey('checkins', []),
  );
}

export interface PrecheckinState {
  /** null until loaded, or when it cannot be read. */
  view: KidsPrecheckin | null;
  /** The children ticked, by `${service time}-${child id}`. */
  ticked: Record<string, boolean>;
  busy: boolean;
  message: { kind: 'error'; text: string } | null;
}

export const $precheckin = map<PrecheckinState>({
  view: null,
  ticked: {},
  busy: false,
  message: null,
});

export const loadPrecheckin = (userId: number, churchId: number): Promise<void> =>
  fetchMyPrecheckin(userId, churchId).then(
    (view) => $precheckin.setKey('view', view),
    () => $precheckin.setKey('view', null),
  );

export const tickChild = (key: string, on: boolean): void =>
  $precheckin.setKey('ticked', { ...$precheckin.get().ticked, [key]: on });

/** A pre-check-in write: nothing ticked and the state again once done (true), else why not. */
async function act(
  userId: number,
  churchId: number,
  work: () => Promise<unknown>,
  failed: string,
): Promise<boolean> {
  $precheckin.set({ ...$precheckin.get(), busy: true, message: null });
  try {
    await work();
    $precheckin.setKey('ticked', {});
    await loadPrecheckin(userId, churchId);
    return true;
  } catch (error) {
    const failure = await readFailure(error);
    $precheckin.setKey('message', { kind: 'error', text: failure.message || failed });
    return false;
  } finally {
    $precheckin.setKey('busy', false);
  }
}

/** Checks the children `picks` in for the service at `time`. */
export const precheckIn = (
  userId: number,
  churchId: number,
  time: string,
  picks: number[],
  failed: string,
): Promise<boolean> =>
  act(userId, churchId, () => postMyPrecheckin(userId, churchId, time, picks), failed);

/** Cancels a code the station has not confirmed yet. */
export const cancelPrecheckin = (
  userId: number,
  churchId: number,
  codeId: number,
  failed: string,
): Promise<boolean> =>
  act(userId, churchId, () => cancelMyPrecheckin(userId, churchId, codeId), failed);
