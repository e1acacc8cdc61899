// The songs area's state (docs/staff.md "Songs"): the song list, the song being edited with its
// live preview (the lines members will see, from the API's one ChordPro parser), and the set
// lists; the actions that change them. Islands render these and keep only their typing.
import { atom, map } from 'nanostores';
import type {
  SetList,
  SetListInput,
  SongInput,
  SongPreview,
  StaffSong,
  StaffSongSummary,
} from '../../contract/praise-staff.ts';
import { churchToday } from '../../common/time-zone.ts';
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

// ---- the set list being written ----

/** A song of the set list as typed: the key it will be sung in, '' for the song's own. */
export type SetListItem = { louvorId: number; tom: string };

export interface SetListForm {
  /** The set list open in the form: 0 for a new one, null when the form is closed. */
  editing: number | null;
  title: string;
  date: string;
  notes: string;
  items: SetListItem[];
  /** The song chosen in the picker, not yet added. */
  pick: string;
  errors: Record<string, string>;
  message: { kind: 'ok' | 'error'; text: string } | null;
  busy: boolean;
}

export const $setListForm = map<SetListForm>({
  editing: null,
  title: '',
  date: '',
  notes: '',
  items: [],
  pick: '',
  errors: {},
  message: null,
  busy: false,
});

/**
 * Opens the form on a set list, or on a new one (null) dated the church's today on its clock `zone`
 * (docs/volunteers.md "Which clock": the day /praise counts from).
 */
export function editSetList(list: SetList): void;
export function editSetList(list: null, zone: string): void;
export function editSetList(list: SetList | null, zone?: string): void {
  $setListForm.set({
    ...$setListForm.get(),
    editing: list?.id ?? 0,
    title: list?.titulo ?? '',
    date: list?.data ?? churchToday(zone!),
    notes: list?.observacao ?? '',
    items: list?.itens.map((i) => ({ louvorId: i.louvorId, tom: i.tom ?? '' })) ?? [],
    errors: {},
    message: null,
  });
}

export const closeSetList = (): void => $setListForm.setKey('editing', null);

export function typeSetList(field: 'title' | 'date' | 'notes' | 'pick', value: string): void {
  $setListForm.setKey(field, value);
}

const itemsWith = (change: (items: SetListItem[]) => SetListItem[]): void =>
  $setListForm.setKey('items', change($setListForm.get().items));

/** Moves a song of the set list by `by` places, kept inside the list. */
export const moveSetItem = (index: number, by: number): void =>
  itemsWith((list) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
    return next;
  });
export const removeSetItem = (index: number): void =>
  itemsWith((list) => list.filter((_, i) => i !== index));
export const keySetItem = (index: number, tom: string): void =>
  itemsWith((list) => list.map((x, i) => (i === index ? { ...x, tom } : x)));

/** Adds the song chosen in the picker, in its own key. */
export function addPickedSong(): void {
  const { pick } = $setListForm.get();
  const songs = $songs.get();
  const song = songs.state === 'ready' ? songs.items.find((s) => s.id === Number(pick)) : undefined;
  if (song) itemsWith((list) => [...list, { louvorId: song.id, tom: song.tom ?? '' }]);
  $setListForm.setKey('pick', '');
}

/** The API's field errors, the first of each field by its form name. */
const firstOf = (errors: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));

/** Saves the set list; the form closes and says `savedText`, or shows what the API refused. */
export async function submitSetList(slug: string, savedText: string): Promise<void> {
  const form = $setListForm.get();
  $setListForm.setKey('busy', true);
  const outcome = await saveSetList(slug, form.editing || null, {
    titulo: form.title,
    data: form.date,
    observacao: form.notes.trim() || null,
    itens: form.items.map((i) => ({ louvorId: i.louvorId, tom: i.tom.trim() || null })),
  });
  $setListForm.setKey('busy', false);
  if (!outcome.ok) {
    $setListForm.set({
      ...$setListForm.get(),
      errors: firstOf(outcome.failure.errors),
      message: { kind: 'error', text: outcome.failure.message },
    });
    return;
  }
  $setListForm.set({
    ...$setListForm.get(),
    editing: null,
    message: { kind: 'ok', text: savedText },
  });
}

/** Deletes a set list; a refusal shows in the message. */
export async function deleteSetList(slug: string, id: number): Promise<void> {
  const outcome = await removeSetList(slug, id);
  if (!outcome.ok) $setListForm.setKey('message', { kind: 'error', text: outcome.failure.message });
}
