// Loaders for the Bible pages (/bible): books, a chapter, and a typed reference, from the
// v1 Bible calls (contract/bible.ts). Book names come in the reader's language.
import {
  bibleBooksResponseSchema,
  bibleChapterResponseSchema,
  bibleBookResponseSchema,
  bibleReferenceResponseSchema,
  type BibleBook,
  type BibleChapter,
  type BibleLanguage,
  type BibleReference,
  type BibleVersion,
} from '../../contract/bible.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

/**
 * The translation the pages read in each interface language (the API lists them at /biblia/):
 * the KJV in English, the Reina-Valera 1909 in Spanish, the Bíblia Livre in Portuguese
 * (docs/bible.md "Text per language").
 */
export const BIBLE_VERSIONS: Record<BibleLanguage, string> = {
  pt: 'blivre',
  en: 'kjv',
  es: 'rv1909',
};

/** A translation's credit line split into text and web addresses, for the pages to link. */
export function creditParts(credit: string): { text: string; href?: string }[] {
  return credit
    .split(/(https?:\/\/[^\s,]+[^\s,.])/)
    .filter(Boolean)
    .map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}

const baseFor = (lang: BibleLanguage) => `biblia/${BIBLE_VERSIONS[lang]}`;

export async function loadBibleBooks(
  lang: BibleLanguage,
): Promise<{ versao: BibleVersion; livros: BibleBook[] }> {
  return getParsed(
    serverApi(),
    `${baseFor(lang)}/livros/?idioma=${lang}`,
    bibleBooksResponseSchema,
  );
}

export async function loadBibleBook(
  book: string,
  lang: BibleLanguage,
): Promise<{ versao: BibleVersion; livro: BibleBook } | null> {
  return orNull(
    getParsed(
      serverApi(),
      `${baseFor(lang)}/${encodeURIComponent(book)}/?idioma=${lang}`,
      bibleBookResponseSchema,
    ),
  );
}

export async function loadBibleChapter(
  book: string,
  chapter: string,
  lang: BibleLanguage,
): Promise<BibleChapter | null> {
  if (!/^\d{1,3}$/.test(chapter)) return null;
  return orNull(
    getParsed(
      serverApi(),
      `${baseFor(lang)}/${encodeURIComponent(book)}/${chapter}/?idioma=${lang}`,
      bibleChapterResponseSchema,
    ),
  );
}

export async function findBibleReference(
  q: string,
  lang: BibleLanguage,
): Promise<BibleReference | null> {
  const params = new URLSearchParams({ q: q.slice(0, 100), idioma: lang });
  const found = await orNull(
    getParsed(serverApi(), `${baseFor(lang)}/referencia/?${params}`, bibleReferenceResponseSchema),
  );
  return found?.referencia ?? null;
}

/** The code of a book named in any language (`salmos` → `ps`), or null. */
export async function bookByName(name: string, lang: BibleLanguage): Promise<string | null> {
  const typed = name.replace(/[-_]+/g, ' ').trim();
  if (!typed || typed.length > 40) return null;
  const ref = await findBibleReference(typed, lang);
  return ref && ref.capitulo === null ? ref.livro.codigo : null;
}

/** The page a reference opens: its chapter, its verses highlighted (`?v=16-18`) and scrolled to. */
export function referenceUrl(ref: BibleReference): string {
  const book = `/bible/${ref.livro.codigo}`;
  if (ref.capitulo === null) return book;
  const chapter = `${book}/${ref.capitulo}`;
  if (ref.versiculo === null) return chapter;
  const range =
    ref.versiculoFinal !== null && ref.capituloFinal === null
      ? `${ref.versiculo}-${ref.versiculoFinal}`
      : String(ref.versiculo);
  return `${chapter}?v=${range}#v${ref.versiculo}`;
}

/** The verses `?v=16` or `?v=16-18` asks to highlight. */
export function highlightedVerses(v: string | null): { from: number; to: number } | null {
  const m = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(v ?? '');
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? Math.max(from, Number(m[2])) : from;
  return { from, to };
}
