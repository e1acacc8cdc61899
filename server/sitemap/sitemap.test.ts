import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapResponseSchema } from '../../contract/sitemap.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';

describe.each(testBackends())('GET /igreja/{slug}/sitemap/ on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('lists the church’s own items only', async () => {
    const graca = sitemapResponseSchema.parse(
      await (await api.request('/api/v1/igreja/graca/sitemap/')).json(),
    ).itens;
    const grace = sitemapResponseSchema.parse(
      await (await api.request('/api/v1/igreja/grace/sitemap/')).json(),
    ).itens;
    expect(graca.some((e) => e.tipo === 'noticia')).toBe(true);
    expect(graca.some((e) => e.tipo === 'evento')).toBe(true);
    const ids = new Set(graca.map((e) => `${e.tipo}:${e.id}`));
    expect(grace.filter((e) => ids.has(`${e.tipo}:${e.id}`))).toEqual([]);
  });

  it('answers 404 for an unknown church and 400 for a malformed slug', async () => {
    expect((await api.request('/api/v1/igreja/nao-existe/sitemap/')).status).toBe(404);
    expect((await api.request('/api/v1/igreja/N%C3%83O/sitemap/')).status).toBe(400);
  });
});
