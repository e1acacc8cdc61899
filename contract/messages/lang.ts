// The languages every message of the API and the forms exists in (spec §1), and how a request
// picks one.

export type MessageLang = 'pt' | 'en' | 'es';

export const MESSAGE_LANGS: readonly MessageLang[] = ['pt', 'en', 'es'];

/** spec §1: the first two letters of the Accept-Language header; English otherwise. */
export function messageLang(acceptLanguage: string | null | undefined): MessageLang {
  const first = (acceptLanguage ?? '').split(',')[0]!.trim().slice(0, 2).toLowerCase();
  return first === 'pt' || first === 'es' ? first : 'en';
}

/** A church's locale (spec §3 idioma, e.g. pt_BR, es_AR) as a message language; English otherwise (mail sent outside a request). */
export function messageLangOfLocale(locale: string | null | undefined): MessageLang {
  const two = (locale ?? '').slice(0, 2).toLowerCase();
  return two === 'pt' || two === 'es' ? two : 'en';
}
