// The Bible calls (contract/bible.ts): translations, books, chapters and typed references.
// Text never changes, so responses may be cached for a day.
import { Hono, type Context } from 'hono';
import {
  bookParams,
  chapterParams,
  languageQuery,
  referenceQuery,
  versionParams,
  type BibleBook as WireBook,
  type BibleChapter,
  type BibleLanguage,
  type BibleReference,
  type BibleVersion,
  type ChapterLink,
} from '../../contract/bible.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { messageLang } from '../../contract/messages/lang.ts';
import { fieldMessage } from '../../contract/messages/fields.ts';
import { BOOKS, bookByCode, type BibleBook } from '../../common/bible/books.ts';
import { parseReference } from '../../common/bible/reference-parser.ts';
import type { BibleSource } from './source.ts';
import { BIBLE_SOURCES } from './sources.ts';

const CACHE = 'public, max-age=86400';

function toVersion(s: BibleSource): BibleVersion {
  return {
    codigo: s.code,
    nome: s.name,
    abreviacao: s.abbreviation,
    idioma: s.language,
    descricao: s.description,
  };
}

function toBook(book: BibleBook, chapters: number, lang: BibleLanguage): WireBook {
  const { name, abbr } = book.names[lang];
  return {
    codigo: book.code,
    ordem: book.position,
    testamento: book.testament,
    nome: name,
    abreviacao: abbr,
    capitulos: chapters,
  };
}

/** The books a translation holds, in canon order, with its own chapter counts. */
async function booksOf(source: BibleSource): Promise<{ book: BibleBook; chapters: number }[]> {
  const held = await source.books();
  return BOOKS.filter((b) => held.has(b.code)).map((book) => ({
    book,
    chapters: held.get(book.code)!,
  }));
}

export function bibleRoutes(sources: readonly BibleSource[] = BIBLE_SOURCES) {
  const sourceFor = (code: string) => {
    const source = sources.find((s) => s.code === code);
    if (!source) throw notFound('api.bibleVersionNotFound');
    return source;
  };

  async function bookIn(source: BibleSource, code: string) {
    const book = bookByCode(code);
    const chapters = book && (await source.books()).get(book.code);
    if (!book || !chapters) throw notFound('api.bookNotFound');
    return { book, chapters };
  }

  const cached = (c: Context) => c.header('Cache-Control', CACHE);

  return new Hono({ strict: false })
    .get('/biblia', (c) => {
      cached(c);
      return c.json({ versoes: sources.map(toVersion) });
    })
    .get(
      '/biblia/:versao/livros',
      validate('param', versionParams),
      validate('query', languageQuery),
      async (c) => {
        const source = sourceFor(c.req.valid('param').versao);
        const { idioma } = c.req.valid('query');
        const livros = (await booksOf(source)).map(({ book, chapters }) =>
          toBook(book, chapters, idioma),
        );
        cached(c);
        return c.json({ versao: toVersion(source), livros });
      },
    )
    .get(
      '/biblia/:versao/referencia',
      validate('param', versionParams),
      validate('query', referenceQuery),
      async (c) => {
        const source = sourceFor(c.req.valid('param').versao);
        const { q, idioma } = c.req.valid('query');
        const message = fieldMessage(
          messageLang(c.req.header('accept-language')),
          'No book, chapter or verse matches this reference.',
        );
        const missing = () => new ApiProblem(404, message, { q: [message] });
        const parsed = parseReference(q, idioma);
        if (!parsed) throw missing();
        const chapters = (await source.books()).get(parsed.book.code);
        if (!chapters || (parsed.chapter !== null && parsed.chapter > chapters)) throw missing();
        if (parsed.chapter !== null && parsed.verse !== null) {
          const verses = await source.chapter(parsed.book.code, parsed.chapter);
          if (!verses?.some((v) => v.number === parsed.verse)) throw missing();
        }
        const referencia: BibleReference = {
          livro: toBook(parsed.book, chapters, idioma),
          capitulo: parsed.chapter,
          versiculo: parsed.verse,
          capituloFinal:
            parsed.endChapter !== null && parsed.endChapter <= chapters ? parsed.endChapter : null,
          versiculoFinal: parsed.endVerse,
        };
        cached(c);
        return c.json({ referencia });
      },
    )
    .get(
      '/biblia/:versao/:livro',
      validate('param', bookParams),
      validate('query', languageQuery),
      async (c) => {
        const { versao, livro } = c.req.valid('param');
        const source = sourceFor(versao);
        const { book, chapters } = await bookIn(source, livro);
        cached(c);
        return c.json({
          versao: toVersion(source),
          livro: toBook(book, chapters, c.req.valid('query').idioma),
        });
      },
    )
    .get(
      '/biblia/:versao/:livro/:capitulo',
      validate('param', chapterParams),
      validate('query', languageQuery),
      async (c) => {
        const { versao, livro, capitulo } = c.req.valid('param');
        const { idioma } = c.req.valid('query');
        const source = sourceFor(versao);
        const { book, chapters } = await bookIn(source, livro);
        const verses = capitulo <= chapters ? await source.chapter(book.code, capitulo) : null;
        if (!verses) throw notFound('api.chapterNotFound');

        const all = await booksOf(source);
        const at = all.findIndex((b) => b.book.code === book.code);
        const link = (b: BibleBook, chapter: number): ChapterLink => ({
          livro: b.code,
          nomeLivro: b.names[idioma].name,
          capitulo: chapter,
        });
        const prevBook = all[at - 1];
        const nextBook = all[at + 1];
        const body: BibleChapter = {
          versao: toVersion(source),
          livro: toBook(book, chapters, idioma),
          capitulo,
          versiculos: verses.map((v) => ({
            numero: v.number,
            texto: v.text,
            paragrafo: v.paragraph,
          })),
          anterior:
            capitulo > 1
              ? link(book, capitulo - 1)
              : prevBook
                ? link(prevBook.book, prevBook.chapters)
                : null,
          proximo:
            capitulo < chapters
              ? link(book, capitulo + 1)
              : nextBook
                ? link(nextBook.book, 1)
                : null,
        };
        cached(c);
        return c.json(body);
      },
    );
}
