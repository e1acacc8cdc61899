// Bible references typed in a note ("João 3:16", "1 Co 13.4-7", "Salmos 23") → links to the
// passage on the Bible pages (/bible/{book}/{chapter}?v=16-18#v16). Book names in pt, en and es,
// read by the same parser as the Bible pages (common/bible/reference-parser.ts).
import type { BibleLanguage } from '../../../contract/bible.ts';
import { parseReference } from '../../../common/bible/reference-parser.ts';

export interface FoundReference {
  /** The text as typed. */
  text: string;
  /** Where it starts in the note. */
  index: number;
  href: string;
  /** e.g. "João 3:16-18", with the book's name in the reader's language. */
  label: string;
}

// An optional 1-3 (and º/ª), a capitalised word (maybe two: "Cantares de Salomão" is rare, "1 Co"),
// then a chapter with an optional verse and range.
const CANDIDATE =
  /(?<![\p{L}\d])((?:[1-3]\s?[ºª°]?\s?)?\p{Lu}[\p{L}]*\.?(?:\s(?:de\s|of\s|dos\s)?\p{Lu}[\p{L}]*\.?)?)\s?(\d{1,3})(?:\s?[:.,]\s?(\d{1,3}))?(?:\s?[-–]\s?(\d{1,3})(?:\s?[:.]\s?(\d{1,3}))?)?(?![\d\p{L}])/gu;

export function findReferences(text: string, lang: BibleLanguage): FoundReference[] {
  const out: FoundReference[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    let typed = m[0];
    let index = m.index;
    let parsed = parseReference(typed, lang);
    // "Read Romans 5:1" / "Leia João 3": the first capitalised word was not part of the name
    const space = typed.indexOf(' ');
    if (!parsed && space > 0 && !/^[1-3]/.test(typed)) {
      typed = typed.slice(space + 1);
      index += space + 1;
      parsed = parseReference(typed, lang);
    }
    if (!parsed || parsed.chapter === null) continue;
    // A bare "Word 12" names a book only by its full name or usual forms, not by a guessed prefix.
    if (
      parsed.verse === null &&
      !/\d\s?[:.,]\s?\d/.test(typed) &&
      m[1]!.replace(/\.$/, '').length < 2
    )
      continue;
    const { book, chapter, verse, endVerse, endChapter } = parsed;
    const name = book.names[lang].name;
    let label = `${name} ${chapter}`;
    let href = `/bible/${book.code}/${chapter}`;
    if (verse !== null) {
      label += `:${verse}`;
      if (endVerse !== null && endChapter === null) label += `-${endVerse}`;
      href +=
        endVerse !== null && endChapter === null
          ? `?v=${verse}-${endVerse}#v${verse}`
          : `?v=${verse}#v${verse}`;
    } else if (endChapter !== null) label += `-${endChapter}`;
    if (endChapter !== null && endVerse !== null) label += `-${endChapter}:${endVerse}`;
    out.push({ text: typed, index, href, label });
  }
  return out;
}
