// Languages, the one locale map and the date/money formats shared by pages, islands and the API's
// e-mails and CSVs (spec §1: dates and money follow the interface language). Plain Intl: no
// i18next, no zod, so islands can import it within the checkout's JS budget. Every Intl date and
// number format is made here, kept per locale and options (tests/unit/intl-formats.test.ts).
import type { Lang } from '../contract/language.ts';

export type { Lang };

/** BCP 47 tag for Intl from the interface language (the only locale map of the web app). */
export const INTL_LOCALE: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

const zone = (timeZone?: string) => (timeZone ? { timeZone } : {});
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One cached Intl.DateTimeFormat per locale and options: building one costs far more than using it
 * (docs/performance.md: the home built four per event per render). An invalid time zone still throws.
 */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= 2000) formats.clear(); // bounded: locales × formats × zones in use
    formats.set(key, format);
  }
  return format;
}

/** What `Date#toLocaleDateString(locale)` writes, as options of a kept format: 1/12/2026. */
export const NUMERIC_DATE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};
/** What `Date#toLocaleString(locale)` writes: 1/12/2026, 19:00:00. */
export const NUMERIC_DATE_TIME: Intl.DateTimeFormatOptions = {
  ...NUMERIC_DATE,
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** One cached Intl.DateTimeFormat per language, options and zone. */
function dates(
  lang: Lang,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): Intl.DateTimeFormat {
  return dateFormat(INTL_LOCALE[lang], { ...options, ...zone(timeZone) });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One cached Intl.NumberFormat per locale and options (like dateFormat). */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (numberFormats.size >= 500) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format;
}

/** One cached currency format per locale and currency. */
export const moneyFormat = (locale: string, currency: string): Intl.NumberFormat =>
  numberFormat(locale, { style: 'currency', currency });

const moneyLocales = new Map<string, string>();

/**
 * The locale amounts of a currency are written in: the interface language as spoken where the
 * currency is at home (es + ARS → es-AR: "$ 1.234,50", not Spain's "1234,50 ARS"), when Intl knows
 * that pair; otherwise the interface language's own (pt + ARS → "ARS 1.234,50"). spec §1.6.
 */
export function moneyLocale(lang: Lang, currency: string): string {
  const key = `${lang}|${currency}`;
  let locale = moneyLocales.get(key);
  if (!locale) {
    const regional = `${lang}-${currency.slice(0, 2).toUpperCase()}`;
    try {
      locale =
        moneyFormat(regional, currency).resolvedOptions().locale === regional
          ? regional
          : INTL_LOCALE[lang];
    } catch {
      locale = INTL_LOCALE[lang];
    }
    moneyLocales.set(key, locale);
  }
  return locale;
}

export const money = (value: number, currency: string, lang: Lang): string =>
  moneyFormat(moneyLocale(lang, currency), currency).format(value);

/** 12/12/2026 19:00 */
export const dateTime = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { dateStyle: 'short', timeStyle: 'short' }, timeZone).format(new Date(iso));

/** 12 de dez. de 2026 19:00 */
export const mediumDateTime = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(iso));

/** sábado, 12 de dezembro de 2026 */
export const longDate = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { dateStyle: 'full' }, timeZone).format(new Date(iso));

/** 19:00 */
export const timeOf = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { hour: '2-digit', minute: '2-digit' }, timeZone).format(new Date(iso));

/** 12/12 */
export const dayMonth = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { day: '2-digit', month: '2-digit' }, timeZone).format(new Date(iso));

/** 12 de dezembro de 2026: publication dates and the prayer wall. */
export const formatDate = (iso: string, lang: Lang, timeZone?: string): string =>
  dates(lang, { day: 'numeric', month: 'long', year: 'numeric' }, timeZone).format(new Date(iso));

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** A country's name in the interface language (BR → Brasil), undefined for an invalid code. */
export function regionName(code: string, lang: Lang): string | undefined {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'region' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  discover: 'Discover',
};
/** A card brand as people write it. */
export const brandName = (brand: string): string => BRANDS[brand] ?? brand;
