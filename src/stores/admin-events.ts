// The staff events desk's state (docs/events.md "The staff side"): the events list, the editor of
// one event (what was typed, field errors, the saved version) and an event's registrations.
// Islands subscribe and render; every call and rule lives here or in the API.
import { atom, map } from 'nanostores';
import { instantOfWallClock, localDateTimeIn } from '../../common/time-zone.ts';
import {
  QUESTION_TYPES,
  REGISTRATIONS_SELECTION_MAX,
  type RegistrationsPage,
  type StaffEvent,
  type StaffEventInput,
  type StaffEventsPage,
} from '../../contract/events-staff.ts';
import {
  cancelRegistration,
  createEvent,
  downloadRegistrationsCsv,
  duplicateEvent,
  fetchEvent,
  fetchEvents,
  fetchRegistrations,
  publishEvent,
  resendTicket,
  updateEvent,
  uploadEventImage,
  type EventsFilter,
  type RegistrationsFilter,
} from '../lib/staff/events-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

// ---- the list ----

export const $eventsList = atom<Loadable<StaffEventsPage>>({ state: 'idle' });

export const loadEvents = (slug: string, filter: EventsFilter): Promise<void> =>
  loadInto($eventsList, () => fetchEvents(slug, filter));

// ---- one event ----

/** The event being edited; `null` data for a new one. */
export const $eventEditor = atom<Loadable<StaffEvent | null>>({ state: 'idle' });

/** The zone a new event starts in and the church's currency, from the page. */
export interface EditorDefaults {
  zone: string;
  currency: string;
}

export async function loadEvent(
  slug: string,
  id: number | null,
  defaults: EditorDefaults,
): Promise<void> {
  $eventForm.set({ ...closedForm, defaults });
  if (id === null) {
    $eventEditor.set({ state: 'ready', data: null });
    return showSaved(null);
  }
  await loadInto($eventEditor, () => fetchEvent(slug, id), false);
  const loaded = $eventEditor.get();
  if (loaded.state === 'ready') showSaved(loaded.data);
}

/** Saves (creates or updates); the failure (message, field errors, 409) or the saved event. */
export async function saveEvent(
  slug: string,
  id: number | null,
  input: StaffEventInput,
): Promise<{ ok: StaffEvent } | { failure: ApiFailure }> {
  try {
    const saved = id === null ? await createEvent(slug, input) : await updateEvent(slug, id, input);
    $eventEditor.set({ state: 'ready', data: saved });
    return { ok: saved };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function setEventPublished(
  slug: string,
  id: number,
  published: boolean,
): Promise<ApiFailure | null> {
  return attempt(async () =>
    $eventEditor.set({ state: 'ready', data: await publishEvent(slug, id, published) }),
  );
}

export async function copyEvent(
  slug: string,
  id: number,
): Promise<{ ok: StaffEvent } | { failure: ApiFailure }> {
  try {
    return { ok: await duplicateEvent(slug, id) };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function uploadImage(
  slug: string,
  file: File,
): Promise<{ url: string } | { failure: ApiFailure }> {
  try {
    return await uploadEventImage(slug, file);
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

// ---- the editor's form ----

export interface QuestionForm {
  id?: string | undefined;
  titulo: string;
  tipo: (typeof QUESTION_TYPES)[number];
  obrigatorio: boolean;
  opcoes: string;
}
export interface TicketForm {
  id?: number | undefined;
  nome: string;
  descricao: string;
  valor: string;
  estoque: string;
  limitePorUsuario: string;
  disponivelDe: string;
  disponivelAte: string;
  vendidos: number;
  perguntas: QuestionForm[];
}
export interface EventForm {
  titulo: string;
  descricao: string;
  imagem: string | null;
  local: string;
  endereco: string;
  mapaUrl: string;
  dataInicio: string;
  dataFim: string;
  fusoHorario: string;
  moeda: string;
  flagInscricaoAberta: boolean;
  flagVisitante: boolean;
  flagJuros: boolean;
  flagAssumirTaxasServico: boolean;
  qtdeMaxParcelas: string;
  diasPagamentoDinheiro: string;
  todosMetodos: boolean;
  metodos: string[];
  ingressos: TicketForm[];
}

export interface EventFormState {
  /** null until the event is loaded. */
  form: EventForm | null;
  /** The form as last loaded or saved, to tell whether anything changed. */
  pristine: string;
  errors: Record<string, string[]>;
  message: { kind: 'ok' | 'error'; text: string } | null;
  busy: boolean;
  defaults: EditorDefaults;
}

const closedForm: EventFormState = {
  form: null,
  pristine: '',
  errors: {},
  message: null,
  busy: false,
  defaults: { zone: 'UTC', currency: 'BRL' },
};

export const $eventForm = map<EventFormState>(closedForm);

/** Whether the form differs from the event as last loaded or saved. */
export const eventFormDirty = (state: EventFormState): boolean =>
  state.form !== null && JSON.stringify(state.form) !== state.pristine;

/** ISO instant → `YYYY-MM-DDTHH:MM` in the event's zone ('' for none): the place's wall clock. */
export function toZoned(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return localDateTimeIn(timeZone, Date.parse(iso));
}

/** `YYYY-MM-DDTHH:MM` read in the zone → ISO instant ('' stays ''). */
export function fromZoned(local: string, timeZone: string): string {
  if (!local) return '';
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return local;
  return instantOfWallClock(timeZone, asUtc).toISOString();
}

export const emptyTicket = (): TicketForm => ({
  nome: '',
  descricao: '',
  valor: '0',
  estoque: '100',
  limitePorUsuario: '',
  disponivelDe: '',
  disponivelAte: '',
  vendidos: 0,
  perguntas: [],
});

/** The form of a saved event, or of a new one in the given zone and currency. */
export function formOf(e: StaffEvent | null, zone: string, currency: string): EventForm {
  if (!e)
    return {
      titulo: '',
      descricao: '',
      imagem: null,
      local: '',
      endereco: '',
      mapaUrl: '',
      dataInicio: '',
      dataFim: '',
      fusoHorario: zone,
      moeda: currency,
      flagInscricaoAberta: true,
      flagVisitante: false,
      flagJuros: false,
      flagAssumirTaxasServico: false,
      qtdeMaxParcelas: '1',
      diasPagamentoDinheiro: '3',
      todosMetodos: true,
      metodos: [],
      ingressos: [emptyTicket()],
    };
  const tz = e.fusoHorario;
  return {
    titulo: e.titulo,
    descricao: e.descricao ?? '',
    imagem: e.imagem,
    local: e.local ?? '',
    endereco: e.endereco ?? '',
    mapaUrl: e.mapaUrl ?? '',
    dataInicio: toZoned(e.dataInicio, tz),
    dataFim: toZoned(e.dataFim, tz),
    fusoHorario: tz,
    moeda: e.moeda,
    flagInscricaoAberta: e.flagInscricaoAberta,
    flagVisitante: e.flagVisitante,
    flagJuros: e.flagJuros,
    flagAssumirTaxasServico: e.flagAssumirTaxasServico,
    qtdeMaxParcelas: String(e.qtdeMaxParcelas),
    diasPagamentoDinheiro: String(e.diasPagamentoDinheiro),
    todosMetodos: e.metodosPagamento === null,
    metodos: e.metodosPagamento ?? [],
    ingressos: e.ingressos.map((k) => ({
      id: k.id,
      nome: k.nome,
      descricao: k.descricao ?? '',
      valor: String(k.valor),
      estoque: String(k.estoque),
      limitePorUsuario: k.limitePorUsuario === null ? '' : String(k.limitePorUsuario),
      disponivelDe: toZoned(k.disponivelDe, tz),
      disponivelAte: toZoned(k.disponivelAte, tz),
      vendidos: k.vendidos,
      perguntas: k.perguntas.map((q) => ({
        id: q.id,
        titulo: q.titulo,
        tipo: q.tipo,
        obrigatorio: q.obrigatorio,
        opcoes: q.opcoes.join('\n'),
      })),
    })),
  };
}

/** The body the API takes, dates read in the event's zone. */
export function inputOf(f: EventForm, versao: number | undefined): StaffEventInput {
  const tz = f.fusoHorario;
  return {
    titulo: f.titulo,
    descricao: f.descricao,
    imagem: f.imagem,
    local: f.local,
    endereco: f.endereco,
    mapaUrl: f.mapaUrl,
    dataInicio: fromZoned(f.dataInicio, tz),
    dataFim: fromZoned(f.dataFim, tz),
    fusoHorario: tz,
    moeda: f.moeda.trim().toUpperCase(),
    flagInscricaoAberta: f.flagInscricaoAberta,
    flagVisitante: f.flagVisitante,
    flagJuros: f.flagJuros,
    flagAssumirTaxasServico: f.flagAssumirTaxasServico,
    qtdeMaxParcelas: f.qtdeMaxParcelas as never,
    diasPagamentoDinheiro: f.diasPagamentoDinheiro as never,
    metodosPagamento: f.todosMetodos ? null : (f.metodos as never),
    ingressos: f.ingressos.map((k) => ({
      ...(k.id ? { id: k.id } : {}),
      nome: k.nome,
      descricao: k.descricao,
      valor: k.valor.replace(',', '.') as never,
      estoque: k.estoque as never,
      limitePorUsuario: k.limitePorUsuario as never,
      disponivelDe: fromZoned(k.disponivelDe, tz),
      disponivelAte: fromZoned(k.disponivelAte, tz),
      perguntas: k.perguntas.map((q) => ({
        ...(q.id ? { id: q.id } : {}),
        titulo: q.titulo,
        tipo: q.tipo,
        obrigatorio: q.obrigatorio,
        opcoes:
          q.tipo === 'select'
            ? q.opcoes
                .split('\n')
                .map((o) => o.trim())
                .filter(Boolean)
            : [],
      })),
    })),
    ...(versao ? { versao } : {}),
  };
}

/** The event as saved becomes the form and what it is compared with. */
function showSaved(event: StaffEvent | null): void {
  const { zone, currency } = $eventForm.get().defaults;
  const form = formOf(event, zone, currency);
  $eventForm.set({ ...$eventForm.get(), form, pristine: JSON.stringify(form) });
}

export function editEvent(patch: Partial<EventForm>): void {
  const { form } = $eventForm.get();
  if (form) $eventForm.setKey('form', { ...form, ...patch });
}

const ticketsWith = (change: (ingressos: TicketForm[]) => TicketForm[]): void => {
  const { form } = $eventForm.get();
  if (form) editEvent({ ingressos: change(form.ingressos) });
};

export const addTicket = (): void => ticketsWith((all) => [...all, emptyTicket()]);
export const removeTicket = (i: number): void =>
  ticketsWith((all) => all.filter((_, n) => n !== i));
export const editTicket = (i: number, patch: Partial<TicketForm>): void =>
  ticketsWith((all) => all.map((k, n) => (n === i ? { ...k, ...patch } : k)));

const questionsWith = (i: number, change: (all: QuestionForm[]) => QuestionForm[]): void =>
  ticketsWith((all) => all.map((k, n) => (n === i ? { ...k, perguntas: change(k.perguntas) } : k)));

export const addQuestion = (i: number): void =>
  questionsWith(i, (all) => [...all, { titulo: '', tipo: 'text', obrigatorio: false, opcoes: '' }]);
export const removeQuestion = (i: number, j: number): void =>
  questionsWith(i, (all) => all.filter((_, n) => n !== j));
export const editQuestion = (i: number, j: number, patch: Partial<QuestionForm>): void =>
  questionsWith(i, (all) => all.map((q, n) => (n === j ? { ...q, ...patch } : q)));

/** A payment method ticked or unticked. */
export function tickMethod(method: string, on: boolean): void {
  const { form } = $eventForm.get();
  if (form)
    editEvent({
      metodos: on ? [...form.metodos, method] : form.metodos.filter((x) => x !== method),
    });
}

const busyWith = (busy: boolean) => $eventForm.setKey('busy', busy);

/** Saves the form; a new event then opens at its own address, an edit says `savedText`. */
export async function submitEvent(
  slug: string,
  id: number | null,
  savedText: string,
): Promise<void> {
  const { form } = $eventForm.get();
  const saved = $eventEditor.get();
  if (!form) return;
  $eventForm.set({ ...$eventForm.get(), busy: true, message: null });
  const versao = saved.state === 'ready' ? saved.data?.versao : undefined;
  const outcome = await saveEvent(slug, id, inputOf(form, versao));
  busyWith(false);
  if ('failure' in outcome) {
    const { errors, message } = outcome.failure;
    $eventForm.set({ ...$eventForm.get(), errors, message: { kind: 'error', text: message } });
    return;
  }
  $eventForm.setKey('errors', {});
  showSaved(outcome.ok);
  if (id === null) {
    location.assign(`/admin/events/${outcome.ok.id}?criado=1`);
    return;
  }
  $eventForm.setKey('message', { kind: 'ok', text: savedText });
}

/** Publishes or unpublishes the saved event; `doneText` says which was done. */
export async function togglePublished(slug: string, doneText: string): Promise<void> {
  const saved = $eventEditor.get();
  if (saved.state !== 'ready' || !saved.data) return;
  busyWith(true);
  const failure = await setEventPublished(slug, saved.data.id, !saved.data.publicado);
  busyWith(false);
  const after = $eventEditor.get();
  if (!failure && after.state === 'ready') showSaved(after.data);
  $eventForm.setKey(
    'message',
    failure ? { kind: 'error', text: failure.message } : { kind: 'ok', text: doneText },
  );
}

/** Copies the saved event and opens the copy. */
export async function duplicateSaved(slug: string): Promise<void> {
  const saved = $eventEditor.get();
  if (saved.state !== 'ready' || !saved.data) return;
  busyWith(true);
  const copy = await copyEvent(slug, saved.data.id);
  busyWith(false);
  if ('failure' in copy)
    $eventForm.setKey('message', { kind: 'error', text: copy.failure.message });
  else location.assign(`/admin/events/${copy.ok.id}`);
}

/** Uploads the chosen cover: its address goes into the form, a refusal under the field. */
export async function uploadCoverImage(slug: string, file: File): Promise<void> {
  const up = await uploadImage(slug, file);
  const state = $eventForm.get();
  if ('failure' in up)
    $eventForm.setKey('errors', { ...state.errors, imagem: [up.failure.message] });
  else {
    editEvent({ imagem: up.url });
    $eventForm.setKey('errors', { ...$eventForm.get().errors, imagem: [] });
  }
}

// ---- registrations ----

export const $registrations = atom<Loadable<RegistrationsPage>>({ state: 'idle' });

/** The list's filters as the address holds them. */
export const registrationsFilterOf = (
  params: URLSearchParams,
  page: number,
): RegistrationsFilter => ({
  busca: params.get('busca') ?? '',
  status: params.get('status') ?? '',
  ingresso: params.get('ingresso') ?? '',
  pagamento: params.get('pagamento') ?? '',
  ordem: params.get('ordem') ?? '',
  page,
});

export interface RegistrationsDesk {
  message: { kind: 'ok' | 'error'; text: string } | null;
  busy: boolean;
  /** Kept across pages, sorts and searches, so rows picked on several pages export together. */
  selected: Set<number>;
}

export const $registrationsDesk = map<RegistrationsDesk>({
  message: null,
  busy: false,
  selected: new Set(),
});

export const selectRegistrations = (selected: Set<number>): void =>
  $registrationsDesk.setKey('selected', selected);

const deskSays = (message: RegistrationsDesk['message']): void =>
  $registrationsDesk.setKey('message', message);

/** Saves the CSV of the filtered rows, or of the selected ones (at most `max`: else `tooMany`). */
export async function exportRegistrations(
  slug: string,
  id: number,
  filter: RegistrationsFilter,
  selection?: { tooMany: string },
): Promise<void> {
  const { selected } = $registrationsDesk.get();
  if (selection && selected.size > REGISTRATIONS_SELECTION_MAX)
    return deskSays({ kind: 'error', text: selection.tooMany });
  const failure = await exportCsv(slug, id, filter, selection ? [...selected] : undefined);
  if (failure) deskSays({ kind: 'error', text: failure.message });
}

/** Sends the ticket e-mail again; `resent` says to whom. */
export async function resendRegistration(
  slug: string,
  id: number,
  registration: number,
  resent: (email: string) => string,
): Promise<void> {
  $registrationsDesk.setKey('busy', true);
  const out = await resendOne(slug, id, registration);
  $registrationsDesk.setKey('busy', false);
  deskSays(
    'failure' in out
      ? { kind: 'error', text: out.failure.message }
      : { kind: 'ok', text: resent(out.ok) },
  );
}

/** Cancels or refunds the registration's order; the texts say which was done. */
export async function cancelRegistrationOf(
  slug: string,
  id: number,
  registration: number,
  filter: RegistrationsFilter,
  texts: { refunded: string; cancelled: string },
): Promise<void> {
  $registrationsDesk.setKey('busy', true);
  const out = await cancelOne(slug, id, registration, filter);
  $registrationsDesk.setKey('busy', false);
  deskSays(
    'failure' in out
      ? { kind: 'error', text: out.failure.message }
      : {
          kind: 'ok',
          text: out.ok.resultado === 'estornado' ? texts.refunded : texts.cancelled,
        },
  );
}

export const loadRegistrations = (
  slug: string,
  id: number,
  filter: RegistrationsFilter,
): Promise<void> => loadInto($registrations, () => fetchRegistrations(slug, id, filter));

/** Cancels (or refunds, when paid) the registration's order, then reloads the page of the list. */
export async function cancelOne(
  slug: string,
  id: number,
  registration: number,
  filter: RegistrationsFilter,
): Promise<{ ok: Awaited<ReturnType<typeof cancelRegistration>> } | { failure: ApiFailure }> {
  try {
    const ok = await cancelRegistration(slug, id, registration);
    await loadRegistrations(slug, id, filter);
    return { ok };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export async function resendOne(
  slug: string,
  id: number,
  registration: number,
): Promise<{ ok: string } | { failure: ApiFailure }> {
  try {
    return { ok: (await resendTicket(slug, id, registration)).para };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

/** Saves the CSV of the filtered registrations, or of the selected ones (`ids`), as a file. */
export async function exportCsv(
  slug: string,
  id: number,
  filter: RegistrationsFilter,
  ids?: readonly number[],
): Promise<ApiFailure | null> {
  return attempt(async () => saveDownload(await downloadRegistrationsCsv(slug, id, filter, ids)));
}
