// How moving-in files write dates, phones, money and names in Brazil, the US and Spanish-speaking
// countries (docs/staff.md "Moving in"), read into what the product stores.
import {
  formatBrazilianPhone,
  isBrazilianPhone,
  isPhone,
  isValidCpf,
  onlyDigits,
} from '../../contract/account-rules.ts';

/** Day before month (Brazil, Spanish-speaking countries) or month before day (the US). */
export type DateOrder = 'dmy' | 'mdy';

const MONTHS: Record<string, number> = {};
(
  [
    ['janeiro', 'enero', 'january', 'jan', 'ene'],
    ['fevereiro', 'febrero', 'february', 'fev', 'feb'],
    ['marco', 'marzo', 'march', 'mar'],
    ['abril', 'april', 'abr', 'apr'],
    ['maio', 'mayo', 'may', 'mai'],
    ['junho', 'junio', 'june', 'jun'],
    ['julho', 'julio', 'july', 'jul'],
    ['agosto', 'august', 'ago', 'aug'],
    ['setembro', 'septiembre', 'setiembre', 'september', 'set', 'sep', 'sept'],
    ['outubro', 'octubre', 'october', 'out', 'oct'],
    ['novembro', 'noviembre', 'november', 'nov'],
    ['dezembro', 'diciembre', 'december', 'dez', 'dic', 'dec'],
  ] as const
).forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

/** Lower case, accents off, anything but letters and digits a single space. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const iso = (y: number, m: number, d: number): string | null => {
  if (y < 100) y += y > (new Date().getUTCFullYear() % 100) + 1 ? 1900 : 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1850 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null; // 31/02
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * A date as `yyyy-mm-dd`, or null: ISO (`1980-03-15`, with or without a time), numeric with `/`,
 * `-` or `.` in the given order (`15/03/1980`, `03/15/1980`), or with a month's name in
 * Portuguese, Spanish or English (`15 de março de 1980`, `March 15, 1980`).
 */
export function parseDate(raw: string, order: DateOrder): string | null {
  const value = raw.trim();
  if (!value) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return order === 'dmy' ? iso(y, b, a) : iso(y, a, b);
  }
  const words = fold(value).split(' ');
  const month = words.findIndex((w) => MONTHS[w] !== undefined);
  const numbers = words.filter((w) => /^\d+$/.test(w)).map(Number);
  if (month >= 0 && numbers.length === 2) {
    const year = numbers.find((n) => n > 31) ?? numbers[1]!;
    const day = numbers.find((n) => n !== year) ?? numbers[0]!;
    return iso(year, MONTHS[words[month]!]!, day);
  }
  return null;
}

/** The order the file's numeric dates are written in, when a day above 12 gives it away. */
export function guessDateOrder(samples: Iterable<string>, fallback: DateOrder): DateOrder {
  for (const s of samples) {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) return 'mdy';
  }
  return fallback;
}

/**
 * A phone as the product keeps it: a Brazilian mobile as `+55 11 98765-4321`; a US number of ten
 * digits as `+1 555 123 4567` in an English-speaking church; any other number of 7 to 15 digits as
 * written. Null when it is not a phone.
 */
export function normalisePhone(raw: string, lang: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (isBrazilianPhone(value)) return formatBrazilianPhone(value);
  const digits = onlyDigits(value);
  if (lang === 'en' && !value.startsWith('+')) {
    const us = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    if (us.length === 10) return `+1 ${us.slice(0, 3)} ${us.slice(3, 6)} ${us.slice(6)}`;
  }
  return isPhone(value) ? value.replace(/\s+/g, ' ') : null;
}

/** An 11-digit CPF, or null when the value is not a valid CPF (missing leading zeros restored). */
export function normaliseCpf(raw: string): string | null {
  let digits = onlyDigits(raw);
  if (digits.length < 11 && digits.length >= 9 && /^[\d.\-\s]+$/.test(raw.trim()))
    digits = digits.padStart(11, '0'); // a spreadsheet keeps a CPF as a number and drops its zeros
  return isValidCpf(digits) ? digits : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A lower-case e-mail, or null. */
export function normaliseEmail(raw: string): string | null {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '');
  return value.length <= 254 && EMAIL.test(value) ? value : null;
}

/**
 * Money in integer cents: `1.234,56` and `1234,56` (Brazil, most Spanish-speaking countries),
 * `1,234.56` and `1234.56` (the US), with or without a currency sign. Null when it is not an
 * amount above zero.
 */
export function parseMoneyCents(raw: string): number | null {
  let value = raw
    .trim()
    .replace(/^(R\$|US\$|\$|€|[A-Z]{3})\s*/i, '')
    .replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  const decimal = comma > dot ? ',' : '.';
  const decimals = value.length - Math.max(comma, dot) - 1;
  // one separator followed by three digits is a thousands mark (`1.000`, `1,000`)
  if ((comma === -1) !== (dot === -1) && decimals === 3 && value.split(decimal).length === 2)
    value = value.replace(/[.,]/g, '');
  else
    value = value
      .split(decimal)
      .map((part, i, all) => (i === all.length - 1 ? part : part.replace(/[.,]/g, '')))
      .join('.');
  const n = Number(value.replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0 || n > 10_000_000) return null;
  return Math.round(n * 100);
}

/** Splits "Maria da Silva Lima" into first name and the rest. */
export function splitName(full: string): { first: string; last: string | null } {
  const parts = full.trim().replace(/\s+/g, ' ').split(' ');
  return { first: parts[0] ?? '', last: parts.length > 1 ? parts.slice(1).join(' ') : null };
}
