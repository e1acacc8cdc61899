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
