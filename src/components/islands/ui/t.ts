// Strings in islands: the page passes its strings (islands never load i18next); `{{name}}`
// values are filled in, and `plural` picks `key_one` / `key_other` by the language's plural
// rules like i18next does on the server.
import { INTL_LOCALE, type Lang } from '../../../../common/format.ts';

export type Values = Record<string, string | number>;

export interface T {
  (key: string, values?: Values): string;
  /** `key_<form>` by Intl.PluralRules, `key_other` when that form is missing; `{{count}}` is filled. */
  plural(key: string, count: number, values?: Values): string;
}

/**
 * `fallback` answers keys the page's strings lack (e.g. contract/messages/account.ts for the
 * API's validation keys); without it the key itself shows, so a missing string is visible.
 */
export function makeT(
  strings: Record<string, string>,
  lang: Lang,
  fallback?: (key: string) => string | undefined,
): T {
  const rules = new Intl.PluralRules(INTL_LOCALE[lang]);
  const t = ((key, values = {}) => {
    const text = strings[key] ?? fallback?.(key) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  }) as T;
  t.plural = (key, count, values = {}) => {
    const form = `${key}_${rules.select(count)}`;
    return t(form in strings ? form : `${key}_other`, { ...values, count });
  };
  return t;
}
