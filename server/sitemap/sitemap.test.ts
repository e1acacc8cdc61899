import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { sitemapResponseSchema } from '../../contract/sitemap.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('GET /igreja/{slug}/sitemap/ on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());
  const { get } = apiClient(() => api);

  it('lists the church’s own items only', async () => {
    const graca = sitemapResponseSchema.parse((await get('/igreja/graca/sitemap/')).body).itens;
    const grace = sitemapResponseSchema.parse((await get('/igreja/grace/sitemap/')).body).itens;
    expect(graca.some((e) => e.tipo === 'noticia')).toBe(true);
    expect(graca.some((e) => e.tipo === 'evento')).toBe(true);
    const ids = new Set(graca.map((e) => `${e.tipo}:${e.id}`));
    expect(grace.filter((e) => ids.has(`${e.tipo}:${e.id}`))).toEqual([]);
  });

  it('dates each item by when it last changed, never in the future (events too)', async () => {
    const db = database.db;
    const [church] = await db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
    const [news] = await db
      .select()
      .from(t.contents)
      .where(
        and(
          eq(t.contents.churchId, church!.id),
          eq(t.contents.kind, 'noticia'),
          eq(t.contents.active, true),
        ),
      )
      .limit(1);
    const edited = new Date('2026-01-02T03:04:05.000Z');
    await db.update(t.contents).set({ updatedAt: edited }).where(eq(t.contents.id, news!.id));
    const [future] = await db
      .select()
      .from(t.events)
      .where(
        and(
          eq(t.events.churchId, church!.id),
          eq(t.events.active, true),
          gt(t.events.startsAt, new Date()),
        ),
      )
      .limit(1);
    expect(future).toBeDefined();
    const itens = sitemapResponseSchema.parse((await get('/igreja/graca/sitemap/')).body).itens;
    const now = Date.now();
    for (const item of itens) expect(Date.parse(item.atualizadoEm)).toBeLessThanOrEqual(now);
    expect(itens.find((e) => e.tipo === 'noticia' && e.id === news!.id)?.atualizadoEm).toBe(
      edited.toISOString(),
    );
    const event = itens.find((e) => e.tipo === 'evento' && e.id === future!.id)!;
    expect(Date.parse(event.atualizadoEm)).toBeLessThan(future!.startsAt.getTime());
  });

  it('answers 404 for an unknown church and 400 for a malformed slug', async () => {
    expect((await get('/igreja/nao-existe/sitemap/')).status).toBe(404);
    expect((await get('/igreja/N%C3%83O/sitemap/')).status).toBe(400);
  });
});
