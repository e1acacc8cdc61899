// Intl's date and number formats are made in common/format.ts and kept there (dateFormat,
// numberFormat, moneyFormat, money): making one costs ~100 µs, using a kept one ~1 µs, and the
// registrations CSV that made two per row took a second for 5,000 rows (docs/performance.md
// "Staff pages"). The one locale map (INTL_LOCALE) lives beside them. A `new Intl.…Format`, a
// `toLocaleString(locale)` (a new format on every call) or a locale map elsewhere is refused here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro|mjs|js)$/;
/** The formats' home, and the wall clock, which keeps its own per zone (null for a zone Intl lacks). */
const ALLOWED = new Set(['common/format.ts', 'common/time-zone.ts']);

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** A format made in place, rather than asked of common/format.ts. */
export const makesFormat = (text: string): boolean =>
  /new\s+Intl\.(DateTimeFormat|NumberFormat)\s*\(/.test(text) ||
  // with a locale, `toLocaleString` and its kin make a new format on every call
  /\.toLocale(Date|Time)?String\(\s*[^)\s]/.test(text);
/** A locale map of its own: `pt: 'pt-BR'` written outside common/format.ts. */
export const mapsLocales = (text: string): boolean => /\bpt:\s*['"]pt-BR['"]/.test(text);

describe('one place for Intl formats and the locale map', () => {
  const sources = ['server', 'src', 'contract', 'common']
    .flatMap(files)
    .concat(['server.ts'])
    .filter((file) => !ALLOWED.has(file))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

  it('tells a made format and a locale map from their uses', () => {
    expect(makesFormat(`new Intl.DateTimeFormat(lang, { dateStyle: 'short' })`)).toBe(true);
    expect(makesFormat(`new Intl.NumberFormat('pt-BR', { style: 'currency' })`)).toBe(true);
    expect(makesFormat(`dateFormat(INTL_LOCALE[lang], { dateStyle: 'short' })`)).toBe(false);
    expect(makesFormat(`new Date(iso).toLocaleDateString(lang)`)).toBe(true);
    expect(
      makesFormat(`ratio.toLocaleString(INTL_LOCALE[lang], { minimumFractionDigits: 1 })`),
    ).toBe(true);
    expect(makesFormat(`new Intl.PluralRules(lang)`)).toBe(false);
    expect(makesFormat(`a.nome.localeCompare(b.nome)`)).toBe(false);
    expect(mapsLocales(`const LOCALE = { pt: 'pt-BR', en: 'en-US', es: 'es' };`)).toBe(true);
    expect(mapsLocales(`INTL_LOCALE[lang]`)).toBe(false);
  });

  it('makes no Intl date or number format outside common/format.ts', () => {
    const makers = sources.filter((s) => makesFormat(s.text)).map((s) => s.file);
    expect(makers, 'use dateFormat / numberFormat / money from common/format.ts').toEqual([]);
  });

  it("writes amounts with money, in the currency's home locale, everywhere", () => {
    // moneyFormat(INTL_LOCALE[lang]) wrote an event's ARS price "1234,50 ARS" in Spanish beside
    // the gift page's "$ 1.234,50" (spec §1.6)
    const direct = sources.filter((s) => /\bmoneyFormat\s*\(/.test(s.text)).map((s) => s.file);
    expect(direct, 'use money(value, currency, lang) from common/format.ts').toEqual([]);
  });

  it('keeps no locale map outside common/format.ts', () => {
    const maps = sources.filter((s) => mapsLocales(s.text)).map((s) => s.file);
    expect(maps, 'use INTL_LOCALE from common/format.ts').toEqual([]);
  });
});
