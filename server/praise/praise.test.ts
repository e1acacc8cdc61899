import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { praiseListResponseSchema, praiseSchema } from '../../contract/praise.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { GRACA_LYRICS_ONLY, GRACA_SCORE_ONLY, GRACA_TEST_SONG } from '../db/seed/praise.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';

describe.each(testBackends())('worship song calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  let memberToken: string;
  const { get } = apiClient(() => api, { json: false });
  const churchId = async (slug: string) =>
    (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, slug))
    )[0]!.id;
  const songId = async (church: number, title: string) =>
    (
      await database.db
        .select({ id: t.praises.id })
        .from(t.praises)
        .where(and(eq(t.praises.churchId, church), eq(t.praises.title, title)))
    )[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [graca, grace] = [await churchId('graca'), await churchId('grace')];
    memberToken = (await loginAs(api, 'membro@graca.demo', 'Demo@1234')).token;
  }, 180_000); // migrating and seeding PGlite is slow on a busy machine
  afterAll(() => database?.close());

  it('answers a song with its fields and its lines, chords over their snippets', async () => {
    const id = await songId(graca, GRACA_TEST_SONG);
    const res = await get(`/louvor/${id}/?igreja=${graca}`);
    expect(res.status).toBe(200);
    const song = praiseSchema.parse(res.body);
    expect(song).toMatchObject({
      id,
      codigo: 'HC-001',
      titulo: GRACA_TEST_SONG,
      autor: 'Horatio G. Spafford (1873)',
      tema: 'Paz',
      ritmo: 'Valsa',
      tom: 'G',
      tipoExibicao: 'CIFRA',
      grupo: 'Ministério de louvor',
    });
    expect(song.letra[0]).toEqual({ tipo: 'secao', texto: 'Estrofe 1' });
    expect(song.letra[1]).toEqual({
      tipo: 'linha',
      trechos: [
        { trecho: 'Se ', cifra: null },
        { trecho: 'paz a mais ', cifra: 'G' },
        { trecho: 'doce me ', cifra: 'D/F#' },
        { trecho: 'deres go', cifra: 'Em' },
        { trecho: 'zar,', cifra: 'C' },
      ],
    });
    expect(song.partituras).toEqual([
      { nome: 'Old Hundredth (PDF)', url: '/praise/old-hundredth.pdf', tipo: 'pdf' },
    ]);
  });

  it('gives the show type of spec §4: lyrics only, score only, nothing at all', async () => {
    const lyric = praiseSchema.parse(
      (await get(`/louvor/${await songId(graca, GRACA_LYRICS_ONLY)}?igreja=${graca}`)).body,
    );
    expect(lyric.tipoExibicao).toBe('LETRA');
    expect(
      lyric.letra.every((l) => l.tipo !== 'linha' || l.trechos.every((s) => s.cifra === null)),
    ).toBe(true);
    const score = praiseSchema.parse(
      (await get(`/louvor/${await songId(graca, GRACA_SCORE_ONLY)}?igreja=${graca}`)).body,
    );
    expect(score).toMatchObject({ tipoExibicao: 'PARTITURA', letra: [] });
    expect(score.partituras.map((p) => p.tipo)).toEqual(['pdf', 'imagem']);
    const [empty] = await database.db
      .insert(t.praises)
      .values({ churchId: grace, title: 'Empty' })
      .returning({ id: t.praises.id });
    expect(
      praiseSchema.parse((await get(`/louvor/${empty!.id}?igreja=${grace}`)).body).tipoExibicao,
    ).toBeNull();
  });

  it("keeps each church's songs to itself and refuses bad ids in the request's language", async () => {
    const id = await songId(graca, GRACA_TEST_SONG);
    const other = await get(`/louvor/${id}?igreja=${grace}`, { lang: 'pt-BR' });
    expect(other.status).toBe(404);
    expect(apiErrorSchema.parse(other.body).message).toBe('Não encontrado.');
    expect((await get(`/louvor/999999?igreja=${graca}`)).status).toBe(404);
    expect((await get(`/louvor/${id}`)).status).toBe(400);
    const bad = await get('/louvor/abc?igreja=x', { lang: 'es' });
    expect(bad.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(bad.body).errors ?? {})).toEqual(
      expect.arrayContaining(['id']),
    );
    expect((await get(`/louvor/99999999999?igreja=${graca}`)).status).toBe(400);
    // An inactive church has no songs to show.
    expect((await get(`/louvor/${id}?igreja=${await churchId('fechada')}`)).status).toBe(404);
  });

  it('takes the church from the host when the call names none (spec §7 shows no query)', async () => {
    const id = await songId(graca, GRACA_TEST_SONG);
    const own = await get(`/louvor/${id}/`, { headers: { host: 'graca.localhost:4321' } });
    expect(own.status).toBe(200);
    expect(praiseSchema.parse(own.body).titulo).toBe(GRACA_TEST_SONG);
    expect((await get(`/louvor/${id}/`, { headers: { host: 'grace.localhost' } })).status).toBe(
      404,
    );
    // A custom hostname of the church (docs/architecture.md "Tenancy") works the same way.
    const [custom] = await database.db
      .select({ hostname: t.churchHostnames.hostname })
      .from(t.churchHostnames)
      .where(eq(t.churchHostnames.churchId, graca));
    if (custom)
      expect((await get(`/louvor/${id}/`, { headers: { host: custom.hostname } })).status).toBe(
        200,
      );
    const unknown = await get(`/louvor/${id}/`, {
      headers: { host: 'nowhere.example' },
      lang: 'pt',
    });
    expect(unknown.status).toBe(400);
    expect(apiErrorSchema.parse(unknown.body).errors?.igreja).toEqual([
      'Esse campo é obrigatório.',
    ]);
  });

  it("lists the church's songs to its members, searching title, author and theme without accents", async () => {
    const auth = { authorization: `Bearer ${memberToken}` };
    expect((await get('/igreja/graca/louvor/')).status).toBe(401);
    expect((await get('/igreja/grace/louvor/', { headers: auth })).status).toBe(403);
    const all = praiseListResponseSchema.parse(
      (await get('/igreja/graca/louvor/', { headers: auth })).body,
    );
    expect(all.louvores).toHaveLength(10);
    const titles = all.louvores.map((s) => s.titulo);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);
    const search = async (q: string) =>
      praiseListResponseSchema
        .parse(
          (await get(`/igreja/graca/louvor?busca=${encodeURIComponent(q)}`, { headers: auth }))
            .body,
        )
        .louvores.map((s) => s.titulo);
    expect(await search('graca')).toEqual(['Chuvas de graça']);
    expect(await search('LUTERO')).toEqual(['Castelo forte']);
    expect(await search('GRAÇA')).toEqual(['Chuvas de graça']);
    expect(await search('natal')).toEqual([GRACA_LYRICS_ONLY]);
    expect(await search('100%')).toEqual([]);
    const nul = await get('/igreja/graca/louvor?busca=%00', { headers: auth });
    expect(nul.status).toBe(400);
    expect(
      (await get(`/igreja/graca/louvor?busca=${'a'.repeat(101)}`, { headers: auth })).status,
    ).toBe(400);
    expect(
      (await get('/igreja/graca/louvor?busca=%ED%A0%80', { headers: auth })).status,
    ).toBeLessThan(500);
  });
});
