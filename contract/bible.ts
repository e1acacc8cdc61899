// The Bible calls (docs/bible.md). The spec lists no Bible call, so these follow the style of
// its others: `GET /biblia/`, `GET /biblia/{versao}/livros/`, `GET /biblia/{versao}/{livro}/{capitulo}/`
// and `GET /biblia/{versao}/referencia/?q=` to turn "João 3:16" into a book, chapter and verse.
import { z } from 'zod';
import { BIBLE_LANGUAGES, TESTAMENTS } from '../common/bible/languages.ts';
import { slugParam } from './common.ts';

export type { BibleLanguage, Testament } from '../common/bible/languages.ts';

/** Languages book names come in (the interface languages of spec §1). */
export const bibleLanguageSchema = z.enum(BIBLE_LANGUAGES);

export const testamentSchema = z.enum(TESTAMENTS);

/** A translation the product serves. */
export const bibleVersionSchema = z.object({
  codigo: z.string(),
  nome: z.string(),
  abreviacao: z.string(),
  /** Language of the text (not of the book names). */
  idioma: bibleLanguageSchema,
  descricao: z.string(),
});
export type BibleVersion = z.infer<typeof bibleVersionSchema>;
export const bibleVersionsResponseSchema = z.object({ versoes: z.array(bibleVersionSchema) });

/** A book, named in the language asked for (`idioma`). */
export const bibleBookSchema = z.object({
  codigo: z.string(),
  ordem: z.number().int(),
  testamento: testamentSchema,
  nome: z.string(),
  abreviacao: z.string(),
  capitulos: z.number().int(),
});
export type BibleBook = z.infer<typeof bibleBookSchema>;
export const bibleBooksResponseSchema = z.object({
  versao: bibleVersionSchema,
  livros: z.array(bibleBookSchema),
});
/** GET /biblia/{versao}/{livro}/ */
export const bibleBookResponseSchema = z.object({
  versao: bibleVersionSchema,
  livro: bibleBookSchema,
});

export const bibleVerseSchema = z.object({
  numero: z.number().int(),
  texto: z.string(),
  /** The verse starts a paragraph. */
  paragrafo: z.boolean(),
});
export type BibleVerse = z.infer<typeof bibleVerseSchema>;

export const chapterLinkSchema = z.object({
  livro: z.string(),
  nomeLivro: z.string(),
  capitulo: z.number().int(),
});
export type ChapterLink = z.infer<typeof chapterLinkSchema>;

export const bibleChapterResponseSchema = z.object({
  versao: bibleVersionSchema,
  livro: bibleBookSchema,
  capitulo: z.number().int(),
  versiculos: z.array(bibleVerseSchema),
  anterior: chapterLinkSchema.nullable(),
  proximo: chapterLinkSchema.nullable(),
});
export type BibleChapter = z.infer<typeof bibleChapterResponseSchema>;

/** Where a typed reference points. Verse and end are null when not given. */
export const bibleReferenceSchema = z.object({
  livro: bibleBookSchema,
  capitulo: z.number().int().nullable(),
  versiculo: z.number().int().nullable(),
  capituloFinal: z.number().int().nullable(),
  versiculoFinal: z.number().int().nullable(),
});
export type BibleReference = z.infer<typeof bibleReferenceSchema>;
export const bibleReferenceResponseSchema = z.object({ referencia: bibleReferenceSchema });

// ---- requests ----

export const versionParams = z.object({ versao: slugParam });
export const bookParams = versionParams.extend({ livro: slugParam });
export const chapterParams = bookParams.extend({
  capitulo: z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .positive({ error: 'Must be a positive number.' })
    .max(999, { error: 'Too large.' }),
});

/** Book names come in this language; English when absent. */
export const languageQuery = z.object({
  idioma: z.enum(['pt', 'en', 'es'], { error: 'Choose pt, en or es.' }).default('en'),
});

export const referenceQuery = languageQuery.extend({
  q: z
    .string({ error: 'Type a reference.' })
    .trim()
    .min(1, { error: 'Type a reference.' })
    .max(100, { error: 'At most 100 characters.' }),
});
