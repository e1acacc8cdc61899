import { describe, expect, it } from 'vitest';
import { eventButton, ticketAvailability, type TicketForRules } from './event-rules.ts';

const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
const ticket = (over: Partial<TicketForRules> = {}): TicketForRules => ({
  id: 1,
  remaining: 10,
  availableFrom: null,
  availableUntil: null,
  perUserLimit: null,
  ...over,
});

describe('ticket availability (spec §4)', () => {
  it('is available, up to the stock or the user limit', () => {
    expect(ticketAvailability(ticket(), 0, now)).toEqual({
      state: 'available',
      until: null,
      max: 10,
    });
    expect(ticketAvailability(ticket({ perUserLimit: 4 }), 1, now)).toEqual({
      state: 'available',
      until: null,
      max: 3,
    });
    const until = new Date(now.getTime() + day);
    expect(ticketAvailability(ticket({ availableUntil: until }), 0, now)).toMatchObject({
      state: 'available',
      until,
    });
  });
  it('is available from a date before its sale opens', () => {
    const from = new Date(now.getTime() + day);
    expect(ticketAvailability(ticket({ availableFrom: from }), 0, now)).toEqual({
      state: 'availableFrom',
      from,
    });
  });
  it('is expired after its sale ends, sold out without stock, limited per user', () => {
    expect(
      ticketAvailability(ticket({ availableUntil: new Date(now.getTime() - 1) }), 0, now).state,
    ).toBe('expired');
    expect(ticketAvailability(ticket({ remaining: 0 }), 0, now).state).toBe('soldOut');
    expect(ticketAvailability(ticket({ perUserLimit: 2 }), 2, now).state).toBe('userLimitReached');
  });
  it('is never available when the event takes no registrations (spec §4 Ticket availability)', () => {
    const open = { endsAt: new Date(now.getTime() + day), registrationOpen: true };
    expect(ticketAvailability(ticket(), 0, now, open).state).toBe('available');
    expect(ticketAvailability(ticket(), 0, now, { ...open, registrationOpen: false })).toEqual({
      state: 'closed',
    });
    expect(
      ticketAvailability(ticket({ availableFrom: new Date(now.getTime() + day) }), 0, now, {
        ...open,
        registrationOpen: false,
      }).state,
    ).toBe('closed');
    expect(
      ticketAvailability(ticket(), 0, now, { ...open, endsAt: new Date(now.getTime() - 1) }).state,
    ).toBe('closed');
    expect(
      ticketAvailability(ticket({ remaining: 0 }), 0, now, { ...open, registrationOpen: false })
        .state,
    ).toBe('soldOut');
  });
});

describe('event button (spec §4)', () => {
  const event = {
    endsAt: new Date(now.getTime() + day),
    registrationOpen: true,
    hasOnlineContent: false,
  };
  const open = [ticketAvailability(ticket(), 0, now)];
  it('registers, then registers again', () => {
    expect(eventButton(event, open, 0, now)).toBe('register');
    expect(eventButton(event, open, 1, now)).toBe('registerAgain');
  });
  it('is closed when the event is over, closed by the church, or every sale ended', () => {
    expect(eventButton({ ...event, endsAt: new Date(now.getTime() - 1) }, open, 0, now)).toBe(
      'closed',
    );
    expect(eventButton({ ...event, registrationOpen: false }, open, 0, now)).toBe('closed');
    expect(eventButton(event, [{ state: 'expired' }], 0, now)).toBe('closed');
  });
  it('is unavailable when nothing is on sale now', () => {
    expect(eventButton(event, [{ state: 'soldOut' }], 0, now)).toBe('unavailable');
    expect(eventButton(event, [{ state: 'availableFrom', from: now }], 0, now)).toBe('unavailable');
    expect(eventButton(event, [{ state: 'userLimitReached' }], 2, now)).toBe('unavailable');
  });
  it('gives holders online access when the event has exclusive content', () => {
    expect(eventButton({ ...event, hasOnlineContent: true }, [{ state: 'soldOut' }], 1, now)).toBe(
      'onlineAccess',
    );
    expect(eventButton({ ...event, hasOnlineContent: true }, open, 0, now)).toBe('register');
  });
});
