// A church's day is its own clock's (docs/volunteers.md "Which clock", docs/kids.md "Which clock",
// docs/giving.md "Which clock"): "today", a day or a month taken from an instant is
// `churchToday(zone, at)` of common/time-zone.ts, the zone read by server/church/church-clock.ts.
// Its tell is a day cut from an instant's UTC text, `toISOString().slice(0, 10)` (`0, 7` a month, `0, 4`
// a year, or `split('T')[0]`): a church in Brasília is already on Monday at 21:00 on Sunday there. A
// server file that does it is refused here unless it is listed below with why its day is not a
// church's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, churchToday } from '../../common/time-zone.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Server files allowed a UTC day, each with why (a reason, not a to-do, unless it says whose). */
const ALLOWED: Record<string, string> = {
  'server/kids/kids-precheckin.service.ts':
    'the parent\'s phone sends its own offset (docs/kids.md "From the parent\'s phone")',
  'server/backup/retention.ts':
    "backups keep UTC days, weeks and months: the machine's, no church's",
  'server/payments/adapters/zoop.ts': "a boleto's due day sent to the gateway, which reads UTC",
  'server/reading-plans/reading-plans.serializers.ts':
    "a reader's plan day: the member's own device sends its date (reading-plans todayOf)",
  'server/db/seed/giving.ts': 'demo data: days around the machine clock, a day off is harmless',
  'server/db/seed/kids.ts': 'demo data: the coming Sunday, a day off is harmless',
  'server/db/seed/reading-plans.ts': 'demo data: days around the machine clock',
};

/** A day or month cut from an instant's UTC text. */
export const takesUtcDay = (text: string): boolean =>
  /\.toISOString\(\)\s*\.(slice\(\s*0\s*,\s*(10|7|4)\s*\)|split\(\s*['"]T['"]\s*\)\s*\[\s*0\s*\])/.test(
    text,
  );

function serverFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test(-support)?\.ts$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((file) => !/\.test-support\.ts$/.test(file));
}

describe("a church's day", () => {
  const taking = serverFiles().filter((file) =>
    takesUtcDay(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('tells a UTC day cut from an instant from other uses', () => {
    expect(takesUtcDay('now.toISOString().slice(0, 10)')).toBe(true);
    expect(takesUtcDay('new Date().toISOString().slice(0, 7)')).toBe(true);
    expect(takesUtcDay("at.toISOString().split('T')[0]")).toBe(true);
    expect(takesUtcDay('new Date(x)\n    .toISOString()\n    .slice(0, 10);')).toBe(true);
    expect(takesUtcDay('d.toISOString().slice(0, 16)')).toBe(false);
    expect(takesUtcDay('r.inAt.toISOString()')).toBe(false);
  });

  it('is taken on the church’s clock everywhere on the server but the files listed with a reason', () => {
    const unlisted = taking.filter((file) => !(file in ALLOWED));
    expect(unlisted, 'use churchToday (common/time-zone.ts) with churchZone').toEqual([]);
    // a listed file that no longer takes a UTC day leaves the list
    expect(Object.keys(ALLOWED).filter((file) => !taking.includes(file))).toEqual([]);
  });

  it('churchToday is the zone’s calendar day, on either side of UTC’s midnight', () => {
    // 21:30 on Sunday 6 December in Brasília is 00:30 UTC on Monday
    expect(churchToday('America/Sao_Paulo', Date.parse('2026-12-07T00:30:00Z'))).toBe('2026-12-06');
    expect(churchToday('UTC', Date.parse('2026-12-07T00:30:00Z'))).toBe('2026-12-07');
    // 01:30 on Monday in Lisbon's summer is 00:30 UTC, still Sunday in UTC
    expect(churchToday('Europe/Lisbon', Date.parse('2026-07-05T23:30:00Z'))).toBe('2026-07-06');
    // New Year's Eve at 23:30 in Brasília
    expect(churchToday('America/Sao_Paulo', new Date('2027-01-01T02:30:00Z'))).toBe('2026-12-31');
  });

  it('addDays moves a calendar day across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-06', -7)).toBe('2026-11-29');
  });
});
