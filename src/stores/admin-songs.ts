// The songs area's state (docs/staff.md "Songs"): the song list, the song being edited with its
// live preview (the lines members will see, from the API's one ChordPro parser), and the set
// lists; the actions that change them. Islands render these and keep only their typing.
import { atom } from 'nanostores';
import type {
  SetList,
  SetListInput,
  SongInput,
  SongPreview,
  StaffSong,
  StaffSongSummary,
} from '../../contract/praise-staff.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/songs-api.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };
type Listed<T> =
  { state: 'loading' } | { state: 'ready'; items: T } | { state: 'error'; message: string };

export const $songs = atom<Listed<StaffSongSummary[]>>({ state: 'loading' });
export const $song = atom<Listed<StaffSong | null>>({ state: 'loading' });
export const $preview = atom<SongPreview | null>(null);
export const $setLists = atom<Listed<SetList[]>>({ state: 'loading' });

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

let latestList = 0;
export async function loadSongs(slug: string, busca: string): Promise<void> {
  const call = ++latestList;
  const outcome = await attempt(() => api.fetchSongs(slug, busca));
  if (call !== latestList) return;
  $songs.set(
    outcome.ok
      ? { state: 'ready', items: outcome.value }
      : { state: 'error', message: outcome.failure.message },
  );
}

/** The song to edit (null: a new one). */
export async function loadSong(slug: string, id: number | null): Promise<void> {
  if (!id) {
    $song.set({ state: 'ready', items: null });
    return;
  }
  $song.set({ state: 'loading' });
  const outcome = await attempt(() => api.fetchSong(slug, id));
  $song.set(
    outcome.ok
      ? { state: 'ready', items: outcome.value }
      : { state: 'error', message: outcome.failure.message },
  );
}

let previewCall: AbortController | null = null;
/** The lines members would see for this ChordPro text (the latest typing wins). */
export async function refreshPreview(slug: string, cifra: string): Promise<void> {
  previewCall?.abort();
  const controller = (previewCall = new AbortController());
  try {
    $preview.set(await api.previewSong(slug, cifra, controller.signal));
  } catch {
    // a preview that could not be built keeps the last one; saving reports real errors
  }
}

export async function saveSong(
  slug: string,
  id: number | null,
  body: SongInput,
): Promise<Outcome<StaffSong>> {
  const outcome = await attempt(() =>
    id ? api.updateSong(slug, id, body) : api.createSong(slug, body),
  );
  if (outcome.ok) $song.set({ state: 'ready', items: outcome.value });
  return outcome;
}

export const importSong = (slug: string, text: string) => attempt(() => api.importSong(slug, text));

export const removeSong = (slug: string, id: number) => attempt(() => api.deleteSong(slug, id));

/** Downloads the song as a ChordPro file. */
export async function downloadChordPro(slug: string, song: StaffSong): Promise<Outcome<void>> {
  return attempt(async () => {
    const text = await api.exportSong(slug, song.id);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = `${song.titulo.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'song'}.cho`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
}

export async function addScore(slug: string, id: number, file: File) {
  const outcome = await attempt(() => api.uploadScore(slug, id, file));
  if (outcome.ok) $song.set({ state: 'ready', items: outcome.value });
  return outcome;
}

export async function dropScore(slug: string, id: number, index: number) {
  const outcome = await attempt(() => api.removeScore(slug, id, index));
  if (outcome.ok) $song.set({ state: 'ready', items: outcome.value });
  return outcome;
}

export async function loadSetLists(slug: string): Promise<void> {
  const outcome = await attempt(() => api.fetchSetLists(slug));
  $setLists.set(
    outcome.ok
      ? { state: 'ready', items: outcome.value }
      : { state: 'error', message: outcome.failure.message },
  );
}

export async function saveSetList(slug: string, id: number | null, body: SetListInput) {
  const outcome = await attempt(() => api.saveSetList(slug, id, body));
  if (outcome.ok) await loadSetLists(slug);
  return outcome;
}

export async function removeSetList(slug: string, id: number) {
  const outcome = await attempt(() => api.deleteSetList(slug, id));
  if (outcome.ok) await loadSetLists(slug);
  return outcome;
}
