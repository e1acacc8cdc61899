// The staff events desk from the browser (docs/events.md "The staff side"): every call under
// `/api/v1/admin/{slug}/evento/…`, typed by contract/events-staff.ts.
import type {
  CancelResult,
  CheckinAnswer,
  CheckinCount,
  CheckinScan,
  CheckinState,
  RegistrationsPage,
  StaffEvent,
  StaffEventInput,
  StaffEventsPage,
} from '../../../contract/events-staff.ts';
import { staffHttp } from './http.ts';

export interface EventsFilter {
  busca: string;
  quando: 'proximos' | 'passados';
  page: number;
}

export interface RegistrationsFilter {
  busca: string;
  status: string;
  ingresso: string;
  pagamento: string;
  /** The table's sort (`titular`, `-data`…); empty: newest first. */
  ordem: string;
  page: number;
}

const params = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== 0));

export const fetchEvents = (slug: string, f: EventsFilter) =>
  staffHttp(slug)
    .get('evento', { searchParams: params({ ...f }) })
    .json<StaffEventsPage>();

export const fetchEvent = (slug: string, id: number) =>
  staffHttp(slug).get(`evento/${id}`).json<StaffEvent>();

export const createEvent = (slug: string, body: StaffEventInput) =>
  staffHttp(slug).post('evento', { json: body }).json<StaffEvent>();

export const updateEvent = (slug: string, id: number, body: StaffEventInput) =>
  staffHttp(slug).put(`evento/${id}`, { json: body }).json<StaffEvent>();

export const duplicateEvent = (slug: string, id: number) =>
  staffHttp(slug).post(`evento/${id}/duplicar`).json<StaffEvent>();

export const publishEvent = (slug: string, id: number, published: boolean) =>
  staffHttp(slug)
    .post(`evento/${id}/${published ? 'publicar' : 'despublicar'}`)
    .json<StaffEvent>();

export function uploadEventImage(slug: string, file: File): Promise<{ url: string }> {
  const body = new FormData();
  body.append('imagem', file);
  return staffHttp(slug).post('evento/imagem', { body }).json<{ url: string }>();
}

const registrationParams = (f: Partial<RegistrationsFilter>) =>
  params({
    busca: f.busca ?? '',
    status: f.status ?? '',
    ingresso: f.ingresso ?? '',
    pagamento: f.pagamento ?? '',
    ordem: f.ordem ?? '',
    page: f.page ?? 0,
  });

export const fetchRegistrations = (slug: string, id: number, f: RegistrationsFilter) =>
  staffHttp(slug)
    .get(`evento/${id}/inscricao`, { searchParams: registrationParams(f) })
    .json<RegistrationsPage>();

/**
 * The CSV as a file to save (the call carries the bearer token, so it is fetched, not linked):
 * of the filtered registrations, or of `ids` only (the rows selected in the table).
 */
export async function downloadRegistrationsCsv(
  slug: string,
  id: number,
  f: Partial<RegistrationsFilter>,
  ids?: readonly number[],
): Promise<{ blob: Blob; filename: string }> {
  const res = await staffHttp(slug).get(`evento/${id}/inscricao/csv`, {
    searchParams: ids
      ? params({ ids: ids.join(','), ordem: f.ordem ?? '' })
      : registrationParams({ ...f, page: 0 }),
  });
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `evento-${id}.csv`;
  return { blob: await res.blob(), filename };
}

export const cancelRegistration = (slug: string, id: number, registration: number) =>
  staffHttp(slug).post(`evento/${id}/inscricao/${registration}/cancelar`).json<CancelResult>();

export const resendTicket = (slug: string, id: number, registration: number) =>
  staffHttp(slug).post(`evento/${id}/inscricao/${registration}/reenviar`).json<{ para: string }>();

export const fetchCheckinState = (slug: string, id: number) =>
  staffHttp(slug).get(`evento/${id}/checkin`).json<CheckinState>();

export const sendScan = (slug: string, id: number, scan: CheckinScan) =>
  staffHttp(slug)
    .post(`evento/${id}/checkin`, { json: scan, retry: 0 })
    .json<{ resposta: CheckinAnswer; contagem: CheckinCount }>();

export const sendScans = (slug: string, id: number, leituras: CheckinScan[]) =>
  staffHttp(slug)
    .post(`evento/${id}/checkin/lote`, { json: { leituras }, retry: 0 })
    .json<{ respostas: CheckinAnswer[]; contagem: CheckinCount }>();
