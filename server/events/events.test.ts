import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  eventCardSchema,
  eventResponseSchema,
  eventsPageResponseSchema,
  listedEventSchema,
  eventsResponseSchema,
  upcomingEventsResponseSchema,
} from '../../contract/events.ts';
import {
  defaultGatewayResponseSchema,
  feeQuoteSchema,
  feeRulesResponseSchema,
  installmentsResponseSchema,
} from '../../contract/payments.ts';
import { createApi } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('event and fee calls of spec §7 on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
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

  it('GET /igreja/{slug}/evento/ lists a church’s events, in date order, with tickets and stock', async () => {
    const { status, body } = await get('/igreja/graca/evento/');
    expect(status).toBe(200);
    const { eventos } = eventsResponseSchema.parse(body);
    const titles = eventos.map((e) => e.titulo);
    expect(titles).toContain('Conferência Graça 2026');
    expect(titles).not.toContain('Grace Family Conference'); // another church's
    const starts = eventos.map((e) => e.dataInicio);
    expect([...starts].sort()).toEqual(starts);
    const soldOut = eventos.find((e) => e.titulo === 'Show Beneficente')!;
    expect(soldOut.ingressos[0]).toMatchObject({ disponiveis: 0, estoque: 50, valor: 60 });
    const conference = eventos.find((e) => e.titulo === 'Conferência Graça 2026')!;
    expect(conference).toMatchObject({
      flagJuros: true,
      qtdeMaxParcelas: 6,
      moeda: 'BRL',
      flagConteudoOnline: true,
    });
    expect(conference.ingressos[1]!.perguntas.map((q) => q.id)).toEqual([
      'camiseta',
      'telefone',
      'igreja',
    ]);
  });

  it('GET /igreja/{slug}/evento/?proximos=N gives only the next N events not yet ended, soonest first, as cards', async () => {
    const all = eventsResponseSchema.parse((await get('/igreja/graca/evento/')).body).eventos;
    const now = Date.now();
    const upcoming = all.filter((e) => new Date(e.dataFim).getTime() >= now);
    expect(upcoming.length).toBeGreaterThan(2);
    expect(upcoming.length).toBeLessThanOrEqual(all.length);
    const { status, body } = await get('/igreja/graca/evento/?proximos=2');
    expect(status).toBe(200);
    const cards = upcomingEventsResponseSchema.parse(body).eventos;
    const cardFields = Object.keys(eventCardSchema.shape);
    expect(cards.map((card) => Object.keys(card).sort())).toEqual(
      cards.map(() => [...cardFields].sort()),
    );
    // the same events, with the fields of the full list a card shows
    expect(cards).toEqual(
      upcoming
        .slice(0, 2)
        .map((e) =>
          Object.fromEntries(cardFields.map((name) => [name, e[name as keyof typeof e]])),
        ),
    );
    for (const bad of ['0', '51', 'dois', '1.5']) {
      const answer = await get(`/igreja/graca/evento/?proximos=${bad}`);
      expect(answer.status, bad).toBe(400);
      apiErrorSchema.parse(answer.body);
    }
  });

  it('GET /igreja/{slug}/evento/?page=N&limit=M pages the list: not yet ended first, then past ones, latest first', async () => {
    const all = eventsResponseSchema.parse((await get('/igreja/graca/evento/')).body).eventos;
    const now = Date.now();
    const ended = (e: (typeof all)[number]) => new Date(e.dataFim).getTime() < now;
    const upcoming = all.filter((e) => !ended(e));
    const past = all.filter(ended).reverse();
    expect(upcoming.length).toBeGreaterThan(2);
    expect(past.length).toBeGreaterThan(0);
    const expected = [...upcoming, ...past];
    const limit = 3;
    const seen = [];
    for (let page = 1; page <= Math.ceil(all.length / limit); page++) {
      const { status, body } = await get(`/igreja/graca/evento/?page=${page}&limit=${limit}`);
      expect(status).toBe(200);
      const answer = eventsPageResponseSchema.parse(body);
      expect(answer).toMatchObject({ total: all.length, page, limit });
      expect(answer.eventos.length).toBeLessThanOrEqual(limit);
      seen.push(...answer.eventos);
    }
    expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    // each as the list shows it: the whole list's event cut to the listed fields, its tickets too
    expect(seen).toEqual(expected.map((e) => listedEventSchema.parse(e)));
    expect(Object.keys(seen[0]!).sort()).toEqual(Object.keys(listedEventSchema.shape).sort());
    expect(seen.some((e) => e.ingressos.length > 1)).toBe(true);
    const beyond = eventsPageResponseSchema.parse(
      (await get('/igreja/graca/evento/?page=99')).body,
    );
    expect(beyond).toMatchObject({ eventos: [], total: all.length, page: 99, limit: 12 });
    for (const bad of ['page=0', 'page=dois', 'page=1&limit=51', 'page=1&limit=0']) {
      const answer = await get(`/igreja/graca/evento/?${bad}`);
      expect(answer.status, bad).toBe(400);
      apiErrorSchema.parse(answer.body);
    }
  });

  it('GET /igreja/{slug}/evento/{id}/ gives one event, and 404 for another church’s or an unknown id', async () => {
    const { eventos } = eventsResponseSchema.parse((await get('/igreja/grace/evento/')).body);
    const picnic = eventos.find((e) => e.titulo === 'Community Picnic')!;
    const one = eventResponseSchema.parse((await get(`/igreja/grace/evento/${picnic.id}/`)).body);
    expect(one.evento).toMatchObject({
      id: picnic.id,
      moeda: 'USD',
      fusoHorario: 'America/Chicago',
    });
    const cross = await get(`/igreja/graca/evento/${picnic.id}/`);
    expect(cross.status).toBe(404);
    expect(apiErrorSchema.parse(cross.body).status).toBe(false);
    expect((await get('/igreja/graca/evento/999999/')).status).toBe(404);
    const bad = await get('/igreja/graca/evento/abc/');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.eventId).toBeTruthy();
    expect((await get('/igreja/nao-existe/evento/')).status).toBe(404);
  });

  it('GET /pagamento/calcular-taxas?metodoPagamento gives the method’s fee rules', async () => {
    const card = feeRulesResponseSchema.parse(
      (await get('/pagamento/calcular-taxas?metodoPagamento=cartao')).body,
    );
    expect(card).toMatchObject({
      percentualTaxaServico: 5,
      percentualTaxaProcessamento: 3.49,
      valorFixoTaxaProcessamento: 0.39,
    });
    const bad = await get('/pagamento/calcular-taxas?metodoPagamento=bitcoin');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.metodoPagamento).toEqual([
      'Unknown payment method.',
    ]);
    // per-field messages in the request's language
    for (const [lang, missing, unknown] of [
      ['pt-BR', 'Esse campo é obrigatório.', 'Forma de pagamento desconhecida.'],
      ['es', 'Este campo es obligatorio.', 'Medio de pago desconocido.'],
    ] as const) {
      const none = await client.get('/pagamento/calcular-taxas', { lang });
      expect(apiErrorSchema.parse(none.body).errors?.metodoPagamento).toEqual([missing]);
      const wrong = await client.get('/pagamento/calcular-taxas?metodoPagamento=x', { lang });
      expect(apiErrorSchema.parse(wrong.body).errors?.metodoPagamento).toEqual([unknown]);
    }
  });

  it('GET /evento/{id}/calcular-taxas charges fees unless the church assumes them (flagAssumirTaxasServico)', async () => {
    const { eventos } = eventsResponseSchema.parse((await get('/igreja/graca/evento/')).body);
    const conference = eventos.find((e) => e.titulo === 'Conferência Graça 2026')!;
    const couples = eventos.find((e) => e.titulo === 'Retiro de Casais')!;
    const paid = feeQuoteSchema.parse(
      (await get(`/evento/${conference.id}/calcular-taxas?valor=300&metodoPagamento=cartao`)).body,
    );
    expect(paid).toMatchObject({
      valor: 300,
      taxaServico: 15,
      taxaProcessamento: 10.86,
      valorTaxas: 25.86,
      valorTotal: 325.86,
    });
    const assumed = feeQuoteSchema.parse(
      (await get(`/evento/${couples.id}/calcular-taxas?valor=350&metodoPagamento=pix`)).body,
    );
    expect(assumed).toMatchObject({
      valorTaxas: 0,
      valorTotal: 350,
      flagAssumirTaxasServico: true,
    });
    expect(
      (await get(`/evento/${conference.id}/calcular-taxas?valor=-1&metodoPagamento=pix`)).status,
    ).toBe(400);
    expect((await get('/evento/999999/calcular-taxas?valor=1&metodoPagamento=pix')).status).toBe(
      404,
    );
  });

  it('GET /igreja/{slug}/calcula-taxas-parcelamento-juros answers at data.data, with and without interest', async () => {
    const plain = installmentsResponseSchema.parse(
      (
        await get(
          '/igreja/graca/calcula-taxas-parcelamento-juros?valor=300&flagJuros=false&flagTaxasAdministrativas=true&valorTaxas=25.86&maxParcelas=3',
        )
      ).body,
    );
    expect(plain.data.map((p) => [p.parcela, p.valorParcela, p.valorTotal])).toEqual([
      [1, 325.86, 325.86],
      [2, 162.93, 325.86],
      [3, 108.62, 325.86],
    ]);
    const interest = installmentsResponseSchema.parse(
      (
        await get(
          '/igreja/graca/calcula-taxas-parcelamento-juros?valor=100&flagJuros=true&maxParcelas=2',
        )
      ).body,
    );
    expect(interest.data[1]).toMatchObject({
      parcela: 2,
      valorParcela: 52.25,
      juros: 4.5,
      flagJuros: true,
    });
    expect((await get('/igreja/graca/calcula-taxas-parcelamento-juros?valor=abc')).status).toBe(
      400,
    );
    expect(
      (await get('/igreja/graca/calcula-taxas-parcelamento-juros?valor=10&maxParcelas=13')).status,
    ).toBe(400);
  });

  it('GET /global-settings/default-payment-gateway names a sandbox gateway', async () => {
    expect(
      defaultGatewayResponseSchema.parse(
        (await get('/global-settings/default-payment-gateway')).body,
      ),
    ).toEqual({ idGatewayPagamento: 8, nome: 'zoop' });
  });
});
