// One wall clock for time zones (common/README.md "time-zone.ts"): turning an instant into a zone's
// clock, or a zone's clock into an instant, is common/time-zone.ts and nowhere else. Its tell is
// Intl's `formatToParts` in a file that names a `timeZone`; each copy written before it had its own
// mistakes to keep (which moment of a repeated hour, the seconds), so a new one is refused here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro|mjs|js)$/;
const HELPER = 'common/time-zone.ts';
const THIS_FILE = 'tests/unit/zone-clock.test.ts';

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** A file that reads Intl's date parts and names a time zone: a wall clock of its own. */
export const readsZoneParts = (text: string): boolean =>
  /\.formatToParts\s*\(/.test(text) && /\btimeZone\b/.test(text);

describe('one wall-clock helper', () => {
  const clocks = ['server', 'src', 'contract', 'common', 'bench', 'scripts', 'tests']
    .flatMap(files)
    .concat(['server.ts'])
    .filter((file) => file !== THIS_FILE)
    .filter((file) => readsZoneParts(readFileSync(join(ROOT, file), 'utf8')));

  it('tells a zone’s date parts from other uses of Intl', () => {
    const copy = `new Intl.DateTimeFormat('en', { timeZone: zone }).formatToParts(at)`;
    expect(readsZoneParts(copy)).toBe(true);
    expect(readsZoneParts(`new Intl.NumberFormat('pt-BR').formatToParts(1)`)).toBe(false);
    expect(readsZoneParts(`dateFormat(locale, { timeZone: zone }).format(at)`)).toBe(false);
  });

  it('is common/time-zone.ts and no other file', () => {
    expect(clocks, `use ${HELPER} (wallClockOf, instantOfWallClock, localDateTimeIn)`).toEqual([
      HELPER,
    ]);
  });
});
