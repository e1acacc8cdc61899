// The Play area's state (docs/staff.md "Play"): the videos list and the video being edited (with
// its upload's progress and the conversion it waits for), collections, tags, plans, subscribers.
import { atom } from 'nanostores';
import type {
  StaffCollection,
  StaffPlan,
  StaffTag,
  StaffVideo,
  SubscriberPage,
  VideoPage,
} from '../../contract/play-staff.ts';
import * as api from '../lib/staff/play-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $videos = atom<Loadable<VideoPage>>({ state: 'idle' });
export const $video = atom<Loadable<StaffVideo | null>>({ state: 'idle' });
export const $collections = atom<Loadable<StaffCollection[]>>({ state: 'idle' });
export const $tags = atom<Loadable<StaffTag[]>>({ state: 'idle' });
export const $playPlans = atom<Loadable<StaffPlan[]>>({ state: 'idle' });
export const $subscribers = atom<Loadable<SubscriberPage>>({ state: 'idle' });
/** The upload in progress: bytes stored of the file's size; `failure` when the connection gave up. */
export const $upload = atom<
  | { state: 'idle' }
  | { state: 'sending'; sent: number; total: number; name: string }
  | { state: 'failed'; message: string; file: File }
>({ state: 'idle' });

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

export const loadVideos = (slug: string, params: URLSearchParams) =>
  loadInto($videos, () => api.fetchVideos(slug, params));
export const loadVideo = (slug: string, id: number | null) =>
  id
    ? loadInto($video, () => api.fetchVideo(slug, id))
    : $video.set({ state: 'ready', data: null });
export const loadCollections = (slug: string) =>
  loadInto($collections, () => api.fetchCollections(slug));
export const loadTags = (slug: string) => loadInto($tags, () => api.fetchTags(slug));
export const loadPlans = (slug: string) => loadInto($playPlans, () => api.fetchPlans(slug));
export const loadSubscribers = (slug: string, params: URLSearchParams) =>
  loadInto($subscribers, () => api.fetchSubscribers(slug, params));

export async function saveVideo(
  slug: string,
  id: number | null,
  body: Parameters<typeof api.saveVideo>[2],
) {
  const outcome = await attempt(() => api.saveVideo(slug, id, body));
  if (outcome.ok) $video.set({ state: 'ready', data: outcome.value });
  return outcome;
}
export const removeVideo = (slug: string, id: number) => attempt(() => api.deleteVideo(slug, id));

/** While the video's conversion runs, reads it again every couple of seconds. */
let polling: ReturnType<typeof setTimeout> | undefined;
export function watchConversion(slug: string, id: number): void {
  clearTimeout(polling);
  const tick = async () => {
    const outcome = await attempt(() => api.fetchVideo(slug, id));
    if (outcome.ok) $video.set({ state: 'ready', data: outcome.value });
    if (!outcome.ok || outcome.value.midia.estado === 'processando')
      polling = setTimeout(() => void tick(), 1500);
  };
  polling = setTimeout(() => void tick(), 1000);
}

export async function sendVideo(slug: string, id: number, file: File): Promise<void> {
  $upload.set({ state: 'sending', sent: 0, total: file.size, name: file.name });
  const outcome = await attempt(() =>
    api.uploadVideo(slug, id, file, (sent, total) =>
      $upload.set({ state: 'sending', sent, total, name: file.name }),
    ),
  );
  if (!outcome.ok) {
    $upload.set({ state: 'failed', message: outcome.failure.message, file });
    return;
  }
  $upload.set({ state: 'idle' });
  await loadVideo(slug, id);
  watchConversion(slug, id);
}

export async function retryConversion(slug: string, id: number) {
  const outcome = await attempt(() => api.retryVideo(slug, id));
  if (outcome.ok) {
    await loadVideo(slug, id);
    watchConversion(slug, id);
  }
  return outcome;
}

export async function sendCaptions(slug: string, id: number, file: File) {
  const outcome = await attempt(() => api.uploadCaptions(slug, id, file));
  if (outcome.ok) $video.set({ state: 'ready', data: outcome.value });
  return outcome;
}
export async function dropCaptions(slug: string, id: number) {
  const outcome = await attempt(() => api.removeCaptions(slug, id));
  if (outcome.ok) $video.set({ state: 'ready', data: outcome.value });
  return outcome;
}
export const uploadImage = (slug: string, file: File) => attempt(() => api.uploadImage(slug, file));

export const saveCollection = (
  slug: string,
  id: number | null,
  body: Parameters<typeof api.saveCollection>[2],
) => attempt(() => api.saveCollection(slug, id, body));
export const removeCollection = (slug: string, id: number) =>
  attempt(() => api.deleteCollection(slug, id));
export const saveTag = (slug: string, id: number | null, body: Parameters<typeof api.saveTag>[2]) =>
  attempt(() => api.saveTag(slug, id, body));
export const removeTag = (slug: string, id: number) => attempt(() => api.deleteTag(slug, id));
export const savePlan = (
  slug: string,
  id: number | null,
  body: Parameters<typeof api.savePlan>[2],
) => attempt(() => api.savePlan(slug, id, body));
export const removePlan = (slug: string, id: number) => attempt(() => api.deletePlan(slug, id));
/** Stores the plans' new order; the list shows the server's answer. */
export async function reorderPlans(slug: string, ids: number[]) {
  const outcome = await attempt(() => api.reorderPlans(slug, ids));
  if (outcome.ok) $playPlans.set({ state: 'ready', data: outcome.value });
  return outcome;
}

// ---- the catalogue pages: collections, tags, plans ----

/** The row of the page's list being edited in place (one list a page), or none. */
export const $editingRow = atom<number | null>(null);
export const editRow = (id: number | null): void => $editingRow.set(id);

/** The plans page's notices: a refused move or delete, and the move just made (for screen readers). */
export const $planNotices = atom<{ problem: string; moved: string }>({ problem: '', moved: '' });

/** What a row's form holds: text as typed, ticks as booleans. */
export type RowValues = Record<string, string | boolean>;

/** A typed amount ("49,90" or "49.90") in currency units, as the API takes it. */
const units = (v: string | boolean) => Number(String(v).replace(',', '.'));

export const collectionBody = (v: RowValues) => ({
  titulo: String(v.titulo),
  descricao: String(v.descricao),
  imagem: String(v.imagem ?? '') || null,
  ordem: Number(v.ordem) || 0,
});
export const tagBody = (v: RowValues) => ({
  nome: String(v.nome),
  home: Boolean(v.home),
  ordem: Number(v.ordem) || 0,
});
export const planBody = (v: RowValues) => ({
  nome: String(v.nome),
  descricao: String(v.descricao),
  valor: units(v.valor ?? ''),
  taxaAdesao: units(v.taxaAdesao || '0'),
  periodicidadeDias: Number(v.periodicidadeDias),
  ativo: Boolean(v.ativo),
});

export async function deleteCollection(slug: string, id: number): Promise<void> {
  await removeCollection(slug, id);
  await loadCollections(slug);
}
export async function deleteTag(slug: string, id: number): Promise<void> {
  await removeTag(slug, id);
  await loadTags(slug);
}
export async function deletePlan(slug: string, id: number): Promise<void> {
  const outcome = await removePlan(slug, id);
  $planNotices.set({ ...$planNotices.get(), problem: outcome.ok ? '' : outcome.failure.message });
  await loadPlans(slug);
}

/**
 * Moves a plan one place up (-1) or down (+1); the server stores the whole order. `movedText`
 * says where it went. The moved plan's id when done, null when refused (the problem shows).
 */
export async function movePlan(
  slug: string,
  index: number,
  by: -1 | 1,
  movedText: (name: string, position: number) => string,
): Promise<number | null> {
  const ids = ($playPlans.get().data ?? []).map((p) => p.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + by, 0, id!);
  const outcome = await reorderPlans(slug, ids);
  if (!outcome.ok) {
    $planNotices.set({ ...$planNotices.get(), problem: outcome.failure.message });
    return null;
  }
  const plan = outcome.value.find((p) => p.id === id)!;
  $planNotices.set({ problem: '', moved: movedText(plan.nome, index + by + 1) });
  return id!;
}
