// The event rules of spec §4 both sides apply: each ticket's availability and the event
// button. Pure functions of the event, its tickets, the user's tickets and the time.

export interface TicketForRules {
  id: number;
  /** Seats left. */
  remaining: number;
  availableFrom: Date | null;
  availableUntil: Date | null;
  perUserLimit: number | null;
}

/** spec §4 Ticket availability. */
export type TicketAvailability =
  | { state: 'availableFrom'; from: Date }
  | { state: 'available'; until: Date | null; max: number }
  | { state: 'expired' }
  | { state: 'soldOut' }
  | { state: 'userLimitReached' }
  /** The event takes no registrations (closed by the church, or over): nothing of it is on sale. */
  | { state: 'closed' };

/**
 * @param held how many of this ticket the user already holds (paid or awaiting payment)
 * @example ticketAvailability({ remaining: 0, … }, 0, now) // { state: 'soldOut' }
 */
export function ticketAvailability(
  ticket: TicketForRules,
  held: number,
  now: Date,
  event?: Pick<EventForRules, 'registrationOpen' | 'endsAt'>,
): TicketAvailability {
  if (ticket.availableUntil && now > ticket.availableUntil) return { state: 'expired' };
  // spec §4: an event whose registrations are closed never shows a ticket as available.
  if (event && (!event.registrationOpen || now > event.endsAt))
    return ticket.remaining <= 0 ? { state: 'soldOut' } : { state: 'closed' };
  if (ticket.availableFrom && now < ticket.availableFrom)
    return { state: 'availableFrom', from: ticket.availableFrom };
  if (ticket.remaining <= 0) return { state: 'soldOut' };
  const leftForUser = ticket.perUserLimit === null ? Infinity : ticket.perUserLimit - held;
  if (leftForUser <= 0) return { state: 'userLimitReached' };
  return {
    state: 'available',
    until: ticket.availableUntil,
    max: Math.min(ticket.remaining, leftForUser),
  };
}

export interface EventForRules {
  endsAt: Date;
  registrationOpen: boolean;
  /** The event gives exclusive online content to ticket holders (spec §6). */
  hasOnlineContent: boolean;
}

/** spec §4 Event button. */
export type EventButton = 'register' | 'registerAgain' | 'closed' | 'unavailable' | 'onlineAccess';

/**
 * The one call to action of an event for this visitor. A holder of a ticket of an event with
 * online content is sent to it; otherwise a finished or closed event is closed, an event with
 * nothing on sale is unavailable, and a buyer who already holds a ticket registers again.
 */
export function eventButton(
  event: EventForRules,
  availabilities: TicketAvailability[],
  ticketsHeld: number,
  now: Date,
): EventButton {
  if (ticketsHeld > 0 && event.hasOnlineContent) return 'onlineAccess';
  if (!event.registrationOpen || now > event.endsAt) return 'closed';
  if (availabilities.length > 0 && availabilities.every((a) => a.state === 'expired'))
    return 'closed';
  if (!availabilities.some((a) => a.state === 'available')) return 'unavailable';
  return ticketsHeld > 0 ? 'registerAgain' : 'register';
}
