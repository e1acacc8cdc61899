// The treasurer's giving calls from the browser (docs/staff.md "Giving"): reasons and settings,
// gifts with the same filters for the list, the totals and the CSV, refunds, recurring gifts and
// the yearly statement batch, all under /admin/{slug}/doacao/.
import type {
  GivingSettings,
  GivingSummary,
  ReasonInput,
  StaffGiftsPage,
  StaffReason,
  StaffReasons,
  StaffRecurringPage,
  StatementBatch,
} from '../../../contract/giving-staff.ts';
import { staffHttp } from './http.ts';

export interface GiftFilter {
  de: string | null;
  ate: string | null;
  motivo: number | null;
  metodo: string | null;
  status: string | null;
}

/** The filters as a query string (the list adds its page). */
export function giftParams(f: GiftFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.de) out.de = f.de;
  if (f.ate) out.ate = f.ate;
  if (f.motivo) out.motivo = String(f.motivo);
  if (f.metodo) out.metodo = f.metodo;
  if (f.status) out.status = f.status;
  return out;
}

export const fetchReasons = (slug: string) =>
  staffHttp(slug).get('doacao/motivos').json<StaffReasons>();

export const createReason = (slug: string, body: ReasonInput) =>
  staffHttp(slug).post('doacao/motivos', { json: body }).json<StaffReason>();

export const updateReason = (slug: string, id: number, body: ReasonInput) =>
  staffHttp(slug).put(`doacao/motivos/${id}`, { json: body }).json<StaffReason>();

/** Moves a reason's gifts into another reason and removes it. */
export const mergeReasonInto = (slug: string, id: number, destino: number) =>
  staffHttp(slug).post(`doacao/motivos/${id}/juntar`, { json: { destino } }).json<StaffReason>();

export const orderReasons = (slug: string, ids: number[]) =>
  staffHttp(slug).put('doacao/motivos-ordem', { json: { ids } }).json<{ motivos: StaffReason[] }>();

export const saveGivingSettings = (slug: string, body: GivingSettings) =>
  staffHttp(slug).put('doacao/configuracao', { json: body }).json<GivingSettings>();

export const fetchGifts = (slug: string, f: GiftFilter, page: number) =>
  staffHttp(slug)
    .get('doacao/doacoes', { searchParams: { ...giftParams(f), page } })
    .json<StaffGiftsPage>();

export const fetchSummary = (slug: string, f: GiftFilter) =>
  staffHttp(slug)
    .get('doacao/resumo', { searchParams: giftParams(f) })
    .json<GivingSummary>();

/** The CSV as a file to save (the call carries the bearer token, so it is fetched, not linked). */
export async function downloadGiftsCsv(
  slug: string,
  f: GiftFilter,
): Promise<{ blob: Blob; filename: string }> {
  const res = await staffHttp(slug).get('doacao/doacoes.csv', { searchParams: giftParams(f) });
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'doacoes.csv';
  return { blob: await res.blob(), filename };
}

export const refundGift = (slug: string, code: string) =>
  staffHttp(slug).post(`doacao/doacoes/${encodeURIComponent(code)}/estorno`);

export const fetchRecurring = (slug: string, estado: string | null, page: number) =>
  staffHttp(slug)
    .get('doacao/recorrentes', { searchParams: { ...(estado ? { estado } : {}), page } })
    .json<StaffRecurringPage>();

export const fetchBatches = (slug: string) =>
  staffHttp(slug).get('doacao/extratos').json<{ lotes: StatementBatch[] }>();

export const startBatch = (slug: string, ano: number) =>
  staffHttp(slug).post('doacao/extratos', { json: { ano } }).json<StatementBatch>();
