// A church's live Stripe account against a local server that answers as Stripe's API does
// (docs/payments.md "What is tested how"): credentials sealed and shown back as four characters,
// the card number refused (Stripe.js tokenises it), approvals, declines and 3-D Secure,
// signed webhooks applied once and never backwards, a 5xx or a dropped connection that leaves the
// order pending and is charged once, and a crash between Stripe's answer and our commit that
// the reconciliation job repairs.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayAccountsSchema } from '../../contract/gateways.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { stripeEvent, type FakeStripe } from './adapters/fake-stripe.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';
import { liveHooks, reconcileLivePayments } from './live.ts';

const SECRET = 'sk_test_church';
const WEBHOOK_SECRET = 'whsec_test_church_webhook_0123';
const signer = new Stripe('sk_test_signer');

describe.each(testBackends())('a live Stripe account on %s', (backend) => {
  const live = liveChurch('stripe', { connect: false }); // the first test connects it
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeStripe;
  let graceId: number;
  let reasonId: number;
  const tokens: Record<'admin' | 'member' | 'gracaFinance' | 'gracaEditor', string> = {} as never;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  let seq = 0;
  const key = () => `stripe-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;

  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const cardToken = async (pm: string) => {
    const r = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: tokens.member,
      body: { token: pm },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  const give = (token: string, idempotencyKey = key(), extra: Record<string, unknown> = {}) =>
    call('POST', '/pagamento/', {
      token: tokens.member,
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 25 }],
        metodoPagamento: 'cartao',
        cartao: { token },
        salvarCartao: false,
        chaveIdempotencia: idempotencyKey,
        ...extra,
      },
    });
  const webhook = (event: object, secret = WEBHOOK_SECRET, headers?: Record<string, string>) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return call('POST', `/webhooks/stripe?igreja=${graceId}`, {
      body: payload,
      headers: headers ?? { 'stripe-signature': header, 'content-type': 'application/json' },
    });
  };
  const event = stripeEvent;
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const intentCreates = () =>
    fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, admin: tokens.admin, member: tokens.member } = live);
    ({ churchId: graceId } = live);
    tokens.gracaFinance = (await loginAs(api, 'tesoureiro@graca.demo')).token;
    tokens.gracaEditor = (await loginAs(api, 'editor@graca.demo')).token;
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, graceId));
    reasonId = reason!.id;
  });
  afterEach(() => {
    delete liveHooks.afterGatewayAnswer;
    fake.failNextCreate = null;
    fake.failTimes = 1;
    fake.down = false;
  });
  afterAll(() => live.close());

  it('the treasurer connects Stripe: live needs every credential, secrets come back as four characters and are stored sealed', async () => {
    const before = await call('GET', '/admin/grace/gateways', { token: tokens.admin });
    expect(before.status).toBe(200);
    const stripe = gatewayAccountsSchema
      .parse(before.body)
      .gateways.find((g) => g.gateway === 'stripe')!;
    expect(stripe.modo).toBe('sandbox');
    // the page says which gateways' keys are tried when saved, and which nothing checks
    const checked = Object.fromEntries(
      gatewayAccountsSchema.parse(before.body).gateways.map((g) => [g.gateway, g.chavesConferidas]),
    );
    expect(checked).toEqual({ cardconnect: false, picpay: false, stripe: true, zoop: true });
    expect(stripe.urlWebhook).toMatch(new RegExp(`/api/v1/webhooks/stripe\\?igreja=${graceId}$`));

    // nobody but the church's admin or treasurer reaches it
    expect((await call('GET', '/admin/grace/gateways')).status).toBe(401);
    expect((await call('GET', '/admin/grace/gateways', { token: tokens.member })).status).toBe(403);
    expect((await call('GET', '/admin/graca/gateways', { token: tokens.gracaEditor })).status).toBe(
      403,
    );
    expect(
      (await call('GET', '/admin/graca/gateways', { token: tokens.gracaFinance })).status,
    ).toBe(200);
    expect(
      (await call('GET', '/admin/grace/gateways', { token: tokens.gracaFinance })).status,
    ).toBe(403);

    const incomplete = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'live', credenciais: { secretKey: SECRET } },
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors).sort()).toEqual([
      'credenciais.publishableKey',
      'credenciais.webhookSecret',
    ]);
    expect(incomplete.body.errors['credenciais.webhookSecret'][0]).toBe(
      'This payment account is not fully set up.',
    );
    const pt = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      lang: 'pt-BR',
      body: { modo: 'live', credenciais: {} },
    });
    expect(pt.body.errors['credenciais.secretKey'][0]).toBe(
      'Os dados desta conta de pagamento estão incompletos.',
    );

    const saved = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: {
        modo: 'live',
        credenciais: {
          secretKey: SECRET,
          publishableKey: 'pk_test_church',
          webhookSecret: WEBHOOK_SECRET,
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const text = JSON.stringify(saved.body);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WEBHOOK_SECRET);
    const shown = gatewayAccountsSchema
      .parse(saved.body)
      .gateways.find((g) => g.gateway === 'stripe')!;
    expect(shown.modo).toBe('live');
    expect(shown.campos.find((f) => f.campo === 'secretKey')!.final).toBe('urch');

    const [row] = await db()
      .select()
      .from(t.churchGateways)
      .where(and(eq(t.churchGateways.churchId, graceId), eq(t.churchGateways.gatewayId, 5)));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain('sk_test');
    const audit = JSON.stringify(
      await db().select().from(t.auditLog).where(eq(t.auditLog.churchId, graceId)),
    );
    expect(audit).toContain('gateways.save');
    expect(audit).not.toContain(SECRET);

    // a blank credential keeps the stored one
    const again = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'live', credenciais: { secretKey: '' } },
    });
    expect(again.status).toBe(200);
  });

  it('live keys are checked with Stripe before they are saved: refused or unanswered, nothing is stored', async () => {
    const saves = async () =>
      (
        await db()
          .select()
          .from(t.auditLog)
          .where(and(eq(t.auditLog.churchId, graceId), eq(t.auditLog.action, 'gateways.save')))
      ).length;
    const stored = async () =>
      (
        await db()
          .select()
          .from(t.churchGateways)
          .where(and(eq(t.churchGateways.churchId, graceId), eq(t.churchGateways.gatewayId, 5)))
      )[0]!;
    const accountChecks = () => fake.calls.filter((c) => c.path === '/v1/account');
    const before = { audits: await saves(), row: await stored() };
    const unchanged = async () => {
      expect(await saves()).toBe(before.audits);
      expect((await stored()).sealed).toBe(before.row.sealed);
      const listed = await call('GET', '/admin/grace/gateways', { token: tokens.admin });
      const shown = gatewayAccountsSchema
        .parse(listed.body)
        .gateways.find((g) => g.gateway === 'stripe')!;
      expect(shown.modo).toBe('live');
      expect(shown.campos.find((f) => f.campo === 'secretKey')!.final).toBe('urch');
    };
    const wrong = { secretKey: 'sk_test_someone_else' };

    const refused = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'live', credenciais: wrong },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['credenciais.secretKey'][0]).toBe(
      'Stripe refused these keys: check them in your Stripe dashboard.',
    );
    expect(accountChecks().at(-1)!.auth).toBe('Bearer sk_test_someone_else');
    const refusedPt = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      lang: 'pt-BR',
      body: { modo: 'live', credenciais: wrong },
    });
    expect(refusedPt.status).toBe(422);
    expect(refusedPt.body.errors['credenciais.secretKey'][0]).toBe(
      'O Stripe recusou estas chaves: confira-as no painel do Stripe.',
    );
    await unchanged();

    // Stripe down (503), then not there at all: nothing known about the keys, nothing saved
    fake.down = true;
    const down = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'live', credenciais: { secretKey: 'sk_test_church_new' } },
    });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(
      'We could not reach Stripe to check the keys; nothing was saved. Please try again.',
    );
    fake.down = false;
    process.env.STRIPE_API_URL = 'http://127.0.0.1:1';
    resetAccountSettings();
    try {
      const away = await call('PUT', '/admin/grace/gateways/stripe', {
        token: tokens.admin,
        body: { modo: 'live', credenciais: {} },
      });
      expect(away.status).toBe(503);
    } finally {
      process.env.STRIPE_API_URL = fake.url;
      resetAccountSettings();
    }
    await unchanged();

    // the sandbox checks nothing; going live again with the right keys is checked and saved
    const checks = accountChecks().length;
    const sandbox = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'sandbox', credenciais: wrong },
    });
    expect(sandbox.status).toBe(200);
    expect(accountChecks().length).toBe(checks);
    const live = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'live', credenciais: { secretKey: SECRET } },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(accountChecks().length).toBe(checks + 1);
    expect(accountChecks().at(-1)!.auth).toBe(`Bearer ${SECRET}`);
    expect(await saves()).toBe(before.audits + 2);
    expect((await stored()).mode).toBe('live');
  });

  it('at a live Stripe church a card number never reaches the server; a Stripe.js token does', async () => {
    const r = await call('POST', `/general/payment/church/${graceId}/card/token`, {
      token: tokens.member,
      body: { titular: 'Ann Lee', numero: '4111111111111111', cvv: '123', validade: '12/30' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.numero[0]).toMatch(/secure form/);
    const unknown = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: tokens.member,
      body: { token: 'pm_card_nonexistent' },
    });
    expect(unknown.status).toBe(422);
    const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: tokens.member,
      body: { token: 'pm_card_visa' },
    });
    expect(tok.body).toMatchObject({
      bandeira: 'visa',
      final: '4242',
      validade: '12/2034',
      idGatewayPagamento: 5,
    });
  });

  it('an approved card: one PaymentIntent, the order code as its idempotency key and metadata', async () => {
    const calls = intentCreates().length;
    const r = await give(await cardToken('pm_card_visa'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aprovado');
    const creates = intentCreates().slice(calls);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`${p.codigo}:create`);
    expect(creates[0]!.auth).toBe(`Bearer ${SECRET}`);
    const row = await payment(p.codigo);
    const intent = fake.intents.get(row.gatewayReference!)!;
    expect(intent.amount).toBe(row.totalCents);
    expect(intent.metadata.pedido).toBe(p.codigo);
  });

  it('a declined card: not approved, the payer told in their language, nothing held', async () => {
    const r = await call('POST', '/pagamento/', {
      token: tokens.member,
      lang: 'es',
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 25 }],
        metodoPagamento: 'cartao',
        cartao: { token: await cardToken('pm_card_chargeDeclined') },
        chaveIdempotencia: key(),
      },
    });
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('nao_aprovado');
    expect(p.mensagem).toMatch(/^Tarjeta/);
    expect((await payment(p.codigo)).gatewayReference).toMatch(/^pi_/);
  });

  it('3-D Secure: the payer is sent to the bank; a signed webhook approves it once, and an older event never moves it back', async () => {
    const r = await give(await cardToken('pm_card_threeDSecure2Required'));
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('em_aberto');
    expect(p.urlPagamento).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\//);
    const reference = (await payment(p.codigo)).gatewayReference!;

    // unsigned, or signed with another secret: refused, logged, nothing changed
    const succeeded = event('evt_3ds_ok', 'payment_intent.succeeded', {
      ...fake.succeed(reference),
    });
    const unsigned = await webhook(succeeded, WEBHOOK_SECRET, {
      'content-type': 'application/json',
    });
    expect(unsigned.status).toBe(400);
    const forged = await webhook(succeeded, 'whsec_someone_else');
    expect(forged.status).toBe(401);
    expect((await payment(p.codigo)).status).toBe('em_aberto');
    expect(await db().$count(t.gatewayEvents)).toBe(0);

    const ok = await webhook(succeeded);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ recebido: true, repetido: false });
    expect((await payment(p.codigo)).status).toBe('aprovado');

    const twice = await webhook(succeeded);
    expect(twice.body).toEqual({ recebido: true, repetido: true });
    const old = await webhook(
      event('evt_3ds_old', 'payment_intent.requires_action', {
        ...fake.intents.get(reference),
        status: 'requires_action',
      }),
    );
    expect(old.status).toBe(200);
    const after = await payment(p.codigo);
    expect(after.status).toBe('aprovado');
    expect(after.paidAt).not.toBeNull();

    // a refund told by Stripe moves it forward to refunded
    const refunded = await webhook(
      event('evt_3ds_refund', 'charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        refunded: true,
        payment_intent: reference,
        metadata: {},
      }),
    );
    expect(refunded.status).toBe(200);
    expect((await payment(p.codigo)).status).toBe('estornado');
  });

  it('a 5xx after Stripe charged: the order stays pending with a clear message; the job confirms it without a second charge', async () => {
    const before = fake.intents.size;
    fake.failNextCreate = '500-after';
    const r = await give(await cardToken('pm_card_visa'));
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    expect(p.mensagem).toMatch(/did not answer in time/);
    expect(fake.intents.size).toBe(before + 1); // Stripe did charge

    expect(await reconcileLivePayments(db(), new Date())).toBe(0); // not due yet
    await reconcileLivePayments(db(), later(2));
    const row = await payment(p.codigo);
    expect(row.status).toBe('aprovado');
    expect(row.message).toBeNull();
    expect(fake.intents.size).toBe(before + 1);
  });

  it('a dropped connection before Stripe saw the charge: the job sends the same create with the same key, once', async () => {
    const before = fake.intents.size;
    fake.failNextCreate = 'drop-before';
    fake.failTimes = 2; // the SDK's own retry of a closed connection is dropped too
    const r = await give(await cardToken('pm_card_visa'));
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    expect(fake.intents.size).toBe(before);
    // two nodes run the job at once: one asks Stripe
    await Promise.all([
      reconcileLivePayments(db(), later(2)),
      reconcileLivePayments(db(), later(2)),
    ]);
    expect((await payment(p.codigo)).status).toBe('aprovado');
    expect(fake.intents.size).toBe(before + 1);
    const keys = intentCreates().filter((c) => c.idempotencyKey === `${p.codigo}:create`);
    expect(keys).toHaveLength(3); // two lost calls and the job's retry, one PaymentIntent
  });

  it('Stripe down for long: the order is given up and its message says nothing was charged', async () => {
    fake.failNextCreate = 'drop-before';
    fake.failTimes = 2;
    const r = await give(await cardToken('pm_card_visa'));
    const p = paymentResponseSchema.parse(r.body).pagamento;
    fake.down = true;
    for (let i = 1; i <= 8; i++) await reconcileLivePayments(db(), later(60 * 8 * i));
    expect((await payment(p.codigo)).status).toBe('pendente'); // no answer is not "no charge"
    fake.down = false;
    fake.failNextCreate = 'drop-before';
    fake.failTimes = 100;
    await db()
      .update(t.gatewayCharges)
      .set({ checks: 4 })
      .where(eq(t.gatewayCharges.paymentId, (await payment(p.codigo)).id));
    await reconcileLivePayments(db(), later(60 * 80));
    await reconcileLivePayments(db(), later(60 * 90));
    const row = await payment(p.codigo);
    expect(row.status).toBe('cancelado');
    expect(row.message).toMatch(/Nothing was charged/);
    expect([...fake.intents.values()].some((pi) => pi.metadata.pedido === p.codigo)).toBe(false);
  });

  it('the process dies between Stripe’s answer and our commit: the job finds the paid order, and the key replays it', async () => {
    const idempotencyKey = key();
    liveHooks.afterGatewayAnswer = () => {
      throw new Error('simulated crash before the commit');
    };
    const token = await cardToken('pm_card_visa');
    const crashed = await give(token, idempotencyKey);
    expect(crashed.status).toBe(500);
    delete liveHooks.afterGatewayAnswer;
    const [row] = await db()
      .select()
      .from(t.payments)
      .innerJoin(t.gatewayCharges, eq(t.gatewayCharges.paymentId, t.payments.id))
      .where(
        and(
          eq(t.payments.churchId, graceId),
          eq(t.gatewayCharges.answered, false),
          eq(t.payments.status, 'pendente'),
        ),
      );
    expect(row).toBeDefined();
    const code = row!.pagamento.code;
    const creates = intentCreates().length;
    await reconcileLivePayments(db(), later(15));
    expect((await payment(code)).status).toBe('aprovado');
    expect(intentCreates().length).toBe(creates); // found by search, not charged again
    const replay = await give(token, idempotencyKey);
    expect(replay.status).toBe(201);
    expect(paymentResponseSchema.parse(replay.body).pagamento).toMatchObject({
      codigo: code,
      status: 'aprovado',
    });
  });

  it('ACH debits are pending until Stripe says they cleared', async () => {
    const r = await call('POST', '/pagamento/', {
      token: tokens.member,
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 40 }],
        metodoPagamento: 'ach',
        ach: { numeroConta: '000123456789', numeroRoteamento: '110000000', tipoConta: 'corrente' },
        chaveIdempotencia: key(),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    const reference = (await payment(p.codigo)).gatewayReference!;
    expect(fake.intents.get(reference)!.payment_method_types).toEqual(['us_bank_account']);
    const ok = await webhook(
      event('evt_ach_ok', 'payment_intent.succeeded', { ...fake.succeed(reference) }),
    );
    expect(ok.status).toBe(200);
    expect((await payment(p.codigo)).status).toBe('aprovado');
  });

  it('the treasurer refunds a live gift at Stripe first: down means nothing changes, then once', async () => {
    const r = await give(await cardToken('pm_card_visa'));
    const code = paymentResponseSchema.parse(r.body).pagamento.codigo;
    fake.down = true;
    const refused = await call('POST', `/admin/grace/doacao/doacoes/${code}/estorno`, {
      token: tokens.admin,
    });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/did not confirm the refund/);
    expect((await payment(code)).status).toBe('aprovado');
    fake.down = false;
    const ok = await call('POST', `/admin/grace/doacao/doacoes/${code}/estorno`, {
      token: tokens.admin,
    });
    expect(ok.status).toBe(204);
    expect((await payment(code)).status).toBe('estornado');
    const refunds = fake.calls.filter(
      (c) => c.path === '/v1/refunds' && c.idempotencyKey === `${code}:refund`,
    );
    expect(refunds.length).toBe(2); // the one Stripe refused while down, and the one it took
  });

  it('back to the sandbox: the sandbox answers again and webhooks are refused', async () => {
    const r = await call('PUT', '/admin/grace/gateways/stripe', {
      token: tokens.admin,
      body: { modo: 'sandbox', credenciais: {} },
    });
    expect(r.status).toBe(200);
    const w = await webhook(
      event('evt_after', 'payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        status: 'succeeded',
        metadata: {},
      }),
    );
    expect(w.status).toBe(401);
  });
});
