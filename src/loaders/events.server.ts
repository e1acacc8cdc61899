// Loaders for the event list and one event (spec §7 Events), with what the page shows of
// each ticket computed by the rules of spec §4 for a visitor.
import { HTTPError } from 'ky';
import {
  eventButton,
  ticketAvailability,
  type EventButton,
  type TicketAvailability,
} from '../../contract/event-rules.ts';
import {
  EVENTS_PAGE_SIZE,
  eventResponseSchema,
  eventsPageResponseSchema,
  type EventWire,
  type ListedEvent,
  type ListedTicket,
  type Ticket,
} from '../../contract/events.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

export interface TicketView<T extends ListedTicket = Ticket> {
  ticket: T;
  availability: TicketAvailability;
}

/** An event with what a visitor can do now: the event's page (a whole event) or the list's card (a listed one). */
export interface EventView<E extends ListedEvent = EventWire> {
  event: E;
  tickets: TicketView<E['ingressos'][number]>[];
  button: EventButton;
  past: boolean;
}

export function eventView<E extends ListedEvent>(event: E, now = new Date()): EventView<E> {
  const endsAt = new Date(event.dataFim);
  const rules = {
    endsAt,
    registrationOpen: event.flagInscricaoAberta,
    hasOnlineContent: event.flagConteudoOnline,
  };
  const tickets = event.ingressos.map((ticket) => ({
    ticket,
    availability: ticketAvailability(
      {
        id: ticket.id,
        remaining: ticket.disponiveis,
        availableFrom: ticket.disponivelDe ? new Date(ticket.disponivelDe) : null,
        availableUntil: ticket.disponivelAte ? new Date(ticket.disponivelAte) : null,
        perUserLimit: ticket.limitePorUsuario,
      },
      0,
      now,
      rules,
    ),
  }));
  const button = eventButton(
    rules,
    tickets.map((x) => x.availability),
    0,
    now,
  );
  return { event, tickets, button, past: endsAt < now };
}

/** A page of the events page's list: events not yet ended first, then ended ones (latest first). */
export async function loadEvents(
  churchSlug: string,
  page = 1,
): Promise<{ views: EventView<ListedEvent>[]; total: number; limit: number }> {
  try {
    const { eventos, total, limit } = await getParsed(
      serverApi(),
      `igreja/${encodeURIComponent(churchSlug)}/evento/?page=${page}&limit=${EVENTS_PAGE_SIZE}`,
      eventsPageResponseSchema,
    );
    const now = new Date();
    return { views: eventos.map((e) => eventView(e, now)), total, limit };
  } catch (error) {
    // spec §4: a failing event list resets to empty
    if (error instanceof HTTPError) return { views: [], total: 0, limit: EVENTS_PAGE_SIZE };
    throw error;
  }
}

/** One event, or null when it does not exist in this church (a 404 page, spec §8). */
export async function loadEvent(
  churchSlug: string,
  eventId: string | undefined,
): Promise<EventWire | null> {
  if (!eventId || !/^\d{1,9}$/.test(eventId)) return null;
  const answer = await orNull(
    getParsed(
      serverApi(),
      `igreja/${encodeURIComponent(churchSlug)}/evento/${eventId}/`,
      eventResponseSchema,
    ),
  );
  return answer?.evento ?? null;
}
