// Cards typed in our own fields at a church whose Zoop is live (docs/payments.md "Zoop"): the
// number and CVV pass through to Zoop's card tokens and are in no row of ours and no log line; a
// declined card gives back; "save card" keeps the card at Zoop as `buyer|card` for a buyer made
// there, and the next order charges that card without a number; a recurring gift's occurrence is
// one off-session charge of the kept card through the recurring job.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { chargeDueGifts } from '../giving/recurring.ts';
import { log } from '../log.ts';
import type { Mail } from '../mail/outbox.ts';
import { apiClient, loggedLines, loginAs } from '../test-kit.ts';
import { startFakeZoop, type FakeZoop } from './adapters/fake-zoop.test-support.ts';

const MARKETPLACE = 'mkt0cards1b2c3d4';
const SELLER = 'sellercards9f8e7d';
const API_KEY = 'zpk_test_graca_cards';
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };
const NUMBER = '5555666677778884';
const DECLINED = '4000000000000002';
const CVV = '8317';

type Row = Record<string, unknown>;

describe.each(testBackends())('cards typed here at a live Zoop church on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeZoop;
  let gracaId: number;
  let userId: number;
  let reasonId: number;
  let member = '';
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  const sent: Mail[] = [];
  const mailer = {
    async send(mail: Mail) {
      sent.push(mail);
    },
  };
  let seq = 0;
  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const tokenize = (numero: string, cvv = CVV) =>
    call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member,
      body: { titular: 'Maria Membro', numero, cvv, validade: '11/31', ...HOLDER },
    });
  const give = (cartao: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: gracaId,
        motivos: [{ motivo: reasonId, valor: 40 }],
        metodoPagamento: 'cartao',
        cartao,
        chaveIdempotencia: `zoop-cards-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
        ...extra,
      },
    });
  const creates = () =>
    fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/transactions'));

  /** Every row of every table of ours, as text. */
  const everyRow = async () => {
    const rows = async (query: string) => {
      const answer = (await db().execute(sql.raw(query))) as unknown as { rows?: Row[] } | Row[];
      return Array.isArray(answer) ? answer : (answer.rows ?? []);
    };
    const tables = await rows(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const all: string[] = [];
    for (const { name } of tables)
      for (const row of await rows(`select row_to_json(x)::text as r from "${String(name)}" x`))
        all.push(String(row.r));
    return all;
  };

  const logged = loggedLines;

  beforeAll(async () => {
    fake = await startFakeZoop(MARKETPLACE, API_KEY);
    process.env.ZOOP_API_URL = fake.url;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = (await loginAs(api, 'membro@graca.demo')).token;
    const treasurer = (await loginAs(api, 'tesoureiro@graca.demo')).token;
    const [graca] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    gracaId = graca!.id;
    const [user] = await db().select().from(t.users).where(eq(t.users.email, 'membro@graca.demo'));
    userId = user!.id;
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, gracaId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
    const live = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: {
        modo: 'live',
        credenciais: {
          marketplaceId: MARKETPLACE,
          sellerId: SELLER,
          apiKey: API_KEY,
          webhookSecret: 'zoop-cards-webhook-0001',
        },
      },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    // only each test's own gifts are due: the demo gifts are put out of the way
    await db().update(t.recurringGifts).set({ status: 'pausada' });
  }, 180_000);
  afterEach(async () => {
    sent.length = 0;
    await db().update(t.recurringGifts).set({ status: 'pausada' });
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    delete process.env.ZOOP_API_URL;
    resetAccountSettings();
  });

  it('a card typed in our fields is tokenised at Zoop and approved; its number and CVV are in no row and no log line', async () => {
    let code = '';
    const lines = await logged(async () => {
      log.info({ probe: 'zoop-cards' }, 'capture check');
      const tok = await tokenize('5555 6666 7777 8884');
      expect(tok.status, JSON.stringify(tok.body)).toBe(201);
      expect(tok.body).toMatchObject({ final: '8884', validade: '11/2031', idGatewayPagamento: 8 });
      // the number and the CVV went to Zoop's card tokens, and only there
      const made = fake.calls.filter((c) => c.path.endsWith('/cards/tokens'));
      expect(made).toHaveLength(1);
      expect(made[0]!.body).toEqual({
        holder_name: 'Maria Membro',
        expiration_month: '11',
        expiration_year: '2031',
        card_number: NUMBER,
        security_code: CVV,
      });
      const zoopToken = [...fake.tokens.keys()].at(-1)!;
      expect(tok.body.token).toBe(zoopToken);

      const r = await give({ token: tok.body.token }, { salvarCartao: false });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const p = paymentResponseSchema.parse(r.body).pagamento;
      expect(p.status).toBe('aprovado');
      code = p.codigo;
      const create = creates().find((c) => c.body?.reference_id === code)!;
      expect(create.body).toMatchObject({
        payment_type: 'credit',
        amount: 4000,
        on_behalf_of: SELLER,
        source: { usage: 'single_use', card: { id: zoopToken } },
      });
      expect(create.body.customer).toBeUndefined();
      expect(JSON.stringify(create.body)).not.toMatch(/card_number|security_code/);
    });
    expect(lines.some((l) => l.includes('zoop-cards'))).toBe(true); // the capture sees the logger's lines
    for (const line of lines) {
      expect(line).not.toContain(NUMBER);
      expect(line).not.toContain(CVV);
    }
    const row = await payment(code);
    expect(row).toMatchObject({ status: 'aprovado', cardLast4: '8884' });
    // nothing of ours keeps the number; the CVV is no value of any column
    const rows = await everyRow();
    expect(rows.some((r) => r.includes(`"${row.code}"`))).toBe(true);
    for (const r of rows) {
      expect(r).not.toContain(NUMBER);
      expect(r).not.toContain('5555 6666 7777 8884');
      expect(r).not.toMatch(/security_code|"cvv"/i);
      expect(Object.values(JSON.parse(r) as Row)).not.toContain(CVV);
    }
  });

  it('a card Zoop will not tokenise is 422 on the number, and no token is kept', async () => {
    const before = await db().select().from(t.cardTokens);
    const asked = fake.calls.filter((c) => c.path.endsWith('/cards/tokens')).length;
    const r = await tokenize('4000000000000010');
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['numero']);
    expect(fake.calls.filter((c) => c.path.endsWith('/cards/tokens'))).toHaveLength(asked + 1);
    // a CVV our own check refuses never reaches Zoop
    const cvv = await tokenize(NUMBER, '12a');
    expect(cvv.status).toBe(400);
    expect(Object.keys(cvv.body.errors)).toEqual(['cvv']);
    expect(fake.calls.filter((c) => c.path.endsWith('/cards/tokens'))).toHaveLength(asked + 1);
    expect(await db().select().from(t.cardTokens)).toHaveLength(before.length);
  });

  it('a declined card is not approved and gives back', async () => {
    const tok = await tokenize(DECLINED);
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const r = await give({ token: tok.body.token }, { salvarCartao: false });
    expect(r.status).toBe(201);
    const d = paymentResponseSchema.parse(r.body).pagamento;
    expect(d.status).toBe('nao_aprovado');
    expect((await payment(d.codigo)).message).toMatch(/cartão/i);
    expect(fake.byReference(d.codigo)!.status).toBe('failed');
  });

  it('"save card" keeps the card at Zoop as buyer|card; the next order charges it without the number', async () => {
    const tok = await tokenize(NUMBER);
    const r = await give({ token: tok.body.token }, { salvarCartao: true });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aprovado');
    const buyerCalls = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/buyers'));
    expect(buyerCalls.at(-1)!.body).toMatchObject({
      metadata: { cliente: `${gracaId}:${userId}` },
    });
    const link = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/cards')).at(-1)!;
    const buyer = link.body.customer as string;
    expect(link.body).toEqual({ token: tok.body.token, customer: buyer });
    const [kept] = [...fake.cards.values()].filter((c) => c.customer === buyer);
    const first = creates().find((c) => c.body?.reference_id === p.codigo)!;
    expect(first.body).toMatchObject({
      customer: buyer,
      source: { usage: 'reusable', type: 'card', card: { id: kept!.id } },
    });
    const saved = await db()
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.token, `${buyer}|${kept!.id}`)));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ gatewayId: 8, last4: '8884', expiry: '11/2031' });

    const tokensBefore = fake.calls.filter((c) => c.path.endsWith('/cards/tokens')).length;
    const again = await give({ idCartao: saved[0]!.id });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const second = paymentResponseSchema.parse(again.body).pagamento;
    expect(second.status).toBe('aprovado');
    const create = creates().find((c) => c.body?.reference_id === second.codigo)!;
    expect(create.body).toMatchObject({
      customer: buyer,
      source: { usage: 'reusable', card: { id: kept!.id } },
    });
    expect(fake.calls.filter((c) => c.path.endsWith('/cards/tokens'))).toHaveLength(tokensBefore);
    expect(buyerCalls.length).toBe(
      fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/buyers')).length,
    ); // the saved card brings its buyer: none made again
  });

  it('a card added on its own (/user/addcard) is kept at Zoop for the buyer the member already has', async () => {
    const earlier = (
      await db()
        .select()
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.gatewayId, 8)))
    ).find((c) => c.token.includes('|'))!; // the card "save card" kept above
    const buyer = earlier.token.split('|')[0]!;
    expect(fake.buyers.has(buyer)).toBe(true);
    const buyersBefore = fake.buyers.size;
    const tok = await tokenize(NUMBER);
    const added = await call('POST', `/usuario-cartao-gateway-pagamento?igreja=${gracaId}`, {
      token: member,
      body: { token: tok.body.token },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const link = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/cards')).at(-1)!;
    expect(link.body).toEqual({ token: tok.body.token, customer: buyer });
    expect(fake.buyers.size).toBe(buyersBefore);
    const kept = [...fake.cards.values()].at(-1)!;
    const [saved] = await db()
      .select()
      .from(t.savedCards)
      .where(eq(t.savedCards.token, `${buyer}|${kept.id}`));
    expect(saved).toBeDefined();
    const r = await give({ idCartao: saved!.id });
    expect(paymentResponseSchema.parse(r.body).pagamento.status).toBe('aprovado');
    expect(creates().at(-1)!.body).toMatchObject({
      customer: buyer,
      source: { usage: 'reusable', card: { id: kept.id } },
    });
  });

  it('a recurring gift keeps its card at Zoop, and the job charges it off-session once per occurrence', async () => {
    const tok = await tokenize(NUMBER);
    const first = await give(
      { token: tok.body.token },
      { salvarCartao: false, recorrencia: true, recorrenciaDias: 30 },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentResponseSchema.parse(first.body).pagamento.status).toBe('aprovado');
    const [gift] = await db()
      .select()
      .from(t.recurringGifts)
      .where(and(eq(t.recurringGifts.userId, userId), eq(t.recurringGifts.status, 'ativa')));
    const [card] = await db().select().from(t.savedCards).where(eq(t.savedCards.id, gift!.cardId!));
    const [buyer, cardId] = card!.token.split('|');
    expect(fake.cards.get(cardId!)?.customer).toBe(buyer);

    const before = creates().length;
    const now = new Date(gift!.nextChargeAt.getTime() + 60_000);
    const run = () =>
      chargeDueGifts(db(), now, {
        mailer,
        settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
      });
    const [outcome] = await run();
    expect(outcome).toMatchObject({ giftId: gift!.id, status: 'aprovado' });
    const sentCreates = creates().slice(before);
    expect(sentCreates).toHaveLength(1);
    expect(sentCreates[0]!.body).toMatchObject({
      payment_type: 'credit',
      amount: 4000,
      customer: buyer,
      source: { usage: 'reusable', card: { id: cardId } },
    });
    const [charged] = await db()
      .select()
      .from(t.payments)
      .where(
        and(
          eq(t.payments.recurringGiftId, gift!.id),
          eq(t.payments.occurrence, gift!.nextOccurrence),
        ),
      );
    expect(charged!.status).toBe('aprovado');
    expect(sentCreates[0]!.body.reference_id).toBe(charged!.code);
    // nothing more is due: a second run charges nothing
    expect(await run()).toEqual([]);
    expect(creates().length).toBe(before + 1);
  });

  it('a kept card Zoop declines off-session takes the gift’s retry path', async () => {
    const tok = await tokenize(DECLINED);
    // "save card" of a card that Zoop keeps but whose charges its bank refuses
    const r = await give({ token: tok.body.token }, { salvarCartao: true });
    expect(paymentResponseSchema.parse(r.body).pagamento.status).toBe('nao_aprovado');
    const link = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/cards')).at(-1)!;
    // the member's buyer may keep earlier cards: this one is the last linked to it
    const kept = [...fake.cards.values()].filter((c) => c.customer === link.body.customer).at(-1)!;
    // a declined first charge saves nothing
    expect(
      await db()
        .select()
        .from(t.savedCards)
        .where(eq(t.savedCards.token, `${kept.customer}|${kept.id}`)),
    ).toEqual([]);
    const [saved] = await db()
      .insert(t.savedCards)
      .values({
        churchId: gracaId,
        userId,
        gatewayId: 8,
        token: `${kept.customer}|${kept.id}`,
        brand: 'visa',
        last4: '0002',
        holder: 'Maria Membro',
        expiry: '11/2031',
        mode: 'live',
      })
      .returning();
    const [gift] = await db()
      .insert(t.recurringGifts)
      .values({
        churchId: gracaId,
        userId,
        reasonId,
        amountCents: 4000,
        days: 30,
        cardId: saved!.id,
        status: 'ativa',
        nextOccurrence: '2026-03-01',
        nextChargeAt: new Date('2026-03-01T09:00:00Z'),
      })
      .returning();
    const [outcome] = await chargeDueGifts(db(), new Date('2026-03-01T12:00:00Z'), {
      mailer,
      settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
    });
    expect(outcome).toMatchObject({ giftId: gift!.id, status: 'nao_aprovado' });
    const [after] = await db()
      .select()
      .from(t.recurringGifts)
      .where(eq(t.recurringGifts.id, gift!.id));
    expect(after!.failedTries).toBe(1);
    expect(sent).toHaveLength(1);
  });
});
