// The languages every message of the API and the forms exists in (spec §1), and how a request
// picks one.
import { LANGUAGES, pickLanguage, type Lang } from '../language.ts';

/** The site's one language type (contract/language.ts), under the name the catalogue's users know. */
export type MessageLang = Lang;

export const MESSAGE_LANGS: readonly MessageLang[] = LANGUAGES;

/** spec §1: the first two letters of the Accept-Language header; English otherwise. */
export const messageLang = (acceptLanguage: string | null | undefined): MessageLang =>
  pickLanguage(acceptLanguage);

/** A church's locale (spec §3 idioma, e.g. pt_BR, es_AR) as a message language; English otherwise (mail sent outside a request). */
export function messageLangOfLocale(locale: string | null | undefined): MessageLang {
  const two = (locale ?? '').slice(0, 2).toLowerCase();
  return two === 'pt' || two === 'es' ? two : 'en';
}
