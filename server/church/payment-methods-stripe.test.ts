// The payment methods answer tells the page that the card is typed in Stripe.js (docs/payments.md
// "Stripe"): the live Stripe account's publishable key on the card method, never a secret, and
// nothing on the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodsResponseSchema } from '../../contract/church.ts';
import type { Api } from '../app.ts';
import { testBackends } from '../db/test-database.ts';
import { FAKE_STRIPE_ACCOUNT } from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch } from '../payments/live-church.test-support.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('the publishable key in the payment methods on %s', (backend) => {
  const grace = liveChurch('stripe', { connect: false }); // the test sets the keys itself
  let api: Api;
  let admin: string;
  const { call } = apiClient(() => api, { lang: 'en' });
  const methods = async () => {
    const r = await call('GET', '/igreja/grace/metodo-pagamento');
    expect(r.status).toBe(200);
    return { text: JSON.stringify(r.body), list: paymentMethodsResponseSchema.parse(r.body) };
  };

  beforeAll(async () => {
    // live keys are checked with Stripe when saved: a local one answers (docs/payments.md "Each gateway's account")
    await grace.open(backend);
    ({ api, admin } = grace);
    const set = await call('PUT', '/admin/grace/gateways-metodos', {
      token: admin,
      body: { metodos: [{ codigo: 'cartao', idGatewayPagamento: 5 }] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  });
  afterAll(() => grace.close());

  it('only a live Stripe card method carries its publishable key; the secrets never', async () => {
    const sandbox = await methods();
    const card = () => sandbox.list.metodosPagamento.find((m) => m.codigo === 'cartao')!;
    expect(card().idGatewayPagamento).toBe(5);
    expect(card().chavePublicavel ?? null).toBeNull();

    const saved = await call('PUT', '/admin/grace/gateways/stripe', {
      token: admin,
      body: {
        modo: 'live',
        credenciais: { ...FAKE_STRIPE_ACCOUNT },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const live = await methods();
    const liveCard = live.list.metodosPagamento.find((m) => m.codigo === 'cartao')!;
    expect(liveCard.chavePublicavel).toBe(FAKE_STRIPE_ACCOUNT.publishableKey);
    for (const m of live.list.metodosPagamento.filter((m) => m.codigo !== 'cartao'))
      expect(m.chavePublicavel ?? null).toBeNull();
    expect(live.text).not.toContain(FAKE_STRIPE_ACCOUNT.secretKey);
    expect(live.text).not.toContain(FAKE_STRIPE_ACCOUNT.webhookSecret);

    // back on the sandbox: our own card fields again
    const back = await call('PUT', '/admin/grace/gateways/stripe', {
      token: admin,
      body: { modo: 'sandbox', credenciais: {} },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const again = await methods();
    expect(
      again.list.metodosPagamento.find((m) => m.codigo === 'cartao')!.chavePublicavel ?? null,
    ).toBeNull();
  });
});
