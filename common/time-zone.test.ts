import { describe, expect, it } from 'vitest';
import {
  churchTimeZone,
  churchToday,
  instantOfWallClock,
  isKnownZone,
  isTimeZone,
  localDateTimeIn,
  wallClockOf,
  zoneOffset,
} from './time-zone.ts';

const HOUR = 3_600_000;
/** A wall clock (`2026-12-24T19:30`) as the UTC timestamp the helper takes. */
const wall = (local: string) => Date.parse(`${local}:00Z`);
/** The instant `zone`'s clock shows `local`, as ISO. */
const instant = (zone: string, local: string) =>
  instantOfWallClock(zone, wall(local)).toISOString();

describe('a zone’s wall clock at an instant', () => {
  it('reads the clock to the second, midnight as 00', () => {
    const at = new Date('2026-12-25T03:00:07Z');
    expect(new Date(wallClockOf('America/Sao_Paulo', at)).toISOString()).toBe(
      '2026-12-25T00:00:07.000Z',
    );
    expect(localDateTimeIn('America/Sao_Paulo', at)).toBe('2026-12-25T00:00');
    expect(localDateTimeIn('Asia/Kolkata', Date.parse('2026-01-01T00:00:00Z'))).toBe(
      '2026-01-01T05:30',
    );
  });

  it('follows each zone’s DST: São Paulo had it until 2019, New York and Lisbon keep it', () => {
    expect(zoneOffset('America/Sao_Paulo', new Date('2018-12-24T12:00:00Z'))).toBe(-2 * HOUR);
    expect(zoneOffset('America/Sao_Paulo', new Date('2026-12-24T12:00:00Z'))).toBe(-3 * HOUR);
    expect(zoneOffset('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(zoneOffset('Europe/Lisbon', new Date('2026-07-01T12:00:00Z'))).toBe(HOUR);
    expect(zoneOffset('Europe/Lisbon', new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(zoneOffset('Asia/Kolkata', 0)).toBe(5.5 * HOUR);
    // the clock changes at the instant itself: New York's 02:00 EST is 07:00 UTC
    expect(localDateTimeIn('America/New_York', Date.parse('2026-03-08T06:59:00Z'))).toBe(
      '2026-03-08T01:59',
    );
    expect(localDateTimeIn('America/New_York', Date.parse('2026-03-08T07:00:00Z'))).toBe(
      '2026-03-08T03:00',
    );
  });

  it('throws for a zone the runtime does not know, as Intl does', () => {
    expect(() => wallClockOf('Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('the instant a zone’s clock shows a time', () => {
  it('reads ordinary times with the offset in force', () => {
    expect(instant('America/Sao_Paulo', '2026-12-24T19:30')).toBe('2026-12-24T22:30:00.000Z');
    expect(instant('America/Sao_Paulo', '2018-12-24T19:30')).toBe('2018-12-24T21:30:00.000Z');
    expect(instant('America/New_York', '2026-07-01T09:00')).toBe('2026-07-01T13:00:00.000Z');
    expect(instant('America/New_York', '2026-01-15T09:00')).toBe('2026-01-15T14:00:00.000Z');
    expect(instant('Europe/Lisbon', '2026-07-01T09:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(instant('Asia/Kolkata', '2026-01-01T00:00')).toBe('2025-12-31T18:30:00.000Z');
  });

  it('finds, for every quarter hour around a change, an instant showing the same clock', () => {
    const days: [string, string, number][] = [
      // zone, day of the change, quarter hours that come back as the repeated hour's other moment
      ['America/Sao_Paulo', '2018-11-04', 0],
      ['America/Sao_Paulo', '2019-02-16', 4],
      ['America/New_York', '2026-03-08', 0],
      ['America/New_York', '2026-11-01', 4],
      ['Europe/Lisbon', '2026-03-29', 0],
      ['Europe/Lisbon', '2026-10-25', 4],
    ];
    for (const [zone, day, repeated] of days) {
      const start = Date.parse(`${day}T00:00:00Z`) - 12 * HOUR;
      let other = 0;
      for (let at = start; at < start + 48 * HOUR; at += HOUR / 4) {
        const clock = wallClockOf(zone, at);
        const back = instantOfWallClock(zone, clock).getTime();
        expect(wallClockOf(zone, back), `${zone} ${new Date(at).toISOString()}`).toBe(clock);
        if (back !== at) {
          expect(Math.abs(back - at)).toBe(HOUR);
          other++;
        }
      }
      expect(other, `${zone} ${day}`).toBe(repeated);
    }
  });

  it('moves a time the clocks skip by the change: earlier behind UTC, later ahead', () => {
    // New York springs forward at 02:00: 02:30 does not exist and reads as 01:30 EST
    expect(instant('America/New_York', '2026-03-08T02:30')).toBe('2026-03-08T06:30:00.000Z');
    expect(localDateTimeIn('America/New_York', new Date('2026-03-08T06:30:00Z'))).toBe(
      '2026-03-08T01:30',
    );
    // São Paulo sprang forward at midnight (2018): 00:30 on 4 November reads as 23:30 on the 3rd
    expect(instant('America/Sao_Paulo', '2018-11-04T00:30')).toBe('2018-11-04T02:30:00.000Z');
    expect(localDateTimeIn('America/Sao_Paulo', new Date('2018-11-04T02:30:00Z'))).toBe(
      '2018-11-03T23:30',
    );
    // Lisbon springs forward at 01:00: 01:30 reads as 02:30 WEST
    expect(instant('Europe/Lisbon', '2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(localDateTimeIn('Europe/Lisbon', new Date('2026-03-29T01:30:00Z'))).toBe(
      '2026-03-29T02:30',
    );
  });

  it('takes a time the clocks repeat at its first moment behind UTC, its second ahead', () => {
    // New York's 01:30 on 1 November happens at 05:30 UTC (EDT) and 06:30 UTC (EST)
    expect(instant('America/New_York', '2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    // São Paulo's 23:30 on 16 February 2019 happened at 01:30 UTC (summer time) and 02:30 UTC
    expect(instant('America/Sao_Paulo', '2019-02-16T23:30')).toBe('2019-02-17T01:30:00.000Z');
    // Lisbon's 01:30 on 25 October happens at 00:30 UTC (WEST) and 01:30 UTC (WET)
    expect(instant('Europe/Lisbon', '2026-10-25T01:30')).toBe('2026-10-25T01:30:00.000Z');
  });

  it('keeps the seconds of the time it reads', () => {
    expect(
      instantOfWallClock('Europe/Lisbon', Date.parse('2026-07-01T09:00:42Z')).toISOString(),
    ).toBe('2026-07-01T08:00:42.000Z');
  });
});

describe('the wall clock kept per UTC day', () => {
  /** The zone's clock as Intl writes it for one call, nothing kept: `2011-12-28 00:07:13`. */
  const intl = (zone: string, at: number) =>
    new Date(at).toLocaleString('sv-SE', { timeZone: zone, hourCycle: 'h23' });
  const kept = (zone: string, at: number) =>
    new Date(wallClockOf(zone, at)).toISOString().slice(0, 19).replace('T', ' ');

  it('agrees with Intl at every instant, across DST changes and odd offsets', () => {
    // São Paulo's last DST (2018–19), New York's and Lisbon's changes, Lord Howe's half hour,
    // Kathmandu's 5:45, and Samoa skipping 30 December 2011; instants in time order, as a CSV reads them
    const zones = [
      'America/Sao_Paulo',
      'America/New_York',
      'Europe/Lisbon',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Apia',
      'UTC',
    ];
    const spans = ['2011-12-28', '2018-11-02', '2019-02-15', '2026-03-07', '2026-10-24'];
    for (const zone of zones)
      for (const from of spans) {
        const start = Date.parse(`${from}T00:00:00Z`);
        for (let at = start; at < start + 4 * 86_400_000; at += 7 * 60_000 + 13_001) {
          expect(kept(zone, at), `${zone} ${new Date(at).toISOString()}`).toBe(intl(zone, at));
          expect(churchToday(zone, at)).toBe(intl(zone, at).slice(0, 10));
        }
      }
  });

  it('turns at the zone’s midnight, not UTC’s', () => {
    const at = Date.parse('2026-12-25T02:30:00Z'); // 23:30 on the 24th in São Paulo
    expect(churchToday('America/Sao_Paulo', at)).toBe('2026-12-24');
    expect(churchToday('America/Sao_Paulo', at + HOUR)).toBe('2026-12-25');
    expect(churchToday('Europe/Lisbon', at)).toBe('2026-12-25');
  });
});

describe('zone names', () => {
  it('isTimeZone takes IANA zones the runtime knows, nothing else', () => {
    for (const zone of ['America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3', 'UTC'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus', 'Brasilia', '+03:00', '', 'America/Sao_Paulo '])
      expect(isTimeZone(zone), zone).toBe(false);
  });

  it('isKnownZone takes whatever Intl takes, for files that name zones their own way', () => {
    expect(isKnownZone('America/New_York')).toBe(true);
    expect(isKnownZone('EST5EDT')).toBe(true);
    expect(isKnownZone('Brasilia')).toBe(false);
    expect(isKnownZone(null)).toBe(false);
    expect(isKnownZone('')).toBe(false);
  });
});

describe('the church’s clock (docs/giving.md "Which clock")', () => {
  it('is the zone it chose first: a church in Manaus or Los Angeles is not on its country’s first zone', () => {
    expect(churchTimeZone('BR', 'pt', 'America/Manaus')).toBe('America/Manaus');
    expect(churchTimeZone('US', 'en', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    // none chosen (null, or an empty text as SQL's nullif reads it): its country's
    expect(churchTimeZone('BR', 'pt', null)).toBe('America/Sao_Paulo');
    expect(churchTimeZone('US', 'en', '')).toBe('America/New_York');
  });

  it('is else the zone of its country, else of its language, else São Paulo’s', () => {
    expect(churchTimeZone('US', 'pt')).toBe('America/New_York');
    expect(churchTimeZone('pt', 'en')).toBe('Europe/Lisbon');
    expect(churchTimeZone('AO', 'pt')).toBe('Africa/Luanda');
    expect(churchTimeZone('ZZ', 'es')).toBe('America/Mexico_City');
    expect(churchTimeZone(null, 'en')).toBe('America/New_York');
    expect(churchTimeZone(undefined, 'fr')).toBe('America/Sao_Paulo');
  });
});
