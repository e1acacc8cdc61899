// A recurring gift's first charge at a live Stripe church that needs 3-D Secure is approved later
// (docs/payments.md "Recurring gifts at a live gateway"): by a signed `payment_intent.succeeded`
// webhook, or by the reconciliation job, the card Stripe kept (`cus_…|pm_…`) is saved, the gift
// points at it, and the recurring job's next charge is off-session with that customer and approved.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { chargeDueGifts } from '../giving/recurring.ts';
import type { Mail } from '../mail/outbox.ts';
import { apiClient } from '../test-kit.ts';
import { signedStripeEvent, type FakeStripe } from './adapters/fake-stripe.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';
import { reconcileLivePayments } from './live.ts';

/** Stripe's test card that asks for 3-D Secure until it is set up for off-session use. */
const PM = 'pm_card_authenticationRequiredOnSetup';

describe.each(testBackends())(
  'a card kept after 3-D Secure at a live Stripe church on %s',
  (backend) => {
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
    const mailer = { async send(_mail: Mail) {} };
    const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };

    const webhook = (type: string, object: object, id: string) =>
      call('POST', `/webhooks/stripe?igreja=${churchId}`, signedStripeEvent(id, type, object));

    /** A monthly gift started with the 3-D Secure card: open (em_aberto) at the bank's page. */
    const startGift = async (key: string) => {
      const tok = await call('POST', `/general/payment/church/${churchId}/card/gateway-token`, {
        token: memberToken,
        body: { token: PM },
      });
      expect(tok.status, JSON.stringify(tok.body)).toBe(201);
      const r = await call('POST', '/pagamento/', {
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
          chaveIdempotencia: `${key}-${backend}`,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const p = paymentResponseSchema.parse(r.body).pagamento;
      expect(p.status).toBe('em_aberto');
      const create = fake.creates.at(-1)!;
      expect(create).toMatchObject({ setup_future_usage: 'off_session', payment_method: PM });
      expect(create.customer).toMatch(/^cus_/);
      const [payment] = await db().select().from(t.payments).where(eq(t.payments.code, p.codigo));
      const [gift] = await db()
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, payment!.recurringGiftId!));
      return { payment: payment!, gift: gift!, customer: create.customer! };
    };

    /** The gift points at the card Stripe kept, and no bare PaymentMethod twin is left in the member's cards. */
    const expectKept = async (giftId: number, customer: string) => {
      const [gift] = await db()
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId));
      const [card] = await db()
        .select()
        .from(t.savedCards)
        .where(eq(t.savedCards.id, gift!.cardId!));
      expect(card).toMatchObject({ token: `${customer}|${PM}`, gatewayId: 5, last4: '3155' });
      const mine = await db()
        .select({ token: t.savedCards.token })
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.churchId, churchId)));
      expect(mine.filter((c) => c.token.endsWith(PM))).toEqual([{ token: `${customer}|${PM}` }]);
      return gift!;
    };

    /** The recurring job at the gift's next charge: one off-session PaymentIntent of the kept card, approved. */
    const expectNextChargeOffSession = async (giftId: number, customer: string) => {
      const [gift] = await db()
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId));
      await db()
        .update(t.recurringGifts)
        .set({ status: 'pausada' })
        .where(and(ne(t.recurringGifts.id, giftId), eq(t.recurringGifts.status, 'ativa')));
      const creates = fake.creates.length;
      const [outcome] = await chargeDueGifts(
        db(),
        new Date(gift!.nextChargeAt.getTime() + 60_000),
        {
          mailer,
          settings,
        },
      );
      expect(outcome).toMatchObject({ giftId, status: 'aprovado' });
      expect(fake.creates.slice(creates)).toEqual([
        expect.objectContaining({
          customer,
          payment_method: PM,
          off_session: 'true',
          confirm: 'true',
          amount: '4000',
        }),
      ]);
      expect(fake.creates.at(-1)!.return_url).toBeUndefined();
    };

    beforeAll(async () => {
      await live.open(backend);
      ({ database, api, fake, churchId, userId, member: memberToken } = live);
      const [reason] = await db()
        .select()
        .from(t.paymentReasons)
        .where(
          and(
            eq(t.paymentReasons.churchId, churchId),
            eq(t.paymentReasons.recurrenceAllowed, true),
          ),
        );
      reasonId = reason!.id;
    }, 180_000);
    afterAll(() => live.close());

    it('approved by the signed payment_intent.succeeded webhook: the card is kept and the next charge is off-session', async () => {
      const { payment, gift, customer } = await startGift('3ds-webhook');
      // before the bank answers, an off-session charge of this card would need the donor
      const ok = await webhook(
        'payment_intent.succeeded',
        { ...fake.succeed(payment.gatewayReference!) },
        `evt_3ds_save_${backend}`,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toEqual({ recebido: true, repetido: false });
      const [after] = await db().select().from(t.payments).where(eq(t.payments.id, payment.id));
      expect(after!.status).toBe('aprovado');
      await expectKept(gift.id, customer);
      await expectNextChargeOffSession(gift.id, customer);
    });

    it('approved by the reconciliation job (no webhook): the card is kept and the next charge is off-session', async () => {
      const { payment, gift, customer } = await startGift('3ds-job');
      fake.succeed(payment.gatewayReference!);
      const [charge] = await db()
        .select()
        .from(t.gatewayCharges)
        .where(eq(t.gatewayCharges.paymentId, payment.id));
      const settled = await reconcileLivePayments(
        db(),
        new Date(charge!.nextCheckAt.getTime() + 1000),
      );
      expect(settled).toBeGreaterThanOrEqual(1);
      const [after] = await db().select().from(t.payments).where(eq(t.payments.id, payment.id));
      expect(after!.status).toBe('aprovado');
      await expectKept(gift.id, customer);
      await expectNextChargeOffSession(gift.id, customer);
    });

    it('a webhook whose intent lacks the customer still keeps the card Stripe named at the first answer', async () => {
      const { payment, gift, customer } = await startGift('3ds-bare-event');
      const intent = fake.succeed(payment.gatewayReference!);
      const ok = await webhook(
        'payment_intent.succeeded',
        { ...intent, customer: null },
        `evt_3ds_bare_${backend}`,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      await expectKept(gift.id, customer);
    });
  },
);
