// Where Bible text comes from. A translation is a `BibleSource`; `sources.ts` registers them.
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { BibleLanguage } from '../../contract/bible.ts';
import { BOOKS } from '../../common/bible/books.ts';

export interface SourceVerse {
  number: number;
  text: string;
  /** The verse starts a paragraph. */
  paragraph: boolean;
}

export interface BibleSource {
  /** URL-safe id (`kjv`). */
  code: string;
  name: string;
  abbreviation: string;
  /** Language of the text. */
  language: BibleLanguage;
  /**
   * One line on where the text comes from and its licence, in the text's own language: the pages
   * print it under the text as its credit (an attribution a licence asks for goes here).
   */
  description: string;
  /** Book codes (books.ts) this translation holds, in canon order, with their chapter counts. */
  books(): Promise<Map<string, number>>;
  /** The verses of a chapter, or null when the translation lacks it. */
  chapter(book: string, chapter: number): Promise<SourceVerse[] | null>;
}

/** A translation as a map `"<Book name> <chapter>:<verse>" → text` (the `kjv` package's format). */
export interface VerseMapOptions extends Omit<BibleSource, 'books' | 'chapter'> {
  load: () => Promise<Record<string, string>>;
  /** The source's book name → book code (books.ts). */
  bookCodes: Record<string, string>;
  /** Turns a raw verse into text and a paragraph flag. */
  clean?: (raw: string) => { text: string; paragraph: boolean };
}

const KEY = /^(.+) (\d+):(\d+)$/;

/** A `BibleSource` over a verse map, indexed once on first use and kept in memory. */
export function verseMapSource(options: VerseMapOptions): BibleSource {
  const { load, bookCodes, clean = (raw) => ({ text: raw, paragraph: false }), ...meta } = options;
  let index: Promise<Map<string, SourceVerse[][]>> | undefined;

  async function build(): Promise<Map<string, SourceVerse[][]>> {
    const verses = await load();
    const books = new Map<string, SourceVerse[][]>();
    for (const [key, raw] of Object.entries(verses)) {
      const m = KEY.exec(key);
      const code = m && bookCodes[m[1]!];
      if (!m || !code) throw new Error(`${meta.code}: unknown verse key "${key}"`);
      const chapters = books.get(code) ?? books.set(code, []).get(code)!;
      const chapter = (chapters[Number(m[2]) - 1] ??= []);
      chapter.push({ number: Number(m[3]), ...clean(raw) });
    }
    for (const chapters of books.values())
      for (const c of chapters) c?.sort((a, b) => a.number - b.number);
    return books;
  }

  const indexed = () =>
    (index ??= build().catch((error: unknown) => {
      index = undefined; // try again on the next call
      throw error;
    }));

  return {
    ...meta,
    async books() {
      return new Map([...(await indexed())].map(([code, chapters]) => [code, chapters.length]));
    },
    async chapter(book, chapter) {
      return (await indexed()).get(book)?.[chapter - 1] ?? null;
    },
  };
}

const unpack = promisify(brotliDecompress);

/** Loads a verse map committed under `server/bible/data/` (made by scripts/convert-sword-bible.ts). */
export function bundledVerses(file: string): () => Promise<Record<string, string>> {
  return async () =>
    JSON.parse(
      (await unpack(await readFile(new URL(`./data/${file}`, import.meta.url)))).toString('utf8'),
    ) as Record<string, string>;
}

/** The converter's format: keys already use our book codes, `# ` opens a paragraph. */
export const convertedFormat = {
  bookCodes: Object.fromEntries(BOOKS.map((b) => [b.code, b.code])),
  clean: (raw: string) => ({ paragraph: raw.startsWith('#'), text: raw.replace(/^#\s*/, '') }),
};
