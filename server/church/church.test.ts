import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannersResponseSchema,
  churchSchema,
  clientsResponseSchema,
  congregationsResponseSchema,
  menuResponseSchema,
  modulesResponseSchema,
  organizationSchema,
  paymentMethodsResponseSchema,
  visualResponseSchema,
} from '../../contract/church.ts';
import { apiErrorSchema } from '../../contract/common.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('church calls of spec §7 on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const client = apiClient(() => api);
  const get = async (path: string) => {
    const res = await client.get<Record<string, unknown>>(path);
    return { status: res.status, body: res.body };
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('GET /igreja/codigo/{code} returns the church with the spec field names', async () => {
    const { status, body } = await get('/igreja/codigo/graca');
    expect(status).toBe(200);
    const church = churchSchema.parse(body);
    expect(church).toMatchObject({
      codigo: 'graca',
      slug: 'graca',
      nome: 'Igreja da Graça',
      idioma: 'pt_BR',
      flagAtivo: true,
      slugOrganizacao: 'rede-graca',
    });
    expect(church.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an inactive church is returned with flagAtivo false; an unknown code is a 404 with status false', async () => {
    expect(churchSchema.parse((await get('/igreja/codigo/fechada')).body).flagAtivo).toBe(false);
    const missing = await get('/igreja/codigo/nao-existe');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(missing.body).status).toBe(false);
  });

  it('a malformed code is a 400 with a per-field message', async () => {
    const { status, body } = await get('/igreja/codigo/NÃO%20VALE');
    expect(status).toBe(400);
    expect(apiErrorSchema.parse(body).errors?.code?.[0]).toBeTruthy();
  });

  it('GET /igreja/?hostname finds a church by its custom host name, and nothing for others', async () => {
    const found = clientsResponseSchema.parse(
      (await get('/igreja/?hostname=IgrejaDaGraca.test')).body,
    );
    expect(found.clientes.map((c) => c.codigo)).toEqual(['graca']);
    expect(
      clientsResponseSchema.parse((await get('/igreja/?hostname=unknown.test')).body).clientes,
    ).toEqual([]);
    expect((await get('/igreja/?hostname=')).status).toBe(400);
    expect((await get('/igreja/?hostname=bad%20host')).status).toBe(400);
  });

  it('GET /igreja/{slug}/modulo/ lists the enabled modules', async () => {
    const all = modulesResponseSchema
      .parse((await get('/igreja/graca/modulo/')).body)
      .modulos.map((m) => m.codigo);
    expect(all).toHaveLength(10);
    const few = modulesResponseSchema
      .parse((await get('/igreja/esperanza/modulo')).body)
      .modulos.map((m) => m.codigo);
    expect(few.sort()).toEqual(['MOD_DEVOCIONAL', 'MOD_DOACAO', 'MOD_EVENTO', 'MOD_NOTICIA']);
    expect((await get('/igreja/nao-existe/modulo/')).status).toBe(404);
  });

  it('GET /igreja/{slug}/visual/ gives corApp', async () => {
    const { igrejaVisual } = visualResponseSchema.parse((await get('/igreja/grace/visual/')).body);
    expect(igrejaVisual.corApp).toBe('#9d0208');
  });

  it('GET /igreja/{slug}/metodo-pagamento/ follows the church country', async () => {
    const br = paymentMethodsResponseSchema.parse(
      (await get('/igreja/graca/metodo-pagamento/')).body,
    ).metodosPagamento;
    expect(br.map((m) => m.codigo)).toContain('pix');
    const us = paymentMethodsResponseSchema.parse(
      (await get('/igreja/grace/metodo-pagamento/')).body,
    ).metodosPagamento;
    expect(us.map((m) => m.codigo)).toEqual(['cartao', 'ach', 'dinheiro']);
    expect(us[0]!.idGatewayPagamento).toBe(5);
  });

  it('GET /igreja-app-menu?igreja, /banner/?igreja and /congregacao/?igreja are per church', async () => {
    const graca = churchSchema.parse((await get('/igreja/codigo/graca')).body);
    const grace = churchSchema.parse((await get('/igreja/codigo/grace')).body);
    const menu = menuResponseSchema.parse(
      (await get(`/igreja-app-menu?igreja=${graca.id}`)).body,
    ).igrejaAppMenu;
    expect(menu.map((m) => m.titulo)).toContain('Notícias');
    const menuEn = menuResponseSchema.parse(
      (await get(`/igreja-app-menu?igreja=${grace.id}`)).body,
    ).igrejaAppMenu;
    expect(menuEn.map((m) => m.titulo)).toContain('News');
    const banners = bannersResponseSchema.parse(
      (await get(`/banner/?igreja=${graca.id}`)).body,
    ).banners;
    expect(banners[0]).toMatchObject({
      imagem: '/demo/graca-banner.svg',
      largura: 1200,
      altura: 400,
    });
    const congregations = congregationsResponseSchema.parse(
      (await get(`/congregacao/?igreja=${grace.id}`)).body,
    ).congregacoes;
    expect(congregations.map((c) => c.nome).sort()).toEqual(['Main campus', 'North campus']);
    for (const path of [
      '/igreja-app-menu?igreja=abc',
      '/banner/?igreja=-1',
      '/congregacao/',
      '/banner/?igreja=1.5',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(apiErrorSchema.parse(res.body).errors?.igreja?.length, path).toBeGreaterThan(0);
    }
  });

  it('GET /organizacao/{slug} lists the active churches of the organisation', async () => {
    const org = organizationSchema.parse((await get('/organizacao/rede-graca')).body);
    expect(org.clientes.map((c) => c.codigo).sort()).toEqual(['graca', 'graca-norte', 'graca-sul']);
    expect((await get('/organizacao/nada')).status).toBe(404);
  });

  it('GET /cliente/?organizacao orders by distance when given a location', async () => {
    const north = clientsResponseSchema.parse(
      (await get('/cliente/?organizacao=rede-graca&latitude=-23.50&longitude=-46.62')).body,
    ).clientes;
    expect(north.map((c) => c.codigo)).toEqual(['graca-norte', 'graca', 'graca-sul']);
    expect(north[0]!.distancia).toBeLessThan(north[1]!.distancia!);
    const south = clientsResponseSchema.parse(
      (await get('/cliente/?organizacao=rede-graca&latitude=-23.66&longitude=-46.71')).body,
    ).clientes;
    expect(south[0]!.codigo).toBe('graca-sul');
    const byName = clientsResponseSchema.parse(
      (await get('/cliente/?organizacao=rede-graca')).body,
    ).clientes;
    expect(byName).toHaveLength(3);
    expect(byName.every((c) => c.distancia === null)).toBe(true);
  });

  it('GET /cliente/ searches by name or address and never lists inactive churches', async () => {
    const hits = clientsResponseSchema.parse((await get('/cliente/?busca=paulista')).body).clientes;
    expect(hits.map((c) => c.codigo)).toEqual(['graca']);
    const all = clientsResponseSchema
      .parse((await get('/cliente/')).body)
      .clientes.map((c) => c.codigo);
    expect(all).toContain('grace');
    expect(all).not.toContain('fechada');
    expect(
      clientsResponseSchema.parse((await get('/cliente/?busca=100%25')).body).clientes,
    ).toEqual([]);
    expect((await get('/cliente/?latitude=10')).status).toBe(400);
    expect((await get('/cliente/?latitude=100&longitude=0')).status).toBe(400);
  });

  it('answers unknown paths with the error format and sets security headers', async () => {
    const res = await client.get('/nada');
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(res.body).status).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('church call errors speak the request language', () => {
  it('answers a bad location in Portuguese, English and Spanish', async () => {
    const database = await openTestDatabase('pglite', { seed: false });
    try {
      const api = createApi({ db: database.db });
      const ask = async (lang: string) => {
        const res = await apiClient(api).get('/cliente/?latitude=abc&longitude=0', { lang });
        expect(res.status).toBe(400);
        return apiErrorSchema.parse(res.body).errors?.latitude?.[0];
      };
      expect(await ask('pt-BR')).toBe('Informe um número.');
      expect(await ask('en-US')).toBe('Must be a number.');
      expect(await ask('es')).toBe('Ingresa un número.');
    } finally {
      await database.close();
    }
  });

  it("a body over 10 MB is refused with 413 in the request's language", async () => {
    const database = await openTestDatabase('pglite', { seed: false });
    try {
      const res = await apiClient(createApi({ db: database.db })).call('POST', '/oracao/', {
        body: 'x'.repeat(10 * 1024 * 1024 + 1),
        lang: 'pt-BR',
      });
      expect(res.status).toBe(413);
      expect(apiErrorSchema.parse(res.body).message).toBe('O envio é grande demais.');
    } finally {
      await database.close();
    }
  });
});
