// spec §1: the interface language is the first two letters of the browser language, one of
// pt, en, es; English otherwise. Shared by the web app and the server's page cache.
export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const FALLBACK_LANG: Lang = 'en';

/** The language of an Accept-Language header (only its first entry counts). */
export function pickLanguage(browserLanguage: string | null | undefined): Lang {
  const first = (browserLanguage ?? '').split(',')[0]!.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Lang) : FALLBACK_LANG;
}

/** A church whose locale is Portuguese follows Brazil's rules (a payer's CPF, spec §3 Payment fields). */
export const isPortugueseChurch = (locale: string) => locale.toLowerCase().startsWith('pt');

/** The cookie the footer's language switch sets (docs/architecture.md "The interface language"). */
export const LANG_COOKIE = 'lang';
/** A year: the choice stays until the visitor changes it. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The language a visitor chose with the switch (the `lang` cookie), or null: none or not ours. */
export function chosenLanguage(cookieHeader: string | null | undefined): Lang | null {
  if (!cookieHeader || !cookieHeader.includes(`${LANG_COOKIE}=`)) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=', 2).map((s) => s.trim());
    if (name === LANG_COOKIE && (LANGUAGES as readonly string[]).includes(value ?? ''))
      return value as Lang;
  }
  return null;
}

/**
 * The interface language of a request: the visitor's choice when they made one, else the
 * browser's (spec §1, the default).
 */
export const requestLanguage = (
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Lang => chosenLanguage(cookieHeader) ?? pickLanguage(acceptLanguage);
