// The translations the API serves. Adding a public-domain translation: a `BibleSource` over
// its data (see `verseMapSource`) and one line here.
import { kjv } from './kjv.ts';
import { rv1909 } from './rv1909.ts';
import type { BibleSource } from './source.ts';

// No public-domain Portuguese (Almeida) text was found in the package registries, so Portuguese
// readers get the references with a note (docs/bible.md "Text per language").
export const BIBLE_SOURCES: readonly BibleSource[] = [kjv, rv1909];

export function bibleSource(code: string): BibleSource | undefined {
  return BIBLE_SOURCES.find((s) => s.code === code);
}
