// The translations the API serves. Adding a public-domain translation: a `BibleSource` over
// its data (see `verseMapSource`) and one line here.
import { kjv } from './kjv.ts';
import type { BibleSource } from './source.ts';

export const BIBLE_SOURCES: readonly BibleSource[] = [kjv];

export function bibleSource(code: string): BibleSource | undefined {
  return BIBLE_SOURCES.find((s) => s.code === code);
}
