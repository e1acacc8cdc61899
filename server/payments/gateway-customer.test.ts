// A member's one customer at a church's live gateway (docs/payments.md "Saved cards": a Zoop buyer,
// a Stripe Customer), found or made by `memberGatewayCustomer` for every path that keeps a card: two
// first "save card" charges at once (two tabs, a double click whose idempotency keys differ) and a
// card added on /user/addcard meanwhile make one buyer or Customer at the gateway, and every card
// ends up under it; the customer is remembered even when no kept card names it any more, a card
// kept before the table still names it, and a claim left by a caller that died is taken over.
import { and, eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs, setGatewayLive } from '../test-kit.ts';
import {
  FAKE_STRIPE_ACCOUNT,
  startFakeStripe,
  type FakeStripe,
} from './adapters/fake-stripe.test-support.ts';
import { startFakeZoop, type FakeZoop } from './adapters/fake-zoop.test-support.ts';
import { memberGatewayCustomer } from './gateway-customer.ts';

const MARKETPLACE = 'mkt0buyer1b2c3d4';
const SELLER = 'sellerbuyer9f8e7d';
const API_KEY = 'zpk_test_graca_buyer';
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };
const ZOOP = 8;
const STRIPE = 5;

describe.each(testBackends())('one gateway customer per member on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let zoop: FakeZoop;
  let stripe: FakeStripe;
  let gracaId: number;
  let graceId: number;
  let zoopMember: { id: number; token: string };
  let stripeMember: { id: number; token: string };
  let otherUserId: number;
  let reasonOf: Record<number, number>;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  let seq = 0;

  const give = (token: string, churchId: number, cartao: Record<string, unknown>) =>
    call('POST', '/pagamento/', {
      token,
      body: {
        tipo: 'doacao',
        igreja: churchId,
        motivos: [{ motivo: reasonOf[churchId], valor: 30 }],
        metodoPagamento: 'cartao',
        cartao,
        salvarCartao: true,
        // each tab's own key: the pipeline's idempotency cannot tell them apart
        chaveIdempotencia: `buyer-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });
  const addCard = (token: string, churchId: number, cardToken: string) =>
    call('POST', `/usuario-cartao-gateway-pagamento?igreja=${churchId}`, {
      token,
      body: { token: cardToken },
    });
  const zoopToken = async (numero: string) => {
    const r = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: zoopMember.token,
      body: { titular: 'Maria Membro', numero, cvv: '123', validade: '11/31', ...HOLDER },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  const stripeToken = async (pm: string) => {
    const r = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: stripeMember.token,
      body: { token: pm },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  const buyersMade = () =>
    zoop.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/buyers'));
  const customersMade = () =>
    stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/customers');
  const keptCards = async (userId: number, gatewayId: number) =>
    (
      await db()
        .select({ token: t.savedCards.token })
        .from(t.savedCards)
        .where(
          and(
            eq(t.savedCards.userId, userId),
            eq(t.savedCards.gatewayId, gatewayId),
            eq(t.savedCards.mode, 'live'),
          ),
        )
    ).map((c) => c.token);
  const approved = (r: { status: number; body: unknown }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(paymentResponseSchema.parse(r.body).pagamento.status).toBe('aprovado');
  };

  beforeAll(async () => {
    zoop = await startFakeZoop(MARKETPLACE, API_KEY);
    stripe = await startFakeStripe();
    process.env.ZOOP_API_URL = zoop.url;
    process.env.STRIPE_API_URL = stripe.url;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    zoopMember = await loginAs(api, 'membro@graca.demo');
    stripeMember = await loginAs(api, 'member@grace.demo');
    otherUserId = (await loginAs(api, 'tesoureiro@graca.demo')).id;
    const churchId = async (code: string) =>
      (await db().select().from(t.churches).where(eq(t.churches.code, code)))[0]!.id;
    gracaId = await churchId('graca');
    graceId = await churchId('grace');
    reasonOf = {};
    for (const id of [gracaId, graceId]) {
      const [reason] = await db()
        .select()
        .from(t.paymentReasons)
        .where(and(eq(t.paymentReasons.churchId, id), eq(t.paymentReasons.forGiving, true)));
      reasonOf[id] = reason!.id;
    }
    await setGatewayLive(
      call,
      (await loginAs(api, 'tesoureiro@graca.demo')).token,
      'graca',
      'zoop',
      {
        marketplaceId: MARKETPLACE,
        sellerId: SELLER,
        apiKey: API_KEY,
        webhookSecret: 'zoop-buyer-webhook-0001',
      },
    );
    await setGatewayLive(
      call,
      (await loginAs(api, 'admin@grace.demo')).token,
      'grace',
      'stripe',
      FAKE_STRIPE_ACCOUNT,
    );
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await zoop?.close();
    await stripe?.close();
    delete process.env.ZOOP_API_URL;
    delete process.env.STRIPE_API_URL;
    resetAccountSettings();
  });

  it('Zoop: two first "save card" gifts and a card added at the same moment make one buyer, and all three cards are kept under it', async () => {
    const [a, b, c] = [
      await zoopToken('5555666677778884'),
      await zoopToken('4111111111111111'),
      await zoopToken('5555444433331111'),
    ];
    const [first, second, added] = await Promise.all([
      give(zoopMember.token, gracaId, { token: a }),
      give(zoopMember.token, gracaId, { token: b }),
      addCard(zoopMember.token, gracaId, c),
    ]);
    approved(first);
    approved(second);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const made = buyersMade();
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({ metadata: { cliente: `${gracaId}:${zoopMember.id}` } });
    const buyer = [...zoop.buyers.keys()][0]!;
    // Zoop associated each token with that buyer, and each charge went to it
    const links = zoop.calls.filter((x) => x.method === 'POST' && x.path.endsWith('/cards'));
    expect(links.map((l) => l.body.customer)).toEqual([buyer, buyer, buyer]);
    expect([...zoop.cards.values()].every((card) => card.customer === buyer)).toBe(true);
    const kept = await keptCards(zoopMember.id, ZOOP);
    expect(kept).toHaveLength(3);
    for (const token of kept) expect(token.split('|')[0]).toBe(buyer);
  });

  it('Zoop: the buyer is remembered when the member has no kept card left, and a card kept before is read as before', async () => {
    const [buyer] = [...zoop.buyers.keys()];
    // every card forgotten: the next "save card" still joins the member's buyer
    await db().delete(t.savedCards).where(eq(t.savedCards.userId, zoopMember.id));
    approved(await give(zoopMember.token, gracaId, { token: await zoopToken('5555666677778884') }));
    expect(buyersMade()).toHaveLength(1);
    expect(await keptCards(zoopMember.id, ZOOP)).toEqual([expect.stringMatching(`^${buyer}\\|`)]);

    // a member whose card was kept before the one-customer row existed: the card's buyer becomes it
    await db().delete(t.gatewayCustomers).where(eq(t.gatewayCustomers.userId, zoopMember.id));
    approved(await give(zoopMember.token, gracaId, { token: await zoopToken('4111111111111111') }));
    expect(buyersMade()).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(t.gatewayCustomers)
      .where(eq(t.gatewayCustomers.userId, zoopMember.id));
    expect(row).toMatchObject({
      churchId: gracaId,
      gatewayId: ZOOP,
      mode: 'live',
      customer: buyer,
    });
  });

  it('Stripe: two first "save card" gifts and a card added at the same moment make one Customer, asked once', async () => {
    const [a, b] = [await stripeToken('pm_card_visa'), await stripeToken('pm_card_mastercard')];
    const [first, second, added] = await Promise.all([
      give(stripeMember.token, graceId, { token: a }),
      give(stripeMember.token, graceId, { token: b }),
      addCard(stripeMember.token, graceId, await stripeToken('pm_card_amex')),
    ]);
    approved(first);
    approved(second);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(customersMade()).toHaveLength(1);
    expect(customersMade()[0]!.idempotencyKey).toBe(`${graceId}:${stripeMember.id}:customer`);
    const customer = stripe.customers[0]!;
    expect(stripe.customers).toEqual([customer]);
    expect((await keptCards(stripeMember.id, STRIPE)).sort()).toEqual(
      [
        `${customer}|pm_card_amex`,
        `${customer}|pm_card_mastercard`,
        `${customer}|pm_card_visa`,
      ].sort(),
    );
    const charged = stripe.creates.filter((c) => c.setup_future_usage === 'off_session');
    expect(charged.map((c) => c.customer)).toEqual([customer, customer]);
  });

  it('the customer is made once for callers at the same moment; a failed attempt or a claim its caller left is taken over', async () => {
    const member = {
      churchId: gracaId,
      userId: otherUserId,
      gatewayId: ZOOP,
      mode: 'live' as const,
    };
    let asked = 0;
    const slow =
      (id: string, fail = false) =>
      async () => {
        asked++;
        await sleep(150);
        if (fail) throw new Error('gateway down');
        return id;
      };
    // the first attempt fails: nothing is kept, and the next caller makes it
    await expect(memberGatewayCustomer(db(), member, slow('buyer_lost', true))).rejects.toThrow(
      'gateway down',
    );
    expect(asked).toBe(1);
    const answers = await Promise.all([
      memberGatewayCustomer(db(), member, slow('buyer_one')),
      memberGatewayCustomer(db(), member, slow('buyer_two')),
      memberGatewayCustomer(db(), member, slow('buyer_three')),
    ]);
    // whichever caller claimed it first made it; the others waited and got that one
    expect(['buyer_one', 'buyer_two', 'buyer_three']).toContain(answers[0]);
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(asked).toBe(2);
    // a gateway that refuses to make it: null, and nothing kept
    const refused = { ...member, gatewayId: STRIPE };
    expect(await memberGatewayCustomer(db(), refused, async () => null)).toBeNull();
    expect(await memberGatewayCustomer(db(), refused, async () => 'cus_made')).toBe('cus_made');

    // a caller that died while making it: its claim runs out, then the next caller makes it
    const other = { ...member, gatewayId: 1 };
    await db()
      .insert(t.gatewayCustomers)
      .values({ ...other, claim: 'dead', claimedUntil: new Date(Date.now() - 1000) });
    expect(await memberGatewayCustomer(db(), other, async () => 'made_after')).toBe('made_after');
  });
});
