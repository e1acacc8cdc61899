import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  categoriesResponseSchema,
  devotionalDetailSchema,
  devotionalListResponseSchema,
  ebdDetailSchema,
  ebdListResponseSchema,
  ministryDetailSchema,
  ministryListResponseSchema,
  newsDetailSchema,
  newsListResponseSchema,
  SEARCH_COUNT_AHEAD,
  podcastEpisodesResponseSchema,
  podcastsResponseSchema,
  projectDetailSchema,
  publicationDetailSchema,
  publicationListResponseSchema,
  publicationTypesResponseSchema,
  studyConfigResponseSchema,
  studyDetailSchema,
  studyListResponseSchema,
  videoItemSchema,
  videoListResponseSchema,
} from '../../contract/content.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { XSS_FIXTURE_TITLE } from '../db/seed/content.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { eq, inArray } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';
import { searchPattern } from '../db/search.ts';

describe.each(testBackends())('public content calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { get } = apiClient(() => api, { json: false });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  describe('news', () => {
    it('pages through the list newest first, with the total', async () => {
      const first = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?limit=5')).body,
      );
      expect(first.total).toBe(14);
      expect(first).toMatchObject({ page: 1, limit: 5 });
      expect(first.noticias).toHaveLength(5);
      const dates = first.noticias.map((n) => n.dataPublicacao);
      expect([...dates].sort().reverse()).toEqual(dates);
      const last = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?limit=5&page=3')).body,
      );
      expect(last.noticias).toHaveLength(4);
      const ids = new Set([...first.noticias, ...last.noticias].map((n) => n.id));
      expect(ids.size).toBe(9); // no item on two pages
      const beyond = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?page=99')).body,
      );
      expect(beyond.noticias).toEqual([]);
      expect(beyond.total).toBe(14);
    });

    it('filters by category and every item carries it; an empty category value means all', async () => {
      const { categorias } = categoriesResponseSchema.parse(
        (await get('/igreja/graca/noticia-categoria/')).body,
      );
      expect(categorias.map((c) => c.nome)).toEqual([
        'Avisos',
        'Eventos',
        'Ação social',
        'Missões',
      ]);
      const missions = categorias.find((c) => c.nome === 'Missões')!;
      const list = newsListResponseSchema.parse(
        (await get(`/igreja/graca/noticia/?categoria=${missions.id}`)).body,
      );
      expect(list.total).toBe(2);
      expect(list.noticias.every((n) => n.categoria?.id === missions.id)).toBe(true);
      const all = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?categoria=&busca=')).body,
      );
      expect(all.total).toBe(14);
    });

    it('searches titles and keywords, ignoring case and accents', async () => {
      const byTitle = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?busca=PASCOA')).body,
      );
      expect(byTitle.noticias.map((n) => n.titulo)).toEqual([
        'Culto de Páscoa terá três horários neste ano',
      ]);
      const byKeyword = newsListResponseSchema.parse(
        (await get(`/igreja/graca/noticia/?busca=${encodeURIComponent('voluntários')}`)).body,
      );
      expect(byKeyword.noticias.map((n) => n.titulo)).toContain(
        'Mutirão de saúde atende 400 pessoas no Glicério',
      );
      const none = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?busca=xyzzy')).body,
      );
      expect(none).toMatchObject({ noticias: [], total: 0 });
      const wildcard = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?busca=%25')).body,
      );
      expect(wildcard.total).toBe(0); // % is searched for literally, not as "anything"
    });

    // A common term in a big church counts up to a cap past its page, then says "more than".
    it('counts search matches up to SEARCH_COUNT_AHEAD, exactly below it', async () => {
      const [graca] = await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, 'graca'));
      const many = SEARCH_COUNT_AHEAD + 30;
      const search = async (query: string) =>
        newsListResponseSchema.parse((await get(`/igreja/graca/noticia/?${query}`)).body);
      const terms = ['vigilia', 'gí']; // a 2-letter term also finds a few of the demo's items
      const before = await Promise.all(
        terms.map(async (term) => (await search(`busca=${encodeURIComponent(term)}`)).total),
      );
      const added = await database.db
        .insert(t.contents)
        .values(
          Array.from({ length: many }, (_, i) => ({
            churchId: graca!.id,
            kind: 'noticia' as const,
            title: `Vigília de oração nº ${i + 1}`,
            publishedAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
          })),
        )
        .returning({ id: t.contents.id });
      try {
        for (const [i, term] of terms.entries()) {
          const first = await search(`busca=${encodeURIComponent(term)}&limit=10`);
          expect(first, term).toMatchObject({ total: SEARCH_COUNT_AHEAD, totalCapped: true });
          expect(first.noticias, term).toHaveLength(10);
          // The same bound on the next pages; past it, counted to the page's end (a next page or not).
          const third = await search(`busca=${encodeURIComponent(term)}&limit=10&page=3`);
          expect(third, term).toMatchObject({ total: SEARCH_COUNT_AHEAD, totalCapped: true });
          const deep = await search(`busca=${encodeURIComponent(term)}&limit=10&page=22`);
          expect(deep, term).toMatchObject({ total: 220, totalCapped: true });
          const late = await search(`busca=${encodeURIComponent(term)}&limit=10&page=24`);
          expect(late.total, term).toBe(before[i]! + many);
          expect(late.totalCapped, term).toBeUndefined();
        }
        const exact = await search('busca=vigilia%20de%20oracao%20n%C2%BA%20230');
        expect(exact.total).toBe(1);
        expect(exact.totalCapped).toBeUndefined();
        const list = await search('limit=10');
        expect(list.total).toBe(14 + many); // a list without a search counts every item
        expect(list.totalCapped).toBeUndefined();
      } finally {
        await database.db.delete(t.contents).where(
          inArray(
            t.contents.id,
            added.map((a) => a.id),
          ),
        );
      }
    });

    // Terms without 3 letters in a row cannot use the trigram index: they take another statement.
    it('finds terms of one or two letters as longer ones, accents and wildcards alike', async () => {
      const titles = async (term: string) =>
        newsListResponseSchema
          .parse(
            (await get(`/igreja/graca/noticia/?limit=50&busca=${encodeURIComponent(term)}`)).body,
          )
          .noticias.map((n) => n.titulo);
      const easter = 'Culto de Páscoa terá três horários neste ano';
      expect(await titles('ÁS')).toContain(easter);
      expect(await titles('Pá')).toContain(easter);
      expect(await titles('pá sc')).toEqual([]);
      expect((await titles('ás')).length).toBeLessThan((await titles('a')).length);
      expect(await titles('%')).toEqual([]);
      expect(await titles('_')).toEqual([]);
      const long = await titles('Páscoa');
      expect(long).toEqual([easter]);
    });

    it('gives the detail with its body, and 404 for an unknown id', async () => {
      const [item] = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?limit=1')).body,
      ).noticias;
      const detail = newsDetailSchema.parse((await get(`/igreja/graca/noticia/${item!.id}`)).body);
      expect(detail.titulo).toBe(item!.titulo);
      expect(detail.corpo).toContain('<p>');
      expect(detail.imagem).toMatchObject({ largura: 1200, altura: 675 });
      expect(detail.imagem!.url).toMatch(/^\/content\/news-\d+\.svg$/);
      const missing = expectFieldError(await get('/igreja/graca/noticia/999999'), 404);
      expect(missing.message).toMatch(/does not exist/);
    });

    it('keeps churches apart: an id of graca under grace is a 404', async () => {
      const [item] = newsListResponseSchema.parse(
        (await get('/igreja/graca/noticia/?limit=1')).body,
      ).noticias;
      expectFieldError(await get(`/igreja/grace/noticia/${item!.id}`), 404);
      const grace = newsListResponseSchema.parse(
        (await get('/igreja/grace/noticia/?limit=50')).body,
      );
      expect(grace.noticias.some((n) => n.id === item!.id)).toBe(false);
      const [graceCategory] = categoriesResponseSchema.parse(
        (await get('/igreja/grace/noticia-categoria/')).body,
      ).categorias;
      const crossed = newsListResponseSchema.parse(
        (await get(`/igreja/graca/noticia/?categoria=${graceCategory!.id}`)).body,
      );
      expect(crossed.total).toBe(0); // another church's category finds nothing here
    });

    it('stores church HTML as given (the web app sanitises it)', async () => {
      const list = newsListResponseSchema.parse(
        (await get(`/igreja/graca/noticia/?busca=${encodeURIComponent('cara nova')}`)).body,
      );
      expect(list.noticias.map((n) => n.titulo)).toEqual([XSS_FIXTURE_TITLE]);
      const detail = newsDetailSchema.parse(
        (await get(`/igreja/graca/noticia/${list.noticias[0]!.id}`)).body,
      );
      expect(detail.corpo).toContain('<script>');
    });

    it('answers bad input with 400 and per-field messages, and an unknown church with 404', async () => {
      expectFieldError(await get('/igreja/graca/noticia/abc'), 400, 'id');
      expectFieldError(await get('/igreja/graca/noticia/-4'), 400, 'id');
      expectFieldError(await get('/igreja/graca/noticia/?page=0'), 400, 'page');
      expectFieldError(await get('/igreja/graca/noticia/?page=dois'), 400, 'page');
      expectFieldError(await get('/igreja/graca/noticia/?limit=500'), 400, 'limit');
      expectFieldError(await get('/igreja/graca/noticia/?categoria=x'), 400, 'categoria');
      expectFieldError(await get(`/igreja/graca/noticia/?busca=${'a'.repeat(101)}`), 400, 'busca');
      expectFieldError(await get('/igreja/BAD%20SLUG/noticia/'), 400, 'slug');
      expectFieldError(await get('/igreja/nao-existe/noticia/'), 404);
      expectFieldError(await get('/igreja/nao-existe/noticia-categoria/'), 404);
      // Beyond PostgreSQL's integer: bad input, not a failed query (a 500).
      expectFieldError(await get('/igreja/graca/noticia/99999999999'), 400, 'id');
      expectFieldError(await get('/igreja/graca/noticia/?categoria=99999999999'), 400, 'categoria');
      expectFieldError(await get('/igreja/graca/publicacao/?tipo=99999999999'), 400, 'tipo');
      expectFieldError(await get('/igreja/graca/noticia/?busca=a%00b'), 400, 'busca'); // PostgreSQL refuses a NUL byte
    });

    it('says what is wrong with each field, in the request’s language', async () => {
      const errorsOf = async (path: string, lang: string) => {
        const res = await get(path, { lang });
        expect(res.status, path).toBe(400);
        return apiErrorSchema.parse(res.body);
      };
      // A page of 0 is a number: the message names the rule it breaks.
      expect((await errorsOf('/igreja/graca/noticia/?page=0', 'en')).errors).toEqual({
        page: ['Must be 1 or more.'],
      });
      expect((await errorsOf('/igreja/graca/noticia/?page=0&limit=500', 'pt-BR')).errors).toEqual({
        page: ['Informe 1 ou mais.'],
        limit: ['No máximo 50.'],
      });
      const es = await errorsOf('/igreja/graca/noticia/abc?busca=', 'es');
      expect(es).toMatchObject({
        message: 'Ingresa un número.',
        errors: { id: ['Ingresa un número.'] },
      });
      expect((await errorsOf('/igreja/BAD%20SLUG/noticia/', 'pt')).errors?.slug?.[0]).toMatch(
        /^Endereço inválido/,
      );
    });
  });

  describe('devotionals', () => {
    it('lists, filters, searches and shows a detail with the passage', async () => {
      const list = devotionalListResponseSchema.parse(
        (await get('/igreja/esperanza/devocional/')).body,
      );
      expect(list.total).toBe(13);
      expect(list.devocionais).toHaveLength(12); // default page size
      const { categorias } = categoriesResponseSchema.parse(
        (await get('/igreja/esperanza/devocional-categoria/')).body,
      );
      expect(categorias.map((c) => c.nome)).toEqual(['Fe', 'Esperanza', 'Oración', 'Familia']);
      const prayer = devotionalListResponseSchema.parse(
        (await get(`/igreja/esperanza/devocional/?categoria=${categorias[2]!.id}`)).body,
      );
      expect(prayer.devocionais.length).toBeGreaterThanOrEqual(3);
      expect(prayer.devocionais.every((d) => d.categoria?.nome === 'Oración')).toBe(true);
      const found = devotionalListResponseSchema.parse(
        (await get('/igreja/esperanza/devocional/?busca=oracion')).body,
      );
      expect(found.devocionais.map((d) => d.titulo)).toContain(
        'Ansiedad y la paz que sobrepasa todo entendimiento',
      );
      const detail = devotionalDetailSchema.parse(
        (await get(`/igreja/esperanza/devocional/${list.devocionais[0]!.id}`)).body,
      );
      expect(detail.referencia).toBeTruthy();
      expect(detail.corpo).toContain('<blockquote>');
      expectFieldError(await get(`/igreja/graca/devocional/${detail.id}`), 404);
    });
  });

  describe('ministries and projects', () => {
    it('lists ministries by name and shows one with its projects', async () => {
      const list = ministryListResponseSchema.parse(
        (await get('/igreja/graca/ministerio/?limit=50')).body,
      );
      expect(list.total).toBe(13);
      const names = list.ministerios.map((m) => m.titulo);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
      const social = list.ministerios.find((m) => m.titulo === 'Ação Social')!;
      const detail = ministryDetailSchema.parse(
        (await get(`/igreja/graca/ministerio/${social.id}`)).body,
      );
      expect(detail.lider).toBe('Regina Campos');
      expect(detail.projetos.map((p) => p.titulo).sort()).toEqual([
        'Mutirão de saúde',
        'Reforço escolar',
        'Sopão de quinta-feira',
      ]);
      const project = projectDetailSchema.parse(
        (await get(`/igreja/graca/ministerio/${social.id}/projeto/${detail.projetos[0]!.id}`)).body,
      );
      expect(project.ministerio).toEqual({ id: social.id, titulo: 'Ação Social' });
      expect(project.meta).toBeTruthy();
    });

    it('reads a project only under its own ministry and church', async () => {
      const list = ministryListResponseSchema.parse(
        (await get('/igreja/graca/ministerio/?limit=2')).body,
      );
      const [a, b] = list.ministerios;
      const projectOfA = ministryDetailSchema.parse(
        (await get(`/igreja/graca/ministerio/${a!.id}`)).body,
      ).projetos[0]!;
      expectFieldError(
        await get(`/igreja/graca/ministerio/${b!.id}/projeto/${projectOfA.id}`),
        404,
      );
      expectFieldError(
        await get(`/igreja/grace/ministerio/${a!.id}/projeto/${projectOfA.id}`),
        404,
      );
      expectFieldError(await get(`/igreja/graca/ministerio/${a!.id}/projeto/x`), 400, 'projectId');
      // a project is not a ministry
      expectFieldError(await get(`/igreja/graca/ministerio/${projectOfA.id}`), 404);
    });
  });

  describe('Sunday school', () => {
    it('lists classes and finds one by slug', async () => {
      const list = ebdListResponseSchema.parse((await get('/igreja/graca/ebd/?limit=50')).body);
      expect(list.total).toBe(13);
      const detail = ebdDetailSchema.parse((await get('/igreja/graca/ebd/classe-de-batismo')).body);
      expect(detail).toMatchObject({
        titulo: 'Classe de Batismo',
        professor: 'Pr. Carlos Andrade',
        horario: 'Domingos, 9h',
      });
      expectFieldError(await get('/igreja/graca/ebd/nao-existe'), 404);
      expectFieldError(await get('/igreja/grace/ebd/classe-de-batismo'), 404);
      expectFieldError(await get('/igreja/graca/ebd/Classe%20X'), 400, 'itemSlug');
      const kids = categoriesResponseSchema.parse((await get('/igreja/graca/ebd-categoria/')).body)
        .categorias[0]!;
      const filtered = ebdListResponseSchema.parse(
        (await get(`/igreja/graca/ebd/?categoria=${kids.id}`)).body,
      );
      expect(filtered.ebds.map((e) => e.titulo).sort()).toEqual([
        'Berçário',
        'Juniores',
        'Maternal',
        'Primários',
      ]);
    });
  });

  describe('publications', () => {
    it('lists types with counts, filters publications by type, and finds one by slug', async () => {
      const { publicacaoTipos } = publicationTypesResponseSchema.parse(
        (await get('/igreja/graca/publicacao-tipo/')).body,
      );
      expect(publicacaoTipos.map((p) => [p.nome, p.quantidade])).toEqual([
        ['Boletim semanal', 4],
        ['Revista da EBD', 3],
        ['Apostilas', 3],
        ['Artigos', 3],
      ]);
      const articles = publicacaoTipos[3]!;
      const list = publicationListResponseSchema.parse(
        (await get(`/igreja/graca/publicacao/?tipo=${articles.id}`)).body,
      );
      expect(list.total).toBe(3);
      expect(list.publicacoes.every((p) => p.tipo?.slug === 'artigos')).toBe(true);
      const detail = publicationDetailSchema.parse(
        (await get(`/igreja/graca/publicacao/${list.publicacoes[0]!.slug}`)).body,
      );
      expect(detail.corpo).toBeTruthy();
      expectFieldError(await get(`/igreja/grace/publicacao/${detail.slug}`), 404);
      expectFieldError(await get('/igreja/graca/publicacao/?tipo=abc'), 400, 'tipo');
    });
  });

  describe('studies', () => {
    it('gives bodies when the church’s studies are public', async () => {
      expect(
        studyConfigResponseSchema.parse((await get('/igreja/graca/configuracao-estudo')).body)
          .configuracaoEstudo.flagConteudoPublico,
      ).toBe(true);
      const list = studyListResponseSchema.parse((await get('/igreja/graca/estudo/')).body);
      expect(list).toMatchObject({ total: 13, flagConteudoPublico: true });
      const detail = studyDetailSchema.parse(
        (await get(`/igreja/graca/estudo/${list.estudos[0]!.id}`)).body,
      );
      expect(detail.corpo).toContain('<p>');
    });

    it('gives titles but no bodies to visitors when they are not (spec §3 Studies config)', async () => {
      expect(
        studyConfigResponseSchema.parse((await get('/igreja/grace/configuracao-estudo/')).body)
          .configuracaoEstudo.flagConteudoPublico,
      ).toBe(false);
      const list = studyListResponseSchema.parse((await get('/igreja/grace/estudo/')).body);
      expect(list.flagConteudoPublico).toBe(false);
      expect(list.estudos[0]!.titulo).toBeTruthy();
      const detail = studyDetailSchema.parse(
        (await get(`/igreja/grace/estudo/${list.estudos[0]!.id}`)).body,
      );
      expect(detail).toMatchObject({ corpo: null, flagConteudoPublico: false });
      expectFieldError(await get(`/igreja/graca/estudo/${detail.id}`), 404);
    });

    it('gives the body to an active member of that church only, by bearer token', async () => {
      const login = async (username: string) => (await loginAs(api, username, DEMO_PASSWORD)).token;
      const id = studyListResponseSchema.parse((await get('/igreja/grace/estudo/')).body)
        .estudos[0]!.id;
      const read = async (token: string) =>
        studyDetailSchema.parse((await get(`/igreja/grace/estudo/${id}`, { token })).body);
      expect((await read(await login('member@grace.demo'))).corpo).toContain('<p>');
      expect((await read(await login('membro@graca.demo'))).corpo).toBeNull(); // a member of another church
      // a token that is sent but not valid is a 401, not a visitor's read (docs/accounts.md)
      const forged = await get(`/igreja/grace/estudo/${id}`, { token: 'not-a-token' });
      expect(forged.status).toBe(401);
      expect((await get(`/igreja/grace/estudo/${id}`)).body).toMatchObject({ corpo: null });
    });

    it('also gives the member the body already sanitised, for the browser to print', async () => {
      const id = studyListResponseSchema
        .parse((await get('/igreja/grace/estudo/?limit=50')).body)
        .estudos.at(-1)!.id;
      const hostile =
        '<p onclick="steal()">Read <a href="javascript:steal()">this</a></p><img src=x onerror="steal()"><script>steal()</script>';
      await database.db.update(t.contents).set({ body: hostile }).where(eq(t.contents.id, id));
      const { token } = await loginAs(api, 'member@grace.demo', DEMO_PASSWORD);
      const detail = studyDetailSchema.parse(
        (await get(`/igreja/grace/estudo/${id}`, { token })).body,
      );
      expect(detail.corpo).toBe(hostile); // what the church wrote, for other clients
      expect(detail.corpoSanitizado).toBe('<p>Read <a>this</a></p>');
    });
  });

  describe('videos (GET /video/{slug})', () => {
    it('lists items with contentDetails.videoId and source, filters and finds one', async () => {
      const list = videoListResponseSchema.parse((await get('/video/graca?limit=50')).body);
      expect(list.total).toBe(13);
      expect(
        list.items.every(
          (v) => v.source === 'youtube' && /^[\w-]{11}$/.test(v.contentDetails.videoId),
        ),
      ).toBe(true);
      const { categorias } = categoriesResponseSchema.parse(
        (await get('/igreja/graca/video-categoria/')).body,
      );
      const worship = categorias.find((c) => c.nome === 'Louvor')!;
      const filtered = videoListResponseSchema.parse(
        (await get(`/video/graca/?categoria=${worship.id}`)).body,
      );
      expect(filtered.total).toBe(3);
      const one = videoItemSchema.parse((await get(`/video/graca/${list.items[0]!.id}`)).body);
      expect(one.imagem).toMatchObject({ largura: 1280, altura: 720 });
      // The list reads each video's description too (other lists leave the body out).
      expect(one.descricao).toBeTruthy();
      expect(list.items[0]!.descricao).toBe(one.descricao);
      expectFieldError(await get(`/video/grace/${one.id}`), 404);
      expectFieldError(await get('/video/graca/?limit=0'), 400, 'limit');
    });
  });

  describe('podcast (GET /podcast/anchor/{code}/?page&limit=10)', () => {
    it('pages by 10 until a page has fewer than 10 (spec §4)', async () => {
      const { podcasts } = podcastsResponseSchema.parse((await get('/igreja/graca/podcast/')).body);
      expect(podcasts).toHaveLength(1);
      const code = podcasts[0]!.codigo;
      const sizes: number[] = [];
      const positions: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = podcastEpisodesResponseSchema.parse(
          (await get(`/podcast/anchor/${code}/?page=${page}&limit=10`)).body,
        );
        sizes.push(res.episodios.length);
        positions.push(...res.episodios.map((e) => e.position));
        if (res.episodios.length < 10) break;
      }
      expect(sizes).toEqual([10, 10, 3]);
      expect(positions).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i)); // newest first, each once
      const episode = podcastEpisodesResponseSchema.parse(
        (await get(`/podcast/anchor/${code}/`)).body,
      ).episodios[0]!;
      expect(Object.keys(episode)).toEqual(
        expect.arrayContaining([
          'background',
          'title',
          'description',
          'position',
          'published_at',
          'audio_file',
        ]),
      );
      expect(episode.audio_file).toBe('/content/audio/silence.mp3');
    });

    it('filters episodes by category and search; unknown codes are 404', async () => {
      const code = podcastsResponseSchema.parse((await get('/igreja/graca/podcast/')).body)
        .podcasts[0]!.codigo;
      const { categorias } = categoriesResponseSchema.parse(
        (await get('/igreja/graca/podcast-categoria/')).body,
      );
      const sermons = categorias.find((c) => c.nome === 'Sermões')!;
      const list = podcastEpisodesResponseSchema.parse(
        (await get(`/podcast/anchor/${code}/?categoria=${sermons.id}`)).body,
      );
      expect(list.episodios.length).toBeGreaterThan(0);
      expect(list.episodios.every((e) => e.categoria?.id === sermons.id)).toBe(true);
      const found = podcastEpisodesResponseSchema.parse(
        (await get(`/podcast/anchor/${code}/?busca=ceia`)).body,
      );
      expect(found.episodios.map((e) => e.title)).toEqual(['O que acontece na Santa Ceia?']);
      expectFieldError(await get('/podcast/anchor/nao-existe/'), 404);
      expectFieldError(await get(`/podcast/anchor/${code}/?page=-1`), 400, 'page');
    });
  });

  it('every category list answers for each church and kind', async () => {
    for (const kind of [
      'noticia',
      'devocional',
      'ministerio',
      'ebd',
      'estudo',
      'video',
      'podcast',
    ]) {
      const res = await get(`/igreja/grace/${kind}-categoria/`);
      expect(res.status, kind).toBe(200);
      expect(
        categoriesResponseSchema.parse(res.body).categorias.length,
        kind,
      ).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('searchPattern', () => {
  it('drops accents, lowercases and escapes LIKE wildcards', () => {
    expect(searchPattern('Oração')).toBe('%oracao%');
    expect(searchPattern('100%_x\\')).toBe('%100\\%\\_x\\\\%');
  });
});
