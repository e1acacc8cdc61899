// The translations the API serves. Adding a translation: a `BibleSource` over its data (see
// `verseMapSource`) and one line here. The first one in a language is the one reading plans in
// that language show (server/reading-plans).
import { blivre } from './blivre.ts';
import { kjv } from './kjv.ts';
import { rv1909 } from './rv1909.ts';
import type { BibleSource } from './source.ts';

export const BIBLE_SOURCES: readonly BibleSource[] = [kjv, rv1909, blivre];

export function bibleSource(code: string): BibleSource | undefined {
  return BIBLE_SOURCES.find((s) => s.code === code);
}
