// The member's registrations: the events with tickets, an event's tickets with the event, a
// ticket's content; a refusal (someone else's ticket) shows the API's reason.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  myEvents: vi.fn(),
  myTickets: vi.fn(),
  churchEvent: vi.fn(),
  ticketContent: vi.fn(),
}));
vi.mock('../lib/events/api.ts', () => api);
const { $registrations, loadRegistrations } = await import('./events.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/usuario/9/evento/'),
    {} as NormalizedOptions,
  );

describe('events store: the member’s registrations', () => {
  beforeEach(() => vi.resetAllMocks());

  it('the list of events with tickets', async () => {
    api.myEvents.mockResolvedValueOnce([{ id: 7, qtdeInscricoes: 2 }]);
    const loading = loadRegistrations(9, { mode: 'list', churchId: 1 });
    expect($registrations.get()).toEqual({ state: 'loading' });
    await loading;
    expect(api.myEvents).toHaveBeenCalledWith(9, 1);
    expect($registrations.get()).toEqual({
      state: 'ready',
      data: { kind: 'list', events: [{ id: 7, qtdeInscricoes: 2 }] },
    });
  });

  it('an event’s tickets come with the event', async () => {
    api.myTickets.mockResolvedValueOnce([{ id: 3 }]);
    api.churchEvent.mockResolvedValueOnce({ id: 7, flagConteudoOnline: true });
    await loadRegistrations(9, { mode: 'tickets', slug: 'graca', eventId: 7 });
    expect(api.churchEvent).toHaveBeenCalledWith('graca', 7);
    expect($registrations.get()).toEqual({
      state: 'ready',
      data: { kind: 'tickets', tickets: [{ id: 3 }], event: { id: 7, flagConteudoOnline: true } },
    });
  });

  it('a ticket’s content, or the API’s reason', async () => {
    api.ticketContent.mockResolvedValueOnce([{ id: 1, titulo: 'Aula' }]);
    await loadRegistrations(9, { mode: 'content', eventId: 7, ticketId: 3 });
    expect(api.ticketContent).toHaveBeenCalledWith(9, 7, 3);
    expect($registrations.get()).toMatchObject({ state: 'ready', data: { kind: 'content' } });
    api.ticketContent.mockRejectedValueOnce(refused(403, { message: 'Holders only' }));
    await loadRegistrations(9, { mode: 'content', eventId: 7, ticketId: 4 });
    expect($registrations.get()).toEqual({ state: 'error', message: 'Holders only', status: 403 });
  });
});
