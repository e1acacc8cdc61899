// A saved card deleted here is removed at its gateway too (docs/payments.md "Saved cards"), by the
// task `payments.forget-card` queued with the row's deletion, against the local Stripe and Zoop of
// the fakes: Stripe detaches the PaymentMethod, Zoop deletes the card; a gateway that does not
// answer leaves the task failed for forgetCardsJob to put back in the queue later; deleting the
// account removes the member's live cards at the gateway; the token is never logged nor kept.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { JOBS, TASKS } from '../jobs/index.ts';
import { apiClient, loggedLines, loginAs, runQueuedTasks } from '../test-kit.ts';
import type { FakeStripe } from './adapters/fake-stripe.test-support.ts';
import type { FakeZoop } from './adapters/fake-zoop.test-support.ts';
import { forgetCardsJob } from './forget-card.job.ts';
import {
  addLiveStripeCard,
  forgetSweep,
  setFakeGatewaysLive,
  startFakeGateways,
  type FakeGateways,
} from './forget.test-support.ts';
import { FORGET_CARD_TASK, forgetCardTask } from './forget-card.task.ts';

const MARKETPLACE = 'mkt0forget1a2b3c';
const API_KEY = 'zpk_test_graca_forget';

describe.each(testBackends())('deleted cards removed at the gateway on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let stripe: FakeStripe;
  let zoop: FakeZoop;
  let gateways: FakeGateways;
  let graceId: number;
  let gracaId: number;
  let member = ''; // member@grace.demo, Stripe live
  let memberId = 0;
  let membro = ''; // membro@graca.demo, Zoop live
  let membroId = 0;
  let reasonId = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forget-card-'));
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  let seq = 0;

  const runTasks = () => runQueuedTasks(db(), dataDir, [forgetCardTask]);
  const forgetTasks = () =>
    db().select().from(t.tasks).where(eq(t.tasks.kind, FORGET_CARD_TASK)).orderBy(t.tasks.id);
  const lastTask = async () => (await forgetTasks()).at(-1)!;
  const cardsOf = (userId: number) =>
    db().select().from(t.savedCards).where(eq(t.savedCards.userId, userId));
  const sweep = (now: Date) => forgetSweep(db(), dataDir, now);
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  /** A task's payload once its token is cleared: whose card and which, nothing to charge it with. */
  const cleared = (card: typeof t.savedCards.$inferSelect) => ({
    gatewayId: card.gatewayId,
    userId: card.userId,
    card: `${card.brand} ${card.last4}`,
  });

  /** A Stripe.js PaymentMethod kept on /user/addcard: attached to the member's Customer. */
  const addStripeCard = async (pm: string) => {
    const row = await addLiveStripeCard(call, db(), graceId, member, pm);
    expect(row.token).toMatch(new RegExp(`^cus_\\w+\\|${pm}$`));
    return row;
  };
  const deleteCard = (id: number, token = member) =>
    call('DELETE', `/usuario-cartao-gateway-pagamento/${id}`, { token });

  const logged = async (run: () => Promise<void>) => (await loggedLines(run)).join('\n');

  beforeAll(async () => {
    gateways = await startFakeGateways(MARKETPLACE, API_KEY);
    ({ stripe, zoop } = gateways);
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    ({ token: member, id: memberId } = await loginAs(api, 'member@grace.demo'));
    ({ token: membro, id: membroId } = await loginAs(api, 'membro@graca.demo'));
    const churches = await db().select().from(t.churches);
    graceId = churches.find((c) => c.code === 'grace')!.id;
    gracaId = churches.find((c) => c.code === 'graca')!.id;
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(
        and(eq(t.paymentReasons.churchId, graceId), eq(t.paymentReasons.recurrenceAllowed, true)),
      );
    reasonId = reason!.id;
    await setFakeGatewaysLive(api, call, {
      marketplaceId: MARKETPLACE,
      sellerId: 'sellerforget9f8e',
      apiKey: API_KEY,
      webhookSecret: 'zoop-forget-webhook-0001',
    });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await gateways?.close();
  });

  it('the task and its retry job are the scheduler’s', () => {
    expect(TASKS).toContain(forgetCardTask);
    expect(JOBS).toContain(forgetCardsJob);
  });

  it('a live Stripe card deleted is detached at Stripe after the commit; its token leaves the task and no log line', async () => {
    const card = await addStripeCard('pm_card_visa');
    const [customer] = card.token.split('|');
    expect(stripe.attached.get('pm_card_visa')).toBe(customer);
    const asked = stripe.calls.length;
    const lines = await logged(async () => {
      const gone = await deleteCard(card.id);
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      // the member is answered at once: Stripe is asked by the task, after the commit
      expect(stripe.calls).toHaveLength(asked);
      expect(await cardsOf(memberId)).not.toContainEqual(expect.objectContaining({ id: card.id }));
      const queued = await lastTask();
      expect(queued).toMatchObject({
        churchId: graceId,
        state: 'queued',
        payload: { ...cleared(card), token: card.token },
      });
      expect(await runTasks()).toEqual([queued.id]);
    });
    expect(stripe.detached).toEqual([{ paymentMethod: 'pm_card_visa', customer }]);
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_methods/pm_card_visa/detach',
    });
    expect(stripe.attached.has('pm_card_visa')).toBe(false);
    const done = await lastTask();
    expect(done.state).toBe('done');
    expect(done.result).toEqual({ removido: true });
    expect(done.payload).toEqual(cleared(card)); // the token is needed no more
    expect(done.payload).toEqual({ gatewayId: 5, userId: memberId, card: 'visa 4242' });
    expect(lines).not.toContain(customer);
    expect(lines).not.toContain('pm_card_visa');
    expect(await runTasks()).toEqual([]); // once
  });

  it('a live Zoop card deleted is deleted at Zoop, its buyer kept', async () => {
    const tok = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: membro,
      body: {
        titular: 'Maria Membro',
        numero: '5555 6666 7777 8884',
        cvv: '8317',
        validade: '11/31',
        cpfTitular: '529.982.247-25',
        dataNascimentoTitular: '1985-05-10',
      },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const saved = await call('POST', `/usuario-cartao-gateway-pagamento?igreja=${gracaId}`, {
      token: membro,
      body: { token: tok.body.token },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const [row] = await db()
      .select()
      .from(t.savedCards)
      .where(eq(t.savedCards.id, saved.body.cartao.id as number));
    const [buyer, card] = row!.token.split('|');
    expect(zoop.cards.get(card!)).toMatchObject({ customer: buyer });

    const gone = await deleteCard(row!.id, membro);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(zoop.deletedCards).toEqual([]);
    await runTasks();
    expect(zoop.deletedCards).toEqual([{ id: card, customer: buyer }]);
    expect(zoop.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/marketplaces/${MARKETPLACE}/cards/${card}`,
    });
    expect(zoop.cards.has(card!)).toBe(false);
    expect(zoop.buyers.has(buyer!)).toBe(true); // the member's next card joins the same buyer
    expect(await lastTask()).toMatchObject({ state: 'done', result: { removido: true } });
    expect((await lastTask()).payload).toEqual(cleared(row!));
    expect(
      (await cardsOf(membroId)).filter((c) => c.token === row!.token && c.churchId === gracaId),
    ).toEqual([]);
  });

  it('a gateway that does not answer leaves the task failed, put back in the queue later by the job, until it is removed', async () => {
    const card = await addStripeCard('pm_card_mastercard');
    stripe.down = true;
    try {
      expect((await deleteCard(card.id)).status).toBe(200); // the member does not wait for Stripe
      const lines = await logged(async () => void (await runTasks()));
      const failed = await lastTask();
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/^stripe: the card could not be removed at the gateway yet/);
      expect(failed.payload).toEqual({ ...cleared(card), token: card.token }); // kept for the retry
      for (const part of card.token.split('|')) {
        expect(failed.error).not.toContain(part);
        expect(lines).not.toContain(part);
      }
      expect(stripe.detached).not.toContainEqual(
        expect.objectContaining({ paymentMethod: 'pm_card_mastercard' }),
      );
      // not before its wait is over (5 minutes at first)
      await sweep(new Date());
      await sweep(minutes(4));
      expect((await lastTask()).state).toBe('failed');
      await sweep(minutes(6));
      expect((await lastTask()).state).toBe('queued');
      await runTasks(); // Stripe still down: failed again
      expect((await lastTask()).state).toBe('failed');
      expect((await lastTask()).attempts).toBe(1);
      await sweep(minutes(6));
      expect((await lastTask()).state).toBe('queued');
    } finally {
      stripe.down = false;
    }
    await runTasks();
    expect(stripe.detached.at(-1)).toEqual({
      paymentMethod: 'pm_card_mastercard',
      customer: card.token.split('|')[0],
    });
    expect((await lastTask()).state).toBe('done');
    expect((await lastTask()).payload).toEqual(cleared(card));
    await sweep(minutes(60 * 24)); // a done task is never put back
    expect(await runTasks()).toEqual([]);
  });

  it('after a week of failures the task is given up and its token cleared', async () => {
    const card = await addStripeCard('pm_card_amex');
    stripe.down = true;
    try {
      await deleteCard(card.id);
      await runTasks();
      const failed = await lastTask();
      expect(failed.state).toBe('failed');
      await db()
        .update(t.tasks)
        .set({ createdAt: sql`now() - interval '8 days'` })
        .where(eq(t.tasks.id, failed.id));
      const lines = await logged(() => sweep(minutes(10)));
      const given = await lastTask();
      expect(given.state).toBe('failed');
      expect(given.payload).toEqual(cleared(card));
      // the treasurer is told which card of whom, never its token
      const warning = lines.split('\n').find((l) => l.includes('could not be removed'));
      expect(JSON.parse(warning!)).toMatchObject({
        task: failed.id,
        church: graceId,
        gateway: 5,
        member: memberId,
        card: 'amex 8431',
      });
      for (const part of card.token.split('|')) expect(lines).not.toContain(part);
      expect(await logged(() => sweep(minutes(20)))).not.toContain('could not be removed'); // once
    } finally {
      stripe.down = false;
    }
    expect(await runTasks()).toEqual([]);
    // the card stays at Stripe: the warning tells the treasurer to remove it there
    expect(stripe.attached.has('pm_card_amex')).toBe(true);
  });

  it('a card saved again before the task ran is left at the gateway', async () => {
    const card = await addStripeCard('pm_card_discover');
    await deleteCard(card.id);
    // the member adds the same card back at once (the same token, as a replayed attach answers)
    await db()
      .insert(t.savedCards)
      .values({ ...card, id: undefined, createdAt: undefined });
    const detached = stripe.detached.length;
    await runTasks();
    expect(stripe.detached).toHaveLength(detached);
    expect(await lastTask()).toMatchObject({ state: 'done', result: { removido: false } });
    expect((await lastTask()).payload).toEqual(cleared(card));
  });

  it('a sandbox card deleted queues nothing', async () => {
    const [sandbox] = await db()
      .insert(t.savedCards)
      .values({
        churchId: graceId,
        userId: memberId,
        gatewayId: 5,
        token: `sandbox-${backend}-${++seq}`,
        brand: 'visa',
        last4: '1111',
        holder: 'Ann Lee',
        expiry: '12/2030',
        mode: 'sandbox',
      })
      .returning();
    const before = (await forgetTasks()).length;
    expect((await deleteCard(sandbox!.id)).status).toBe(200);
    expect(await forgetTasks()).toHaveLength(before);
  });

  it('deleting the account removes the member’s live cards at the gateway', async () => {
    // a card kept by a "save card" gift (the intent keeps it on the Customer) and one from /user/addcard
    const tok = await call('POST', `/general/payment/church/${graceId}/card/gateway-token`, {
      token: member,
      body: { token: 'pm_card_visa' },
    });
    const gift = await call('POST', '/pagamento/', {
      token: member,
      body: {
        tipo: 'doacao',
        igreja: graceId,
        motivos: [{ motivo: reasonId, valor: 25 }],
        metodoPagamento: 'cartao',
        cartao: { token: tok.body.token },
        salvarCartao: true,
        chaveIdempotencia: `forget-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);
    expect(gift.body.pagamento.status).toBe('aprovado');
    await addStripeCard('pm_card_amex');
    const live = (await cardsOf(memberId)).filter((c) => c.mode === 'live');
    expect(live.map((c) => c.token.split('|')[1]).sort()).toEqual([
      'pm_card_amex',
      'pm_card_discover', // saved again in the test above
      'pm_card_visa',
    ]);
    const before = (await forgetTasks()).length;
    const done = await call('POST', `/user/${memberId}/pedido-exclusao?igreja=${graceId}`, {
      token: member,
      body: { senha: DEMO_PASSWORD },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await cardsOf(memberId)).toEqual([]);
    const queued = (await forgetTasks()).slice(before);
    expect(queued.map((q) => (q.payload as { token: string }).token).sort()).toEqual(
      live.map((c) => c.token).sort(),
    );
    const detached = stripe.detached.length;
    await runTasks();
    expect(
      stripe.detached
        .slice(detached)
        .map((d) => `${d.customer}|${d.paymentMethod}`)
        .sort(),
    ).toEqual(live.map((c) => c.token).sort());
    expect(
      (await forgetTasks())
        .slice(before)
        .every((q) => q.state === 'done' && !('token' in (q.payload as object))),
    ).toBe(true);
  });
});
