// The one reader of iCalendar files (docs/staff.md "Moving in"), ical.js under caps, run on the
// reading thread (parse-worker.ts): the events are counted before they are parsed, and a repeating
// event's occurrences are walked from its start up to now only, at most `occurrences` of them for
// one event (beyond: the event is refused) and `occurrencesTotal` for the file (beyond: the file
// is refused), so a calendar of thousands of events repeating every second costs a bounded time.
import ICAL from 'ical.js';
import { ImportLimitError, type ImportLimits } from './limits.ts';

export interface CalendarEvent {
  line: number;
  origin: string;
  title: string;
  description: string | null;
  place: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string | null;
}

/** One thing the file says: an event to bring, or a line refused and why. */
export type CalendarItem =
  { event: CalendarEvent } | { past: string } | { untitled: number } | { repeats: string };

const validZone = (zone: string | null | undefined): string | null => {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
};

export type CalendarLimits = Pick<ImportLimits, 'events' | 'occurrences' | 'occurrencesTotal'>;

/** The file's events, each with its next start from `now` (repeating ones) or its own start. */
export function* calendarItems(
  text: string,
  now: Date,
  limits: CalendarLimits,
): Generator<CalendarItem> {
  let count = 0;
  for (let at = text.indexOf('BEGIN:VEVENT'); at >= 0; at = text.indexOf('BEGIN:VEVENT', at + 1))
    if (++count > limits.events)
      throw new ImportLimitError('staff.import.limit.events', { n: limits.events });
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  let walked = 0;
  const components = root.getAllSubcomponents('vevent');
  for (const [i, component] of components.entries()) {
    const event = new ICAL.Event(component);
    const line = i + 1;
    const title = (event.summary ?? '').trim();
    if (!title) {
      yield { untitled: line };
      continue;
    }
    let start = event.startDate;
    let end = event.endDate;
    if (event.isRecurring()) {
      const it = event.iterator();
      let next = it.next();
      let steps = 0;
      while (next && next.toJSDate() < now) {
        if (++walked > limits.occurrencesTotal)
          throw new ImportLimitError('staff.import.limit.occurrences', {
            n: limits.occurrencesTotal,
          });
        if (++steps > limits.occurrences) break;
        next = it.next();
      }
      if (steps > limits.occurrences) {
        yield { repeats: title };
        continue;
      }
      if (next) {
        const details = event.getOccurrenceDetails(next);
        start = details.startDate;
        end = details.endDate;
      }
    }
    const startsAt = start.toJSDate();
    let endsAt = end ? end.toJSDate() : new Date(startsAt.getTime() + 60 * 60_000);
    if (endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + 60 * 60_000);
    if (endsAt < now) {
      yield { past: title };
      continue;
    }
    yield {
      event: {
        line,
        origin:
          `${event.uid ?? title}|${event.isRecurring() ? 'next' : (component.getFirstPropertyValue('recurrence-id')?.toString() ?? '')}`.slice(
            0,
            300,
          ),
        title: title.slice(0, 200),
        description: (event.description ?? '').trim().slice(0, 10_000) || null,
        place: (event.location ?? '').trim().slice(0, 300) || null,
        startsAt,
        endsAt,
        timeZone: validZone(start.zone?.tzid),
      },
    };
  }
}
