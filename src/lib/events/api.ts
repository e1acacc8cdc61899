// The member's event calls from the browser (spec §2 /user/registrations…), typed by the
// contract's response schemas (type-only imports: no zod reaches the islands).
import type { z } from 'zod';
import type {
  eventContentsResponseSchema,
  EventWire,
  registrationsResponseSchema,
  userEventsResponseSchema,
} from '../../../contract/events.ts';
import { mainApi } from '../account/http.ts';

export type UserEvent = z.infer<typeof userEventsResponseSchema>['eventos'][number];
export type Registrations = z.infer<typeof registrationsResponseSchema>['inscricoes'];
export type EventContents = z.infer<typeof eventContentsResponseSchema>['conteudos'];

/** The events the member holds tickets for, with how many. */
export async function myEvents(userId: number, churchId: number): Promise<UserEvent[]> {
  const r = await mainApi()
    .get(`usuario/${userId}/evento/`, { searchParams: { igreja: churchId } })
    .json<z.infer<typeof userEventsResponseSchema>>();
  return r.eventos;
}

/** The member's tickets of one event. */
export async function myTickets(userId: number, eventId: number): Promise<Registrations> {
  const r = await mainApi()
    .get(`usuario/${userId}/evento/${eventId}/inscricao/`)
    .json<z.infer<typeof registrationsResponseSchema>>();
  return r.inscricoes;
}

/** One published event of the church, or null when it cannot be read. */
export async function churchEvent(slug: string, eventId: number): Promise<EventWire | null> {
  const r = await mainApi()
    .get(`igreja/${slug}/evento/${eventId}/`)
    .json<{ evento: EventWire }>()
    .catch(() => null);
  return r?.evento ?? null;
}

/** A ticket's exclusive content (holders only). */
export async function ticketContent(
  userId: number,
  eventId: number,
  ticketId: number,
): Promise<EventContents> {
  const r = await mainApi()
    .get(`usuario/${userId}/evento/${eventId}/inscricao/${ticketId}/conteudo/`)
    .json<z.infer<typeof eventContentsResponseSchema>>();
  return r.conteudos;
}
