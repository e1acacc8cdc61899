// Interface language per request (docs/architecture.md "The client shape"). One i18next instance per language, each
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

/**
 * A message split at its `{{name}}` placeholders: texts at even indexes, names at odd ones;
 * null when i18next must do it (nesting `$t(`, `{{- x}}`, formats `{{x, f}}`, an empty string).
 */
type Template = readonly string[] | null;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
/** Names i18next reads as options of t(), never as values: a call passing one goes to i18next. */
const OPTION_NAMES = new Set([
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'defaultValue',
  'replace',
]);

function templateOf(message: string): Template {
  if (!message || message.includes('$t(') || message.includes('{{-')) return null;
  const parts = message.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!.trim();
    if (!name || name.includes(',') || OPTION_NAMES.has(name)) return null;
    parts[i] = name;
  }
  return parts;
}

/** Per language: each message's template, made once (t() runs dozens of times per render). */
const templates = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    new Map(Object.entries(messages[lang]).map(([key, message]) => [key, templateOf(message)])),
  ]),
) as Record<Lang, Map<string, Template>>;
/** Every placeholder name of any message, plus count: the values the fast path knows. */
const valueNames = new Set(['count']);
for (const table of Object.values(templates))
  for (const template of table.values())
    for (let i = 1; template && i < template.length; i += 2) valueNames.add(template[i]!);

const fastTranslators = new Map<Lang, Translate>();

/**
 * t() of a language: messages of that language are filled in directly (plural forms by
 * Intl.PluralRules, as i18next picks them); anything else (fallbacks, missing keys, nesting,
 * options, values that are not strings or numbers) goes to i18next, so strings stay identical.
 */
export function translator(lang: Lang): Translate {
  let fast = fastTranslators.get(lang);
  if (!fast) {
    fast = fastTranslator(lang);
    fastTranslators.set(lang, fast);
  }
  return fast;
}

/** t() by i18next alone: what the fast path falls back to, and must always equal (tests). */
export function i18nextTranslator(lang: Lang): Translate {
  const t = translatorFor(lang);
  return (key, values) => t(key, values) as string;
}

function fastTranslator(lang: Lang): Translate {
  const slow = i18nextTranslator(lang);
  const table = templates[lang];
  const plurals = new Intl.PluralRules(lang);
  return (key, values) => {
    let found = key;
    if (values !== undefined) {
      for (const name in values) if (!valueNames.has(name)) return slow(key, values);
      const count = values.count;
      if (typeof count === 'number') {
        // i18next's order: key_zero (for 0), then the plural form, then the bare key.
        const form = `${key}_${plurals.select(count)}`;
        if (count === 0 && table.has(`${key}_zero`)) found = `${key}_zero`;
        else if (table.has(form)) found = form;
      } else if (count !== undefined) return slow(key, values);
    }
    const template = table.get(found);
    if (!template) return slow(key, values);
    if (template.length === 1) return template[0]!;
    let out = template[0]!;
    for (let i = 1; i < template.length; i += 2) {
      const value = values?.[template[i]!];
      if (typeof value === 'string') out += value;
      else if (typeof value === 'number') out += String(value);
      else return slow(key, values); // i18next's rules for a missing value
      out += template[i + 1]!;
    }
    // A value may bring `$t(`, which i18next would resolve as nesting.
    return out.includes('$t(') ? slow(key, values) : out;
  };
}

/** spec §1: the church's locale (e.g. pt_BR) in lowercase dashed form, `en` when missing. */
export function normalizeChurchLocale(idioma: string | null | undefined): string {
  const cleaned = (idioma ?? '').trim().replace(/_/g, '-').toLowerCase();
  return cleaned || 'en';
}

/** BCP 47 tag for Intl from the interface language (the one locale map lives in format.ts). */
export { INTL_LOCALE } from '../../common/format.ts';
