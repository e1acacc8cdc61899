// The language of a church's content (docs/content.md "Language of content"). Content carries no
// language of its own: a church writes in its own language (spec §3 idioma), so that is the
// content's. When the visitor's interface language differs, the content is marked with `lang`
// so screen readers voice it and search engines index it in the right language.
import type { Lang } from './i18n.ts';

/** `pt-br` → `pt-BR` (BCP 47 case: language lower, region upper). */
export function bcp47(locale: string): string {
  const [language = 'en', ...rest] = locale.split('-');
  return [language.toLowerCase(), ...rest.map((p) => (p.length === 2 ? p.toUpperCase() : p))].join(
    '-',
  );
}

/** The `lang` to put on a church's content, or undefined when it is the interface's own language. */
export function contentLang(churchLocale: string | null | undefined, ui: Lang): string | undefined {
  if (!churchLocale) return undefined;
  let tag = tags.get(churchLocale);
  if (tag === undefined) {
    if (tags.size > 1000) tags.clear();
    tags.set(churchLocale, (tag = bcp47(churchLocale)));
  }
  return tag.split('-', 1)[0] === ui ? undefined : tag;
}

/** Every content component of a render asks: a church locale is turned into a tag once. */
const tags = new Map<string, string>();
