// Time zones, once for the API, the web and the contract (common/README.md): which names are zones
// (`isTimeZone`, `isKnownZone`), which zone a church's clock keeps (`churchTimeZone`: the zone it
// chose, else of its country, else of its language — docs/notifications.md "Scheduled sends", docs/events.md), and
// the one reading of a zone's wall clock with Intl. A wall clock is held as a UTC timestamp whose
// UTC getters read the zone's clock (`Date.UTC(2026, 11, 24, 19, 30)` is 19:30 on 24 December);
// `wallClockOf` turns an instant into one and `instantOfWallClock` turns one back into an instant.
// tests/unit/zone-clock.test.ts keeps `formatToParts` with a time zone out of every other file.

const MAX_CACHED = 200;
const formats = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's wall-clock formatter (kept), or null when the runtime knows no such zone. */
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    if (formats.size >= MAX_CACHED) formats.clear();
    formats.set(zone, format);
  }
  return format;
}

/** A zone name this runtime understands, in any form Intl takes (`EST5EDT`, `+03:00` too). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  return !!zone && formatOf(zone) !== null;
}

/** An IANA time zone this runtime knows (`America/Sao_Paulo`, `UTC`; not `+03:00`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== 'UTC') return false;
  return isKnownZone(zone);
}

/** The main time zone of a church's country (its address): one the team recognises as theirs. */
const COUNTRY_ZONES: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  US: 'America/New_York',
  CA: 'America/Toronto',
  MX: 'America/Mexico_City',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  UY: 'America/Montevideo',
  PY: 'America/Asuncion',
  BO: 'America/La_Paz',
  EC: 'America/Guayaquil',
  VE: 'America/Caracas',
  PT: 'Europe/Lisbon',
  ES: 'Europe/Madrid',
  GB: 'Europe/London',
  AO: 'Africa/Luanda',
  MZ: 'Africa/Maputo',
};
const LANGUAGE_ZONES: Record<string, string> = {
  pt: 'America/Sao_Paulo',
  en: 'America/New_York',
  es: 'America/Mexico_City',
};

/**
 * The church's clock: the zone it chose (`igreja.fuso_horario`), else the zone of its country (from
 * its address), else of its language (`pt`, `en`, `es`), else São Paulo's (docs/giving.md "Which
 * clock"; `igreja_fuso` is the same rule in SQL, migration 0061).
 */
export function churchTimeZone(
  country: string | null | undefined,
  lang: string,
  chosen?: string | null,
): string {
  return (
    (chosen || undefined) ??
    COUNTRY_ZONES[(country ?? '').toUpperCase()] ??
    LANGUAGE_ZONES[lang] ??
    'America/Sao_Paulo'
  );
}

const DAY_MS = 86_400_000;
// Per zone, the offset of each UTC day asked about when it held all that day (its first and last
// second agree), else null: a CSV or an export of a year's 52,000 gifts then asks Intl (~4 µs and its
// garbage) twice a day, not once a row, and a page's events on other days ask nothing after the
// first render (docs/performance.md "Staff pages"). Bounded: 64 zones, 2,000 days each.
const offsetsByUtcDay = new Map<string, Map<number, number | null>>();

/**
 * The wall clock of `zone` at the instant `at`, to the second, as a UTC timestamp. An unknown
 * zone throws a RangeError, as Intl does.
 */
export function wallClockOf(zone: string, at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const utcDay = Math.floor(ms / DAY_MS);
  let days = offsetsByUtcDay.get(zone);
  if (!days) {
    if (offsetsByUtcDay.size >= 64) offsetsByUtcDay.clear();
    offsetsByUtcDay.set(zone, (days = new Map()));
  }
  let offset = days.get(utcDay);
  if (offset === undefined) {
    const start = utcDay * DAY_MS;
    const first = intlWallClock(zone, start) - start;
    const end = start + DAY_MS - 1000;
    offset = intlWallClock(zone, end) - end === first ? first : null;
    if (days.size >= 2_000) days.clear();
    days.set(utcDay, offset);
  }
  // on a UTC day the zone's offset changes (twice a year at most) each instant asks Intl
  if (offset === null) return intlWallClock(zone, ms);
  return Math.floor(ms / 1000) * 1000 + offset;
}

/** The wall clock as Intl reads it (`formatToParts`), to the second. */
function intlWallClock(zone: string, at: number): number {
  const format = formatOf(zone);
  if (!format) throw new RangeError(`Invalid time zone specified: ${zone}`);
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** How far `zone`'s clock is ahead of UTC at the instant `at`, in ms (São Paulo: −3 h). */
export function zoneOffset(zone: string, at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return wallClockOf(zone, ms) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant `zone`'s clock shows `wall` (a wall clock as a UTC timestamp). The offset is read
 * twice, the second time at the first answer, so a time near a DST change takes the offset in force
 * there. A time the change skips comes out moved by the change: earlier in a zone behind UTC (New
 * York's 02:30 on the spring day is 01:30 EST), later in one ahead (Lisbon's 01:30 is 02:30 WEST);
 * a time the change repeats is its first moment behind UTC and its second ahead
 * (common/time-zone.test.ts).
 */
export function instantOfWallClock(zone: string, wall: number): Date {
  const first = zoneOffset(zone, wall);
  return new Date(wall - zoneOffset(zone, wall - first));
}

/** `2026-12-24T19:30`: the day and time `zone`'s clock shows at `at` (a `datetime-local` value). */
export function localDateTimeIn(zone: string, at: Date | number): string {
  return new Date(wallClockOf(zone, at)).toISOString().slice(0, 16);
}

/**
 * `2026-12-24`: the day `zone`'s calendar shows at `at`, a church's "today" when `zone` is its
 * clock (docs/volunteers.md "Which clock"); UTC's day is another at night in the Americas.
 */
export function churchToday(zone: string, at: Date | number = Date.now()): string {
  return localDateTimeIn(zone, at).slice(0, 10);
}

/** `yyyy-mm-dd` moved by `n` calendar days: a day of any zone, no clock involved. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
