// Every church route goes through server/http/church-scope.ts: an inactive church, or a church
// without the route's module (spec §2), is a 404 in the request's language on the API too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

// esperanza has MOD_EVENTO, MOD_NOTICIA, MOD_DEVOCIONAL and MOD_DOACAO only; graca has every module.
const GATED = [
  '/igreja/{c}/ebd/',
  '/igreja/{c}/ebd-categoria/',
  '/igreja/{c}/estudo/',
  '/igreja/{c}/configuracao-estudo/',
  '/igreja/{c}/publicacao/',
  '/igreja/{c}/publicacao-tipo/',
  '/igreja/{c}/oracao-motivo/',
];
const OPEN = [
  '/igreja/{c}/agenda/',
  '/igreja/{c}/noticia/',
  '/igreja/{c}/devocional/',
  '/igreja/{c}/evento/',
  '/igreja/{c}/ministerio/',
  '/video/{c}',
  '/igreja/{c}/sitemap/',
  '/igreja/{c}/modulo/',
];

describe.each(testBackends())('module gate and inactive churches on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const client = apiClient(() => api);
  const get = (path: string, lang = 'en') => client.get(path, { lang });
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database?.close());

  it('a church with the module answers; one without it is a 404 in the request’s language', async () => {
    for (const path of GATED) {
      expect((await get(path.replace('{c}', 'graca'))).status, path).toBe(200);
      const res = await get(path.replace('{c}', 'esperanza'), 'es-AR');
      expect(res.status, path).toBe(404);
      expect((res.body as { message: string }).message, path).toMatch(
        /^No (encontrado|se encontraron resultados)\.$/,
      );
    }
    for (const path of OPEN)
      expect((await get(path.replace('{c}', 'esperanza'))).status, path).toBe(200);
  });

  it('an inactive church is a 404 everywhere, in Portuguese when asked', async () => {
    for (const path of [...GATED, ...OPEN]) {
      const res = await get(path.replace('{c}', 'fechada'), 'pt-BR');
      expect(res.status, path).toBe(404);
      expect((res.body as { message: string }).message, path).toMatch(
        /não encontrad|Nenhum resultado/i,
      );
    }
  });

  it('an unknown event or content item is a 404 in the request’s language', async () => {
    const event = await get('/igreja/graca/evento/999999/', 'pt');
    expect(event.status).toBe(404);
    expect(event.body).toEqual({ status: false, message: 'Evento não encontrado.' });
    const news = await get('/igreja/graca/noticia/999999', 'es');
    expect(news.body).toEqual({
      status: false,
      message: 'El contenido no existe o no está disponible.',
    });
    const route = await get('/nothing-here', 'es');
    expect(route.body).toEqual({ status: false, message: 'No encontrado.' });
  });
});
