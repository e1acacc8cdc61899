// PicPay keeps no card, so nothing started there can be charged again (docs/payments.md "Recurring
// gifts at a live gateway"): a recurring gift by PicPay is refused at creation with a clear 422 in
// pt/en/es before anything reaches PicPay, and a Play plan paid by PicPay never tries a renewal
// there (no card: it lapses at its end, as a Pix plan does, docs/play.md).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { playPlansResponseSchema } from '../../contract/play.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import type { FakePicPay } from './adapters/fake-picpay.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';

const PICPAY_TOKEN = 'picpay-token-graca-0001';
const SELLER_TOKEN = 'seller-token-graca-0001';

describe.each(testBackends())('recurring charges and a live PicPay account on %s', (backend) => {
  const live = liveChurch('picpay', {
    church: 'graca',
    lang: 'pt-BR',
    credentials: { picpayToken: PICPAY_TOKEN, sellerToken: SELLER_TOKEN },
  });
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakePicPay;
  let gracaId: number;
  let userId: number;
  let reasonId: number;
  let member = '';
  let seq = 0;
  const db = () => database.db;
  const key = () => `picpay-rec-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, member, churchId: gracaId, userId } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, gracaId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
  }, 180_000);
  afterAll(() => live.close());

  it.each([
    ['pt-BR', /cobradas no cartão de crédito/],
    ['en', /charged to a credit card/],
    ['es', /se cobran en la tarjeta de crédito/],
  ] as const)(
    'a recurring gift by PicPay is refused at creation (%s), before PicPay is asked',
    async (lang, message) => {
      const { call } = apiClient(() => api, { lang });
      const gifts = await db().$count(t.recurringGifts, eq(t.recurringGifts.userId, userId));
      const payments = await db().$count(t.payments, eq(t.payments.userId, userId));
      const asked = fake.calls.length;
      const r = await call('POST', '/pagamento/', {
        token: member,
        body: {
          tipo: 'doacao',
          igreja: gracaId,
          motivos: [{ motivo: reasonId, valor: 30 }],
          metodoPagamento: 'picpay',
          recorrencia: true,
          recorrenciaDias: 30,
          chaveIdempotencia: key(),
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.errors.metodoPagamento).toEqual([expect.stringMatching(message)]);
      expect(fake.calls.length).toBe(asked);
      expect(await db().$count(t.recurringGifts, eq(t.recurringGifts.userId, userId))).toBe(gifts);
      expect(await db().$count(t.payments, eq(t.payments.userId, userId))).toBe(payments);
    },
  );

  it('a Play plan paid by PicPay has no card to renew with: it is never charged again there', async () => {
    const { call } = apiClient(() => api, { lang: 'pt-BR' });
    await db().delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, userId));
    const { planos } = playPlansResponseSchema.parse(
      (await call('GET', '/igreja/graca/plano-assinatura/')).body,
    );
    const r = await call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'assinatura',
        igreja: gracaId,
        planoAssinatura: planos[0]!.id,
        metodoPagamento: 'picpay',
        chaveIdempotencia: key(),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aguardando');
    fake.payments.get(p.codigo)!.status = 'paid';
    const paid = await call('POST', `/webhooks/picpay?igreja=${gracaId}`, {
      body: JSON.stringify({ referenceId: p.codigo, authorizationId: 'auth-play-1' }),
      headers: { 'content-type': 'application/json', 'x-seller-token': SELLER_TOKEN },
    });
    expect(paid.status).toBe(200);
    const [sub] = await db()
      .select()
      .from(t.playSubscriptions)
      .where(eq(t.playSubscriptions.userId, userId));
    expect(sub).toMatchObject({ status: 'ativo', cardId: null, renewAt: null });
    expect(sub!.paidUntil).not.toBeNull();
  });
});
