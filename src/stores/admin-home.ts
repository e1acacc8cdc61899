// The staff area's home (docs/staff.md "Home"): the church's banners, weekly services and live
// streams, and the actions that change them. Islands subscribe and render; every rule is the API's.
import { atom } from 'nanostores';
import type {
  ServiceInput,
  StaffBanner,
  StaffService,
  StaffStream,
  StreamInput,
} from '../../contract/church-staff.ts';
import { staffFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/site-api.ts';
import type { BannerFields } from '../lib/staff/site-api.ts';
import { setOnAir } from '../lib/staff/live-notice-api.ts';

export type HomeState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; banners: StaffBanner[]; services: StaffService[]; streams: StaffStream[] };

export const $home = atom<HomeState>({ state: 'loading' });

/** What a form shows after a save: nothing (it worked) or the API's message and field errors. */
export type Outcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

async function outcome(run: () => Promise<void>): Promise<Outcome> {
  try {
    await run();
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

function update(
  change: (
    ready: Extract<HomeState, { state: 'ready' }>,
  ) => Partial<Extract<HomeState, { state: 'ready' }>>,
) {
  const current = $home.get();
  if (current.state === 'ready') $home.set({ ...current, ...change(current) });
}

export async function loadHome(slug: string): Promise<void> {
  $home.set({ state: 'loading' });
  try {
    const [banners, services, streams] = await Promise.all([
      api.listBanners(slug),
      api.listServices(slug),
      api.listStreams(slug),
    ]);
    $home.set({ state: 'ready', banners, services, streams });
  } catch (error) {
    $home.set({ state: 'error', message: (await staffFailure(error)).message });
  }
}

export const saveBanner = (
  slug: string,
  id: number | null,
  fields: BannerFields,
  image: File | null,
) =>
  outcome(async () => {
    if (id) {
      const saved = await api.updateBanner(slug, id, fields, image);
      update((s) => ({ banners: s.banners.map((b) => (b.id === id ? saved : b)) }));
    } else {
      const saved = await api.createBanner(slug, fields, image);
      update((s) => ({ banners: [...s.banners, saved] }));
    }
  });

export const removeBanner = (slug: string, id: number) =>
  outcome(async () => {
    await api.deleteBanner(slug, id);
    update((s) => ({ banners: s.banners.filter((b) => b.id !== id) }));
  });

/** Moves a banner one place up (-1) or down (+1). */
export const moveBanner = (slug: string, id: number, by: -1 | 1) =>
  outcome(async () => {
    const current = $home.get();
    if (current.state !== 'ready') return;
    const ids = current.banners.map((b) => b.id);
    const from = ids.indexOf(id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    const banners = await api.reorderBanners(slug, ids);
    update(() => ({ banners }));
  });

export const saveService = (slug: string, id: number | null, body: ServiceInput) =>
  outcome(async () => {
    const saved = await api.saveService(slug, id, body);
    update((s) => ({
      services: (id
        ? s.services.map((x) => (x.id === id ? saved : x))
        : [...s.services, saved]
      ).sort(
        (a, b) => a.diaSemana - b.diaSemana || a.horario.localeCompare(b.horario) || a.id - b.id,
      ),
    }));
  });

export const removeService = (slug: string, id: number) =>
  outcome(async () => {
    await api.deleteService(slug, id);
    update((s) => ({ services: s.services.filter((x) => x.id !== id) }));
  });

export const saveStream = (slug: string, id: number | null, body: StreamInput) =>
  outcome(async () => {
    const saved = await api.saveStream(slug, id, body);
    update((s) => ({
      streams: (id ? s.streams.map((x) => (x.id === id ? saved : x)) : [...s.streams, saved]).sort(
        (a, b) => a.inicio.localeCompare(b.inicio) || a.id - b.id,
      ),
    }));
  });

export const removeStream = (slug: string, id: number) =>
  outcome(async () => {
    await api.deleteStream(slug, id);
    update((s) => ({ streams: s.streams.filter((x) => x.id !== id) }));
  });

/** The stream's "We're on air now" switch (docs/notifications.md "Live service"): true when it told the members. */
export async function switchOnAir(
  slug: string,
  id: number,
  on: boolean,
): Promise<Outcome & { notified?: boolean }> {
  let notified = false;
  const result = await outcome(async () => {
    const answer = await setOnAir(slug, id, on);
    notified = answer.notificacaoId !== null;
    update((s) => ({
      streams: s.streams.map((x) => (x.id === id ? { ...x, flagAoVivo: answer.aoVivo } : x)),
    }));
  });
  return { ...result, notified };
}
