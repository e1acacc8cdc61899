// Recurring gifts at a church whose card gateway is live (docs/giving.md "Recurring gifts",
// docs/payments.md "How a live charge runs"), against the local Stripe of
// fake-stripe.test-support.ts: the first gift keeps the card at Stripe, each occurrence is one
// off-session PaymentIntent of that saved card (also with two runs at once), a decline and an
// "authentication_required" take the gift's retry path with an e-mail saying why, and a crash
// between Stripe's answer and our commit is settled by the reconciliation job, charged once.
// At a live CardConnect church (fake-cardconnect.test-support.ts) the kept CardSecure token is
// charged as a scheduled card-on-file auth.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import type { Mail } from '../mail/outbox.ts';
import type { FakeCardConnect } from '../payments/adapters/fake-cardconnect.test-support.ts';
import type { FakeStripe } from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch } from '../payments/live-church.test-support.ts';
import { liveHooks, reconcileLivePayments } from '../payments/live.ts';
import { apiClient } from '../test-kit.ts';
import { chargeDueGifts, LIVE_WAIT_MS, RETRY_DAYS } from './recurring.ts';

const DAY = 86_400_000;

describe.each(testBackends())('recurring gifts at a live Stripe church on %s', (backend) => {
  const live = liveChurch('stripe');
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeStripe;
  let churchId: number;
  let userId: number;
  let reasonId: number;
  let memberToken: string;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const sent: Mail[] = [];
  const mailer = {
    async send(mail: Mail) {
      sent.push(mail);
    },
  };
  const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
  const run = (now: Date) => chargeDueGifts(db(), now, { mailer, settings });

  /** A card Stripe kept on a Customer, saved for the member (as a first gift with "save card" leaves it). */
  const keptCard = async (pm: string) => {
    const [card] = await db()
      .insert(t.savedCards)
      .values({
        churchId,
        userId,
        gatewayId: 5,
        token: `cus_kept${Math.random().toString(36).slice(2, 8)}|${pm}`,
        brand: 'visa',
        last4: '0000',
        holder: 'Ann Lee',
        expiry: '12/2034',
        mode: 'live',
      })
      .returning();
    return card!;
  };
  const dueGift = async (cardId: number, day: string) => {
    const [g] = await db()
      .insert(t.recurringGifts)
      .values({
        churchId,
        userId,
        reasonId,
        amountCents: 4000,
        days: 30,
        cardId,
        status: 'ativa',
        nextOccurrence: day,
        nextChargeAt: new Date(`${day}T09:00:00Z`),
      })
      .returning();
    return g!;
  };
  const giftOf = async (id: number) =>
    (await db().select().from(t.recurringGifts).where(eq(t.recurringGifts.id, id)))[0]!;
  const paymentsOf = (giftId: number) =>
    db().select().from(t.payments).where(eq(t.payments.recurringGiftId, giftId));

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, churchId, userId, member: memberToken } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, churchId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
    await pauseAll(); // only each test's own gifts are due: the demo gifts are put out of the way
  }, 180_000);
  const pauseAll = () => db().update(t.recurringGifts).set({ status: 'pausada' });
  afterEach(async () => {
    delete liveHooks.afterGatewayAnswer;
    sent.length = 0;
    await pauseAll();
  });
  afterAll(() => live.close());

  it('a monthly gift started by card keeps it at Stripe, and its next occurrence is one off-session charge of it', async () => {
    const tok = await call('POST', `/general/payment/church/${churchId}/card/gateway-token`, {
      token: memberToken,
      body: { token: 'pm_card_visa' },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const first = await call('POST', '/pagamento/', {
      token: memberToken,
      body: {
        tipo: 'doacao',
        igreja: churchId,
        motivos: [{ motivo: reasonId, valor: 40 }],
        metodoPagamento: 'cartao',
        cartao: { token: tok.body.token },
        salvarCartao: false, // a recurring gift keeps its card all the same
        recorrencia: true,
        recorrenciaDias: 30,
        chaveIdempotencia: `first-${backend}`,
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentResponseSchema.parse(first.body).pagamento.status).toBe('aprovado');
    expect(fake.creates.at(-1)).toMatchObject({ setup_future_usage: 'off_session' });
    const customer = fake.creates.at(-1)!.customer!;
    expect(customer).toMatch(/^cus_/);

    const [gift] = await db()
      .select()
      .from(t.recurringGifts)
      .where(and(eq(t.recurringGifts.userId, userId), eq(t.recurringGifts.status, 'ativa')));
    const [card] = await db().select().from(t.savedCards).where(eq(t.savedCards.id, gift!.cardId!));
    expect(card!.token).toBe(`${customer}|pm_card_visa`);

    const creates = fake.creates.length;
    const now = new Date(gift!.nextChargeAt.getTime() + 60_000);
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ giftId: gift!.id, status: 'aprovado' });
    expect(fake.creates.slice(creates)).toEqual([
      expect.objectContaining({
        customer,
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
        amount: String(4000),
      }),
    ]);
    expect(fake.creates.at(-1)!.return_url).toBeUndefined();
    const charged = (await paymentsOf(gift!.id)).find(
      (p) => p.occurrence === gift!.nextOccurrence,
    )!;
    expect(charged.status).toBe('aprovado');
    expect(charged.gatewayReference).toMatch(/^pi_/);
    expect(fake.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!.idempotencyKey).toBe(
      `${charged.code}:create`,
    );
    const after = await giftOf(gift!.id);
    expect(after.failedTries).toBe(0);
    expect(after.nextChargeAt.getTime()).toBeGreaterThan(now.getTime() + 25 * DAY);
    // nothing more is due: a second run charges nothing
    expect(await run(now)).toEqual([]);
    expect(fake.creates.length).toBe(creates + 1);
  });

  it('two runs at the same moment charge a due gift once', async () => {
    const card = await keptCard('pm_card_visa');
    const gift = await dueGift(card.id, '2026-02-01');
    const creates = fake.creates.length;
    const now = new Date('2026-02-01T12:00:00Z');
    const [a, b] = await Promise.all([run(now), run(now)]);
    expect([...a, ...b].filter((o) => o.giftId === gift.id)).toHaveLength(1);
    expect(fake.creates.length).toBe(creates + 1);
    expect((await paymentsOf(gift.id)).map((p) => p.status)).toEqual(['aprovado']);
  });

  it('a declined card takes the retry path: nothing charged, the donor e-mailed, tried again after a day', async () => {
    const card = await keptCard('pm_card_chargeDeclined');
    const gift = await dueGift(card.id, '2026-03-01');
    const now = new Date('2026-03-01T12:00:00Z');
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'nao_aprovado' });
    const [p] = await paymentsOf(gift.id);
    expect(p!.status).toBe('nao_aprovado');
    expect(p!.message).toMatch(/^Card invalid or expired/);
    const after = await giftOf(gift.id);
    expect(after.status).toBe('ativa');
    expect(after.failedTries).toBe(1);
    expect(after.nextChargeAt.getTime()).toBe(now.getTime() + RETRY_DAYS[0] * DAY);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/declined and nothing was charged/);
    expect(sent[0]!.text).not.toMatch(/confirm this charge/);
  });

  it('"authentication_required" declines with the reason: the donor is told the bank wants them there', async () => {
    const card = await keptCard('pm_card_threeDSecure2Required');
    const gift = await dueGift(card.id, '2026-04-01');
    const now = new Date('2026-04-01T12:00:00Z');
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'nao_aprovado' });
    expect(fake.creates.at(-1)).toMatchObject({ off_session: 'true' });
    const [p] = await paymentsOf(gift.id);
    expect(p!.message).toMatch(/bank asked you to confirm this charge/);
    expect(p!.paymentUrl).toBeNull(); // no bank page: nobody is there to open it
    const after = await giftOf(gift.id);
    expect(after.failedTries).toBe(1);
    expect(after.nextChargeAt.getTime()).toBe(now.getTime() + RETRY_DAYS[0] * DAY);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('member@grace.demo');
    expect(sent[0]!.text).toMatch(/bank asked you to confirm this charge/);
    expect(sent[0]!.text).toMatch(/try again in 1 day/);
  });

  it('a crash between Stripe’s answer and our commit: the job finds the paid charge, the gift moves on, charged once', async () => {
    const card = await keptCard('pm_card_visa');
    const gift = await dueGift(card.id, '2026-05-01');
    const now = new Date('2026-05-01T12:00:00Z');
    const creates = fake.creates.length;
    liveHooks.afterGatewayAnswer = () => {
      throw new Error('process killed');
    };
    await expect(run(now)).rejects.toThrow('process killed');
    delete liveHooks.afterGatewayAnswer;
    expect(fake.creates.length).toBe(creates + 1);
    const [pending] = await paymentsOf(gift.id);
    expect(pending!.status).toBe('pendente');
    // set aside while the gateway's answer is unknown: the next minute's run does not charge it again
    expect(await run(new Date(now.getTime() + 60_000))).toEqual([]);
    expect((await giftOf(gift.id)).nextChargeAt.getTime()).toBe(now.getTime() + LIVE_WAIT_MS);

    expect(await reconcileLivePayments(db(), new Date(now.getTime() + 11 * 60_000))).toBe(1);
    const [outcome] = await run(new Date(now.getTime() + LIVE_WAIT_MS + 60_000));
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'aprovado' });
    expect(fake.creates.length).toBe(creates + 1);
    expect((await paymentsOf(gift.id)).map((p) => p.status)).toEqual(['aprovado']);
    expect((await giftOf(gift.id)).nextOccurrence).toBe('2026-05-31');
  });
});

describe.each(testBackends())('recurring gifts at a live CardConnect church on %s', (backend) => {
  const live = liveChurch('cardconnect');
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeCardConnect;
  let churchId: number;
  let userId: number;
  let reasonId: number;
  let member: string;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const sent: Mail[] = [];
  const mailer = {
    async send(mail: Mail) {
      sent.push(mail);
    },
  };
  const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
  const run = (now: Date) => chargeDueGifts(db(), now, { mailer, settings });
  const tokenize = async (numero: string) => {
    const r = await call('POST', `/general/payment/church/${churchId}/card/token`, {
      token: member,
      body: { titular: 'Grace Member', numero, cvv: '123', validade: '12/30' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  const auths = () => fake.calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/auth'));

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, churchId, userId, member } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, churchId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
    await db().update(t.recurringGifts).set({ status: 'pausada' });
  }, 180_000);
  afterEach(async () => {
    sent.length = 0;
    await db().update(t.recurringGifts).set({ status: 'pausada' });
  });
  afterAll(() => live.close());

  it('the next occurrence is one scheduled card-on-file auth of the kept CardSecure token', async () => {
    const token = await tokenize('4111 1111 1111 1111');
    const first = await call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: churchId,
        motivos: [{ motivo: reasonId, valor: 40 }],
        metodoPagamento: 'cartao',
        cartao: { token },
        salvarCartao: false,
        recorrencia: true,
        recorrenciaDias: 30,
        chaveIdempotencia: `cc-first-${backend}`,
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentResponseSchema.parse(first.body).pagamento.status).toBe('aprovado');
    expect(auths().at(-1)!.body).toMatchObject({ ecomind: 'E' });
    const [gift] = await db()
      .select()
      .from(t.recurringGifts)
      .where(and(eq(t.recurringGifts.userId, userId), eq(t.recurringGifts.status, 'ativa')));

    const before = auths().length;
    const [outcome] = await run(new Date(gift!.nextChargeAt.getTime() + 60_000));
    expect(outcome).toMatchObject({ giftId: gift!.id, status: 'aprovado' });
    const sentAuths = auths().slice(before);
    expect(sentAuths).toHaveLength(1);
    expect(sentAuths[0]!.body).toMatchObject({
      account: token.split('.')[0],
      expiry: '1230',
      amount: '40.00',
      ecomind: 'R',
      cof: 'M',
      cofscheduled: 'Y',
    });
    const [p] = await db()
      .select()
      .from(t.payments)
      .where(
        and(
          eq(t.payments.recurringGiftId, gift!.id),
          eq(t.payments.occurrence, gift!.nextOccurrence),
        ),
      );
    expect(p!.status).toBe('aprovado');
    expect(sentAuths[0]!.body.orderid).toBe(p!.code);
  });

  it('a declined card on file takes the retry path', async () => {
    const token = await tokenize('4000 0000 0000 0002');
    const [card] = await db()
      .insert(t.savedCards)
      .values({
        churchId,
        userId,
        gatewayId: 1,
        token,
        brand: 'visa',
        last4: '0002',
        holder: 'Grace Member',
        expiry: '12/2030',
        mode: 'live',
      })
      .returning();
    const [gift] = await db()
      .insert(t.recurringGifts)
      .values({
        churchId,
        userId,
        reasonId,
        amountCents: 4000,
        days: 30,
        cardId: card!.id,
        status: 'ativa',
        nextOccurrence: '2026-03-01',
        nextChargeAt: new Date('2026-03-01T09:00:00Z'),
      })
      .returning();
    const now = new Date('2026-03-01T12:00:00Z');
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ giftId: gift!.id, status: 'nao_aprovado' });
    expect(auths().at(-1)!.body).toMatchObject({ ecomind: 'R', cof: 'M' });
    const [after] = await db()
      .select()
      .from(t.recurringGifts)
      .where(eq(t.recurringGifts.id, gift!.id));
    expect(after!.failedTries).toBe(1);
    expect(after!.nextChargeAt.getTime()).toBe(now.getTime() + RETRY_DAYS[0] * DAY);
    expect(sent).toHaveLength(1);
  });
});
