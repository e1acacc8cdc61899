// A church's live PicPay account against a local server that answers as PicPay's e-commerce API
// does (docs/payments.md "What is tested how"): the payer goes to PicPay's paymentUrl; the
// callback is checked by its x-seller-token, then the status is read from PicPay; the same
// callback twice or a later "expired" never moves a paid order back; a lost callback is found by the job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import type { FakePicPay } from './adapters/fake-picpay.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';
import { reconcileLivePayments } from './live.ts';

const PICPAY_TOKEN = 'picpay-token-graca-0001';
const SELLER_TOKEN = 'seller-token-graca-0001';

describe.each(testBackends())('a live PicPay account on %s', (backend) => {
  const live = liveChurch('picpay', {
    church: 'graca',
    lang: 'pt-BR',
    credentials: { picpayToken: PICPAY_TOKEN, sellerToken: SELLER_TOKEN },
  });
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakePicPay;
  let gracaId: number;
  let reasonId: number;
  let member = '';
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  let seq = 0;
  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const give = () =>
    call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: gracaId,
        motivos: [{ motivo: reasonId, valor: 30 }],
        metodoPagamento: 'picpay',
        chaveIdempotencia: `picpay-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });
  const callback = (referenceId: string, headers: Record<string, string>) =>
    call('POST', `/webhooks/picpay?igreja=${gracaId}`, {
      body: JSON.stringify({ referenceId, authorizationId: '555008cef7f321d00ef236333' }),
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, member, churchId: gracaId } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, gracaId));
    reasonId = reason!.id;
    const saved = live.connected!;
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(SELLER_TOKEN);
  });
  afterAll(() => live.close());

  it('the payer is sent to PicPay; the callback is checked, then PicPay is asked; paid stays paid', async () => {
    const r = await give();
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aguardando');
    expect(p.urlPagamento).toMatch(/^https:\/\/app\.picpay\.com\/checkout\//);
    const sent = fake.payments.get(p.codigo)!;
    expect(sent.value).toBe(30);
    expect(sent.callbackUrl).toMatch(new RegExp(`/api/v1/webhooks/picpay\\?igreja=${gracaId}$`));

    fake.payments.get(p.codigo)!.status = 'paid';
    expect((await callback(p.codigo, {})).status).toBe(400);
    expect((await callback(p.codigo, { 'x-seller-token': 'someone-else-token-0001' })).status).toBe(
      401,
    );
    expect((await payment(p.codigo)).status).toBe('aguardando');

    const ok = await callback(p.codigo, { 'x-seller-token': SELLER_TOKEN });
    expect(ok.status).toBe(200);
    expect((await payment(p.codigo)).status).toBe('aprovado');
    expect((await callback(p.codigo, { 'x-seller-token': SELLER_TOKEN })).body).toMatchObject({
      repetido: true,
    });
    fake.payments.get(p.codigo)!.status = 'expired';
    await callback(p.codigo, { 'x-seller-token': SELLER_TOKEN });
    expect((await payment(p.codigo)).status).toBe('aprovado');
  });

  it('a lost callback: the job reads the status from PicPay', async () => {
    const r = await give();
    const code = paymentResponseSchema.parse(r.body).pagamento.codigo;
    fake.payments.get(code)!.status = 'completed';
    await reconcileLivePayments(db(), new Date(Date.now() + 15 * 60_000));
    expect((await payment(code)).status).toBe('aprovado');
  });
});
