// Interface language per request (DESIGN.md §3). One i18next instance per language, each
// fixed to its language and never switched, so concurrent requests cannot see each
// other's language.
import i18next, { type TFunction } from 'i18next';
import { FALLBACK_LANG, LANGUAGES, type Lang } from '../../contract/language.ts';

export { FALLBACK_LANG, LANGUAGES, pickLanguage, type Lang } from '../../contract/language.ts';

/** Flat dotted keys (`news.empty`); each feature keeps its strings in src/i18n/<lang>/<feature>.json. */
export type MessageKey = string;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const files = import.meta.glob<Record<string, string>>('../i18n/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every message of every feature, merged per language. */
export const messages: Record<Lang, Record<string, string>> = { pt: {}, en: {}, es: {} };
for (const [file, strings] of Object.entries(files)) {
  const lang = file.split('/').at(-2) as Lang;
  if (messages[lang]) Object.assign(messages[lang], strings);
}

const translators = new Map<Lang, TFunction>();

function translatorFor(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: FALLBACK_LANG,
      resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: messages[l] }])),
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      interpolation: { escapeValue: false }, // Astro and React escape on output
    });
    t = instance.t;
    translators.set(lang, t);
  }
  return t;
}

export function translator(lang: Lang): Translate {
  const t = translatorFor(lang);
  return (key, values) => t(key, values) as string;
}

/** spec §1: the church's locale (e.g. pt_BR) in lowercase dashed form, `en` when missing. */
export function normalizeChurchLocale(idioma: string | null | undefined): string {
  const cleaned = (idioma ?? '').trim().replace(/_/g, '-').toLowerCase();
  return cleaned || 'en';
}

/** BCP 47 tag for Intl from the interface language (the one locale map lives in format.ts). */
export { INTL_LOCALE } from './format.ts';
