import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bibleBooksResponseSchema,
  bibleChapterResponseSchema,
  bibleReferenceResponseSchema,
  bibleVersionsResponseSchema,
} from '../../contract/bible.ts';
import { apiErrorSchema } from '../../contract/common.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import { BOOKS } from '../../common/bible/books.ts';
import { bibleRoutes } from './bible.routes.ts';
import { blivre } from './blivre.ts';
import { kjv } from './kjv.ts';
import { rv1909 } from './rv1909.ts';
import { verseMapSource } from './source.ts';

describe.each(testBackends())('Bible calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const client = apiClient(() => api);
  const get = async (path: string) => {
    const res = await client.get<unknown>(path);
    return { status: res.status, headers: res.headers, body: res.body };
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend, { seed: false });
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('GET /biblia/ lists the KJV', async () => {
    const { versoes } = bibleVersionsResponseSchema.parse((await get('/biblia/')).body);
    expect(versoes).toContainEqual(
      expect.objectContaining({ codigo: 'kjv', abreviacao: 'KJV', idioma: 'en' }),
    );
  });

  it('GET /biblia/ lists the Reina-Valera 1909 in Spanish, and its chapters read in Spanish', async () => {
    const { versoes } = bibleVersionsResponseSchema.parse((await get('/biblia/')).body);
    expect(versoes).toContainEqual(
      expect.objectContaining({ codigo: 'rv1909', abreviacao: 'RV1909', idioma: 'es' }),
    );
    const john = bibleChapterResponseSchema.parse(
      (await get('/biblia/rv1909/john/3/?idioma=es')).body,
    );
    expect(john.livro.nome).toBe('Juan');
    expect(john.versiculos.find((v) => v.numero === 16)!.texto).toBe(
      'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.',
    );
    const ps = bibleChapterResponseSchema.parse(
      (await get('/biblia/rv1909/ps/23/?idioma=es')).body,
    );
    expect(ps.versiculos[0]).toMatchObject({ numero: 1, paragrafo: true });
    expect(ps.versiculos[0]!.texto).toContain('JEHOVÁ es mi pastor');
    const ref = bibleReferenceResponseSchema.parse(
      (await get(`/biblia/rv1909/referencia/?q=${encodeURIComponent('Juan 3:16')}&idioma=es`)).body,
    );
    expect(ref.referencia).toMatchObject({ capitulo: 3, versiculo: 16 });
  });

  it('GET /biblia/ lists the Bíblia Livre in Portuguese with its credit, and its chapters and references read in Portuguese', async () => {
    const { versoes } = bibleVersionsResponseSchema.parse((await get('/biblia/')).body);
    const version = versoes.find((v) => v.codigo === 'blivre');
    expect(version).toMatchObject({ nome: 'Bíblia Livre', abreviacao: 'BLIVRE', idioma: 'pt' });
    // CC BY 3.0 BR: authors, title, version and the licence's address travel with the text
    for (const credit of [
      'Diego Santos, Mario Sérgio e Marco Teles',
      'versão 2025.1.0',
      'Creative Commons Atribuição 3.0 Brasil',
      'https://creativecommons.org/licenses/by/3.0/br/',
    ])
      expect(version!.descricao).toContain(credit);

    const read = async (path: string) =>
      bibleChapterResponseSchema.parse((await get(`/biblia/blivre/${path}/?idioma=pt`)).body);
    const gen = await read('gen/1');
    expect(gen.livro.nome).toBe('Gênesis');
    expect(gen.versiculos[0]).toEqual({
      numero: 1,
      texto: 'No princípio criou Deus os céus e a terra.',
      paragrafo: true,
    });
    const john = await read('john/3');
    expect(john.versiculos).toHaveLength(36);
    expect(john.versiculos.find((v) => v.numero === 16)!.texto).toBe(
      'Porque Deus amou o mundo de tal maneira, que deu o seu Filho unigênito, para que todo aquele que nele crê não pereça, mas tenha a vida eterna.',
    );
    const ps = await read('ps/23');
    expect(ps.versiculos).toHaveLength(6);
    expect(ps.versiculos[0]!.texto).toBe('O SENHOR é meu pastor, nada me faltará.');
    expect(ps.anterior).toEqual({ livro: 'ps', nomeLivro: 'Salmos', capitulo: 22 });

    const ref = bibleReferenceResponseSchema.parse(
      (await get(`/biblia/blivre/referencia/?q=${encodeURIComponent('João 3:16')}&idioma=pt`)).body,
    );
    expect(ref.referencia).toMatchObject({ capitulo: 3, versiculo: 16, livro: { codigo: 'john' } });
    const missing = await get(`/biblia/blivre/referencia/?q=${encodeURIComponent('Sl 23:7')}`);
    expect(missing.status).toBe(404);
  });

  it('GET /biblia/kjv/livros/ gives 66 books named in the language asked for', async () => {
    const pt = bibleBooksResponseSchema.parse((await get('/biblia/kjv/livros/?idioma=pt')).body);
    expect(pt.livros).toHaveLength(66);
    expect(pt.livros[0]).toMatchObject({
      codigo: 'gen',
      nome: 'Gênesis',
      testamento: 'OT',
      capitulos: 50,
    });
    expect(pt.livros.find((b) => b.codigo === 'john')).toMatchObject({
      nome: 'João',
      testamento: 'NT',
      capitulos: 21,
    });
    const es = bibleBooksResponseSchema.parse((await get('/biblia/kjv/livros/?idioma=es')).body);
    expect(es.livros.at(-1)!.nome).toBe('Apocalipsis');
    const en = bibleBooksResponseSchema.parse((await get('/biblia/kjv/livros')).body);
    expect(en.livros.at(-1)!.nome).toBe('Revelation');
  });

  it('GET /biblia/kjv/john/3/ gives the chapter, with John 3:16 and links to its neighbours', async () => {
    const res = await get('/biblia/kjv/john/3/?idioma=pt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age');
    const chapter = bibleChapterResponseSchema.parse(res.body);
    expect(chapter.livro.nome).toBe('João');
    expect(chapter.versiculos).toHaveLength(36);
    expect(chapter.versiculos[15]).toMatchObject({
      numero: 16,
      texto: expect.stringMatching(/^For God so loved the world/),
    });
    expect(chapter.versiculos[15]!.texto).not.toMatch(/[#[\]]/);
    expect(chapter.anterior).toEqual({ livro: 'john', nomeLivro: 'João', capitulo: 2 });
    expect(chapter.proximo).toEqual({ livro: 'john', nomeLivro: 'João', capitulo: 4 });
  });

  it('crosses book boundaries, and has no neighbour before Genesis 1 or after Revelation 22', async () => {
    const mal = bibleChapterResponseSchema.parse((await get('/biblia/kjv/mal/4')).body);
    expect(mal.proximo).toMatchObject({ livro: 'matt', capitulo: 1 });
    const matt = bibleChapterResponseSchema.parse((await get('/biblia/kjv/matt/1')).body);
    expect(matt.anterior).toMatchObject({ livro: 'mal', capitulo: 4 });
    expect(
      bibleChapterResponseSchema.parse((await get('/biblia/kjv/gen/1')).body).anterior,
    ).toBeNull();
    expect(
      bibleChapterResponseSchema.parse((await get('/biblia/kjv/rev/22')).body).proximo,
    ).toBeNull();
  });

  it('an unknown version, book or chapter is a 404; a malformed one a 400 with the field', async () => {
    for (const path of [
      '/biblia/nvi/john/3',
      '/biblia/kjv/nada/1',
      '/biblia/kjv/john/22',
      '/biblia/kjv/nada',
      '/biblia/nvi/livros',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(apiErrorSchema.parse(r.body).status).toBe(false);
    }
    const bad = await get('/biblia/kjv/john/abc');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.capitulo).toBeTruthy();
    const lang = await get('/biblia/kjv/livros?idioma=de');
    expect(lang.status).toBe(400);
    expect(apiErrorSchema.parse(lang.body).errors?.idioma).toBeTruthy();
  });

  it('GET /biblia/kjv/referencia/ reads references in pt, en and es', async () => {
    const cases = [
      ['João 3:16', 'pt', 'john', 3, 16, null],
      ['John 3:16', 'en', 'john', 3, 16, null],
      ['Juan 3:16', 'es', 'john', 3, 16, null],
      ['Jo 3:16-18', 'pt', 'john', 3, 16, 18],
      ['Gn 1', 'pt', 'gen', 1, null, null],
    ] as const;
    for (const [q, idioma, livro, capitulo, versiculo, versiculoFinal] of cases) {
      const r = await get(`/biblia/kjv/referencia/?q=${encodeURIComponent(q)}&idioma=${idioma}`);
      expect(r.status, q).toBe(200);
      const { referencia } = bibleReferenceResponseSchema.parse(r.body);
      expect(referencia, q).toMatchObject({ capitulo, versiculo, versiculoFinal });
      expect(referencia.livro.codigo).toBe(livro);
    }
  });

  it('a reference to nothing is a 404 naming q; an empty one a 400', async () => {
    for (const q of ['Foo 3:16', 'Jo 3:99', 'Jo 40', 'garbage']) {
      const r = await get(`/biblia/kjv/referencia/?q=${encodeURIComponent(q)}&idioma=pt`);
      expect(r.status, q).toBe(404);
      expect(apiErrorSchema.parse(r.body).errors?.q).toBeTruthy();
    }
    const empty = await get('/biblia/kjv/referencia/?q=%20');
    expect(empty.status).toBe(400);
    expect(apiErrorSchema.parse(empty.body).errors?.q).toBeTruthy();
    expect((await get(`/biblia/kjv/referencia/?q=${'a'.repeat(101)}`)).status).toBe(400);
  });

  it('answers in the request’s language, never with zod’s own messages', async () => {
    const ask = async (path: string, lang: string) =>
      apiErrorSchema.parse((await client.get(path, { lang })).body);
    expect((await ask('/biblia/kjv/livros?idioma=de', 'pt-BR')).errors).toEqual({
      idioma: ['Escolha pt, en ou es.'],
    });
    expect((await ask('/biblia/kjv/john/abc', 'es')).errors).toEqual({
      capitulo: ['Ingresa un número.'],
    });
    expect((await ask('/biblia/kjv/referencia/?q=Foo%203:16', 'pt')).errors?.q).toEqual([
      'Nenhum livro, capítulo ou versículo corresponde a essa referência.',
    ]);
  });
});

describe('translation sources', () => {
  it('the KJV holds 66 books and 31,102 verses', async () => {
    const books = await kjv.books();
    expect(books.size).toBe(66);
    expect(books.get('ps')).toBe(150);
    let verses = 0;
    for (const [code, chapters] of books)
      for (let c = 1; c <= chapters; c++) verses += (await kjv.chapter(code, c))!.length;
    expect(verses).toBe(31102);
  });

  it('the Reina-Valera 1909 holds 66 books and every chapter of the canon, with no markup left', async () => {
    const books = await rv1909.books();
    expect(books.size).toBe(66);
    expect(books.get('ps')).toBe(150);
    let verses = 0;
    for (const [code, chapters] of books) {
      expect(chapters).toBe((await kjv.books()).get(code));
      for (let c = 1; c <= chapters; c++) {
        const chapter = (await rv1909.chapter(code, c))!;
        verses += chapter.length;
        for (const v of chapter) expect(v.text).not.toMatch(/[<>]|^\s|\s$|^$/);
      }
    }
    // a few verses are joined with a neighbour in this translation (3 John 1:15)
    expect(verses).toBeGreaterThan(31_000);
    expect((await rv1909.chapter('gen', 1))![0]!.text).toBe(
      'EN el principio crió Dios los cielos y la tierra.',
    );
  });

  it('the Bíblia Livre holds the canon: every book with its chapters, the KJV’s verses but one, no markup', async () => {
    const books = await blivre.books();
    expect([...books.keys()]).toEqual(BOOKS.map((b) => b.code));
    for (const book of BOOKS) expect(books.get(book.code), book.code).toBe(book.chapters);
    // a few chapters, verse by verse count
    for (const [code, chapter, count] of [
      ['gen', 1, 31],
      ['ps', 23, 6],
      ['ps', 119, 176],
      ['john', 3, 36],
      ['mark', 5, 43],
      ['rev', 22, 21],
    ] as const)
      expect(
        (await blivre.chapter(code, chapter))!.map((v) => v.number),
        `${code} ${chapter}`,
      ).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    let verses = 0;
    const differ: string[] = [];
    for (const book of BOOKS)
      for (let c = 1; c <= book.chapters; c++) {
        const chapter = (await blivre.chapter(book.code, c))!;
        verses += chapter.length;
        if (chapter.length !== (await kjv.chapter(book.code, c))!.length)
          differ.push(`${book.code} ${c}`);
        for (const v of chapter)
          expect(v.text, `${book.code} ${c}:${v.number}`).not.toMatch(
            /[\\<>«»]|^\s|\s$|^$|\s[,.;:!?]/,
          );
      }
    // Acts 28:29 is only a note in the translators' Textus Receptus edition
    expect(differ).toEqual(['acts 28']);
    expect(verses).toBe(31_101);
  });

  it('another translation is data plus a registration', async () => {
    const tiny = verseMapSource({
      code: 'tiny',
      name: 'Tiny',
      abbreviation: 'TNY',
      language: 'es',
      description: 'test',
      load: async () => ({
        'Juan 1:1': 'En el principio era el Verbo',
        'Juan 1:2': 'Este era en el principio con Dios.',
      }),
      bookCodes: { Juan: 'john' },
    });
    const app = bibleRoutes([tiny]);
    const books = bibleBooksResponseSchema.parse(
      await (await app.request('/biblia/tiny/livros?idioma=es')).json(),
    );
    expect(books.livros).toEqual([
      expect.objectContaining({ codigo: 'john', nome: 'Juan', capitulos: 1 }),
    ]);
    const chapter = bibleChapterResponseSchema.parse(
      await (await app.request('/biblia/tiny/john/1')).json(),
    );
    expect(chapter.versiculos.map((v) => v.texto)).toEqual([
      'En el principio era el Verbo',
      'Este era en el principio con Dios.',
    ]);
    expect([chapter.anterior, chapter.proximo]).toEqual([null, null]);
  });
});
