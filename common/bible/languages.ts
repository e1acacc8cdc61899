// The languages Bible book names come in (the interface languages, docs/bible.md) and the two
// testaments: shared by the reference parser here and the Bible calls' contract (contract/bible.ts).
export const BIBLE_LANGUAGES = ['pt', 'en', 'es'] as const;
export type BibleLanguage = (typeof BIBLE_LANGUAGES)[number];

export const TESTAMENTS = ['OT', 'NT'] as const;
export type Testament = (typeof TESTAMENTS)[number];
