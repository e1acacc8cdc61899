import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  playContentDetailSchema,
  playContentListResponseSchema,
  playHomeSchema,
  playPlansResponseSchema,
  playSettingsSchema,
} from '../../contract/play.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { GRACA_CLOSED_VIDEO, GRACA_OPEN_VIDEO } from '../db/seed/play.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('play read calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  let esperanza: number;
  const client = apiClient(() => api);
  const get = async (path: string, lang?: string) => {
    const res = await client.raw('GET', path, { lang });
    return { status: res.status, text: await res.text() };
  };
  const ok = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return JSON.parse(res.text) as unknown;
  };
  const idOf = async (slug: string) =>
    (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, slug))
    )[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [graca, grace, esperanza] = await Promise.all([
      idOf('graca'),
      idOf('grace'),
      idOf('esperanza'),
    ]);
  });
  afterAll(() => database.close());

  it('gives the module settings and the plans with price, fee and period', async () => {
    expect(
      playSettingsSchema.parse(await ok('/igreja/graca/plano-assinatura-configuracao/')),
    ).toMatchObject({ tipoVisibilidadeConteudo: 'misto', titulo: 'Graça Play' });
    const { planos } = playPlansResponseSchema.parse(await ok('/igreja/graca/plano-assinatura/'));
    expect(planos.map((p) => [p.nome, p.valor, p.taxaAdesao, p.periodicidadeDias])).toEqual([
      ['Mensal', 19.9, 5, 30],
      ['Anual', 199, 0, 365],
    ]);
    expect(
      playPlansResponseSchema.parse(await ok('/igreja/grace/plano-assinatura')).planos[0]!.nome,
    ).toBe('Monthly');
  });

  it('answers 404 in the request language for a church without Play, or an unknown one', async () => {
    for (const path of [
      '/igreja/esperanza/plano-assinatura/',
      '/igreja/nada/plano-assinatura-home/',
      `/plano-assinatura-conteudo/?igreja=${esperanza}`,
    ]) {
      const res = await get(path, 'pt');
      expect(res.status, path).toBe(404);
      expect(apiErrorSchema.parse(JSON.parse(res.text)).message).toBe(
        'Conteúdo não encontrado ou indisponível.',
      );
    }
  });

  it('builds the home from featured contents and tag rows', async () => {
    const home = playHomeSchema.parse(await ok('/igreja/graca/plano-assinatura-home/'));
    expect(home.destaques.map((c) => c.titulo)).toContain(GRACA_OPEN_VIDEO);
    expect(home.destaques.every((c) => c.destaque)).toBe(true);
    expect(home.tags.map((tag) => tag.nome)).toEqual([
      'Pregações',
      'Estudos bíblicos',
      'Família',
      'Louvor',
    ]);
    expect(home.tags[2]!.conteudos.every((c) => c.tags.some((tag) => tag.nome === 'Família'))).toBe(
      true,
    );
    expect(home.coletaneas.map((c) => c.titulo)).toEqual([
      'Série Fundamentos',
      'Casamento em foco',
    ]);
  });

  it('lists contents with the filters of spec §7 (featured, tag, collection, search) and paging', async () => {
    const all = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&limit=50`),
    );
    expect(all.total).toBe(8);
    expect(all.conteudos.some((c) => c.aberto) && all.conteudos.some((c) => !c.aberto)).toBe(true);
    const home = playHomeSchema.parse(await ok('/igreja/graca/plano-assinatura-home/'));
    const [tag, collection] = [home.tags[2]!, home.coletaneas[0]!];
    const byTag = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&tag=${tag.id}`),
    );
    expect(byTag.conteudos.map((c) => c.titulo).sort()).toEqual(
      tag.conteudos.map((c) => c.titulo).sort(),
    );
    const byCollection = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&coletanea=${collection.id}`),
    );
    expect(byCollection.total).toBe(4);
    expect(byCollection.conteudos.every((c) => c.coletanea?.titulo === 'Série Fundamentos')).toBe(
      true,
    );
    const featured = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&destaque=true`),
    );
    expect(featured.total).toBe(3);
    const search = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&busca=GRAÇA%20de`),
    );
    expect(search.conteudos.map((c) => c.titulo)).toEqual([GRACA_CLOSED_VIDEO]);
    expect(
      playContentListResponseSchema.parse(
        await ok(`/plano-assinatura-conteudo/?igreja=${graca}&busca=100%25`),
      ).total,
    ).toBe(0);
    const page2 = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&limit=5&page=2`),
    );
    expect(page2.conteudos).toHaveLength(3);
    // Another church's tag or collection finds nothing here.
    const graceHome = playHomeSchema.parse(await ok('/igreja/grace/plano-assinatura-home/'));
    expect(
      playContentListResponseSchema.parse(
        await ok(`/plano-assinatura-conteudo/?igreja=${graca}&tag=${graceHome.tags[0]!.id}`),
      ).total,
    ).toBe(0);
  });

  it('gives an open content its media URL and never a closed one (spec §6), in no read call', async () => {
    const all = playContentListResponseSchema.parse(
      await ok(`/plano-assinatura-conteudo/?igreja=${graca}&limit=50`),
    );
    const open = all.conteudos.find((c) => c.titulo === GRACA_OPEN_VIDEO)!;
    const closed = all.conteudos.find((c) => c.titulo === GRACA_CLOSED_VIDEO)!;
    expect(
      playContentDetailSchema.parse(
        await ok(`/plano-assinatura-conteudo/${open.id}/?igreja=${graca}`),
      ).urlMidia,
    ).toMatch(/\.m3u8$/);
    const detail = playContentDetailSchema.parse(
      await ok(`/plano-assinatura-conteudo/${closed.id}/?igreja=${graca}`),
    );
    expect(detail).toMatchObject({ titulo: GRACA_CLOSED_VIDEO, aberto: false, urlMidia: null });
    const [closedRow] = await database.db
      .select()
      .from(t.playContents)
      .where(eq(t.playContents.id, closed.id));
    for (const path of [
      '/igreja/graca/plano-assinatura-home/',
      `/plano-assinatura-conteudo/?igreja=${graca}&limit=50`,
      `/plano-assinatura-conteudo/${closed.id}/?igreja=${graca}`,
    ]) {
      const { text } = await get(path);
      expect(text, path).not.toContain(closedRow!.mediaPath);
      expect(text, path).not.toContain('m3u8');
    }
    // A content of another church is not found through this one.
    expect((await get(`/plano-assinatura-conteudo/${closed.id}/?igreja=${grace}`)).status).toBe(
      404,
    );
    // Without ?igreja= the church is the host's (spec §7 shows no query).
    const byHost = (host: string) =>
      client.get(`/plano-assinatura-conteudo/${open.id}/`, { headers: { host } });
    const own = await byHost('graca.localhost');
    expect(playContentDetailSchema.parse(own.body).titulo).toBe(GRACA_OPEN_VIDEO);
    expect((await byHost('grace.localhost')).status).toBe(404);
    expect((await get(`/plano-assinatura-conteudo/${open.id}/`)).status).toBe(400);
  });

  it('refuses bad input with per-field messages, never a 500', async () => {
    for (const [path, field] of [
      ['/plano-assinatura-conteudo/', 'igreja'],
      [`/plano-assinatura-conteudo/?igreja=${graca}&tag=abc`, 'tag'],
      [`/plano-assinatura-conteudo/?igreja=${graca}&destaque=talvez`, 'destaque'],
      [`/plano-assinatura-conteudo/?igreja=${graca}&busca=a%00b`, 'busca'],
      [`/plano-assinatura-conteudo/?igreja=${graca}&busca=%ED%A0%80`, undefined],
      [`/plano-assinatura-conteudo/0/?igreja=${graca}`, 'id'],
      ['/igreja/BAD%20SLUG/plano-assinatura/', 'slug'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      // A broken UTF-8 escape decodes to U+FFFD: a plain search that finds nothing.
      if (field) expect(res.status, path).toBeGreaterThanOrEqual(400);
      if (field)
        expect(
          apiErrorSchema.parse(JSON.parse(res.text)).errors?.[field]?.length,
          `${path} → ${field}`,
        ).toBeGreaterThan(0);
    }
  });
});
