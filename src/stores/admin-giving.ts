// The treasurer's pages' state (docs/staff.md "Giving"): the gifts and their totals for the
// filters in the address (loaded together, so the page never shows a list and totals of two
// different filters), the reasons and settings, recurring gifts and the statement batches.
import { atom, map } from 'nanostores';
import type {
  GivingSettings,
  GivingSummary,
  ReasonInput,
  StaffGiftsPage,
  StaffReasons,
  StaffRecurringPage,
  StatementBatch,
} from '../../contract/giving-staff.ts';
import {
  createReason,
  downloadGiftsCsv,
  fetchBatches,
  fetchGifts,
  fetchReasons,
  fetchRecurring,
  fetchSummary,
  mergeReasonInto,
  orderReasons,
  refundGift,
  saveGivingSettings,
  startBatch,
  updateReason,
  type GiftFilter,
} from '../lib/staff/giving-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

export const $gifts = atom<Loadable<{ page: StaffGiftsPage; summary: GivingSummary }>>({
  state: 'idle',
});
export const $reasons = atom<Loadable<StaffReasons>>({ state: 'idle' });
export const $recurring = atom<Loadable<StaffRecurringPage>>({ state: 'idle' });
export const $batches = atom<Loadable<StatementBatch[]>>({ state: 'idle' });

/** The page of gifts and the totals of the same filters; a late older answer is dropped. */
export const loadGifts = (slug: string, filter: GiftFilter, page: number): Promise<void> =>
  loadInto($gifts, async () => {
    const [list, summary] = await Promise.all([
      fetchGifts(slug, filter, page),
      fetchSummary(slug, filter),
    ]);
    return { page: list, summary };
  });

/** The filters of the address; approved gifts unless `status` says otherwise (`todos`: any). */
export function giftFilterOf(params: URLSearchParams): GiftFilter {
  const status = params.get('status');
  return {
    de: params.get('de'),
    ate: params.get('ate'),
    motivo: Number(params.get('motivo')) || null,
    metodo: params.get('metodo'),
    status: status === 'todos' ? null : (status ?? 'aprovado'),
  };
}

/** First and last day of a `yyyy-mm` month. */
export function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** The `yyyy-mm` month the period is exactly, else ''. */
export function monthOf(filter: GiftFilter): string {
  const { de, ate } = filter;
  if (!de || !ate || de.slice(0, 7) !== ate.slice(0, 7)) return '';
  const [first, last] = monthRange(de.slice(0, 7));
  return first === de && last === ate ? de.slice(0, 7) : '';
}

/** The gifts page's notice (a refund done or refused, a CSV refused) and the CSV being made. */
export const $giftsDesk = map<{
  notice: { kind: 'ok' | 'error'; text: string } | null;
  exporting: boolean;
}>({ notice: null, exporting: false });

/** Refunds the gift and says so (`refundedText`) or why not. */
export async function refundOne(
  slug: string,
  code: string,
  filter: GiftFilter,
  page: number,
  refundedText: string,
): Promise<void> {
  $giftsDesk.setKey('notice', null);
  const failure = await refund(slug, code, filter, page);
  $giftsDesk.setKey(
    'notice',
    failure ? { kind: 'error', text: failure.message } : { kind: 'ok', text: refundedText },
  );
}

/** Saves the CSV of the filtered gifts; a refusal shows in the notice. */
export async function exportGifts(slug: string, filter: GiftFilter): Promise<void> {
  $giftsDesk.setKey('exporting', true);
  const failure = await exportGiftsCsv(slug, filter);
  $giftsDesk.setKey('exporting', false);
  if (failure) $giftsDesk.setKey('notice', { kind: 'error', text: failure.message });
}

/** Refunds a gift, then reloads the list and totals. */
export const refund = (slug: string, code: string, filter: GiftFilter, page: number) =>
  attempt(
    () => refundGift(slug, code),
    () => loadGifts(slug, filter, page),
  );

/** Saves the CSV of the filtered gifts as a file. */
export const exportGiftsCsv = (slug: string, filter: GiftFilter) =>
  attempt(async () => saveDownload(await downloadGiftsCsv(slug, filter)));

export const loadReasons = (slug: string): Promise<void> =>
  loadInto($reasons, () => fetchReasons(slug));

/** Creates (id null) or edits a reason; the list reloads. */
export const saveReason = (slug: string, id: number | null, body: ReasonInput) =>
  attempt(
    () => (id === null ? createReason(slug, body) : updateReason(slug, id, body)),
    () => loadReasons(slug),
  );

/** Merges a reason into another (its gifts move there); the list reloads. */
export const mergeReason = (slug: string, id: number, into: number) =>
  attempt(
    () => mergeReasonInto(slug, id, into),
    () => loadReasons(slug),
  );

/** Moves a reason one place up or down. */
export async function moveReason(slug: string, id: number, by: -1 | 1): Promise<ApiFailure | null> {
  const data = $reasons.get().data;
  if (!data) return null;
  const ids = data.motivos.map((m) => m.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return attempt(async () => {
    const { motivos } = await orderReasons(slug, ids);
    $reasons.set({ state: 'ready', data: { ...data, motivos } });
  });
}

export const saveSettings = (slug: string, body: GivingSettings) =>
  attempt(async () => {
    const configuracao = await saveGivingSettings(slug, body);
    const data = $reasons.get().data;
    if (data) $reasons.set({ state: 'ready', data: { ...data, configuracao } });
  });

export const loadRecurring = (slug: string, estado: string | null, page: number) =>
  loadInto($recurring, () => fetchRecurring(slug, estado, page));

export async function loadBatches(slug: string): Promise<void> {
  try {
    $batches.set({ state: 'ready', data: (await fetchBatches(slug)).lotes });
  } catch (error) {
    const failure = await staffFailure(error);
    $batches.set({ state: 'error', message: failure.message, status: failure.status });
  }
}

export const sendStatements = (slug: string, year: number) =>
  attempt(
    () => startBatch(slug, year),
    () => loadBatches(slug),
  );
