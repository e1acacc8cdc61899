// Plain functions behind the church home's blocks: the week Monday to Sunday (spec §9) and
// dates and times in the reader's language (spec §1: dates follow the browser language).
import { isKnownZone } from '../../common/time-zone.ts';
import type { EventWire } from '../../contract/events.ts';
import type { WeeklyService } from '../../contract/schedule.ts';
import { dateFormat } from './format.ts';

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
  const dayName = dateFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const days: ScheduleDay[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const today = services
      .filter((s) => s.diaSemana === weekday)
      .sort((a, b) => a.horario.localeCompare(b.horario));
    if (today.length === 0) continue;
    const name = dayName.format(mondayUtc(weekday));
    days.push({
      weekday,
      name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1),
      services: today,
    });
  }
  return days;
}

/** "07:00" and "19:00" in pt and es, "7:00 PM" in en. */
export function formatServiceTime(horario: string, locale: string): string {
  const [h, m] = horario.split(':').map(Number) as [number, number];
  const hour = locale.startsWith('en') ? 'numeric' : '2-digit';
  return dateFormat(locale, { hour, minute: '2-digit', timeZone: 'UTC' }).format(
    mondayUtc(1, h, m),
  );
}

/** When an event starts, in its own time zone, in the reader's language. */
export function formatEventStart(
  iso: string,
  timeZone: string,
  locale: string,
): { day: string; month: string; full: string } {
  const date = new Date(iso);
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  const part = (options: Intl.DateTimeFormatOptions) =>
    dateFormat(locale, { ...options, timeZone: zone }).format(date);
  return {
    day: part({ day: 'numeric' }),
    month: part({ month: 'short' }).replace(/\.$/, ''),
    full: part({
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }),
  };
}

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
