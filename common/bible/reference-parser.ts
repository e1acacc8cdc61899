// Turns a typed reference ("João 3:16", "John 3:16", "Juan 3:16", "Jo 3:16-18", "Gn 1",
// "1Co 13.4", "Sl 23") into a book, chapter and verses. Names of the reader's language win
// (pt "Jn" is Jonas, en "Jn" is John); the other languages are tried after it.
import type { BibleLanguage } from './languages.ts';
import { BOOKS, type BibleBook } from './books.ts';

export interface ParsedReference {
  book: BibleBook;
  chapter: number | null;
  verse: number | null;
  endChapter: number | null;
  endVerse: number | null;
}

const LANGUAGE_ORDER: BibleLanguage[] = ['en', 'pt', 'es'];
const MAX_LENGTH = 100;

/** Lowercase, one space, "1st"/"1º"/"I " → "1 ", no dots: the form names are compared in. */
function normalizeName(raw: string): string {
  let s = raw.normalize('NFC').toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(/^(i{1,3})\s+/, (_, roman: string) => `${roman.length} `);
  s = s.replace(/^([1-3])\s*(?:º|ª|°|st|nd|rd|o|a)?\s*(?=\p{L})/u, '$1 ');
  return s;
}

/** The same without accents, so "Joao" and "Genesis" still match. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '');
}

interface Index {
  exact: Map<string, Set<BibleBook>>;
  folded: Map<string, Set<BibleBook>>;
  /** Folded full names, for prefixes ("Apoc", "Filip"). */
  names: [string, BibleBook][];
}

function add(map: Map<string, Set<BibleBook>>, key: string, book: BibleBook) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(book);
}

const INDEXES = new Map<BibleLanguage, Index>(
  LANGUAGE_ORDER.map((lang) => {
    const index: Index = { exact: new Map(), folded: new Map(), names: [] };
    for (const book of BOOKS) {
      const { name, abbr, aliases } = book.names[lang];
      for (const form of [name, abbr, ...aliases]) {
        const key = normalizeName(form);
        add(index.exact, key, book);
        add(index.folded, fold(key), book);
      }
      index.names.push([fold(normalizeName(name)), book]);
    }
    return [lang, index];
  }),
);

function only(books: Iterable<BibleBook> | undefined): BibleBook | null {
  if (!books) return null;
  const unique = new Set(books);
  return unique.size === 1 ? [...unique][0]! : null;
}

function findInLanguage(typed: string, lang: BibleLanguage): BibleBook | null {
  const index = INDEXES.get(lang)!;
  const exact = index.exact.get(typed);
  if (exact) return only(exact);
  const folded = fold(typed);
  const loose = index.folded.get(folded);
  if (loose) return only(loose);
  // A prefix of one book's full name; too short a prefix would guess.
  if (folded.replace(/^\d /, '').length < 3) return null;
  return only(index.names.filter(([name]) => name.startsWith(folded)).map(([, book]) => book));
}

/** The book a reader means by `typed`, trying their language first. */
export function findBook(typed: string, lang: BibleLanguage): BibleBook | null {
  const key = normalizeName(typed);
  if (!key) return null;
  for (const l of [lang, ...LANGUAGE_ORDER.filter((x) => x !== lang)]) {
    const book = findInLanguage(key, l);
    if (book) return book;
  }
  return null;
}

// book, then chapter[:verse][-[chapter:]verse]; ":" "." or "," between chapter and verse.
const REFERENCE =
  /^(.*?\p{L}[\p{L}'’. ]*?)\s*(?:(\d{1,3})(?:\s*[:.,]\s*(\d{1,3}))?(?:\s*[-–—]\s*(\d{1,3})(?:\s*[:.,]\s*(\d{1,3}))?)?)?$/u;

/**
 * Parses a reference typed in pt, en or es; null when no book matches or the numbers make no
 * sense. Chapter and verse limits of a given translation are checked by its caller.
 * @example parseReference('Jo 3:16-18', 'pt') // { book: john, chapter: 3, verse: 16, endChapter: null, endVerse: 18 }
 */
export function parseReference(input: string, lang: BibleLanguage): ParsedReference | null {
  const text = input.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!text || text.length > MAX_LENGTH) return null;
  const m = REFERENCE.exec(text);
  if (!m) return null;
  const book = findBook(m[1]!, lang);
  if (!book) return null;
  const n = (s: string | undefined) => (s === undefined ? null : Number(s));
  let [chapter, verse, endA, endB] = [n(m[2]), n(m[3]), n(m[4]), n(m[5])];
  if (chapter === null)
    return { book, chapter: null, verse: null, endChapter: null, endVerse: null };
  // One-chapter books are cited by verse alone: "Jude 3" is Jude 1:3.
  if (book.chapters === 1 && verse === null && chapter > 1) [chapter, verse] = [1, chapter];
  if (chapter < 1 || chapter > book.chapters || verse === 0) return null;

  let endChapter: number | null = null;
  let endVerse: number | null = null;
  if (endA !== null) {
    if (endB !== null)
      [endChapter, endVerse] = [endA, endB]; // 1:1-2:3
    else if (verse !== null)
      endVerse = endA; // 3:16-18
    else endChapter = endA; // 1-3
    if (endChapter !== null && (endChapter <= chapter || endChapter > book.chapters))
      endChapter = null;
    if (endVerse !== null && endChapter === null && (verse === null || endVerse <= verse))
      endVerse = null;
  }
  return { book, chapter, verse, endChapter, endVerse };
}
