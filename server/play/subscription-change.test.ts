// A member changes their Play subscription (docs/play.md "Changing the card or the plan"), on both databases:
// the renewal card (a saved card or a new one from the checkout's card step), the plan from the next renewal
// on; someone else's subscription or card, a cancelled subscription, the same plan and bad input refused;
// a declined renewal is tried again with the new card at the job's next run.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  playPlansResponseSchema,
  playSubscriptionCancelResponseSchema,
  type PlayPlan,
} from '../../contract/play.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { renewDueSubscriptions } from './renewals.ts';

const SETTINGS = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
const quiet = { mailer: { async send() {} }, settings: SETTINGS };
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

describe.each(testBackends())('changing a play subscription on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let member: { id: number; token: string };
  let other: { id: number; token: string };
  let monthly: PlayPlan;
  let yearly: PlayPlan;
  let seq = 0;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const cardToken = async (numero = '4111111111111111') => {
    const r = await call('POST', `/general/payment/church/${graca}/card/token`, {
      token: member.token,
      body: { titular: 'Maria Souza', numero, cvv: '123', validade: '12/30', ...HOLDER },
    });
    expect(r.status).toBe(201);
    return (r.body as { token: string }).token;
  };
  const subscribe = async (extra: Record<string, unknown> = {}) => {
    const r = await call('POST', '/usuario-plano-assinatura/', {
      token: member.token,
      body: {
        igreja: graca,
        planoAssinatura: monthly.id,
        metodoPagamento: 'cartao',
        cartao: { token: await cardToken() },
        chaveIdempotencia: `change-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
        ...extra,
      },
    });
    expect(r.status).toBe(201);
    return (r.body as { pagamento: { assinatura: { id: number } } }).pagamento.assinatura.id;
  };
  const put = (id: number, what: 'cartao' | 'plano', body: unknown, token = member.token) =>
    call('PUT', `/usuario-plano-assinatura/${id}/${what}?igreja=${graca}`, { token, body });
  const answer = (body: unknown) => playSubscriptionCancelResponseSchema.parse(body).assinatura;
  const savedCards = () =>
    database.db
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, member.id), eq(t.savedCards.churchId, graca)));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, 'graca'))
    )[0]!.id;
    member = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
    other = await loginAs(api, 'ricardo.santos@graca.demo', DEMO_PASSWORD);
    const { planos } = playPlansResponseSchema.parse(
      (await call('GET', '/igreja/graca/plano-assinatura/')).body,
    );
    monthly = planos.find((p) => p.taxaAdesao > 0)!;
    yearly = planos.find((p) => p.id !== monthly.id)!;
  }, 180_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, member.id));
  });

  it('changes the renewal card to a saved card or a new one; others cannot', async () => {
    const id = await subscribe();
    const cardOf = async () =>
      (
        await database.db
          .select({ cardId: t.playSubscriptions.cardId })
          .from(t.playSubscriptions)
          .where(eq(t.playSubscriptions.id, id))
      )[0]!.cardId;
    const first = await cardOf();
    const seeded = (await savedCards()).find((c) => c.token.startsWith('tok_zoop_seed_'));
    expect(seeded && seeded.id !== first).toBe(true);

    const toSaved = await put(id, 'cartao', { cartao: { idCartao: seeded!.id } });
    expect(toSaved.status).toBe(200);
    expect(answer(toSaved.body)).toMatchObject({
      cartao: { final: seeded!.last4 },
      renovacaoAutomatica: true,
    });
    expect(await cardOf()).toBe(seeded!.id);

    // a new card through the checkout's card step (a token) is saved and becomes the renewal card
    const before = (await savedCards()).length;
    const toNew = await put(id, 'cartao', {
      cartao: { token: await cardToken('5555555555554444') },
    });
    expect(toNew.status).toBe(200);
    expect(answer(toNew.body).cartao).toMatchObject({ final: '4444' });
    expect(await savedCards()).toHaveLength(before + 1);
    const [row] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.id, id));
    expect((await savedCards()).find((c) => c.id === row!.cardId)?.last4).toBe('4444');

    // another member's card, an unknown token, another member's subscription, no login, bad input
    const [othersCard] = await database.db
      .insert(t.savedCards)
      .values({
        churchId: graca,
        userId: other.id,
        gatewayId: seeded!.gatewayId,
        token: `tok_other_${backend}_${Math.random().toString(36).slice(2)}`,
        brand: 'visa',
        last4: '0004',
        holder: 'Ricardo Santos',
        expiry: '12/2030',
      })
      .returning();
    const others = await put(id, 'cartao', { cartao: { idCartao: othersCard!.id } });
    expect(others.status).toBe(422);
    expect(apiErrorSchema.parse(others.body).errors?.cartao?.[0]).toBe('Cartão não encontrado.');
    const unknown = await put(id, 'cartao', { cartao: { token: 'tok_not_a_card_of_mine' } });
    expect(unknown.status).toBe(422);
    expect(apiErrorSchema.parse(unknown.body).errors?.cartao).toBeDefined();
    expect(
      (await put(id, 'cartao', { cartao: { idCartao: seeded!.id } }, other.token)).status,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/usuario-plano-assinatura/${id}/cartao?igreja=${graca}`, {
          body: { cartao: { idCartao: seeded!.id } },
        })
      ).status,
    ).toBe(401);
    const bad = await put(id, 'cartao', { cartao: {} });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.cartao).toBeDefined();
    // the card did not change through any of them
    expect(await cardOf()).toBe(row!.cardId);
  });

  it('switches the plan from the next renewal on, and back; the same plan, an unknown one or a cancelled subscription are refused', async () => {
    const id = await subscribe();
    const r = await put(id, 'plano', { planoAssinatura: yearly.id });
    expect(r.status).toBe(200);
    expect(answer(r.body)).toMatchObject({
      plano: { id: monthly.id },
      proximoPlano: { id: yearly.id, nome: yearly.nome, valor: yearly.valor },
    });
    const same = await put(id, 'plano', { planoAssinatura: yearly.id });
    expect(same.status).toBe(409);
    expect(apiErrorSchema.parse(same.body).errors?.planoAssinatura?.[0]).toBe(
      'Este já é o seu plano.',
    );
    const back = await put(id, 'plano', { planoAssinatura: monthly.id });
    expect(back.status).toBe(200);
    expect(answer(back.body).proximoPlano).toBeNull();
    expect((await put(id, 'plano', { planoAssinatura: monthly.id })).status).toBe(409);
    const unknown = await put(id, 'plano', { planoAssinatura: 999_999 });
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(unknown.body).errors?.planoAssinatura).toBeDefined();
    expect((await put(id, 'plano', { planoAssinatura: 'x' })).status).toBe(400);

    await call('POST', `/usuario-plano-assinatura/${id}/cancelar?igreja=${graca}`, {
      token: member.token,
    });
    const cancelled = await put(id, 'plano', { planoAssinatura: yearly.id });
    expect(cancelled.status).toBe(409);
    expect(apiErrorSchema.parse(cancelled.body).message).toContain('Só uma assinatura ativa');
    expect((await put(id, 'cartao', { cartao: { token: await cardToken() } })).status).toBe(409);
  });

  it('a declined renewal is tried again with the new card at the next run', async () => {
    const id = await subscribe();
    const [row] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.id, id));
    const [oldCard] = await database.db
      .select()
      .from(t.savedCards)
      .where(eq(t.savedCards.id, row!.cardId!));
    await database.db
      .update(t.cardTokens)
      .set({ behaviour: 'decline' })
      .where(eq(t.cardTokens.token, oldCard!.token));
    const due = row!.renewAt!;
    expect((await renewDueSubscriptions(database.db, due, quiet))[0]!.status).toBe('nao_aprovado');
    const [seeded] = (await savedCards()).filter((c) => c.id !== oldCard!.id);
    const changed = await put(id, 'cartao', { cartao: { idCartao: seeded!.id } });
    expect(answer(changed.body)).toMatchObject({ tentativasRecusadas: 1 });
    // the retry is due now, not in a day
    const retried = await renewDueSubscriptions(
      database.db,
      new Date(Math.max(Date.now(), due.getTime()) + 1000),
      quiet,
    );
    expect(retried.map((o) => o.status)).toEqual(['aprovado']);
    const [after] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.id, id));
    expect(after).toMatchObject({ failedTries: 0, cardId: seeded!.id });
    expect(after!.paidUntil!.getTime()).toBeGreaterThan(row!.paidUntil!.getTime());
    await database.db
      .update(t.cardTokens)
      .set({ behaviour: 'approve' })
      .where(eq(t.cardTokens.token, oldCard!.token));
  });
});
