import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prayerDetailSchema,
  prayerListResponseSchema,
  prayerReasonsResponseSchema,
} from '../../contract/prayer.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  GRACA_LATEST_PRAYER,
  GRACA_UNPUBLISHED_PRAYER,
  GRACE_LATEST_PRAYER,
} from '../db/seed/prayer.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { and, eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { apiClient, expectFieldError } from '../test-kit.ts';

describe.each(testBackends())('prayer wall calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { get } = apiClient(() => api, { json: false });
  const idOf = async (church: string, message: string) => {
    const [row] = await database.db
      .select({ id: t.prayers.id })
      .from(t.prayers)
      .innerJoin(t.churches, eq(t.churches.id, t.prayers.churchId))
      .where(and(eq(t.churches.slug, church), eq(t.prayers.message, message)));
    return row!.id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('lists the church reasons in order', async () => {
    const { motivos } = prayerReasonsResponseSchema.parse(
      (await get('/igreja/graca/oracao-motivo/')).body,
    );
    expect(motivos.map((m) => m.nome)).toEqual([
      'Saúde',
      'Família',
      'Trabalho',
      'Gratidão',
      'Vida espiritual',
    ]);
    const grace = prayerReasonsResponseSchema.parse(
      (await get('/igreja/grace/oracao-motivo')).body,
    );
    expect(grace.motivos.map((m) => m.nome)).toContain('Thanksgiving');
  });

  it('pages through published, active requests newest first, with counts and no private fields', async () => {
    const first = prayerListResponseSchema.parse((await get('/oracao/graca?limit=5')).body);
    expect(first).toMatchObject({ total: 13, page: 1, limit: 5 });
    expect(first.oracoes[0]!.mensagem).toBe(GRACA_LATEST_PRAYER);
    expect(first.oracoes[0]).toMatchObject({
      nome: 'Cláudia',
      qtdeMensagens: 3,
      qtdeOrar: 18,
      motivo: { nome: 'Saúde' },
    });
    const dates = first.oracoes.map((o) => o.dataCriacao);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = prayerListResponseSchema.parse((await get('/oracao/graca?limit=5&page=3')).body);
    expect(last.oracoes).toHaveLength(3);
    expect(last.total).toBe(13);
    // A page past the end has no row to carry the total: it is counted alone (server/db/page-total.ts).
    const beyond = prayerListResponseSchema.parse((await get('/oracao/graca?limit=5&page=9')).body);
    expect(beyond).toMatchObject({ oracoes: [], total: 13 });
    const all = prayerListResponseSchema.parse((await get('/oracao/graca?limit=50')).body);
    expect(all.oracoes.map((o) => o.mensagem)).not.toContain(GRACA_UNPUBLISHED_PRAYER);
    expect(all.oracoes.map((o) => o.mensagem)).not.toContain('Pedido retirado pelo autor.');
    // The wall is public: no user ids, no call/visit wishes.
    const raw = JSON.stringify((await get('/oracao/graca?limit=50')).body);
    for (const key of [
      'idUsuario',
      'usuario',
      'flagReceberLigacao',
      'flagReceberVisita',
      'wantsCall',
      'userId',
      'email',
    ])
      expect(raw).not.toContain(key);
    expect(all.oracoes.find((o) => o.mensagem.includes('oito meses'))?.nome).toBe('Maria'); // a member shows by first name
    expect(all.oracoes.some((o) => o.nome === null)).toBe(true); // anonymous
  });

  it('filters by reason; an empty reason means all; another church reason finds nothing', async () => {
    const { motivos } = prayerReasonsResponseSchema.parse(
      (await get('/igreja/graca/oracao-motivo/')).body,
    );
    const thanks = motivos.find((m) => m.nome === 'Gratidão')!;
    const list = prayerListResponseSchema.parse(
      (await get(`/oracao/graca?motivo=${thanks.id}`)).body,
    );
    expect(list.total).toBe(2);
    expect(list.oracoes.every((o) => o.motivo?.id === thanks.id)).toBe(true);
    expect(
      prayerListResponseSchema.parse((await get('/oracao/graca?motivo=&page=')).body).total,
    ).toBe(13);
    const graceReasons = prayerReasonsResponseSchema.parse(
      (await get('/igreja/grace/oracao-motivo/')).body,
    );
    const foreign = prayerListResponseSchema.parse(
      (await get(`/oracao/graca?motivo=${graceReasons.motivos[0]!.id}`)).body,
    );
    expect(foreign.oracoes).toEqual([]);
  });

  it('opens a request with its supportive messages, oldest first', async () => {
    const id = await idOf('graca', GRACA_LATEST_PRAYER);
    const detail = prayerDetailSchema.parse((await get(`/oracao/graca/${id}`)).body);
    expect(detail.mensagem).toBe(GRACA_LATEST_PRAYER);
    expect(detail.mensagens.map((m) => m.nome)).toEqual(['Maria', 'João', 'Irmã Lúcia']);
    expect(detail.qtdeMensagens).toBe(3);
    expect(JSON.stringify(detail)).not.toMatch(/flagReceber|usuario|email/i);
  });

  it('answers 404 for unknown, unpublished, inactive and other-church requests', async () => {
    expectFieldError(await get('/oracao/graca/999999'), 404);
    expectFieldError(
      await get(`/oracao/graca/${await idOf('graca', GRACA_UNPUBLISHED_PRAYER)}`),
      404,
    );
    expectFieldError(
      await get(`/oracao/graca/${await idOf('graca', 'Pedido retirado pelo autor.')}`),
      404,
    );
    const graceId = await idOf('grace', GRACE_LATEST_PRAYER);
    expect((await get(`/oracao/grace/${graceId}`)).status).toBe(200);
    const error = expectFieldError(await get(`/oracao/graca/${graceId}`), 404);
    expect(error.message).toBe('No result found.');
    expect(
      expectFieldError(await get(`/oracao/graca/${graceId}`, { lang: 'pt-BR' }), 404).message,
    ).toBe('Nenhum resultado encontrado.');
  });

  it('has no wall for a church without MOD_MURAL_ORACAO or an unknown church', async () => {
    expectFieldError(await get('/oracao/esperanza'), 404);
    expectFieldError(await get('/igreja/esperanza/oracao-motivo/'), 404);
    expectFieldError(await get('/oracao/nao-existe'), 404);
  });

  it('refuses bad input with per-field messages (400), never a 500', async () => {
    expectFieldError(await get('/oracao/graca/abc'), 400, 'id');
    expectFieldError(await get('/oracao/graca/2147483648'), 400, 'id');
    expectFieldError(await get('/oracao/graca/0'), 400, 'id');
    expectFieldError(await get('/oracao/graca?motivo=2147483648'), 400, 'motivo');
    expectFieldError(await get('/oracao/graca?motivo=x'), 400, 'motivo');
    expectFieldError(await get('/oracao/graca?page=0'), 400, 'page');
    expectFieldError(await get('/oracao/graca?limit=51'), 400, 'limit');
    expectFieldError(await get('/oracao/GRACA!'), 400, 'slug');
    const pt = expectFieldError(
      await get('/oracao/graca?page=abc', { lang: 'pt-BR' }),
      400,
      'page',
    );
    expect(pt.errors?.page).toEqual(['Informe um número.']);
  });
});
