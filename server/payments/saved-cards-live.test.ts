// Saved cards only where they can be charged (docs/payments.md "Saved cards", "Stripe"), against
// the local Stripe of fake-stripe.test-support.ts: at a live Stripe church /user/addcard keeps the
// Stripe.js card on the member's one Customer (`cus_…|pm_…`) and refuses a number; a card saved
// while the church was on the sandbox is not offered nor charged there (a 422 on the card, and a
// recurring gift of it takes its decline path), is offered again back on the sandbox, and is listed
// apart as not usable (`outrosCartoes`) so the member can still delete it, and a live card deleted
// then is still removed at Stripe, by the task its deletion queues (forget-card.task.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { chargeDueGifts } from '../giving/recurring.ts';
import { apiClient, loginAs, runQueuedTasks } from '../test-kit.ts';
import type { FakeStripe } from './adapters/fake-stripe.test-support.ts';
import { forgetCardTask } from './forget-card.task.ts';
import { liveChurch } from './live-church.test-support.ts';

const OTHER_GATEWAY = {
  en: 'This card was saved with another payment provider or in test mode and cannot be charged here. Choose another card or add it again.',
  pt: 'Este cartão foi salvo em outro meio de pagamento ou no modo de teste e não pode ser cobrado aqui. Escolha outro cartão ou adicione-o de novo.',
};

describe.each(testBackends())('saved cards at a live Stripe church on %s', (backend) => {
  const live = liveChurch('stripe', { connect: false }); // each test sets Stripe live or not
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeStripe;
  let graceId: number;
  let userId: number;
  let reasonId: number;
  let admin: string;
  let member: string;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  let seq = 0;
  const key = () => `saved-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;
  let sandboxCard: number;

  const setStripe = (modo: 'live' | 'sandbox') =>
    call('PUT', '/admin/grace/gateways/stripe', {
      token: admin,
      body: {
        modo,
        credenciais:
          modo === 'live'
            ? {
                secretKey: 'sk_test_church',
                publishableKey: 'pk_test_church',
                webhookSecret: 'whsec_test_church_webhook_0123',
              }
            : {},
      },
    });
  const cardList = async () => {
    const r = await call('GET', `/usuario/grace/${userId}/cartoes`, { token: member });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    type Card = { id: number; final: string; idGatewayPagamento: number };
    return r.body as {
      cartoes: Card[];
      cartoesPorGateway: Record<string, Card[]>;
      outrosCartoes: Card[];
    };
  };
  const listed = async () => (await cardList()).cartoes;
  /** The member's cards the church cannot charge now, listed for deleting only. */
  const others = async () => (await cardList()).outrosCartoes.map((c) => c.id);
  const addCard = async (pm: string) => {
    const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: member,
      body: { token: pm },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    return call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${graceId}`, {
      token: member,
      body: { token: tok.body.token },
    });
  };
  const savedRow = async (id: number) =>
    (await db().select().from(t.savedCards).where(eq(t.savedCards.id, id)))[0]!;
  const giveWith = (idCartao: number, lang = 'en') =>
    call('POST', '/pagamento/', {
      token: member,
      lang,
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 25 }],
        metodoPagamento: 'cartao',
        cartao: { idCartao },
        salvarCartao: false,
        chaveIdempotencia: key(),
      },
    });
  const intentCreates = () =>
    fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');

  beforeAll(async () => {
    await live.open(backend);
    ({ database, api, fake, admin, member, churchId: graceId, userId } = live);
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, graceId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
  }, 180_000);
  afterAll(() => live.close());

  it('a card added on the sandbox is kept as a sandbox card and listed there', async () => {
    const tok = await call('POST', `/general/payment/church/${graceId}/card/token`, {
      token: member,
      body: { titular: 'Ann Lee', numero: '4111 1111 1111 1111', cvv: '123', validade: '12/30' },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const saved = await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${graceId}`, {
      token: member,
      body: { token: tok.body.token },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    sandboxCard = saved.body.cartao.id;
    const row = await savedRow(sandboxCard);
    expect(row).toMatchObject({ gatewayId: 5, mode: 'sandbox', token: tok.body.token });
    expect((await listed()).map((c) => c.id)).toContain(sandboxCard);
    expect(await others()).toEqual([]);
    expect(fake.calls).toHaveLength(0); // the sandbox never asks Stripe
  });

  it('at live Stripe: the number is refused, a Stripe.js card is kept on the member’s one Customer', async () => {
    expect((await setStripe('live')).status).toBe(200);
    const number = await call('POST', `/general/payment/church/${graceId}/card/token`, {
      token: member,
      body: { titular: 'Ann Lee', numero: '4111 1111 1111 1111', cvv: '123', validade: '12/30' },
    });
    expect(number.status).toBe(422);
    expect(Object.keys(number.body.errors)).toEqual(['numero']);

    const first = await addCard('pm_card_visa');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.cartao).toMatchObject({
      idGatewayPagamento: 5,
      bandeira: 'visa',
      final: '4242',
    });
    const kept = await savedRow(first.body.cartao.id);
    expect(kept.mode).toBe('live');
    expect(kept.token).toMatch(/^cus_\w+\|pm_card_visa$/);
    const customer = kept.token.split('|')[0]!;
    expect(fake.customers).toEqual([customer]);
    expect(fake.attached.get('pm_card_visa')).toBe(customer);
    const customerCreate = fake.calls.find((c) => c.path === '/v1/customers')!;
    expect(customerCreate.idempotencyKey).toBe(`${graceId}:${userId}:customer`);

    // the same card again: the same saved card; another card: the same Customer
    const again = await addCard('pm_card_visa');
    expect(again.status).toBe(201);
    expect(again.body.cartao.id).toBe(first.body.cartao.id);
    const second = await addCard('pm_card_chargeDeclined');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await savedRow(second.body.cartao.id)).token).toBe(
      `${customer}|pm_card_chargeDeclined`,
    );
    expect(fake.customers).toEqual([customer]);
    expect(fake.attached.get('pm_card_chargeDeclined')).toBe(customer);
    // nothing was charged to keep them
    expect(intentCreates()).toHaveLength(0);

    // the list has only the cards live Stripe can charge
    expect((await listed()).map((c) => c.id).sort()).toEqual(
      [first.body.cartao.id, second.body.cartao.id].sort(),
    );

    // and the kept card pays: Stripe is asked with the Customer and the PaymentMethod
    const paid = await giveWith(first.body.cartao.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.pagamento.status).toBe('aprovado');
    expect(fake.creates.at(-1)).toMatchObject({ customer, payment_method: 'pm_card_visa' });
  });

  it('a card saved at the checkout and one added on /user/addcard share the member’s one Customer, in either order', async () => {
    const customerCreates = () => fake.calls.filter((c) => c.path === '/v1/customers');
    const payAndSave = async (token: string, pm: string) => {
      const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
        token,
        body: { token: pm },
      });
      expect(tok.status, JSON.stringify(tok.body)).toBe(201);
      return call('POST', '/pagamento/', {
        token,
        body: {
          tipo: 'doacao',
          igreja: graceId,
          motivos: [{ motivo: reasonId, valor: 25 }],
          metodoPagamento: 'cartao',
          cartao: { token: tok.body.token },
          salvarCartao: true,
          chaveIdempotencia: key(),
        },
      });
    };
    // the member of the previous test already has a Customer: "save card" joins it, none is made
    const made = customerCreates().length;
    const paid = await payAndSave(member, 'pm_card_mastercard');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.pagamento.status).toBe('aprovado');
    const [customer] = fake.customers;
    expect(fake.creates.at(-1)).toMatchObject({ customer, payment_method: 'pm_card_mastercard' });
    expect(customerCreates()).toHaveLength(made);

    // another member saves at the checkout first (the Customer is made there), then adds a card:
    // the same Customer, not a second one, and no key reused with other parameters (Stripe refuses that)
    const other = (await loginAs(api, 'admin@grace.demo')).token;
    const [otherUser] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'admin@grace.demo'));
    const first = await payAndSave(other, 'pm_card_amex');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.pagamento.status).toBe('aprovado');
    const otherCustomer = fake.customers.at(-1)!;
    expect(otherCustomer).not.toBe(customer);
    const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: other,
      body: { token: 'pm_card_discover' },
    });
    const added = await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${graceId}`, {
      token: other,
      body: { token: tok.body.token },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await savedRow(added.body.cartao.id)).token).toBe(`${otherCustomer}|pm_card_discover`);
    const kept = await db()
      .select({ token: t.savedCards.token })
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, otherUser!.id), eq(t.savedCards.mode, 'live')));
    expect(new Set(kept.map((k) => k.token.split('|')[0]))).toEqual(new Set([otherCustomer]));
    expect(fake.customers).toHaveLength(2);
  });

  it('at live Stripe the sandbox card is listed only as not usable and is refused on the card, in the payer’s language', async () => {
    const list = await cardList();
    expect(list.cartoes.map((c) => c.id)).not.toContain(sandboxCard);
    expect(
      Object.values(list.cartoesPorGateway)
        .flat()
        .map((c) => c.id),
    ).not.toContain(sandboxCard);
    expect(list.outrosCartoes).toEqual([
      expect.objectContaining({ id: sandboxCard, idGatewayPagamento: 5, final: '1111' }),
    ]);
    const before = intentCreates().length;
    const payments = async () =>
      (await db().select().from(t.payments).where(eq(t.payments.userId, userId))).length;
    const made = await payments();
    const en = await giveWith(sandboxCard);
    expect(en.status).toBe(422);
    expect(en.body.errors.cartao).toEqual([OTHER_GATEWAY.en]);
    const pt = await giveWith(sandboxCard, 'pt-BR');
    expect(pt.status).toBe(422);
    expect(pt.body.errors.cartao).toEqual([OTHER_GATEWAY.pt]);
    expect(intentCreates()).toHaveLength(before);
    expect(await payments()).toBe(made); // refused before any order was written
  });

  it('a recurring gift of the sandbox card takes its decline path at live Stripe, nothing sent to Stripe', async () => {
    await db().update(t.recurringGifts).set({ status: 'pausada' }); // only this gift is due
    const day = new Date().toISOString().slice(0, 10);
    const [gift] = await db()
      .insert(t.recurringGifts)
      .values({
        churchId: graceId,
        userId,
        reasonId,
        amountCents: 4000,
        days: 30,
        cardId: sandboxCard,
        status: 'ativa',
        nextOccurrence: day,
        nextChargeAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const before = intentCreates().length;
    const mails: unknown[] = [];
    await chargeDueGifts(db(), new Date(), {
      mailer: { send: async (m) => void mails.push(m) },
      settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
    });
    const [after] = await db()
      .select()
      .from(t.recurringGifts)
      .where(eq(t.recurringGifts.id, gift!.id));
    expect(after!.failedTries).toBe(1);
    expect(after!.status).toBe('ativa');
    expect(after!.nextOccurrence).toBe(day); // the same occurrence is tried again later
    expect(after!.nextChargeAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000 / 2);
    expect(mails).toHaveLength(1); // the donor is told
    expect(intentCreates()).toHaveLength(before);
    // nor can the donor point a gift at it: refused on the card field, the gift unchanged
    const repoint = await call('PUT', `/usuario/${userId}/doacao-recorrente/${gift!.id}`, {
      token: member,
      body: { idCartao: sandboxCard },
    });
    expect(repoint.status).toBe(422);
    expect(repoint.body.errors.idCartao).toEqual([OTHER_GATEWAY.en]);
    const live = (
      await db()
        .select()
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.mode, 'live')))
    )[0]!;
    const moved = await call('PUT', `/usuario/${userId}/doacao-recorrente/${gift!.id}`, {
      token: member,
      body: { idCartao: live.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await db()
      .update(t.recurringGifts)
      .set({ status: 'pausada' })
      .where(eq(t.recurringGifts.id, gift!.id));
  });

  it('back on the sandbox the sandbox card is offered and charged again, the live ones are not', async () => {
    expect((await setStripe('sandbox')).status).toBe(200);
    const list = (await listed()).map((c) => c.id);
    expect(list).toContain(sandboxCard);
    const paid = await giveWith(sandboxCard);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.pagamento.status).toBe('aprovado');
    const live = (
      await db()
        .select()
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.mode, 'live')))
    )[0]!;
    expect(list).not.toContain(live.id);
    const refused = await giveWith(live.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.cartao).toEqual([OTHER_GATEWAY.en]);
    // the live cards are listed apart, not usable here
    expect((await others()).sort()).toEqual(
      (
        await db()
          .select({ id: t.savedCards.id })
          .from(t.savedCards)
          .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.mode, 'live')))
      )
        .map((r) => r.id)
        .sort(),
    );
  });

  it('a live card the church no longer charges is deleted here at once and detached at Stripe after', async () => {
    const [live] = await db()
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.mode, 'live')));
    expect(await others()).toContain(live!.id);
    const asked = fake.calls.length;
    const gone = await call('DELETE', `/usuario-cartao-gateway-pagamento/${live!.id}`, {
      token: member,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await others()).not.toContain(live!.id);
    expect((await listed()).map((c) => c.id)).not.toContain(live!.id);
    expect(fake.calls).toHaveLength(asked); // the member does not wait for Stripe
    // the task the deletion queued detaches it from the account it was kept at, sandbox or not
    // (docs/payments.md "Saved cards")
    await runQueuedTasks(db(), mkdtempSync(path.join(tmpdir(), 'saved-cards-')), [forgetCardTask]);
    expect(fake.detached).toEqual([
      { paymentMethod: live!.token.split('|')[1], customer: live!.token.split('|')[0] },
    ]);
  });

  it('set live again: the sandbox card is listed as not usable, refused, and only its member deletes it', async () => {
    expect((await setStripe('live')).status).toBe(200);
    expect(await others()).toContain(sandboxCard);
    expect((await listed()).map((c) => c.id)).not.toContain(sandboxCard);
    const refused = await giveWith(sandboxCard);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.cartao).toEqual([OTHER_GATEWAY.en]);

    // another member of the church cannot delete it (nor see it)
    const other = (await loginAs(api, 'admin@grace.demo')).token;
    const theirs = await call('DELETE', `/usuario-cartao-gateway-pagamento/${sandboxCard}`, {
      token: other,
    });
    expect(theirs.status).toBe(404);
    expect(await savedRow(sandboxCard)).toBeDefined();
    expect((await call('GET', `/usuario/grace/${userId}/cartoes`, { token: other })).status).toBe(
      403,
    );

    // a (paused) recurring gift still pointing at it is left without a card, not deleted with it
    const [gift] = await db()
      .insert(t.recurringGifts)
      .values({
        churchId: graceId,
        userId,
        reasonId,
        amountCents: 1500,
        days: 30,
        cardId: sandboxCard,
        status: 'pausada',
        nextOccurrence: new Date().toISOString().slice(0, 10),
        nextChargeAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const gone = await call('DELETE', `/usuario-cartao-gateway-pagamento/${sandboxCard}`, {
      token: member,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const after = await cardList();
    expect(after.outrosCartoes.map((c) => c.id)).not.toContain(sandboxCard);
    expect(after.cartoes.map((c) => c.id)).not.toContain(sandboxCard);
    expect(await db().select().from(t.savedCards).where(eq(t.savedCards.id, sandboxCard))).toEqual(
      [],
    );
    const [kept] = await db()
      .select()
      .from(t.recurringGifts)
      .where(eq(t.recurringGifts.id, gift!.id));
    expect(kept!.cardId).toBeNull();
    // and twice is not found
    const again = await call('DELETE', `/usuario-cartao-gateway-pagamento/${sandboxCard}`, {
      token: member,
    });
    expect(again.status).toBe(404);
  });
});
