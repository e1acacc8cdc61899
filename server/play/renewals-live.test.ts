// Play renewals at a church whose card gateway is live (docs/play.md "Subscribing, cancelling,
// renewals", docs/payments.md "Recurring gifts at a live gateway"), against the local Stripe of
// fake-stripe.test-support.ts: the first checkout keeps the card at Stripe and the subscription
// renews with it, one off-session PaymentIntent per period (also with two runs at once); a decline
// and an "authentication_required" take the 1/3/7-day retries with the member's e-mail; a 5xx
// leaves the renewal pending until the reconciliation job settles it, charged once, also when the
// member cancels meanwhile. At a live CardConnect church (fake-cardconnect.test-support.ts) the
// kept CardSecure token is renewed as a scheduled card-on-file auth.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends, type TestBackend } from '../db/test-database.ts';
import { LIVE_WAIT_MS, RETRY_DAYS } from '../giving/recurring.ts';
import type { Mail } from '../mail/outbox.ts';
import type { FakeCardConnect } from '../payments/adapters/fake-cardconnect.test-support.ts';
import type { FakeStripe } from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch, type LiveChurch } from '../payments/live-church.test-support.ts';
import { activeSubscription } from './access.ts';
import { reconcileLivePayments } from '../payments/live.ts';
import { apiClient } from '../test-kit.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { FIRST_PERIOD, RENEW_AHEAD_MS } from './subscription-state.ts';

const DAY = 86_400_000;
const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
type Plan = typeof t.playPlans.$inferSelect;

/** What the member, the church and its plans are in both describes (grace, en). */
function world(live: LiveChurch<'stripe'> | LiveChurch<'cardconnect'>) {
  const w = {
    database: undefined as unknown as DatabaseHandle,
    api: undefined as unknown as Api,
    churchId: 0,
    userId: 0,
    member: '',
    admin: '',
    monthly: undefined as unknown as Plan,
    sent: [] as Mail[],
  };
  const db = () => w.database.db;
  const mailer = {
    async send(mail: Mail) {
      w.sent.push(mail);
    },
  };
  const run = (now: Date) => renewDueSubscriptions(db(), now, { mailer, settings });
  const open = async (backend: TestBackend) => {
    await live.open(backend);
    ({ database: w.database, api: w.api, admin: w.admin, member: w.member } = live);
    ({ churchId: w.churchId, userId: w.userId } = live);
    const plans = await db().select().from(t.playPlans).where(eq(t.playPlans.churchId, w.churchId));
    w.monthly = plans.find((p) => p.feeCents > 0 && p.active)!;
    await clear();
  };
  /** Only each test's own subscriptions are due: the member's are removed, the demo ones set aside. */
  const clear = async () => {
    await db().delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, w.userId));
    await db().update(t.playSubscriptions).set({ renewAt: null });
    w.sent.length = 0;
  };
  const subOf = async (id: number) =>
    (await db().select().from(t.playSubscriptions).where(eq(t.playSubscriptions.id, id)))[0]!;
  const mySub = async () =>
    (
      await db().select().from(t.playSubscriptions).where(eq(t.playSubscriptions.userId, w.userId))
    )[0]!;
  /** The renewals' payments of a subscription (not its first one). */
  const renewalsOf = async (id: number) =>
    (
      await db()
        .select({ p: t.payments, period: t.playSubscriptionPayments.period })
        .from(t.playSubscriptionPayments)
        .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
        .where(eq(t.playSubscriptionPayments.subscriptionId, id))
    )
      .filter((r) => r.period !== FIRST_PERIOD)
      .map((r) => r.p);
  /** An active monthly subscription paid until `end`, renewing with `cardId`. */
  const dueSub = async (cardId: number, end: Date) =>
    (
      await db()
        .insert(t.playSubscriptions)
        .values({
          churchId: w.churchId,
          userId: w.userId,
          planId: w.monthly.id,
          status: 'ativo',
          code: `PL-L-${Math.random().toString(36).slice(2, 10)}`,
          subscribedAt: new Date(end.getTime() - w.monthly.periodDays * DAY),
          paidUntil: end,
          cardId,
          renewAt: new Date(end.getTime() - RENEW_AHEAD_MS),
        })
        .returning()
    )[0]!;
  return { w, db, run, open, clear, subOf, mySub, renewalsOf, dueSub };
}

describe.each(testBackends())('play renewals at a live Stripe church on %s', (backend) => {
  const live = liveChurch('stripe');
  let fake: FakeStripe;
  const { w, db, run, open, clear, subOf, mySub, renewalsOf, dueSub } = world(live);
  const { call } = apiClient(() => w.api, { lang: 'en' });

  /** A card Stripe kept on a Customer, saved for the member (as a first checkout leaves it). */
  const keptCard = async (pm: string) => {
    const [card] = await db()
      .insert(t.savedCards)
      .values({
        churchId: w.churchId,
        userId: w.userId,
        gatewayId: 5,
        token: `cus_play${Math.random().toString(36).slice(2, 8)}|${pm}`,
        brand: 'visa',
        last4: '0000',
        holder: 'Ann Lee',
        expiry: '12/2034',
        mode: 'live',
      })
      .returning();
    return card!;
  };
  const intentsOf = (code: string) =>
    [...fake.intents.values()].filter((i) => i.metadata?.pedido === code);

  beforeAll(async () => {
    await open(backend);
    fake = live.fake;
  }, 180_000);
  afterEach(clear);
  afterAll(() => live.close());

  it('the first checkout keeps the card at Stripe, and the renewal is one off-session charge of it', async () => {
    const tok = await call('POST', `/general/payment/church/${w.churchId}/card/gateway-token`, {
      token: w.member,
      body: { token: 'pm_card_visa' },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const first = await call('POST', '/pagamento/', {
      token: w.member,
      body: {
        tipo: 'assinatura',
        igreja: w.churchId,
        planoAssinatura: w.monthly.id,
        metodoPagamento: 'cartao',
        cartao: { token: tok.body.token },
        salvarCartao: true,
        chaveIdempotencia: `play-first-${backend}`,
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentResponseSchema.parse(first.body).pagamento.status).toBe('aprovado');
    expect(fake.creates.at(-1)).toMatchObject({ setup_future_usage: 'off_session' });
    const customer = fake.creates.at(-1)!.customer!;
    expect(customer).toMatch(/^cus_/);

    const sub = await mySub();
    expect(sub.status).toBe('ativo');
    const [card] = await db().select().from(t.savedCards).where(eq(t.savedCards.id, sub.cardId!));
    expect(card!.token).toBe(`${customer}|pm_card_visa`);
    expect(sub.renewAt!.getTime()).toBe(sub.paidUntil!.getTime() - RENEW_AHEAD_MS);

    const creates = fake.creates.length;
    const now = new Date(sub.renewAt!.getTime() + 60_000);
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'aprovado' });
    expect(fake.creates.slice(creates)).toEqual([
      expect.objectContaining({
        customer,
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
        amount: String(w.monthly.priceCents),
      }),
    ]);
    expect(fake.creates.at(-1)!.return_url).toBeUndefined();
    const [renewal] = await renewalsOf(sub.id);
    expect(renewal!.status).toBe('aprovado');
    expect(renewal!.gatewayReference).toMatch(/^pi_/);
    expect(fake.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!.idempotencyKey).toBe(
      `${renewal!.code}:create`,
    );
    const after = await subOf(sub.id);
    const paidUntil = sub.paidUntil!.getTime() + w.monthly.periodDays * DAY;
    expect(after.paidUntil!.getTime()).toBe(paidUntil);
    expect(after.renewAt!.getTime()).toBe(paidUntil - RENEW_AHEAD_MS);
    expect(after.failedTries).toBe(0);
    // nothing more is due: a second run charges nothing
    expect(await run(now)).toEqual([]);
    expect(fake.creates.length).toBe(creates + 1);
  });

  it('two runs at the same moment charge a due renewal once', async () => {
    const card = await keptCard('pm_card_visa');
    const end = new Date('2031-02-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const creates = fake.creates.length;
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    const [a, b] = await Promise.all([run(now), run(now)]);
    expect([...a, ...b].filter((o) => o.subscriptionId === sub.id)).toHaveLength(1);
    expect(fake.creates.length).toBe(creates + 1);
    expect((await renewalsOf(sub.id)).map((p) => p.status)).toEqual(['aprovado']);
    expect((await subOf(sub.id)).paidUntil!.getTime()).toBe(
      end.getTime() + w.monthly.periodDays * DAY,
    );
  });

  it('a declined card takes the retry path: nothing charged, the member e-mailed, tried again after a day', async () => {
    const card = await keptCard('pm_card_chargeDeclined');
    const end = new Date('2031-03-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'nao_aprovado' });
    expect(fake.creates.at(-1)).toMatchObject({ off_session: 'true' });
    expect((await renewalsOf(sub.id)).map((p) => p.status)).toEqual(['nao_aprovado']);
    const after = await subOf(sub.id);
    expect(after.status).toBe('ativo');
    expect(after.paidUntil!.getTime()).toBe(end.getTime());
    expect(after.failedTries).toBe(1);
    expect(after.renewAt!.getTime()).toBe(now.getTime() + RETRY_DAYS[0] * DAY);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.to).toBe('member@grace.demo');
    expect(w.sent[0]!.text).toMatch(/declined at renewal and nothing was charged/);
    expect(w.sent[0]!.text).not.toMatch(/confirm the renewal/);
  });

  it('"authentication_required" declines with the reason: the member is told the bank wants them there', async () => {
    const card = await keptCard('pm_card_threeDSecure2Required');
    const end = new Date('2031-04-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'nao_aprovado' });
    expect(fake.creates.at(-1)).toMatchObject({ off_session: 'true' });
    const [p] = await renewalsOf(sub.id);
    expect(p!.paymentUrl).toBeNull(); // no bank page: nobody is there to open it
    expect(p!.message).toMatch(/change your plan’s card on My plan/); // the plan's words, not the gift's
    const after = await subOf(sub.id);
    expect(after.failedTries).toBe(1);
    expect(after.renewAt!.getTime()).toBe(now.getTime() + RETRY_DAYS[0] * DAY);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.text).toMatch(/asked you to confirm the renewal/);
    expect(w.sent[0]!.text).toMatch(/We will try again/);
  });

  it('a gateway silent past pago_ate: the member keeps watching until the answer, then it settles', async () => {
    const card = await keptCard('pm_card_visa');
    const end = new Date('2031-06-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    fake.failNextCreate = '500-after';
    await run(now);
    // a day later, past pago_ate, the reconciliation has not reached Stripe yet
    const later = new Date(end.getTime() + 60_000);
    const [still] = await run(later);
    expect(still).toMatchObject({ subscriptionId: sub.id, status: 'pendente' });
    expect((await subOf(sub.id)).renewAt!.getTime()).toBeGreaterThan(end.getTime());
    expect(await activeSubscription(db(), w.churchId, w.userId, later)).toMatchObject({
      id: sub.id,
    });
    // Stripe answers (it had charged): pago_ate moves on, charged once
    expect(await reconcileLivePayments(db(), new Date(later.getTime() + 60_000))).toBe(1);
    const [settled] = await run(new Date(later.getTime() + LIVE_WAIT_MS + 60_000));
    expect(settled).toMatchObject({ subscriptionId: sub.id, status: 'aprovado' });
    const after = await subOf(sub.id);
    expect(after.paidUntil!.getTime()).toBeGreaterThan(later.getTime());
    expect(w.sent).toHaveLength(0);
  });

  it('a 5xx leaves the renewal pending; the job settles it and the next run moves pago_ate, charged once', async () => {
    const card = await keptCard('pm_card_visa');
    const end = new Date('2031-05-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    fake.failNextCreate = '500-after';
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'pendente' });
    const [pending] = await renewalsOf(sub.id);
    expect(pending!.status).toBe('pendente');
    expect(pending!.message).toMatch(/did not answer in time/);
    expect(intentsOf(pending!.code)).toHaveLength(1);
    // set aside while the gateway's answer is unknown: not a decline, and not charged again a minute later
    const waiting = await subOf(sub.id);
    expect(waiting.failedTries).toBe(0);
    expect(waiting.renewAt!.getTime()).toBe(now.getTime() + LIVE_WAIT_MS);
    expect(w.sent).toHaveLength(0);
    expect(await run(new Date(now.getTime() + 60_000))).toEqual([]);

    expect(await reconcileLivePayments(db(), new Date(now.getTime() + 11 * 60_000))).toBe(1);
    const [settled] = await run(new Date(now.getTime() + LIVE_WAIT_MS + 60_000));
    expect(settled).toMatchObject({ subscriptionId: sub.id, status: 'aprovado' });
    expect((await renewalsOf(sub.id)).map((p) => p.status)).toEqual(['aprovado']);
    expect(intentsOf(pending!.code)).toHaveLength(1);
    const after = await subOf(sub.id);
    expect(after.paidUntil!.getTime()).toBe(end.getTime() + w.monthly.periodDays * DAY);
    expect(after.renewAt!.getTime()).toBe(after.paidUntil!.getTime() - RENEW_AHEAD_MS);
  });

  it('cancelled while a renewal is open at Stripe: the paid period is kept, and nothing renews after it', async () => {
    const card = await keptCard('pm_card_visa');
    const end = new Date('2031-06-01T12:00:00Z');
    const sub = await dueSub(card.id, end);
    const now = new Date(end.getTime() - RENEW_AHEAD_MS + 60_000);
    fake.failNextCreate = '500-after';
    expect((await run(now))[0]).toMatchObject({ status: 'pendente' });
    const cancelled = await call(
      'POST',
      `/usuario-plano-assinatura/${sub.id}/cancelar?igreja=${w.churchId}`,
      { token: w.member },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.assinatura).toMatchObject({
      renovacaoAutomatica: false,
      proximaCobranca: null,
    });
    expect(await reconcileLivePayments(db(), new Date(now.getTime() + 11 * 60_000))).toBe(1);
    const creates = fake.creates.length;
    expect((await run(new Date(now.getTime() + LIVE_WAIT_MS + 60_000)))[0]).toMatchObject({
      subscriptionId: sub.id,
      status: 'aprovado',
    });
    const after = await subOf(sub.id);
    expect(after.paidUntil!.getTime()).toBe(end.getTime() + w.monthly.periodDays * DAY);
    expect(after.cancelledAt).not.toBeNull();
    expect(after.renewAt).toBeNull();
    expect(await run(new Date(after.paidUntil!.getTime() - 60_000))).toEqual([]);
    expect(fake.creates.length).toBe(creates);
  });

  it('after a decline the member changes to a new card: kept on their Customer, then renewed with it off-session', async () => {
    const declined = await keptCard('pm_card_chargeDeclined');
    const end = new Date('2031-07-01T12:00:00Z');
    const sub = await dueSub(declined.id, end);
    await run(new Date(end.getTime() - RENEW_AHEAD_MS + 60_000));
    expect((await subOf(sub.id)).failedTries).toBe(1);
    const put = (cartao: unknown) =>
      call('PUT', `/usuario-plano-assinatura/${sub.id}/cartao?igreja=${w.churchId}`, {
        token: w.member,
        body: { cartao },
      });

    // a card of the sandbox means nothing to the live account: refused, nothing changed
    const [sandbox] = await db()
      .insert(t.savedCards)
      .values({
        churchId: w.churchId,
        userId: w.userId,
        gatewayId: 5,
        token: `tok_sandbox_${backend}`,
        brand: 'visa',
        last4: '1111',
        holder: 'Ann Lee',
        expiry: '12/2034',
      })
      .returning();
    const refused = await put({ idCartao: sandbox!.id });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors?.cartao?.length).toBe(1);
    expect((await subOf(sub.id)).cardId).toBe(declined.id);

    const tok = await call('POST', `/general/payment/church/${w.churchId}/card/gateway-token`, {
      token: w.member,
      body: { token: 'pm_card_visa' },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const changed = await put({ token: tok.body.token });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await subOf(sub.id);
    const [card] = await db().select().from(t.savedCards).where(eq(t.savedCards.id, after.cardId!));
    expect(card!.token).toMatch(/^cus_[^|]+\|pm_card_visa$/);
    expect(card!.mode).toBe('live');
    const customer = card!.token.split('|')[0];

    const creates = fake.creates.length;
    const [outcome] = await run(new Date(after.renewAt!.getTime() + 60_000));
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'aprovado' });
    expect(fake.creates.slice(creates)).toEqual([
      expect.objectContaining({
        customer,
        payment_method: 'pm_card_visa',
        off_session: 'true',
      }),
    ]);
    const renewed = await subOf(sub.id);
    expect(renewed.failedTries).toBe(0);
    expect(renewed.paidUntil!.getTime()).toBe(end.getTime() + w.monthly.periodDays * DAY);
  });
});

describe.each(testBackends())('play renewals at a live CardConnect church on %s', (backend) => {
  const live = liveChurch('cardconnect');
  let fake: FakeCardConnect;
  const { w, db, run, open, clear, subOf, mySub, renewalsOf } = world(live);
  const { call } = apiClient(() => w.api, { lang: 'en' });
  const auths = () => fake.calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/auth'));

  beforeAll(async () => {
    await open(backend);
    fake = live.fake;
  }, 180_000);
  afterEach(clear);
  afterAll(() => live.close());

  it('the first checkout keeps the CardSecure token, and the renewal is one scheduled card-on-file auth', async () => {
    const tok = await call('POST', `/general/payment/church/${w.churchId}/card/token`, {
      token: w.member,
      body: {
        titular: 'Grace Member',
        numero: '4111 1111 1111 1111',
        cvv: '123',
        validade: '12/30',
      },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const token = tok.body.token as string;
    const first = await call('POST', '/pagamento/', {
      token: w.member,
      body: {
        tipo: 'assinatura',
        igreja: w.churchId,
        planoAssinatura: w.monthly.id,
        metodoPagamento: 'cartao',
        cartao: { token },
        salvarCartao: true,
        chaveIdempotencia: `play-cc-first-${backend}`,
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentResponseSchema.parse(first.body).pagamento.status).toBe('aprovado');
    expect(auths().at(-1)!.body).toMatchObject({ ecomind: 'E' });
    const sub = await mySub();
    const [card] = await db().select().from(t.savedCards).where(eq(t.savedCards.id, sub.cardId!));
    expect(card!.token).toBe(token);

    const before = auths().length;
    const [outcome] = await run(new Date(sub.renewAt!.getTime() + 60_000));
    expect(outcome).toMatchObject({ subscriptionId: sub.id, status: 'aprovado' });
    const sent = auths().slice(before);
    expect(sent).toHaveLength(1);
    const [renewal] = await renewalsOf(sub.id);
    expect(sent[0]!.body).toMatchObject({
      account: token.split('.')[0],
      expiry: '1230',
      amount: (w.monthly.priceCents / 100).toFixed(2),
      ecomind: 'R',
      cof: 'M',
      cofscheduled: 'Y',
      orderid: renewal!.code,
    });
    expect(renewal!.status).toBe('aprovado');
    expect((await subOf(sub.id)).paidUntil!.getTime()).toBe(
      sub.paidUntil!.getTime() + w.monthly.periodDays * DAY,
    );
    expect(
      await db()
        .select()
        .from(t.playSubscriptions)
        .where(and(eq(t.playSubscriptions.id, sub.id), eq(t.playSubscriptions.failedTries, 0))),
    ).toHaveLength(1);
  });
});
