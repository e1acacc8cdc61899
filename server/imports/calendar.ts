// The one reader of iCalendar files (docs/staff.md "Moving in"), ical.js under caps, run on the
// reading thread (parse-worker.ts): the events are counted before they are parsed, and a repeating
// event's occurrences are walked from its start up to now only, at most `occurrences` of them for
// one event (beyond: the event is refused) and `occurrencesTotal` for the file (beyond: the file
// is refused), so a calendar of thousands of events repeating every second costs a bounded time.
// Each event is parsed on its own, so one the reader cannot make sense of is refused by its line
// while the others come in; a date without a zone (an all-day event, a floating time) is a date in
// the church's zone, never UTC midnight.
import ICAL from 'ical.js';
import { instantOfWallClock, isKnownZone, zoneOffset } from '../../common/time-zone.ts';
import { ImportLimitError, type ImportLimits } from './limits.ts';
import type { LineNote } from './run.ts';

export interface CalendarEvent {
  line: number;
  origin: string;
  title: string;
  description: string | null;
  place: string | null;
  startsAt: Date;
  endsAt: Date;
  /** The IANA zone the file set the event in, when it said one (null: UTC or floating). */
  timeZone: string | null;
}

/** One thing the file says: an event to bring (with remarks), or a line refused and why. */
export type CalendarItem = { event: CalendarEvent; notes: LineNote[] } | { refused: LineNote };

/** The zone itself when the runtime knows it ("Brasilia" is none), else null. */
export const validZone = (zone: string | null | undefined): string | null =>
  isKnownZone(zone) ? zone : null;

/** The instant a wall-clock time has in `zone` (common/time-zone.ts: across a DST change). */
export function zonedInstant(time: ICAL.Time, zone: string): Date {
  const wall = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  );
  return instantOfWallClock(zone, wall);
}

/** The IANA zone a time was written in, when the file names one. */
function namedZone(time: ICAL.Time): string | null {
  const tzid = time.zone?.tzid;
  if (!tzid || tzid === 'UTC' || tzid === 'floating')
    return validZone((time as unknown as { timezone?: string }).timezone);
  return validZone(tzid);
}

/**
 * A time of the file as an instant: UTC as it is; a named IANA zone by that zone's rules; a zone
 * defined in the file (VTIMEZONE, as Outlook and Zimbra write) by its definition; a date or a
 * floating time (no zone, or a zone name nobody knows) in the church's zone.
 */
export function instantOf(time: ICAL.Time, churchZone: string, eventZone?: string | null): Date {
  const tzid = time.zone?.tzid;
  if (tzid === 'UTC') return time.toJSDate();
  const named = namedZone(time) ?? (time.isDate ? null : (eventZone ?? null));
  if (named) return zonedInstant(time, named);
  if (tzid && tzid !== 'floating') return time.toJSDate();
  return zonedInstant(time, churchZone);
}

export type CalendarLimits = Pick<ImportLimits, 'events' | 'occurrences' | 'occurrencesTotal'>;

const DAY = 24 * 60 * 60_000;

/**
 * Where to start walking a repeating event: its own start, or (a rule without COUNT, repeating by
 * days, weeks, months or years) a whole number of its periods later, just before `now`, so a daily
 * event begun in 2012 is not walked day by day through the years. Whole periods keep the rule's
 * days of the week, of the month and its time of day.
 */
function walkFrom(event: ICAL.Event, now: Date): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return start;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count) return start;
  const interval = rule.interval || 1;
  const from = start.clone();
  const behind = now.getTime() - start.toJSDate().getTime();
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const period = (rule.freq === 'DAILY' ? 1 : 7) * interval;
    const periods = Math.floor(behind / (period * DAY)) - 1;
    if (periods <= 0) return start;
    from.adjust(periods * period, 0, 0, 0);
  } else if (rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') {
    if (start.day > 28) return start; // the 29th–31st do not fall in every month
    const months = (now.getUTCFullYear() - start.year) * 12 + now.getUTCMonth() + 1 - start.month;
    const per = (rule.freq === 'MONTHLY' ? 1 : 12) * interval;
    const periods = Math.floor(months / per) - 1;
    if (periods <= 0) return start;
    const month = from.month - 1 + periods * per;
    from.year += Math.floor(month / 12);
    from.month = (month % 12) + 1;
  } else return start;
  return ICAL.Time.fromData(
    {
      year: from.year,
      month: from.month,
      day: from.day,
      hour: from.hour,
      minute: from.minute,
      second: from.second,
      isDate: from.isDate,
    },
    start.zone,
  );
}

/** The text of each top-level VEVENT and the line it begins on, after the count cap. */
function eventBlocks(text: string, limits: CalendarLimits): { text: string; line: number }[] {
  const blocks: { text: string; line: number }[] = [];
  let line = 1;
  let counted = 0;
  for (let at = text.indexOf('BEGIN:VEVENT'); at >= 0;) {
    if (blocks.length >= limits.events)
      throw new ImportLimitError('staff.import.limit.events', { n: limits.events });
    for (let nl = text.indexOf('\n', counted); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1))
      line++;
    counted = at;
    const end = text.indexOf('END:VEVENT', at);
    const stop = end < 0 ? text.length : end + 'END:VEVENT'.length;
    blocks.push({ text: text.slice(at, stop), line });
    at = text.indexOf('BEGIN:VEVENT', stop);
  }
  return blocks;
}

/** The calendar's own zone definitions (VTIMEZONE), kept for the events that name them. */
function calendarRoot(text: string): ICAL.Component {
  const zones: string[] = [];
  for (let at = text.indexOf('BEGIN:VTIMEZONE'); at >= 0;) {
    const end = text.indexOf('END:VTIMEZONE', at);
    if (end < 0) break;
    zones.push(text.slice(at, end + 'END:VTIMEZONE'.length));
    at = text.indexOf('BEGIN:VTIMEZONE', end);
  }
  const root = new ICAL.Component(['vcalendar', [], []]);
  for (const zone of zones) {
    try {
      root.addSubcomponent(new ICAL.Component(ICAL.parse(zone) as unknown[]));
    } catch {
      // a zone definition nobody can read: its events fall back to the church's zone
    }
  }
  return root;
}

/** The file's events, each with its next start from `now` (repeating ones) or its own start. */
export function* calendarItems(
  text: string,
  now: Date,
  limits: CalendarLimits,
  churchZone = 'America/Sao_Paulo',
): Generator<CalendarItem> {
  const zone = validZone(churchZone) ?? 'America/Sao_Paulo';
  const blocks = eventBlocks(text, limits);
  const root = calendarRoot(text);
  const walked = { n: 0 };
  for (const block of blocks) {
    let component: ICAL.Component | null = null;
    let title = '';
    try {
      component = new ICAL.Component(ICAL.parse(block.text) as unknown[]);
      root.addSubcomponent(component);
      title = String(component.getFirstPropertyValue('summary') ?? '').trim();
      yield readEvent(component, block.line, title, now, zone, limits, walked);
    } catch (error) {
      if (error instanceof ImportLimitError) throw error;
      // a property this reader cannot make sense of: this event is refused, the others come in
      yield {
        refused: {
          linha: block.line,
          chave: 'staff.import.row.eventUnreadable',
          valores: { valor: title.slice(0, 200) || `BEGIN:VEVENT` },
        },
      };
    } finally {
      if (component) root.removeSubcomponent(component);
    }
  }
}

function readEvent(
  component: ICAL.Component,
  line: number,
  title: string,
  now: Date,
  zone: string,
  limits: CalendarLimits,
  walked: { n: number },
): CalendarItem {
  const event = new ICAL.Event(component);
  if (!title) return { refused: { linha: line, chave: 'staff.import.row.eventNoTitle' } };
  const notes: LineNote[] = [];
  let start: ICAL.Time = event.startDate;
  let end: ICAL.Time | null = event.endDate;
  const recurring = event.isRecurring();
  // occurrences are copies of the start: they are read in the start's zone
  const startZone = start.isDate ? null : namedZone(start);
  const instant = (time: ICAL.Time) => instantOf(time, zone, startZone);
  // the start is the first date of a series (ical.js puts an RDATE period before it)
  if (recurring && instant(start) < now) {
    const it = event.iterator(walkFrom(event, now));
    const at = (o: ICAL.Time | ICAL.Period) => instant(o instanceof ICAL.Period ? o.start : o);
    let next: ICAL.Time | ICAL.Period | undefined = it.next();
    let steps = 0;
    while (next && at(next) < now) {
      if (++walked.n > limits.occurrencesTotal)
        throw new ImportLimitError('staff.import.limit.occurrences', {
          n: limits.occurrencesTotal,
        });
      if (++steps > limits.occurrences)
        return {
          refused: {
            linha: line,
            chave: 'staff.import.row.eventRepeats',
            valores: { valor: title, n: limits.occurrences },
          },
        };
      next = it.next();
    }
    if (next instanceof ICAL.Period) {
      // a date of its own with its own length (RDATE;VALUE=PERIOD, as Zimbra writes)
      start = next.start;
      end = next.getEnd();
    } else if (next) {
      const length = end ? end.subtractDate(start) : null;
      start = next;
      end = length ? next.clone() : null;
      if (end && length) end.addDuration(length);
    }
  }
  const startsAt = instant(start);
  // an all-day event lasts to the start of its last day's next day (DTEND is exclusive)
  let endsAt = end
    ? instant(end)
    : new Date(startsAt.getTime() + (start.isDate ? DAY : 60 * 60_000));
  if (endsAt <= startsAt)
    endsAt = new Date(startsAt.getTime() + (start.isDate ? DAY : 60 * 60_000));
  if (endsAt < now)
    return {
      refused: { linha: line, chave: 'staff.import.row.eventPast', valores: { valor: title } },
    };
  if (recurring)
    notes.push({ linha: line, chave: 'staff.import.row.eventSeries', valores: { valor: title } });
  const named = startZone;
  if (named && named !== zone && offsetDiffers(named, zone, startsAt))
    notes.push({
      linha: line,
      chave: 'staff.import.row.eventZone',
      valores: { valor: title, zona: named, fuso: zone },
    });
  return {
    event: {
      line,
      origin:
        `${event.uid ?? title}|${recurring ? 'next' : (component.getFirstPropertyValue('recurrence-id')?.toString() ?? '')}`.slice(
          0,
          300,
        ),
      title: title.slice(0, 200),
      description: (event.description ?? '').trim().slice(0, 10_000) || null,
      place: (event.location ?? '').trim().slice(0, 300) || null,
      startsAt,
      endsAt,
      timeZone: named,
    },
    notes,
  };
}

/** Two zones that tell the same time at `at` (Lisbon and London in winter) need no remark. */
const offsetDiffers = (a: string, b: string, at: Date) => zoneOffset(a, at) !== zoneOffset(b, at);
