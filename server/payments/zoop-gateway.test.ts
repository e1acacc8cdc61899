// A church's live Zoop account against a local server that answers as Zoop's marketplace API does
// (docs/payments.md "Zoop"): a dynamic Pix whose expiry is set at Zoop and which our expiry sweep
// cancels there; webhooks checked by their Authorization value, then read back from Zoop, applied
// once and never backwards; a card by a Zoop token, approved, declined and refunded (void); bank
// slips for a buyer made at Zoop; a lost answer found by the job through reference_id. Cards typed
// in our own fields (passed through to Zoop) and saved cards: zoop-cards.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_IDS } from '../../contract/gateways.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { hasValidPixCrc } from './pix.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loggedLines, loginAs } from '../test-kit.ts';
import { startFakeZoop, type FakeZoop } from './adapters/fake-zoop.test-support.ts';
import { expireOverduePix } from './expiry.ts';
import { reconcileLivePayments } from './live.ts';

const MARKETPLACE = 'mkt0a1b2c3d4e5f';
const SELLER = 'seller9f8e7d6c5b';
const API_KEY = 'zpk_test_graca_0001';
const WEBHOOK_SECRET = 'zoop-webhook-graca-0001';

describe.each(testBackends())('a live Zoop account on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeZoop;
  let gracaId: number;
  let reasonId: number;
  let member = '';
  let treasurer = '';
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  let seq = 0;
  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const give = (method: 'pix' | 'boleto' | 'cartao', extra: Record<string, unknown> = {}) =>
    call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: gracaId,
        motivos: [{ motivo: reasonId, valor: 40 }],
        metodoPagamento: method,
        chaveIdempotencia: `zoop-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
        ...extra,
      },
    });
  const notify = (transactionId: string, id: string, headers: Record<string, string>) =>
    call('POST', `/webhooks/zoop?igreja=${gracaId}`, {
      body: JSON.stringify({
        id,
        type: 'transaction.succeeded',
        resource: 'event',
        payload: { object: { id: transactionId, resource: 'transaction' } },
      }),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const gatewayToken = async (token: string) => {
    const r = await call('POST', `/general/payment/church/${gracaId}/card/gateway-token`, {
      token: member,
      body: { token },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };

  beforeAll(async () => {
    fake = await startFakeZoop(MARKETPLACE, API_KEY, [SELLER]);
    process.env.ZOOP_API_URL = fake.url;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = (await loginAs(api, 'membro@graca.demo')).token;
    treasurer = (await loginAs(api, 'tesoureiro@graca.demo')).token;
    const [graca] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    gracaId = graca!.id;
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, gracaId));
    reasonId = reason!.id;
  });
  afterEach(() => {
    fake.failNext = { creates: 0, keep: false };
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    delete process.env.ZOOP_API_URL;
    resetAccountSettings();
  });

  it('the treasurer sets Zoop live: every credential needed, secrets shown as four characters', async () => {
    const partial = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: { modo: 'live', credenciais: { marketplaceId: MARKETPLACE, apiKey: API_KEY } },
    });
    expect(partial.status).toBe(422);
    expect(Object.keys(partial.body.errors).sort()).toEqual([
      'credenciais.sellerId',
      'credenciais.webhookSecret',
    ]);
    const saved = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: {
        modo: 'live',
        credenciais: {
          marketplaceId: MARKETPLACE,
          sellerId: SELLER,
          apiKey: API_KEY,
          webhookSecret: WEBHOOK_SECRET,
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const text = JSON.stringify(saved.body);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
    const zoop = saved.body.gateways.find((g: { gateway: string }) => g.gateway === 'zoop');
    expect(zoop.modo).toBe('live');
    expect(zoop.urlWebhook).toMatch(new RegExp(`/api/v1/webhooks/zoop\\?igreja=${gracaId}$`));
  });

  it('live keys are checked with Zoop before they are saved: refused or unanswered, nothing is stored', async () => {
    const saves = async () =>
      (
        await db()
          .select()
          .from(t.auditLog)
          .where(and(eq(t.auditLog.churchId, gracaId), eq(t.auditLog.action, 'gateways.save')))
      ).length;
    const stored = async () =>
      (
        await db()
          .select()
          .from(t.churchGateways)
          .where(
            and(
              eq(t.churchGateways.churchId, gracaId),
              eq(t.churchGateways.gatewayId, GATEWAY_IDS.zoop),
            ),
          )
      )[0]!;
    const sellerReads = () =>
      fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/sellers/${SELLER}`));
    const before = { audits: await saves(), row: await stored() };
    const unchanged = async () => {
      expect(await saves()).toBe(before.audits);
      expect((await stored()).sealed).toBe(before.row.sealed);
      const listed = await call('GET', '/admin/graca/gateways', { token: treasurer });
      const zoop = listed.body.gateways.find((g: { gateway: string }) => g.gateway === 'zoop');
      expect(zoop.modo).toBe('live');
      expect(zoop.campos.find((f: { campo: string }) => f.campo === 'apiKey').final).toBe('0001');
    };

    const reads = sellerReads().length;
    const refused = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: { modo: 'live', credenciais: { apiKey: 'zpk_test_someone_else' } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['credenciais.apiKey'][0]).toBe(
      'O Zoop recusou estas chaves: confira-as no painel do Zoop.',
    );
    expect(sellerReads().length).toBe(reads + 1);
    const refusedEn = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      lang: 'en',
      body: { modo: 'live', credenciais: { apiKey: 'zpk_test_someone_else' } },
    });
    expect(refusedEn.body.errors['credenciais.apiKey'][0]).toBe(
      'Zoop refused these keys: check them in your Zoop dashboard.',
    );
    // the right key with a seller the marketplace does not have (404): the seller is named
    const noSeller = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: { modo: 'live', credenciais: { sellerId: 'seller_of_someone_else' } },
    });
    expect(noSeller.status).toBe(422);
    expect(noSeller.body.errors).toEqual({
      'credenciais.sellerId': [
        'O Zoop aceitou a chave, mas não tem este vendedor: confira o ID no painel do Zoop.',
      ],
    });
    await unchanged();

    fake.down = true;
    try {
      const down = await call('PUT', '/admin/graca/gateways/zoop', {
        token: treasurer,
        body: { modo: 'live', credenciais: { apiKey: 'zpk_test_graca_0002' } },
      });
      expect(down.status).toBe(503);
      expect(down.body.message).toBe(
        'Não foi possível falar com o Zoop para conferir as chaves; nada foi salvo. Tente de novo.',
      );
    } finally {
      fake.down = false;
    }
    await unchanged();

    // the sandbox checks nothing; live again with the right key is checked and saved
    const checks = sellerReads().length;
    const sandbox = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: { modo: 'sandbox', credenciais: { apiKey: 'zpk_test_someone_else' } },
    });
    expect(sandbox.status).toBe(200);
    expect(sellerReads().length).toBe(checks);
    const live = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: { modo: 'live', credenciais: { apiKey: API_KEY } },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(sellerReads().length).toBe(checks + 1);
    expect(await saves()).toBe(before.audits + 2);
    expect((await stored()).mode).toBe('live');
  });

  it('a dynamic Pix: its expiry is set at Zoop; the webhook is checked, read back from Zoop, applied once and never backwards', async () => {
    const r = await give('pix');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    const tx = fake.byReference(p.codigo)!;
    expect(tx.payment_type).toBe('pix');
    expect(tx.amount).toBe(4000);
    expect(tx.on_behalf_of).toBe(SELLER);
    const row = await payment(p.codigo);
    expect(row.gatewayReference).toBe(tx.id);
    // the code the payer sees is Zoop's own, and Zoop expires it when we do
    expect(row.pixCode).toBe((tx.payment_method as any).qr_code.emv);
    expect(hasValidPixCrc(row.pixCode!)).toBe(true);
    expect(new Date((tx.payment_method as any).expiration_date).getTime()).toBe(
      row.expiresAt!.getTime(),
    );

    tx.status = 'succeeded';
    expect((await notify(tx.id, 'evt-1', {})).status).toBe(400);
    expect((await notify(tx.id, 'evt-1', { authorization: 'someone-elses-secret' })).status).toBe(
      401,
    );
    expect((await payment(p.codigo)).status).toBe('pendente');
    const ok = await notify(tx.id, 'evt-1', { authorization: WEBHOOK_SECRET });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await payment(p.codigo)).status).toBe('aprovado');
    expect((await notify(tx.id, 'evt-1', { authorization: WEBHOOK_SECRET })).body).toMatchObject({
      repetido: true,
    });
    // a forged "succeeded" cannot pay an order: the status is Zoop's, read back
    const other = paymentResponseSchema.parse((await give('pix')).body).pagamento.codigo;
    await notify(fake.byReference(other)!.id, 'evt-forged', {
      authorization: `Basic ${WEBHOOK_SECRET}`,
    });
    expect((await payment(other)).status).toBe('pendente');
    // a later "failed" never moves a paid order back
    tx.status = 'failed';
    await notify(tx.id, 'evt-2', { authorization: WEBHOOK_SECRET });
    expect((await payment(p.codigo)).status).toBe('aprovado');
  });

  it('an expired Pix is cancelled here and voided at Zoop, so it can no longer be paid', async () => {
    const code = paymentResponseSchema.parse((await give('pix')).body).pagamento.codigo;
    const tx = fake.byReference(code)!;
    await expireOverduePix(db(), gracaId, later(61), 'await');
    expect((await payment(code)).status).toBe('cancelado');
    expect(tx.status).toBe('canceled');
    const voids = fake.calls.filter((c) => c.path.endsWith(`/transactions/${tx.id}/void`));
    expect(voids).toHaveLength(1);
    expect(voids[0]!.body).toMatchObject({ on_behalf_of: SELLER, amount: 4000 });
  });

  it('a Zoop token approves, a declined one gives back, a refund voids', async () => {
    fake.tokens.set('tok_zoop_ok_1', { used: false, last4: '1111', brand: 'Visa' });
    fake.tokens.set('tok_zoop_decline', { used: false, last4: '0002', brand: 'MasterCard' });
    const r = await give('cartao', {
      cartao: { token: await gatewayToken('tok_zoop_ok_1') },
      salvarCartao: false,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aprovado');
    const create = fake.calls.find(
      (c) => c.method === 'POST' && c.body?.reference_id === p.codigo,
    )!;
    expect(create.body).toMatchObject({
      payment_type: 'credit',
      amount: 4000,
      source: { usage: 'single_use', card: { id: 'tok_zoop_ok_1' } },
    });
    expect(JSON.stringify(create.body)).not.toMatch(/card_number|security_code/);

    const declined = await give('cartao', {
      cartao: { token: await gatewayToken('tok_zoop_decline') },
      salvarCartao: false,
    });
    expect(declined.status).toBe(201);
    const d = paymentResponseSchema.parse(declined.body).pagamento;
    expect(d.status).toBe('nao_aprovado');
    expect((await payment(d.codigo)).message).toMatch(/cartão/i);

    const refund = await call('POST', `/admin/graca/doacao/doacoes/${p.codigo}/estorno`, {
      token: treasurer,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(204);
    expect((await payment(p.codigo)).status).toBe('estornado');
    expect(fake.byReference(p.codigo)!.status).toBe('canceled');
  });

  it('a bank slip: a buyer at Zoop, the digitable line and the PDF', async () => {
    const r = await give('boleto');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    const tx = fake.byReference(p.codigo)!;
    expect(tx.customer).toMatch(/^buyer_/);
    const row = await payment(p.codigo);
    expect(row.boletoLine).toBe('34191.79001 01043.510047 91020.150008 2 91070026000');
    expect(row.paymentUrl).toMatch(/\.pdf$/);
  });

  it('Zoop kept the Pix but answered 503: pending, then the job finds it by reference_id', async () => {
    fake.failNext = { creates: 1, keep: true };
    const r = await give('pix');
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    expect((await payment(p.codigo)).gatewayReference).toBeNull();
    await reconcileLivePayments(db(), later(15));
    const row = await payment(p.codigo);
    expect(row.gatewayReference).toBe(fake.byReference(p.codigo)!.id);
    expect(row.pixCode).toMatch(/^000201/);
    const creates = fake.calls.filter(
      (c) => c.method === 'POST' && c.body?.reference_id === p.codigo && c.body?.payment_type,
    );
    expect(creates).toHaveLength(1);
  });

  it('an answer of another shape is logged and taken as no answer: pending, then the job finds it', async () => {
    fake.oddNext = 1;
    let r: Awaited<ReturnType<typeof give>> | undefined;
    const lines = await loggedLines(async () => {
      r = await give('pix');
    });
    expect(r!.status).toBe(201);
    const p = paymentResponseSchema.parse(r!.body).pagamento;
    expect(p.status).toBe('pendente');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const odd = logged.find((l) => l.msg === '[payments] unexpected gateway answer');
    expect(odd).toMatchObject({ gateway: 'Zoop', call: 'create' });
    expect(String(odd!.fields)).toMatch(/id|status/);
    await reconcileLivePayments(db(), later(15));
    const row = await payment(p.codigo);
    expect(row.gatewayReference).toBe(fake.byReference(p.codigo)!.id);
    expect(row.pixCode).toMatch(/^000201/);
  });
});
