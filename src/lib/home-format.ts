// Plain functions behind the church home's blocks: the week Monday to Sunday (spec §9) and
// dates and times in the reader's language (spec §1: dates follow the browser language).
import { memoByText } from '../../common/memo.ts';
import { isKnownZone } from '../../common/time-zone.ts';
import type { EventWire } from '../../contract/events.ts';
import type { WeeklyService } from '../../contract/schedule.ts';
import { dateFormat } from '../../common/format.ts';

export interface ScheduleDay {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  name: string;
  services: WeeklyService[];
}

// 2024-01-01 was a Monday: day `n` of that week is ISO weekday `n`.
const mondayUtc = (weekday: number, hours = 0, minutes = 0) =>
  new Date(Date.UTC(2024, 0, weekday, hours, minutes));

/** The days that have services, Monday first, each with its services by time. */
export function scheduleByDay(services: WeeklyService[], locale: string): ScheduleDay[] {
  const names = weekdayNames(locale);
  const days: ScheduleDay[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const today = services
      .filter((s) => s.diaSemana === weekday)
      .sort((a, b) => a.horario.localeCompare(b.horario));
    if (today.length === 0) continue;
    days.push({ weekday, name: names[weekday - 1]!, services: today });
  }
  return days;
}

/** Monday to Sunday named in a language, capitalized: made once per language, not per render. */
const weekdayNames = memoByText((locale): readonly string[] => {
  const dayName = dateFormat(locale!, { weekday: 'long', timeZone: 'UTC' });
  return Object.freeze(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const name = dayName.format(mondayUtc(weekday));
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    }),
  );
});

/** "07:00" and "19:00" in pt and es, "7:00 PM" in en. */
export const formatServiceTime = (horario: string, locale: string): string =>
  serviceTimes(`${horario}\n${locale}`);

// Each text made once per time or event and language: a home renders the same few on every visit
// (docs/performance.md "If every read were answered from memory": formatting was ~3 % of a render).
const serviceTimes = memoByText((key) => {
  const [horario, locale] = key!.split('\n') as [string, string];
  const [h, m] = horario.split(':').map(Number) as [number, number];
  const hour = locale.startsWith('en') ? 'numeric' : '2-digit';
  return dateFormat(locale, { hour, minute: '2-digit', timeZone: 'UTC' }).format(
    mondayUtc(1, h, m),
  );
}, 1024);

/** When an event starts, in its own time zone, in the reader's language (shared: do not change it). */
export const formatEventStart = (
  iso: string,
  timeZone: string,
  locale: string,
): Readonly<{ day: string; month: string; full: string }> =>
  eventStarts(`${iso}\n${timeZone}\n${locale}`);

const eventStarts = memoByText((key) => {
  const [iso, timeZone, locale] = key!.split('\n') as [string, string, string];
  const date = new Date(iso);
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  const part = (options: Intl.DateTimeFormatOptions) =>
    dateFormat(locale, { ...options, timeZone: zone }).format(date);
  return Object.freeze({
    day: part({ day: 'numeric' }),
    month: part({ month: 'short' }).replace(/\.$/, ''),
    full: part({
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }),
  });
}, 1024);

/** Events that have not ended yet, soonest first. */
export function upcomingEvents<E extends Pick<EventWire, 'dataInicio' | 'dataFim'>>(
  events: E[],
  now: Date,
  limit: number,
): E[] {
  return events
    .filter((e) => new Date(e.dataFim).getTime() >= now.getTime())
    .sort((a, b) => new Date(a.dataInicio).getTime() - new Date(b.dataInicio).getTime())
    .slice(0, limit);
}
