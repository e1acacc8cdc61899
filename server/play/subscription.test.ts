// Subscribing to Play on the shared checkout (docs/play.md): card approved/declined, Pix pending then paid,
// the contracting fee on the first charge, one subscription at a time, cancel keeps access until pago_ate,
// renewals once per period (also with two runs at once), a declined renewal retried, bad input.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { feeQuoteSchema, paymentResponseSchema } from '../../contract/payments.ts';
import {
  playPlansResponseSchema,
  playSubscriptionCancelResponseSchema,
  playSubscriptionsResponseSchema,
  type PlayPlan,
} from '../../contract/play.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { JOBS } from '../jobs/index.ts';
import type { Mail } from '../mail/outbox.ts';
import { removePersonalData } from '../users/deletion.service.ts';
import { activeSubscription } from './access.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { playRenewalsJob } from './renewals.job.ts';
import { RENEW_AHEAD_MS } from './subscription-state.ts';

const DAY = 86_400_000;
const SETTINGS = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
/** The job's mailer and settings; a test that reads the e-mails passes its own mailer. */
const quiet = { mailer: { async send() {} }, settings: SETTINGS };
/** spec §3 Payment fields: graca's card gateway asks the holder's CPF and birth date. */
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

describe.each(testBackends())('play subscriptions on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let member: { id: number; token: string };
  let monthly: PlayPlan;
  let yearly: PlayPlan;
  let seq = 0;
  const key = () => `play-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const cardToken = async (numero = '4111111111111111') => {
    const r = await call('POST', `/general/payment/church/${graca}/card/token`, {
      token: member.token,
      body: {
        titular: 'Maria Souza',
        numero,
        cvv: '123',
        validade: '12/30',
        ...HOLDER,
      },
    });
    expect(r.status).toBe(201);
    return (r.body as { token: string }).token;
  };
  const order = (plan: PlayPlan, extra: Record<string, unknown>) => ({
    tipo: 'assinatura',
    igreja: graca,
    planoAssinatura: plan.id,
    chaveIdempotencia: key(),
    ...extra,
  });
  const mine = async () =>
    playSubscriptionsResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/usuario-plano-assinatura/?igreja=${graca}`, {
          token: member.token,
        })
      ).body,
    ).assinaturas;
  const cancel = (id: number) =>
    call('POST', `/usuario-plano-assinatura/${id}/cancelar?igreja=${graca}`, {
      token: member.token,
    });

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
    const { planos } = playPlansResponseSchema.parse(
      (await call('GET', '/igreja/graca/plano-assinatura/')).body,
    );
    monthly = planos.find((p) => p.taxaAdesao > 0)!;
    yearly = planos.find((p) => p.id !== monthly.id)!;
  }, 180_000);
  afterAll(() => database.close());
  // Each case starts from a member without a plan.
  beforeEach(async () => {
    await database.db.delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, member.id));
  });

  it('is one of the scheduler jobs', () => {
    expect(JOBS).toContain(playRenewalsJob);
  });

  it('subscribes by card: price + contracting fee, active for one period, the card kept for renewals; twice is refused', async () => {
    const before = Date.now();
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: order(monthly, {
        metodoPagamento: 'cartao',
        cartao: { token: await cardToken() },
        valor: monthly.valor + monthly.taxaAdesao,
      }),
    });
    expect(r.status).toBe(201);
    const { pagamento } = paymentResponseSchema.parse(r.body);
    expect(pagamento).toMatchObject({
      tipo: 'assinatura',
      status: 'aprovado',
      valor: monthly.valor + monthly.taxaAdesao,
      valorTotal: monthly.valor + monthly.taxaAdesao,
      taxas: 0,
    });
    expect(pagamento.codigo).toMatch(/^AS-/);
    expect(pagamento.assinatura).toMatchObject({ situacao: 'ativo', plano: { id: monthly.id } });
    const [sub] = await mine();
    expect(sub).toMatchObject({
      status: { situacao: 'ativo' },
      plano: { id: monthly.id, taxaAdesao: monthly.taxaAdesao },
      renovacaoAutomatica: true,
      canceladoEm: null,
      cartao: { final: '1111' },
      moeda: 'BRL',
    });
    expect(sub!.codigo).toMatch(/^PL-/);
    const paidUntil = Date.parse(sub!.pagoAte!);
    expect(paidUntil).toBeGreaterThanOrEqual(before + monthly.periodicidadeDias * DAY);
    expect(paidUntil).toBeLessThan(Date.now() + monthly.periodicidadeDias * DAY + 1000);
    expect(await activeSubscription(database.db, graca, member.id)).toMatchObject({ id: sub!.id });

    // Twice: the same plan, or another, while one is active — refused in the request's language, nothing charged.
    for (const [plan, lang, text] of [
      [monthly, 'pt-BR', 'Você já tem uma assinatura ativa'],
      [yearly, 'en', 'You already have an active Play subscription'],
      [monthly, 'es', 'Ya tienes una suscripción activa'],
    ] as const) {
      const again = await call('POST', '/pagamento/', {
        token: member.token,
        body: order(plan, { metodoPagamento: 'cartao', cartao: { idCartao: 1 } }),
        lang,
      });
      expect(again.status).toBe(409);
      expect(apiErrorSchema.parse(again.body).message).toContain(text);
      expect(apiErrorSchema.parse(again.body).errors?.planoAssinatura?.length).toBe(1);
    }
    expect(await mine()).toHaveLength(1);
  });

  it('two subscribe calls at the same moment (different keys): one subscription, the other refused', async () => {
    const [a, b] = await Promise.all([cardToken(), cardToken()]);
    const approved = async () =>
      (
        await database.db
          .select({ id: t.payments.id })
          .from(t.payments)
          .where(
            and(
              eq(t.payments.userId, member.id),
              eq(t.payments.kind, 'assinatura'),
              eq(t.payments.status, 'aprovado'),
            ),
          )
      ).length;
    const before = await approved();
    const answers = await Promise.all(
      [a, b].map((token) =>
        call('POST', '/pagamento/', {
          token: member.token,
          body: order(monthly, { metodoPagamento: 'cartao', cartao: { token } }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await mine()).toHaveLength(1);
    expect(await approved()).toBe(before + 1); // the refused one charged nothing
  });

  it('a declined card charges nothing and starts no subscription', async () => {
    const r = await call('POST', '/usuario-plano-assinatura/', {
      token: member.token,
      body: {
        igreja: graca,
        planoAssinatura: monthly.id,
        metodoPagamento: 'cartao',
        cartao: { token: await cardToken('4000000000000002') },
        chaveIdempotencia: key(),
      },
    });
    expect(r.status).toBe(201);
    expect(paymentResponseSchema.parse(r.body).pagamento).toMatchObject({
      tipo: 'assinatura',
      status: 'nao_aprovado',
      assinatura: null,
    });
    expect(await mine()).toEqual([]);
    expect(await activeSubscription(database.db, graca, member.id)).toBeNull();
  });

  it('Pix: pending until paid, then active; a refund ends it; an expired Pix cancels it; the same key replays the answer', async () => {
    const body = order(yearly, { metodoPagamento: 'pix' });
    const r = await call('POST', '/usuario-plano-assinatura/', { token: member.token, body });
    expect(r.status).toBe(201);
    const { pagamento } = paymentResponseSchema.parse(r.body);
    expect(pagamento).toMatchObject({
      status: 'pendente',
      valor: yearly.valor + yearly.taxaAdesao,
      assinatura: { situacao: 'pendente', pagoAte: null },
    });
    expect(pagamento.pixCopiaCola).toBeTruthy();
    expect(await activeSubscription(database.db, graca, member.id)).toBeNull();
    expect((await mine())[0]).toMatchObject({
      status: { situacao: 'pendente' },
      pagamentoPendente: pagamento.codigo,
    });
    // the same key answers the same payment; a new one is refused while this Pix is open
    expect(
      paymentResponseSchema.parse(
        (await call('POST', '/pagamento/', { token: member.token, body })).body,
      ).pagamento.codigo,
    ).toBe(pagamento.codigo);
    const twice = await call('POST', '/pagamento/', {
      token: member.token,
      body: order(yearly, { metodoPagamento: 'pix' }),
    });
    expect(twice.status).toBe(409);
    expect(apiErrorSchema.parse(twice.body).message).toBe(
      'Você já tem uma assinatura deste plano aguardando pagamento.',
    );

    const paid = await call('POST', `/sandbox/pagamento/${pagamento.codigo}/pagar`, {
      token: member.token,
    });
    expect(paymentResponseSchema.parse(paid.body).pagamento).toMatchObject({
      status: 'aprovado',
      assinatura: { situacao: 'ativo' },
    });
    const [sub] = await mine();
    expect(sub).toMatchObject({
      status: { situacao: 'ativo' },
      renovacaoAutomatica: false,
      cartao: null,
      pagamentoPendente: null,
    }); // Pix: no card to renew with
    expect(Date.parse(sub!.pagoAte!)).toBeGreaterThan(
      Date.now() + (yearly.periodicidadeDias - 1) * DAY,
    );
    expect(await activeSubscription(database.db, graca, member.id)).not.toBeNull();

    // a refunded payment ends the subscription at once
    expect(
      (
        await call('POST', `/sandbox/pagamento/${pagamento.codigo}/estornar`, {
          token: member.token,
        })
      ).status,
    ).toBe(200);
    expect((await mine())[0]!.status.situacao).toBe('cancelado');
    expect(await activeSubscription(database.db, graca, member.id)).toBeNull();

    // another Pix left to expire: its subscription is cancelled, never activated
    await database.db.delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, member.id));
    const late = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: order(monthly, { metodoPagamento: 'pix' }),
        })
      ).body,
    ).pagamento;
    await call('POST', `/sandbox/pagamento/${late.codigo}/expirar`, { token: member.token });
    expect((await mine())[0]!.status.situacao).toBe('cancelado');
  });

  it('cancel keeps access until pago_ate and stops renewals; at pago_ate it ends as cancelado', async () => {
    await call('POST', '/pagamento/', {
      token: member.token,
      body: order(monthly, { metodoPagamento: 'cartao', cartao: { token: await cardToken() } }),
    });
    const [sub] = await mine();
    const r = await cancel(sub!.id);
    expect(r.status).toBe(200);
    const { assinatura } = playSubscriptionCancelResponseSchema.parse(r.body);
    expect(assinatura).toMatchObject({
      status: { situacao: 'ativo' },
      renovacaoAutomatica: false,
      pagoAte: sub!.pagoAte,
    });
    expect(assinatura.canceladoEm).not.toBeNull();
    expect(await activeSubscription(database.db, graca, member.id)).not.toBeNull();
    const again = await cancel(sub!.id);
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.body).message).toBe('Esta assinatura já está cancelada.');
    // the renewal moment passes: nothing is charged
    const paidUntil = new Date(sub!.pagoAte!);
    expect(
      await renewDueSubscriptions(database.db, new Date(paidUntil.getTime() - 1000), quiet),
    ).toEqual([]);
    expect(
      await activeSubscription(database.db, graca, member.id, new Date(paidUntil.getTime() - 1000)),
    ).not.toBeNull();
    await renewDueSubscriptions(database.db, new Date(paidUntil.getTime() + 1000), quiet);
    expect(
      await activeSubscription(database.db, graca, member.id, new Date(paidUntil.getTime() + 1000)),
    ).toBeNull();
    expect((await mine())[0]!.status.situacao).toBe('cancelado');
    // someone else's or an unknown subscription
    expect((await cancel(999999)).status).toBe(404);
    const leaderLogin = await call('POST', '/security/login_check', {
      body: {
        username: 'lider@graca.demo',
        password: DEMO_PASSWORD,
      },
    });
    expect(
      (
        await call('POST', `/usuario-plano-assinatura/${sub!.id}/cancelar?igreja=${graca}`, {
          token: (leaderLogin.body as { token: string }).token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/usuario-plano-assinatura/${sub!.id}/cancelar?igreja=${graca}`)).status,
    ).toBe(401);
  });

  it('renews once per period (also with two runs at once), then retries a declined renewal', async () => {
    await call('POST', '/pagamento/', {
      token: member.token,
      body: order(monthly, { metodoPagamento: 'cartao', cartao: { token: await cardToken() } }),
    });
    const [sub] = await mine();
    const firstEnd = new Date(sub!.pagoAte!);
    const due = new Date(firstEnd.getTime() - RENEW_AHEAD_MS + 60_000);
    expect(
      await renewDueSubscriptions(
        database.db,
        new Date(firstEnd.getTime() - RENEW_AHEAD_MS - 60_000),
        quiet,
      ),
    ).toEqual([]); // not yet
    const [a, b] = await Promise.all([
      renewDueSubscriptions(database.db, due, quiet),
      renewDueSubscriptions(database.db, due, quiet),
    ]);
    expect([...a, ...b]).toEqual([
      { subscriptionId: sub!.id, period: firstEnd.toISOString(), status: 'aprovado' },
    ]);
    expect(await renewDueSubscriptions(database.db, due, quiet)).toEqual([]); // a restart at the same moment charges nothing
    const links = await database.db
      .select({
        period: t.playSubscriptionPayments.period,
        paymentId: t.playSubscriptionPayments.paymentId,
      })
      .from(t.playSubscriptionPayments)
      .where(eq(t.playSubscriptionPayments.subscriptionId, sub!.id));
    expect(links.map((l) => l.period).sort()).toEqual([firstEnd.toISOString(), 'adesao'].sort());
    const [renewal] = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.id, links.find((l) => l.period !== 'adesao')!.paymentId));
    expect(renewal).toMatchObject({
      kind: 'assinatura',
      status: 'aprovado',
      subtotalCents: Math.round(monthly.valor * 100),
      totalCents: Math.round(monthly.valor * 100),
    }); // no contracting fee again
    const [renewed] = await mine();
    const secondEnd = new Date(renewed!.pagoAte!);
    expect(secondEnd.getTime()).toBe(firstEnd.getTime() + monthly.periodicidadeDias * DAY);

    // the saved card starts declining: tried again later (renewals.test.ts follows every retry), access meanwhile
    const [row] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.id, sub!.id));
    const [card] = await database.db
      .select()
      .from(t.savedCards)
      .where(eq(t.savedCards.id, row!.cardId!));
    await database.db
      .update(t.cardTokens)
      .set({ behaviour: 'decline' })
      .where(eq(t.cardTokens.token, card!.token));
    const due2 = new Date(secondEnd.getTime() - RENEW_AHEAD_MS + 60_000);
    const sent: Mail[] = [];
    const mailer = {
      async send(mail: Mail) {
        sent.push(mail);
      },
    };
    expect(
      (await renewDueSubscriptions(database.db, due2, { mailer, settings: SETTINGS })).map(
        (o) => o.status,
      ),
    ).toEqual(['nao_aprovado']);
    expect(await renewDueSubscriptions(database.db, due2, { mailer, settings: SETTINGS })).toEqual(
      [],
    );
    // the member is told once: nothing charged, tried again the next day
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'membro@graca.demo',
      subject: 'Não conseguimos renovar sua assinatura do Play — Igreja da Graça',
    });
    expect(sent[0]!.text).toContain('nada foi cobrado');
    expect(sent[0]!.links[0]).toBe('http://graca.localhost:4321/play/my-plan');
    expect((await mine())[0]).toMatchObject({
      status: { situacao: 'ativo' },
      renovacaoAutomatica: true,
      tentativasRecusadas: 1,
      proximaCobranca: new Date(due2.getTime() + DAY).toISOString(),
    });
    // past pago_ate while the retry is pending: the plan has not lapsed
    await renewDueSubscriptions(database.db, new Date(secondEnd.getTime() + 1000), quiet);
    expect((await mine())[0]!.status.situacao).toBe('ativo');
    expect(
      await activeSubscription(database.db, graca, member.id, new Date(secondEnd.getTime() + 1000)),
    ).not.toBeNull();
    await database.db
      .update(t.cardTokens)
      .set({ behaviour: 'approve' })
      .where(eq(t.cardTokens.token, card!.token));
  });

  it('quotes the first charge for the checkout: price + contracting fee, fees on the church', async () => {
    const r = await call(
      'GET',
      `/igreja/graca/plano-assinatura/${monthly.id}/calcular-taxas?metodoPagamento=cartao`,
    );
    expect(r.status).toBe(200);
    expect(feeQuoteSchema.parse(r.body)).toMatchObject({
      valor: monthly.valor + monthly.taxaAdesao,
      valorTaxas: 0,
      valorTotal: monthly.valor + monthly.taxaAdesao,
      flagAssumirTaxasServico: true,
    });
    expect(
      (
        await call(
          'GET',
          `/igreja/graca/plano-assinatura/999999/calcular-taxas?metodoPagamento=cartao`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/igreja/graca/plano-assinatura/${monthly.id}/calcular-taxas?metodoPagamento=ouro`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          `/igreja/esperanza/plano-assinatura/${monthly.id}/calcular-taxas?metodoPagamento=pix`,
        )
      ).status,
    ).toBe(404);
  });

  it('refuses bad input with per-field messages, an unknown plan, a changed price, and asks for login', async () => {
    const bad = await call('POST', '/pagamento/', {
      token: member.token,
      body: {
        tipo: 'assinatura',
        igreja: graca,
        planoAssinatura: 'x',
        metodoPagamento: 'cartao',
        chaveIdempotencia: key(),
      },
    });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.planoAssinatura?.length).toBeGreaterThan(0);
    const noPlan = await call('POST', '/usuario-plano-assinatura/', {
      token: member.token,
      body: { igreja: graca, metodoPagamento: 'pix', chaveIdempotencia: key() },
      lang: 'en',
    });
    expect(noPlan.status).toBe(400);
    expect(apiErrorSchema.parse(noPlan.body).errors?.planoAssinatura).toEqual([
      'This field is required.',
    ]);
    // Cash and bank transfer settle by hand: no subscription is paid (or renewed) that way.
    for (const metodoPagamento of ['dinheiro', 'transferencia']) {
      const byHand = await call('POST', '/pagamento/', {
        token: member.token,
        body: order(monthly, { metodoPagamento }),
        lang: 'pt',
      });
      expect(byHand.status, metodoPagamento).toBe(400);
      expect(apiErrorSchema.parse(byHand.body).errors?.metodoPagamento).toEqual([
        'Esta forma de pagamento não está disponível para assinaturas.',
      ]);
    }
    const noKey = await call('POST', '/usuario-plano-assinatura/', {
      token: member.token,
      body: {
        igreja: graca,
        planoAssinatura: monthly.id,
        metodoPagamento: 'pix',
      },
    });
    expect(noKey.status).toBe(400);
    const unknown = await call('POST', '/pagamento/', {
      token: member.token,
      body: order({ ...monthly, id: 999999 }, { metodoPagamento: 'pix' }),
      lang: 'es',
    });
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(unknown.body).message).toBe('Plan no encontrado o no disponible.');
    const changed = await call('POST', '/pagamento/', {
      token: member.token,
      body: order(monthly, { metodoPagamento: 'pix', valor: monthly.valor }),
    });
    expect(changed.status).toBe(422);
    expect(apiErrorSchema.parse(changed.body).errors?.valor).toEqual([
      'O valor deste plano mudou. Confira e tente de novo.',
    ]);
    expect(
      (await call('POST', '/pagamento/', { body: order(monthly, { metodoPagamento: 'pix' }) }))
        .status,
    ).toBe(401);
    // a church without Play
    const [esperanza] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'esperanza'));
    expect(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: {
            ...order(monthly, { metodoPagamento: 'pix' }),
            igreja: esperanza!.id,
          },
        })
      ).status,
    ).toBe(404);
    expect(await mine()).toEqual([]);
    const payments = await database.db
      .select()
      .from(t.payments)
      .where(
        and(
          eq(t.payments.userId, member.id),
          eq(t.payments.kind, 'assinatura'),
          eq(t.payments.status, 'pendente'),
        ),
      );
    expect(payments).toEqual([]);
  });

  // last: the member leaves the church
  it('a member removed from the church: their plan renews no more and is cancelled there, paid by card or not', async () => {
    await call('POST', '/pagamento/', {
      token: member.token,
      body: order(monthly, { metodoPagamento: 'cartao', cartao: { token: await cardToken() } }),
    });
    const [sub] = await mine();
    expect(sub).toMatchObject({ renovacaoAutomatica: true, canceladoEm: null });
    // the seed's subscriber paid a year ahead without a card
    const [ricardo] = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'ricardo.santos@graca.demo'));
    await database.db.transaction(async (tx) => {
      await removePersonalData(tx, graca, member.id, 'Removido');
      await removePersonalData(tx, graca, ricardo!.id, 'Removido');
    });
    const [after] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.id, sub!.id));
    expect(after).toMatchObject({ status: 'ativo', renewAt: null, cardId: null });
    expect(after!.cancelledAt).not.toBeNull();
    const [yearlyPlan] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.userId, ricardo!.id));
    expect(yearlyPlan!.cancelledAt).not.toBeNull();
    // the renewal moment passes: nothing is charged, no e-mail
    const sent: Mail[] = [];
    const renewAt = new Date(Date.parse(sub!.pagoAte!) - RENEW_AHEAD_MS + 1000);
    expect(
      await renewDueSubscriptions(database.db, renewAt, {
        mailer: { send: async (mail: Mail) => void sent.push(mail) },
        settings: SETTINGS,
      }),
    ).toEqual([]);
    expect(sent).toEqual([]);
  });
});
