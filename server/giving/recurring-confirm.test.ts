// A recurring gift whose off-session charge the bank declined because it wants the donor there
// (Stripe `authentication_required`) is confirmed by the donor on /user/giving (docs/payments.md
// "Recurring gifts at a live gateway"): POST …/doacao-recorrente/{id}/confirmar makes the gift's
// next try now, on-session, against the local Stripe of fake-stripe.test-support.ts; the bank's
// page is answered, a signed webhook approves it, and the job then settles the gift from that
// payment without charging again. Twice is one charge; others' gifts and gifts with nothing to
// confirm are refused.
import { addDays, churchToday } from '../../common/time-zone.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recurringGiftsResponseSchema } from '../../contract/giving.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import type { Mail } from '../mail/outbox.ts';
import {
  signedStripeEvent,
  type FakeStripe,
} from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch } from '../payments/live-church.test-support.ts';
import { apiClient } from '../test-kit.ts';

import { churchZone } from '../church/church-clock.ts';
import { chargeDueGifts, LIVE_WAIT_MS, RETRY_DAYS } from './recurring.ts';

const DAY = 86_400_000;

describe.each(testBackends())('confirming a recurring gift with the bank on %s', (backend) => {
  const live = liveChurch('stripe');
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeStripe;
  let churchId: number;
  let userId: number;
  let adminId: number;
  let reasonId: number;
  let member: string;
  let admin: string;
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
  const confirm = (giftId: number, opts: { token?: string; user?: number; lang?: string } = {}) =>
    call(
      'POST',
      `/usuario/${opts.user ?? userId}/doacao-recorrente/${giftId}/confirmar?igreja=${churchId}`,
      { token: opts.token ?? member, ...(opts.lang ? { lang: opts.lang } : {}) },
    );
  const listed = async (giftId: number) => {
    const r = await call('GET', `/usuario/${userId}/doacao-recorrente?igreja=${churchId}`, {
      token: member,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return recurringGiftsResponseSchema
      .parse(r.body)
      .doacoesRecorrentes.find((g) => g.id === giftId)!;
  };
  const webhook = (type: string, object: object, id: string) =>
    call('POST', `/webhooks/stripe?igreja=${churchId}`, signedStripeEvent(id, type, object));

  /** A card Stripe kept on a Customer for the member. */
  const keptCard = async (pm: string) => {
    const [card] = await db()
      .insert(t.savedCards)
      .values({
        churchId,
        userId,
        gatewayId: 5,
        token: `cus_conf${Math.random().toString(36).slice(2, 8)}|${pm}`,
        brand: 'visa',
        last4: '3220',
        holder: 'Ann Lee',
        expiry: '12/2034',
        mode: 'live',
      })
      .returning();
    return card!;
  };
  /** A monthly gift due today (the confirmation runs at the real clock) with that card. */
  const dueGift = async (cardId: number, now: Date) => {
    const day = churchToday(await churchZone(db(), churchId), now);
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
        nextChargeAt: new Date(now.getTime() - 60_000),
      })
      .returning();
    return g!;
  };
  const giftOf = async (id: number) =>
    (await db().select().from(t.recurringGifts).where(eq(t.recurringGifts.id, id)))[0]!;
  const paymentsOf = (giftId: number) =>
    db().select().from(t.payments).where(eq(t.payments.recurringGiftId, giftId));
  /** The gift's off-session charge declined with authentication_required, as the job leaves it. */
  const declinedForAuthentication = async () => {
    const now = new Date();
    const card = await keptCard('pm_card_threeDSecure2Required');
    const gift = await dueGift(card.id, now);
    const [outcome] = await run(now);
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'nao_aprovado' });
    expect(fake.creates.at(-1)).toMatchObject({ off_session: 'true' });
    return { gift: await giftOf(gift.id), card, now };
  };

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, admin, member, churchId, userId } = live);
    const [adminUser] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'admin@grace.demo'));
    adminId = adminUser!.id;
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
    sent.length = 0;
    await pauseAll();
  });
  afterAll(() => live.close());

  it('the donor confirms on-session, the webhook approves, and the job settles the gift without a second charge', async () => {
    const { gift, card, now } = await declinedForAuthentication();
    const [declined] = await paymentsOf(gift.id);
    expect(gift.failedTries).toBe(1);
    expect(gift.lastPaymentId).toBe(declined!.id);
    // the e-mail sends the donor to /user/giving to confirm, not to give again on /give
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/confirm it with your bank in My giving/);
    expect(sent[0]!.text).toContain('/user/giving');
    expect(sent[0]!.text).not.toMatch(/give once/);
    expect((await listed(gift.id)).confirmacaoPendente).toBe(true);

    const creates = fake.creates.length;
    const first = await confirm(gift.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const answer = paymentResponseSchema.parse(first.body).pagamento;
    expect(answer.status).toBe('em_aberto');
    expect(answer.desafio).toBe(true);
    expect(answer.urlPagamento).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?/);
    // one new PaymentIntent, on-session: the kept card's customer and method, the payment page to come back to
    expect(fake.creates.length).toBe(creates + 1);
    const [customer, pm] = card.token.split('|');
    const form = fake.creates.at(-1)!;
    expect(form).toMatchObject({ customer, payment_method: pm, confirm: 'true', amount: '4000' });
    expect(form.off_session).toBeUndefined();
    expect(form.return_url).toMatch(new RegExp(`/user/payment/${answer.codigo}$`));
    const [confirmation] = (await paymentsOf(gift.id)).filter((p) => p.id !== declined!.id);
    expect(confirmation).toMatchObject({
      occurrence: gift.nextOccurrence,
      attempt: 1,
      status: 'em_aberto',
      code: answer.codigo,
    });
    expect(answer.urlPagamento).toContain(confirmation!.gatewayReference!);
    // the gift waits for it as for any open live charge; the job does not charge it meanwhile
    expect((await giftOf(gift.id)).failedTries).toBe(1);
    expect(await run(new Date(Date.now() + 60_000))).toEqual([]);

    // a second call while it is open answers the same payment: no new charge
    const again = await confirm(gift.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(paymentResponseSchema.parse(again.body).pagamento.codigo).toBe(answer.codigo);
    expect(fake.creates.length).toBe(creates + 1);
    expect((await listed(gift.id)).confirmacaoPendente).toBe(true);

    const ok = await webhook(
      'payment_intent.succeeded',
      { ...fake.succeed(confirmation!.gatewayReference!) },
      `evt_confirm_${backend}`,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await paymentsOf(gift.id)).find((p) => p.id === confirmation!.id)!.status).toBe(
      'aprovado',
    );
    expect((await listed(gift.id)).confirmacaoPendente).toBe(false);
    const done = await confirm(gift.id);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(
      'This recurring gift has no charge waiting for your bank’s confirmation.',
    );

    // the job at the retry time finds the try made: nothing charged, the next occurrence
    sent.length = 0;
    const [outcome] = await run(new Date(now.getTime() + RETRY_DAYS[0] * DAY));
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'aprovado' });
    expect(fake.creates.length).toBe(creates + 1);
    const after = await giftOf(gift.id);
    expect(after).toMatchObject({
      status: 'ativa',
      failedTries: 0,
      nextOccurrence: addDays(gift.nextOccurrence, 30),
      lastPaymentId: confirmation!.id,
    });
    expect(sent).toHaveLength(0);
    expect((await paymentsOf(gift.id)).map((p) => p.status).sort()).toEqual([
      'aprovado',
      'nao_aprovado',
    ]);
  });

  it('a gift paused after its last declined try is resumed by its confirmation and moves on once approved', async () => {
    const { gift } = await declinedForAuthentication();
    // as the job leaves it after the last of the retries
    await db()
      .update(t.recurringGifts)
      .set({ status: 'pausada', failedTries: RETRY_DAYS.length + 1 })
      .where(eq(t.recurringGifts.id, gift.id));
    expect((await listed(gift.id)).confirmacaoPendente).toBe(true);
    const r = await confirm(gift.id);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const answer = paymentResponseSchema.parse(r.body).pagamento;
    expect(answer.status).toBe('em_aberto');
    const paid = (await paymentsOf(gift.id)).find((p) => p.code === answer.codigo)!;
    expect(paid.attempt).toBe(RETRY_DAYS.length + 1);
    expect((await giftOf(gift.id)).status).toBe('ativa');
    fake.succeed(paid.gatewayReference!);
    const ok = await webhook(
      'payment_intent.succeeded',
      { ...fake.intents.get(paid.gatewayReference!)! },
      `evt_confirm_paused_${backend}`,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const creates = fake.creates.length;
    const [outcome] = await run(new Date(Date.now() + LIVE_WAIT_MS + 60_000));
    expect(outcome).toMatchObject({ giftId: gift.id, status: 'aprovado' });
    expect(fake.creates.length).toBe(creates);
    expect(await giftOf(gift.id)).toMatchObject({
      status: 'ativa',
      failedTries: 0,
      nextOccurrence: addDays(gift.nextOccurrence, 30),
    });
  });

  it('two confirmations at once make one charge', async () => {
    const { gift } = await declinedForAuthentication();
    const creates = fake.creates.length;
    const [a, b] = await Promise.all([confirm(gift.id), confirm(gift.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(paymentResponseSchema.parse(a.body).pagamento.codigo).toBe(
      paymentResponseSchema.parse(b.body).pagamento.codigo,
    );
    expect(fake.creates.length).toBe(creates + 1);
    expect(await paymentsOf(gift.id)).toHaveLength(2);
  });

  it('someone else’s gift is refused, and a gift with nothing to confirm is 409 in pt and en', async () => {
    const { gift } = await declinedForAuthentication();
    const creates = fake.creates.length;
    // another member asking for this member's gifts, or for this gift as theirs
    expect((await confirm(gift.id, { token: admin })).status).toBe(403);
    expect((await confirm(gift.id, { token: admin, user: adminId })).status).toBe(404);
    const otherChurch = await call(
      'POST',
      `/usuario/${userId}/doacao-recorrente/${gift.id}/confirmar?igreja=${churchId + 1000}`,
      { token: member },
    );
    expect(otherChurch.status).toBe(404);
    const noQuery = await call(
      'POST',
      `/usuario/${userId}/doacao-recorrente/${gift.id}/confirmar`,
      {
        token: member,
      },
    );
    expect(noQuery.status).toBe(400);
    expect(fake.creates.length).toBe(creates);

    // a gift charged fine has nothing waiting for the bank
    const card = await keptCard('pm_card_visa');
    const fine = await dueGift(card.id, new Date());
    const [outcome] = await run(new Date());
    expect(outcome).toMatchObject({ giftId: fine.id, status: 'aprovado' });
    expect((await listed(fine.id)).confirmacaoPendente).toBe(false);
    const en = await confirm(fine.id);
    expect(en.status).toBe(409);
    expect(en.body.message).toBe(
      'This recurring gift has no charge waiting for your bank’s confirmation.',
    );
    const pt = await confirm(fine.id, { lang: 'pt' });
    expect(pt.status).toBe(409);
    expect(pt.body.message).toBe(
      'Esta doação recorrente não tem cobrança esperando a confirmação do seu banco.',
    );
    // an ordinary decline (not the bank asking for the donor) has nothing to confirm either
    const declinedCard = await keptCard('pm_card_chargeDeclined');
    const declined = await dueGift(declinedCard.id, new Date());
    await run(new Date());
    expect((await giftOf(declined.id)).failedTries).toBe(1);
    expect((await confirm(declined.id)).status).toBe(409);
    // a cancelled gift neither
    await db()
      .update(t.recurringGifts)
      .set({ status: 'cancelada' })
      .where(eq(t.recurringGifts.id, gift.id));
    expect((await confirm(gift.id)).status).toBe(409);
    expect(fake.creates.length).toBe(creates + 2);
  });
});
