// Children's check-in pages' state (docs/kids.md): rooms, the sessions of a day, the station's
// search and last check-in, a room's roster and the attendance report. Writes hand the API's
// failure back to the form (attempt) and reload what they changed.
import { atom } from 'nanostores';
import type {
  KidsAttendance,
  KidsDay,
  KidsFamilies,
  KidsLabels,
  KidsPositions,
  KidsRoom,
  KidsRoster,
} from '../../contract/kids.ts';
import {
  fetchKidsAttendance,
  fetchKidsAttendanceCsv,
  fetchKidsDay,
  fetchKidsFamilies,
  fetchKidsPositions,
  fetchKidsRooms,
  fetchKidsRoster,
  postKidsArrival,
  postKidsCheckin,
  postKidsGenerate,
  postKidsPage,
  postKidsPickup,
  postKidsRoom,
  postKidsSession,
  postKidsVisitor,
  putKidsRoom,
  type KidsCheckinForm,
  type KidsRoomForm,
  type KidsVisitorForm,
} from '../lib/staff/kids-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

/** The device's own day (yyyy-mm-dd): the church's Sunday as the station sees it. */
export function localDay(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export const $kidsRooms = atom<Loadable<{ salas: KidsRoom[] }>>({ state: 'idle' });
/** The rota positions a room can take its volunteers from (docs/kids.md "Room volunteers"). */
export const $kidsPositions = atom<Loadable<KidsPositions>>({ state: 'idle' });
export const $kidsDay = atom<Loadable<KidsDay>>({ state: 'idle' });
export const $kidsFamilies = atom<Loadable<KidsFamilies>>({ state: 'idle' });
export const $kidsRoster = atom<Loadable<KidsRoster>>({ state: 'idle' });
export const $kidsAttendance = atom<Loadable<KidsAttendance>>({ state: 'idle' });
/** The station's last check-in: its code and labels, until the next family. */
export const $kidsLast = atom<KidsLabels | null>(null);

export const loadKidsRooms = (slug: string) => loadInto($kidsRooms, () => fetchKidsRooms(slug));
export const loadKidsPositions = (slug: string) =>
  loadInto($kidsPositions, () => fetchKidsPositions(slug));
export const loadKidsDay = (slug: string, data: string) =>
  loadInto($kidsDay, () => fetchKidsDay(slug, data));
export const loadKidsRoster = (slug: string, id: number) =>
  loadInto($kidsRoster, () => fetchKidsRoster(slug, id));
export const loadKidsAttendance = (slug: string, de: string, ate: string) =>
  loadInto($kidsAttendance, () => fetchKidsAttendance(slug, de, ate));
export const searchKidsFamilies = (slug: string, busca: string, data: string, horario: string) =>
  loadInto($kidsFamilies, () => fetchKidsFamilies(slug, busca, data, horario), false);

export const saveKidsRoom = (slug: string, id: number | null, form: KidsRoomForm) =>
  attempt(
    () => (id ? putKidsRoom(slug, id, form) : postKidsRoom(slug, form)),
    () => loadKidsRooms(slug),
  );

export const generateKidsSessions = (slug: string, data: string) =>
  attempt(
    () => postKidsGenerate(slug, data),
    () => loadKidsDay(slug, data),
  );

export const addKidsSession = (
  slug: string,
  form: { salaId: number; data: string; horario: string; titulo: string },
) =>
  attempt(
    () => postKidsSession(slug, form),
    () => loadKidsDay(slug, form.data),
  );

/** Checks the ticked children in: the labels, or the API's failure for the station. */
export async function kidsCheckIn(
  slug: string,
  form: KidsCheckinForm,
): Promise<KidsLabels | ApiFailure> {
  try {
    const labels = await postKidsCheckin(slug, form);
    $kidsLast.set(labels);
    return labels;
  } catch (error) {
    return staffFailure(error);
  }
}

/** Confirms a family pre-checked from the phone arrived: its labels, with the phone's code. */
export async function kidsConfirmArrival(
  slug: string,
  codeId: number,
  estacao: string,
): Promise<KidsLabels | ApiFailure> {
  try {
    const labels = await postKidsArrival(slug, codeId, estacao);
    $kidsLast.set(labels);
    return labels;
  } catch (error) {
    return staffFailure(error);
  }
}

export async function addKidsVisitor(
  slug: string,
  form: KidsVisitorForm,
): Promise<{ chave: string } | ApiFailure> {
  try {
    return await postKidsVisitor(slug, form);
  } catch (error) {
    return staffFailure(error);
  }
}

export const kidsPickUp = (
  slug: string,
  checkinId: number,
  body: { codigo?: string; motivo?: string },
  then?: () => Promise<void>,
) => attempt(() => postKidsPickup(slug, checkinId, body), then);

export const kidsPageParent = (slug: string, checkinId: number, sessionId: number) =>
  attempt(
    () => postKidsPage(slug, checkinId),
    () => loadKidsRoster(slug, sessionId),
  );

export async function downloadKidsCsv(slug: string, de: string, ate: string) {
  saveDownload(await fetchKidsAttendanceCsv(slug, de, ate));
}
