// Giving keeps the church's clock (docs/giving.md "Which clock"): the day, month and year of a gift
// that a member or the treasurer sees, filters by or is sent (the dashboard, the gifts list and its
// CSV, the yearly statement, a recurring gift's next day) are those of the church's zone, as the
// kept month totals are (`igreja_fuso` of migration 0060). Every conversion is common/time-zone.ts's.
import { instantOfWallClock, wallClockOf } from '../../common/time-zone.ts';

// Which zone a church keeps is server/church/church-clock.ts (`churchZone`, `zoneOfChurch`).

/**
 * The first instant of a day (`yyyy-mm-dd`) on the zone's clock. Where a change of time skips its
 * midnight (Santiago's spring), the day starts when the clock comes back into it (01:00).
 */
export function dayStart(zone: string, day: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const at = instantOfWallClock(zone, wall).getTime();
  const shown = wallClockOf(zone, at);
  return new Date(shown < wall ? at + (wall - shown) : at);
}

/** A year's gifts on the zone's clock: from 1 January's start to the next 1 January's. */
export const yearRange = (zone: string, year: number): [Date, Date] => [
  dayStart(zone, `${String(year).padStart(4, '0')}-01-01`),
  dayStart(zone, `${String(year + 1).padStart(4, '0')}-01-01`),
];
