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
