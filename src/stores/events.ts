// The member's registrations (spec §2 /user/registrations…; docs/events.md): the events they hold
// tickets for, one event's tickets with the event (for its online content), and a ticket's
// exclusive content (holders only). Calls in src/lib/events/api.ts; no DOM here.
import { atom } from 'nanostores';
import type { EventWire } from '../../contract/events.ts';
import {
  churchEvent,
  myEvents,
  myTickets,
  ticketContent,
  type EventContents,
  type Registrations,
  type UserEvent,
} from '../lib/events/api.ts';
import { loadInto, type Loadable } from './loadable.ts';

export type RegistrationsView =
  | { kind: 'list'; events: UserEvent[] }
  | { kind: 'tickets'; tickets: Registrations; event: EventWire | null }
  | { kind: 'content'; contents: EventContents };

/** Which page of the registrations: the list, an event's tickets, or a ticket's content. */
export type RegistrationsPage =
  | { mode: 'list'; churchId: number }
  | { mode: 'tickets'; slug: string; eventId: number }
  | { mode: 'content'; eventId: number; ticketId: number };

export const $registrations = atom<Loadable<RegistrationsView>>({ state: 'idle' });

export const loadRegistrations = (userId: number, page: RegistrationsPage): Promise<void> =>
  loadInto(
    $registrations,
    async (): Promise<RegistrationsView> => {
      if (page.mode === 'list')
        return { kind: 'list', events: await myEvents(userId, page.churchId) };
      if (page.mode === 'tickets') {
        const [tickets, event] = await Promise.all([
          myTickets(userId, page.eventId),
          churchEvent(page.slug, page.eventId),
        ]);
        return { kind: 'tickets', tickets, event };
      }
      return {
        kind: 'content',
        contents: await ticketContent(userId, page.eventId, page.ticketId),
      };
    },
    false,
  );
