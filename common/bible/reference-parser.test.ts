import { describe, expect, it } from 'vitest';
import { BOOKS } from './books.ts';
import { findBook, parseReference } from './reference-parser.ts';

const ref = (input: string, lang: 'pt' | 'en' | 'es' = 'pt') => {
  const r = parseReference(input, lang);
  return (
    r && {
      book: r.book.code,
      chapter: r.chapter,
      verse: r.verse,
      endChapter: r.endChapter,
      endVerse: r.endVerse,
    }
  );
};
const at = (
  book: string,
  chapter: number | null,
  verse: number | null = null,
  endVerse: number | null = null,
  endChapter: number | null = null,
) => ({
  book,
  chapter,
  verse,
  endChapter,
  endVerse,
});

describe('the book table', () => {
  it('has the 66 books, 39 in the Old Testament, with unique codes', () => {
    expect(BOOKS).toHaveLength(66);
    expect(BOOKS.filter((b) => b.testament === 'OT')).toHaveLength(39);
    expect(BOOKS.at(38)!.names.en.name).toBe('Malachi');
    expect(new Set(BOOKS.map((b) => b.code)).size).toBe(66);
  });

  it('every full name in every language finds its own book', () => {
    for (const book of BOOKS) {
      for (const lang of ['pt', 'en', 'es'] as const) {
        expect(
          findBook(book.names[lang].name, lang)?.code,
          `${lang} ${book.names[lang].name}`,
        ).toBe(book.code);
        expect(
          findBook(book.names[lang].abbr, lang)?.code,
          `${lang} ${book.names[lang].abbr}`,
        ).toBe(book.code);
      }
    }
  });
});

describe('parseReference', () => {
  it('reads John 3:16 in each language', () => {
    expect(ref('João 3:16', 'pt')).toEqual(at('john', 3, 16));
    expect(ref('John 3:16', 'en')).toEqual(at('john', 3, 16));
    expect(ref('Juan 3:16', 'es')).toEqual(at('john', 3, 16));
  });

  it('accepts a name from another language than the reader’s', () => {
    expect(ref('John 3:16', 'pt')).toEqual(at('john', 3, 16));
    expect(ref('Juan 3:16', 'en')).toEqual(at('john', 3, 16));
    expect(ref('Apocalipse 21', 'es')).toEqual(at('rev', 21));
  });

  it('reads abbreviations, with or without dots and spaces', () => {
    expect(ref('Jo 3:16')).toEqual(at('john', 3, 16));
    expect(ref('Gn 1')).toEqual(at('gen', 1));
    expect(ref('gn. 1.3')).toEqual(at('gen', 1, 3));
    expect(ref('1Co 13:4')).toEqual(at('1cor', 13, 4));
    expect(ref('1 Co 13,4')).toEqual(at('1cor', 13, 4));
    expect(ref('I Corinthians 13', 'en')).toEqual(at('1cor', 13));
    expect(ref('1st John 4:8', 'en')).toEqual(at('1john', 4, 8));
    expect(ref('1ª Pedro 5:7', 'pt')).toEqual(at('1pet', 5, 7));
    expect(ref('Sl 23')).toEqual(at('ps', 23));
    expect(ref('Ps 119:105', 'en')).toEqual(at('ps', 119, 105));
    expect(ref('Hch 2:38', 'es')).toEqual(at('acts', 2, 38));
    expect(ref('Stg 1:5', 'es')).toEqual(at('jas', 1, 5));
    expect(ref('john3:16', 'en')).toEqual(at('john', 3, 16));
  });

  it('tells Jó (Job) from Jo (João), and reads names typed without accents', () => {
    expect(ref('Jó 1:1')).toEqual(at('job', 1, 1));
    expect(ref('Jo 1:1')).toEqual(at('john', 1, 1));
    expect(ref('Joao 3:16')).toEqual(at('john', 3, 16));
    expect(ref('genesis 1', 'es')).toEqual(at('gen', 1));
    expect(ref('ÊXODO 20:3')).toEqual(at('exod', 20, 3));
  });

  it('lets the reader’s language decide an abbreviation two languages share', () => {
    expect(ref('Jn 1:1', 'pt')).toEqual(at('jonah', 1, 1)); // Jonas
    expect(ref('Jn 1:1', 'en')).toEqual(at('john', 1, 1));
    expect(ref('Jn 1:1', 'es')).toEqual(at('john', 1, 1)); // Juan
  });

  it('reads an unambiguous beginning of a name', () => {
    expect(ref('Apoc 3:20')).toEqual(at('rev', 3, 20));
    expect(ref('Filip 4:13', 'pt')).toEqual(at('phil', 4, 13));
    expect(ref('Deuter 6:4', 'en')).toEqual(at('deut', 6, 4));
  });

  it('reads ranges of verses and of chapters', () => {
    expect(ref('Jo 3:16-18')).toEqual(at('john', 3, 16, 18));
    expect(ref('Jo 3:16–18')).toEqual(at('john', 3, 16, 18));
    expect(ref('Gn 1:1-2:3')).toEqual(at('gen', 1, 1, 3, 2));
    expect(ref('Gn 1-3')).toEqual(at('gen', 1, null, null, 3));
    expect(ref('Jo 3:18-16')).toEqual(at('john', 3, 18)); // a backwards end is dropped
  });

  it('takes a book alone, and one-chapter books by verse', () => {
    expect(ref('Romanos')).toEqual(at('rom', null));
    expect(ref('Jude 3', 'en')).toEqual(at('jude', 1, 3));
    expect(ref('Jd 1:3')).toEqual(at('jude', 1, 3));
  });

  it('returns null for garbage, unknown books and impossible numbers', () => {
    for (const input of [
      '',
      '   ',
      '3:16',
      'Foo 3:16',
      'Jo abc',
      'Jo 0',
      'Jo 3:0',
      'Jo 22',
      'Gn 51',
      '<script>alert(1)</script>',
      'J',
      "'; drop table igreja; --",
      'Jo'.repeat(60),
    ]) {
      expect(ref(input), JSON.stringify(input)).toBeNull();
    }
  });
});
