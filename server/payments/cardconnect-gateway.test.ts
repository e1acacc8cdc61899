// A church's live CardConnect account against a local server that answers as CardPointe and
// CardSecure do (docs/payments.md "CardConnect"): the card number passes through to CardSecure and
// only its token is kept; an approval with our order code as orderid, a decline that gives the
// seats back, a refund that voids before settlement, and a lost answer found by the job.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import type { FakeCardConnect } from './adapters/fake-cardconnect.test-support.ts';
import { liveChurch } from './live-church.test-support.ts';
import { reconcileLivePayments } from './live.ts';

const MERCHANT = '496160873888';
const USERNAME = 'testing';
const PASSWORD = 'cardconnect-pass-0001';

describe.each(testBackends())('a live CardConnect account on %s', (backend) => {
  const live = liveChurch('cardconnect', {
    credentials: { merchantId: MERCHANT, username: USERNAME, password: PASSWORD },
  });
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeCardConnect;
  let graceId: number;
  let reasonId: number;
  let member = '';
  let admin = '';
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  let seq = 0;
  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const tokenize = async (numero: string) => {
    const r = await call('POST', `/general/payment/church/${graceId}/card/token`, {
      token: member,
      body: { titular: 'Grace Member', numero, cvv: '123', validade: '12/30' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  const give = (token: string, salvarCartao = false) =>
    call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 25 }],
        metodoPagamento: 'cartao',
        cartao: { token },
        salvarCartao,
        chaveIdempotencia: `cc-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, member, admin, churchId: graceId } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, graceId));
    reasonId = reason!.id;
    const saved = live.connected!;
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);
  });
  afterEach(() => {
    fake.loseNextAnswer = false;
  });
  afterAll(() => live.close());

  it('the number passes through to CardSecure and only its token is kept; the charge is approved once', async () => {
    const token = await tokenize('4111 1111 1111 1111');
    expect(token).toMatch(/^9\d+1111\.[0-9a-f]{12}$/);
    const [kept] = await db().select().from(t.cardTokens).where(eq(t.cardTokens.token, token));
    expect(JSON.stringify(kept)).not.toContain('4111111111111111');
    expect(kept!.last4).toBe('1111');
    // the same card twice is two tokens of ours (CardSecure gives it one), each with its owner
    expect(await tokenize('4111111111111111')).not.toBe(token);

    const r = await give(token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aprovado');
    const a = fake.byOrder(p.codigo)!;
    expect(a).toMatchObject({ amount: '25.00', expiry: '1230', account: token.split('.')[0] });
    expect((await payment(p.codigo)).gatewayReference).toBe(a.retref);
    const auths = fake.calls.filter((c) => c.path.endsWith('/auth'));
    expect(JSON.stringify(auths)).not.toContain('4111111111111111');
  });

  it('save card: the reusable CardSecure token is kept as the saved card, with its expiry', async () => {
    const token = await tokenize('5454545454545454');
    const r = await give(token, true);
    expect(paymentResponseSchema.parse(r.body).pagamento.status).toBe('aprovado');
    const saved = await db().select().from(t.savedCards).where(eq(t.savedCards.token, token));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ gatewayId: 1, last4: '5454', expiry: '12/2030' });
  });

  it('a declined card: not approved, with the processor text, nothing held', async () => {
    const r = await give(await tokenize('4000000000000002'));
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('nao_aprovado');
    expect((await payment(p.codigo)).gatewayReference).toBe(fake.byOrder(p.codigo)!.retref);
  });

  it('a refund before settlement is a void at CardConnect; after that it is refunded here', async () => {
    const code = paymentResponseSchema.parse((await give(await tokenize('4111111111111111'))).body)
      .pagamento.codigo;
    const r = await call('POST', `/admin/grace/doacao/doacoes/${code}/estorno`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    expect((await payment(code)).status).toBe('estornado');
    expect(fake.byOrder(code)!.setlstat).toBe('Voided');
    const again = await call('POST', `/admin/grace/doacao/doacoes/${code}/estorno`, {
      token: admin,
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it('an answer lost on the way back: pending, then the job finds it by orderid without a second auth', async () => {
    const token = await tokenize('4111111111111111');
    fake.loseNextAnswer = true;
    const r = await give(token);
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    await reconcileLivePayments(db(), new Date(Date.now() + 15 * 60_000));
    expect((await payment(p.codigo)).status).toBe('aprovado');
    expect(fake.calls.filter((c) => c.body?.orderid === p.codigo)).toHaveLength(1);
  });

  it('save card with the answer lost: the job finds the approval and the card is kept all the same', async () => {
    const token = await tokenize('5555555555554444');
    fake.loseNextAnswer = true;
    const p = paymentResponseSchema.parse((await give(token, true)).body).pagamento;
    expect(p.status).toBe('pendente');
    expect(await db().select().from(t.savedCards).where(eq(t.savedCards.token, token))).toEqual([]);
    await reconcileLivePayments(db(), new Date(Date.now() + 15 * 60_000));
    expect((await payment(p.codigo)).status).toBe('aprovado');
    const saved = await db().select().from(t.savedCards).where(eq(t.savedCards.token, token));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ gatewayId: 1, last4: '4444', mode: 'live' });
  });

  it('CardConnect sends no webhooks: anything posted as one is refused and changes nothing', async () => {
    const w = await call('POST', `/webhooks/cardconnect?igreja=${graceId}`, {
      body: JSON.stringify({ respstat: 'A', retref: '1' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(w.status).toBe(400);
  });
});
