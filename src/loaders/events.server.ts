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
  eventResponseSchema,
  eventsResponseSchema,
  type EventWire,
  type Ticket,
} from '../../contract/events.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

export interface TicketView {
  ticket: Ticket;
  availability: TicketAvailability;
}

export interface EventView {
  event: EventWire;
  tickets: TicketView[];
  button: EventButton;
  past: boolean;
}

export function eventView(event: EventWire, now = new Date()): EventView {
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

export async function loadEvents(churchSlug: string): Promise<EventView[]> {
  try {
    const { eventos } = await getParsed(
      serverApi(),
      `igreja/${encodeURIComponent(churchSlug)}/evento/`,
      eventsResponseSchema,
    );
    const now = new Date();
    return eventos.map((e) => eventView(e, now));
  } catch (error) {
    if (error instanceof HTTPError) return []; // spec §4: a failing event list resets to empty
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
