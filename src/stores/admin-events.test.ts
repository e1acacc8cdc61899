// The event editor's form over its store: a new event starts in the given zone and currency, an
// edit makes it dirty, a refused save shows the API's field errors and message, a saved edit says
// so and is no longer dirty; dates are read in the event's own zone.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffEvent } from '../../contract/events-staff.ts';

const api = vi.hoisted(() => ({
  fetchEvent: vi.fn(),
  updateEvent: vi.fn(),
  createEvent: vi.fn(),
  downloadRegistrationsCsv: vi.fn(),
  resendTicket: vi.fn(),
}));
vi.mock('../lib/staff/events-api.ts', () => api);
vi.mock('../lib/staff/http.ts', () => ({
  staffFailure: async () => ({
    status: 422,
    message: 'Fix it.',
    errors: { 'ingressos.0.nome': ['Required.'] },
  }),
}));
const events = await import('./admin-events.ts');

const saved = {
  id: 7,
  versao: 3,
  titulo: 'Retiro',
  descricao: null,
  imagem: null,
  local: null,
  endereco: null,
  mapaUrl: null,
  dataInicio: '2027-01-10T12:00:00.000Z',
  dataFim: '2027-01-10T15:00:00.000Z',
  fusoHorario: 'America/Sao_Paulo',
  moeda: 'BRL',
  publicado: false,
  flagInscricaoAberta: true,
  flagVisitante: false,
  flagJuros: false,
  flagAssumirTaxasServico: false,
  qtdeMaxParcelas: 1,
  diasPagamentoDinheiro: 3,
  metodosPagamento: null,
  ingressos: [],
} as unknown as StaffEvent;
const defaults = { zone: 'America/New_York', currency: 'USD' };

describe('the event editor’s form', () => {
  beforeEach(() => vi.resetAllMocks());

  it('a new event starts in the given zone and currency with one ticket', async () => {
    await events.loadEvent('graca', null, defaults);
    const { form } = events.$eventForm.get();
    expect(form).toMatchObject({ fusoHorario: 'America/New_York', moeda: 'USD' });
    expect(form?.ingressos).toHaveLength(1);
    expect(events.eventFormDirty(events.$eventForm.get())).toBe(false);
    events.addQuestion(0);
    events.editQuestion(0, 0, { titulo: 'Tamanho' });
    expect(events.$eventForm.get().form?.ingressos[0]?.perguntas[0]?.titulo).toBe('Tamanho');
    expect(events.eventFormDirty(events.$eventForm.get())).toBe(true);
  });

  it('shows an event’s dates in its own zone and sends them back as instants', async () => {
    api.fetchEvent.mockResolvedValue(saved);
    await events.loadEvent('graca', 7, defaults);
    const form = events.$eventForm.get().form!;
    expect(form.dataInicio).toBe('2027-01-10T09:00');
    expect(events.inputOf(form, 3)).toMatchObject({
      dataInicio: '2027-01-10T12:00:00.000Z',
      versao: 3,
    });
  });

  it('a refused save keeps the form and shows the API’s errors; a saved edit says so', async () => {
    api.fetchEvent.mockResolvedValue(saved);
    await events.loadEvent('graca', 7, defaults);
    events.editEvent({ titulo: 'Retiro 2027' });
    api.updateEvent.mockRejectedValue(new Error('422'));
    await events.submitEvent('graca', 7, 'Saved.');
    let state = events.$eventForm.get();
    expect(state.message).toEqual({ kind: 'error', text: 'Fix it.' });
    expect(state.errors['ingressos.0.nome']).toEqual(['Required.']);
    expect(state.form?.titulo).toBe('Retiro 2027');
    api.updateEvent.mockResolvedValue({ ...saved, titulo: 'Retiro 2027', versao: 4 });
    await events.submitEvent('graca', 7, 'Saved.');
    state = events.$eventForm.get();
    expect(api.updateEvent).toHaveBeenLastCalledWith(
      'graca',
      7,
      expect.objectContaining({ titulo: 'Retiro 2027', versao: 3 }),
    );
    expect(state).toMatchObject({ message: { kind: 'ok', text: 'Saved.' }, errors: {} });
    expect(events.eventFormDirty(state)).toBe(false);
  });
});

describe('the registrations desk', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    events.$registrationsDesk.set({ message: null, busy: false, selected: new Set() });
  });
  const filter = events.registrationsFilterOf(new URLSearchParams('status=confirmada'), 1);

  it('reads the filters from the address', () => {
    expect(filter).toMatchObject({ status: 'confirmada', busca: '', page: 1 });
  });

  it('refuses a CSV of more rows than the API takes, before asking it', async () => {
    events.selectRegistrations(new Set(Array.from({ length: 1001 }, (_, i) => i)));
    await events.exportRegistrations('graca', 7, filter, { tooMany: 'Too many.' });
    expect(events.$registrationsDesk.get().message).toEqual({ kind: 'error', text: 'Too many.' });
    expect(api.downloadRegistrationsCsv).not.toHaveBeenCalled();
  });

  it('says to whom the ticket went again', async () => {
    api.resendTicket.mockResolvedValue({ para: 'ana@example.com' });
    await events.resendRegistration('graca', 7, 3, (email) => `Sent to ${email}.`);
    expect(events.$registrationsDesk.get()).toMatchObject({
      busy: false,
      message: { kind: 'ok', text: 'Sent to ana@example.com.' },
    });
  });
});
