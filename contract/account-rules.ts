// The validation rules of spec §5 for account forms, as plain functions shared by the API
// (zod refinements in contract/user.ts) and the web forms.
import type { Lang } from './language.ts';

/** Digits only. */
export const onlyDigits = (value: string): string => value.replace(/\D+/g, '');

/** spec §5: 11 digits, not all the same digit, both check digits valid. */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  // digits with the usual dots, dash and spaces only
  if (!/^[\d.\-\s]+$/.test(value) || cpf.length !== 11) return false;
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

/** `529.982.247-25` from `52998224725`. */
export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  return d.length === 11
    ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
    : value;
}

/** spec §5 Brazilian phone: optional +55, a 2-digit area code, 5 digits, 4 digits. */
export function isBrazilianPhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return /^(\+?55)?\d{2}\d{5}\d{4}$/.test(compact);
}

/** `+55 11 98765-4321` from any accepted Brazilian phone. */
export function formatBrazilianPhone(value: string): string {
  const d = onlyDigits(value).replace(/^55(?=\d{11}$)/, '');
  return d.length === 11 ? `+55 ${d.slice(0, 2)} ${d.slice(2, 7)}-${d.slice(7)}` : value;
}

/**
 * spec §5 alpha_spaces for a person's name: letters of any alphabet (accents as one character or
 * combining marks) and spaces, plus the apostrophe, hyphen and dot of names such as D'Ávila,
 * Ana-Clara or Maria S. Lima.
 */
export function isPersonName(value: string): boolean {
  return /^[\p{L}\p{M}]+(?:[\s'’.-]+[\p{L}\p{M}]+)*[.]?$/u.test(value.trim());
}

/** Any phone number: 7 to 15 digits, with an optional leading + and the usual separators. */
export function isPhone(value: string): boolean {
  return (
    /^\+?[\d\s().-]+$/.test(value) &&
    onlyDigits(value).length >= 7 &&
    onlyDigits(value).length <= 15
  );
}

/** spec §5: a CEP is 8 digits after removing hyphens. */
export function isValidCep(value: string): boolean {
  return /^\d{8}$/.test(value.replace(/-/g, '').trim());
}

/** US ZIP: 5 digits, optionally +4. */
export function isValidUsZip(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value.trim());
}

/** spec §5: at least 8 characters with a lowercase, an uppercase, a digit and one of @$!%*?&#/. */
export const PASSWORD_MIN_LENGTH = 8;
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[@$!%*?&#/]/.test(value)
  );
}

/** The short date pattern of each interface language, as users type it. */
export const DATE_PATTERN: Record<Lang, 'DMY' | 'MDY'> = { pt: 'DMY', es: 'DMY', en: 'MDY' };
export const DATE_PLACEHOLDER: Record<Lang, string> = {
  pt: 'dd/mm/aaaa',
  es: 'dd/mm/aaaa',
  en: 'mm/dd/yyyy',
};

/**
 * spec §5: a date parsed strictly in the locale's short format (two-digit day and month,
 * four-digit year, slashes), returned as ISO `yyyy-mm-dd`, or null when it is not a real date.
 * @example parseLocalDate('31/01/1990', 'pt') // '1990-01-31'
 */
export function parseLocalDate(value: string, lang: Lang): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [day, month] = DATE_PATTERN[lang] === 'DMY' ? [a, b] : [b, a];
  return isoDate(year, month, day);
}

/** ISO `yyyy-mm-dd` for a real calendar day, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/** ISO date → the locale's short format (the inverse of parseLocalDate). */
export function formatLocalDate(iso: string | null | undefined, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return '';
  const [, y, m, d] = match;
  return DATE_PATTERN[lang] === 'DMY' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** A valid ISO calendar date. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/** spec §5: birth dates and dates must be before now. */
export function isBeforeToday(iso: string, now: Date = new Date()): boolean {
  return iso < now.toISOString().slice(0, 10);
}

export const MARITAL_STATUSES = [
  'solteiro',
  'casado',
  'casado_civil',
  'casado_civil_religioso',
  'divorciado',
  'viuvo',
  'mora_junto',
  'uniao_estavel',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
