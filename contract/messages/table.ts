// The one lookup of the message catalogue: a table holds every key in pt/en/es; a string that is
// not a key comes back untouched; {{name}} placeholders are filled from `values`.
import type { MessageLang } from './lang.ts';

export type MessageTable<K extends string> = Record<MessageLang, Record<K, string>>;
export type MessageValues = Record<string, string | number>;

export function hasKey<K extends string>(table: MessageTable<K>, key: string): key is K {
  return Object.hasOwn(table.en, key);
}

export function lookup<K extends string>(
  table: MessageTable<K>,
  lang: MessageLang,
  key: K | string,
  values: MessageValues = {},
): string {
  if (!hasKey(table, key)) return key; // already final text: never touch its braces
  return table[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  );
}
