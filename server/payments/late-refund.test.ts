// Paid at the gateway after we had closed the order (docs/payments.md "Paid after we cancelled"),
// against the local Stripe of fake-stripe.test-support.ts: a 3-D Secure completed as our sweep gave
// it up, found when Stripe refuses the cancel or told by a signed webhook, stays cancelled here
// (statuses only move forward) and is refunded at Stripe once by the job, also when Stripe is
// down at first, and never twice when two passes run.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import { signedStripeEvent, type FakeStripe } from './adapters/fake-stripe.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';
import { expireOverduePix } from './expiry.ts';
import { refundPaidAfterClose } from './late-refund.ts';

describe.each(testBackends())(
  'paid after we cancelled, at a live Stripe church on %s',
  (backend) => {
    const live = liveChurch('stripe');
    let database: DatabaseHandle;
    let api: Api;
    let fake: FakeStripe;
    let graceId: number;
    let reasonId: number;
    let member: string;
    const { call } = apiClient(() => api, { lang: 'en' });
    const db = () => database.db;
    let seq = 0;
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    const payment = async (code: string) =>
      (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
    const charge = async (code: string) =>
      (
        await db()
          .select({ c: t.gatewayCharges })
          .from(t.gatewayCharges)
          .innerJoin(t.payments, eq(t.payments.id, t.gatewayCharges.paymentId))
          .where(eq(t.payments.code, code))
      )[0]!.c;
    const refunds = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    /** A gift whose card asks for 3-D Secure: open at Stripe, `em_aberto` here. */
    const challengedGift = async () => {
      const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
        token: member,
        body: { token: 'pm_card_threeDSecure2Required' },
      });
      expect(tok.status, JSON.stringify(tok.body)).toBe(201);
      const r = await call('POST', '/pagamento/', {
        token: member,
        body: {
          tipo: 'doacao',
          igreja: graceId,
          motivos: [{ motivo: reasonId, valor: 25 }],
          metodoPagamento: 'cartao',
          cartao: { token: tok.body.token },
          salvarCartao: false,
          chaveIdempotencia: `late-${backend}-${++seq}`,
        },
      });
      const p = paymentResponseSchema.parse(r.body).pagamento;
      expect(p.status).toBe('em_aberto');
      return { code: p.codigo, reference: (await payment(p.codigo)).gatewayReference! };
    };
    const succeededWebhook = (eventId: string, reference: string) =>
      call(
        'POST',
        `/webhooks/stripe?igreja=${graceId}`,
        signedStripeEvent(eventId, 'payment_intent.succeeded', fake.intents.get(reference)!),
      );

    beforeAll(async () => {
      await live.open(backend);
      ({ database, api, fake, member, churchId: graceId } = live);
      const [reason] = await db()
        .select()
        .from(t.paymentReasons)
        .where(eq(t.paymentReasons.churchId, graceId));
      reasonId = reason!.id;
    });
    afterEach(() => {
      fake.down = false;
    });
    afterAll(() => live.close());

    it('paid at the bank as our sweep gave it up: Stripe refuses the cancel, the gift stays cancelled and is refunded once', async () => {
      const { code, reference } = await challengedGift();
      fake.succeed(reference); // the payer finished the challenge at the last moment
      await expireOverduePix(db(), graceId, later(16), 'await');
      const closed = await payment(code);
      expect(closed.status).toBe('cancelado');
      expect(closed.message).toMatch(/confirmed after the order had already been cancelled/);
      expect((await charge(code)).refundDueAt).not.toBeNull();

      // Stripe's own event arrives too: nothing moves back, nothing is owed twice
      const told = await succeededWebhook(`evt_late_${backend}_1`, reference);
      expect(told.status).toBe(200);
      expect((await payment(code)).status).toBe('cancelado');

      // two job passes at once refund it once, with the order's key
      const [a, b] = await Promise.all([
        refundPaidAfterClose(db(), later(17)),
        refundPaidAfterClose(db(), later(17)),
      ]);
      expect(a + b).toBe(1);
      expect(refunds()).toHaveLength(1);
      expect(refunds()[0]!.idempotencyKey).toBe(`${code}:refund`);
      expect(fake.intents.get(reference)!.refunded).toBe(true);
      expect((await charge(code)).refundedAt).not.toBeNull();
      expect(await refundPaidAfterClose(db(), later(60))).toBe(0);
      expect(refunds()).toHaveLength(1);
      expect((await payment(code)).status).toBe('cancelado');
    });

    it('told only by the webhook (Stripe was down at the sweep), refunded once Stripe is back', async () => {
      const { code, reference } = await challengedGift();
      fake.succeed(reference);
      fake.down = true; // neither the cancel nor the question reaches Stripe
      await expireOverduePix(db(), graceId, later(16), 'await');
      expect((await payment(code)).status).toBe('cancelado');
      expect((await charge(code)).refundDueAt).toBeNull(); // nobody knows yet
      fake.down = false;

      const told = await succeededWebhook(`evt_late_${backend}_2`, reference);
      expect(told.status).toBe(200);
      const after = await payment(code);
      expect(after.status).toBe('cancelado'); // never back to paid
      expect(after.message).toMatch(/given back the same way/);

      const before = refunds().length;
      fake.down = true; // a refund that fails is tried again later
      expect(await refundPaidAfterClose(db(), later(17))).toBe(0);
      expect((await charge(code)).refundedAt).toBeNull();
      expect((await charge(code)).lastError).toMatch(/^refund:/);
      fake.down = false;
      expect(await refundPaidAfterClose(db(), later(18))).toBe(0); // not before its next try
      expect(await refundPaidAfterClose(db(), later(23))).toBe(1);
      expect(refunds().length - before).toBe(1); // asked first what it is now, then refunded once
      expect(fake.intents.get(reference)!.refunded).toBe(true);
    });
  },
);
