// A member's customer at a church's gateway is deleted there too when its row goes
// (docs/payments.md "Saved cards"), by the task `payments.forget-customer` queued with the row's
// deletion, against the local Stripe and Zoop of the fakes: deleting the account deletes the Stripe
// Customer and the Zoop buyer; leaving one church of two takes that church's cards and customer,
// there too, and keeps the other's; a gateway that does not answer leaves the task for
// forgetCardsJob to put back in the queue; the customer's id is never logged nor kept; a sandbox
// row, a claim with no customer yet and a customer recorded again queue or delete nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { TASKS } from '../jobs/index.ts';
import { removePersonalData } from '../users/deletion.service.ts';
import { apiClient, loggedLines, loginAs, runQueuedTasks } from '../test-kit.ts';
import type { FakeStripe } from './adapters/fake-stripe.test-support.ts';
import type { FakeZoop } from './adapters/fake-zoop.test-support.ts';
import {
  addLiveStripeCard,
  forgetSweep,
  setFakeGatewaysLive,
  startFakeGateways,
  type FakeGateways,
} from './forget.test-support.ts';
import { FORGET_CARD_TASK, forgetCardTask } from './forget-card.task.ts';
import { FORGET_CUSTOMER_TASK, forgetCustomerTask } from './forget-customer.task.ts';

const MARKETPLACE = 'mkt0forgetcus1a2b';
const API_KEY = 'zpk_test_graca_forget_customer';

describe.each(testBackends())('deleted customers removed at the gateway on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let stripe: FakeStripe;
  let zoop: FakeZoop;
  let gateways: FakeGateways;
  let graceId: number; // Stripe live
  let gracaId: number; // Zoop live
  let inativoId = 0; // inativo@graca.demo, removed by removePersonalData itself
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forget-customer-'));
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;

  const runTasks = () => runQueuedTasks(db(), dataDir, [forgetCardTask, forgetCustomerTask]);
  const tasksOf = (kind: string) =>
    db().select().from(t.tasks).where(eq(t.tasks.kind, kind)).orderBy(t.tasks.id);
  const customerTasks = () => tasksOf(FORGET_CUSTOMER_TASK);
  const cardsOf = (userId: number, churchId: number) =>
    db()
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.churchId, churchId)));
  const customersOf = (userId: number, churchId: number) =>
    db()
      .select()
      .from(t.gatewayCustomers)
      .where(and(eq(t.gatewayCustomers.userId, userId), eq(t.gatewayCustomers.churchId, churchId)));
  const sweep = (now: Date) => forgetSweep(db(), dataDir, now);
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  const logged = async (run: () => Promise<void>) => (await loggedLines(run)).join('\n');

  /** Puts the person in a second church too, as a member. */
  const join = (userId: number, churchId: number) =>
    db().insert(t.churchUsers).values({ churchId, userId, active: true, roles: [] });

  /** A Stripe.js PaymentMethod kept on /user/addcard at Grace: made on the member's Customer. */
  const addStripeCard = async (token: string, pm: string) => {
    const row = await addLiveStripeCard(call, db(), graceId, token, pm);
    return { card: row, customer: row.token.split('|')[0]! };
  };

  /** A card typed on /user/addcard at Graça: kept at Zoop on the member's buyer. */
  const addZoopCard = async (token: string) => {
    const tok = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token,
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
      token,
      body: { token: tok.body.token },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const [row] = await db()
      .select()
      .from(t.savedCards)
      .where(eq(t.savedCards.id, saved.body.cartao.id as number));
    expect(row).toMatchObject({ mode: 'live' });
    const [buyer, card] = row!.token.split('|');
    expect(zoop.cards.get(card!)).toMatchObject({ customer: buyer });
    return { card: row!, buyer: buyer!, zoopCard: card! };
  };

  const leave = (token: string, userId: number, churchId: number) =>
    call('POST', `/user/${userId}/pedido-exclusao?igreja=${churchId}`, {
      token,
      body: { senha: DEMO_PASSWORD },
    });

  beforeAll(async () => {
    gateways = await startFakeGateways(MARKETPLACE, API_KEY);
    ({ stripe, zoop } = gateways);
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const churches = await db().select().from(t.churches);
    graceId = churches.find((c) => c.code === 'grace')!.id;
    gracaId = churches.find((c) => c.code === 'graca')!.id;
    const [inativo] = await db()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'inativo@graca.demo'));
    inativoId = inativo!.id;
    await setFakeGatewaysLive(api, call, {
      marketplaceId: MARKETPLACE,
      sellerId: 'sellerforgetcus9f8e',
      apiKey: API_KEY,
      webhookSecret: 'zoop-forget-customer-webhook-01',
    });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await gateways?.close();
  });

  it('the task is the scheduler’s', () => {
    expect(TASKS).toContain(forgetCustomerTask);
  });

  it('deleting the account deletes the member’s Stripe Customer after the commit; its id leaves the task and no log line', async () => {
    const { token, id } = await loginAs(api, 'member@grace.demo');
    const { card, customer } = await addStripeCard(token, 'pm_card_visa');
    expect(stripe.hasCustomer(customer)).toBe(true);
    expect(await customersOf(id, graceId)).toMatchObject([{ mode: 'live', customer }]);
    const before = (await customerTasks()).length;
    const asked = stripe.calls.length;
    const lines = await logged(async () => {
      const done = await leave(token, id, graceId);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(stripe.calls).toHaveLength(asked); // the gateway is asked by the task, after the commit
      expect(await customersOf(id, graceId)).toEqual([]);
      const queued = (await customerTasks()).slice(before);
      expect(queued).toMatchObject([
        {
          churchId: graceId,
          state: 'queued',
          payload: { gatewayId: 5, customer, userId: id },
        },
      ]);
      await runTasks();
    });
    expect(stripe.hasCustomer(customer)).toBe(false);
    expect(stripe.deletedCustomers).toEqual([customer]);
    expect(stripe.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/customers/${customer}` }),
    );
    expect(stripe.detached).toContainEqual({ paymentMethod: 'pm_card_visa', customer });
    const done = (await customerTasks()).at(-1)!;
    expect(done).toMatchObject({ state: 'done', result: { removido: true } });
    expect(done.payload).toEqual({ gatewayId: 5, userId: id }); // the id is needed no more
    expect((await tasksOf(FORGET_CARD_TASK)).at(-1)).toMatchObject({
      state: 'done',
      payload: { userId: id, card: `${card.brand} ${card.last4}` },
    });
    expect(lines).not.toContain(customer);
    expect(await runTasks()).toEqual([]); // once
  });

  it('deleting the account deletes the member’s Zoop buyer with its cards', async () => {
    const { token, id } = await loginAs(api, 'membro@graca.demo');
    const { buyer, zoopCard } = await addZoopCard(token);
    expect(zoop.buyers.has(buyer)).toBe(true);
    expect((await leave(token, id, gracaId)).status).toBe(200);
    expect(zoop.deletedBuyers).toEqual([]);
    await runTasks();
    expect(zoop.buyers.has(buyer)).toBe(false);
    expect(zoop.cards.has(zoopCard)).toBe(false);
    expect(zoop.deletedBuyers).toEqual([buyer]);
    expect(zoop.calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: `/v1/marketplaces/${MARKETPLACE}/buyers/${buyer}`,
      }),
    );
    expect((await customerTasks()).at(-1)).toMatchObject({
      churchId: gracaId,
      state: 'done',
      result: { removido: true },
      payload: { gatewayId: 8, userId: id },
    });
  });

  it('leaving one church of two takes that church’s cards and customer, there too, and keeps the other’s', async () => {
    const { token, id } = await loginAs(api, 'lider@graca.demo');
    await join(id, graceId);
    const { buyer, zoopCard } = await addZoopCard(token);
    const { customer } = await addStripeCard(token, 'pm_card_mastercard');
    const before = (await customerTasks()).length;
    const detached = stripe.detached.length;

    expect((await leave(token, id, gracaId)).status).toBe(200);
    expect(await cardsOf(id, gracaId)).toEqual([]);
    expect(await customersOf(id, gracaId)).toEqual([]);
    expect(await cardsOf(id, graceId)).toHaveLength(1);
    expect(await customersOf(id, graceId)).toMatchObject([{ customer }]);
    const queued = (await customerTasks()).slice(before);
    expect(queued).toMatchObject([{ churchId: gracaId, payload: { customer: buyer } }]);
    await runTasks();
    expect(zoop.deletedCards).toContainEqual({ id: zoopCard, customer: buyer });
    expect(zoop.buyers.has(buyer)).toBe(false);
    // Grace's card and Customer stay, at Stripe too
    expect(stripe.detached).toHaveLength(detached);
    expect(stripe.hasCustomer(customer)).toBe(true);
    expect(stripe.attached.get('pm_card_mastercard')).toBe(customer);
    // still a member of Grace: the account is kept
    const [user] = await db().select().from(t.users).where(eq(t.users.id, id));
    expect(user!.email).toBe('lider@graca.demo');
  });

  it('a gateway that does not answer leaves the task failed, put back in the queue later by the job, until the customer is deleted', async () => {
    const { token, id } = await loginAs(api, 'editor@graca.demo');
    await join(id, graceId);
    const { customer } = await addStripeCard(token, 'pm_card_amex');
    stripe.down = true;
    try {
      const lines = await logged(async () => {
        expect((await leave(token, id, graceId)).status).toBe(200); // nobody waits for Stripe
        await runTasks();
        await sweep(minutes(6));
        await runTasks(); // Stripe still down: failed again
      });
      const failed = (await customerTasks()).at(-1)!;
      expect(failed).toMatchObject({ churchId: graceId, state: 'failed' });
      expect(failed.error).toMatch(/^stripe: the customer could not be removed at the gateway yet/);
      expect(failed.payload).toEqual({ gatewayId: 5, customer, userId: id }); // kept for the retry
      expect(failed.error).not.toContain(customer);
      expect(lines).toContain('could not be removed'); // the failure is logged…
      expect(lines).not.toContain(customer); // …without the id
      expect(stripe.hasCustomer(customer)).toBe(true);
      await sweep(minutes(4)); // its wait (5 minutes at first) is not over
      expect((await customerTasks()).at(-1)!.state).toBe('failed');
      await sweep(minutes(6));
      expect((await customerTasks()).at(-1)!.state).toBe('queued');
    } finally {
      stripe.down = false;
    }
    await runTasks();
    expect(stripe.hasCustomer(customer)).toBe(false);
    const done = (await customerTasks()).at(-1)!;
    expect(done).toMatchObject({ state: 'done', result: { removido: true } });
    expect(done.payload).toEqual({ gatewayId: 5, userId: id });
  });

  it('after a week of failures the task is given up, its customer id cleared and a warning logged', async () => {
    await db().insert(t.gatewayCustomers).values({
      churchId: gracaId,
      userId: inativoId,
      gatewayId: 8,
      mode: 'live',
      customer: 'buyer_given_up_0001',
    });
    zoop.down = true;
    try {
      await db().transaction((tx) => removePersonalData(tx, gracaId, inativoId, 'Removido'));
      await runTasks();
      const failed = (await customerTasks()).at(-1)!;
      expect(failed.state).toBe('failed');
      await db()
        .update(t.tasks)
        .set({ createdAt: sql`now() - interval '8 days'` })
        .where(eq(t.tasks.id, failed.id));
      const lines = await logged(() => sweep(minutes(10)));
      const given = (await customerTasks()).at(-1)!;
      expect(given.state).toBe('failed');
      expect(given.payload).toEqual({ gatewayId: 8, userId: inativoId });
      const warning = lines.split('\n').find((l) => l.includes('could not be deleted'));
      expect(JSON.parse(warning!)).toMatchObject({
        task: failed.id,
        church: gracaId,
        gateway: 8,
        member: inativoId,
      });
      expect(lines).not.toContain('buyer_given_up_0001');
      expect(await logged(() => sweep(minutes(20)))).not.toContain('could not be deleted'); // once
    } finally {
      zoop.down = false;
    }
    expect(await runTasks()).toEqual([]);
  });

  it('a customer the gateway no longer has counts as done', async () => {
    await db()
      .insert(t.gatewayCustomers)
      .values([
        {
          churchId: graceId,
          userId: inativoId,
          gatewayId: 5,
          mode: 'live',
          customer: 'cus_gone01',
        },
        {
          churchId: gracaId,
          userId: inativoId,
          gatewayId: 8,
          mode: 'live',
          customer: 'buyer_gone',
        },
      ]);
    const before = (await customerTasks()).length;
    await db().transaction(async (tx) => {
      await removePersonalData(tx, graceId, inativoId, 'Removido');
      await removePersonalData(tx, gracaId, inativoId, 'Removido');
    });
    await runTasks();
    const ran = (await customerTasks()).slice(before);
    expect(ran.map((r) => [r.churchId, r.state, r.result, r.payload])).toEqual([
      [graceId, 'done', { removido: false }, { gatewayId: 5, userId: inativoId }],
      [gracaId, 'done', { removido: false }, { gatewayId: 8, userId: inativoId }],
    ]);
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/v1/customers/cus_gone01',
    });
    expect(zoop.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/marketplaces/${MARKETPLACE}/buyers/buyer_gone`,
    });
  });

  it('a sandbox customer, a customer not made yet and one recorded again meanwhile delete nothing at the gateway', async () => {
    const userId = inativoId;
    await db()
      .insert(t.gatewayCustomers)
      .values([
        { churchId: graceId, userId, gatewayId: 5, mode: 'sandbox', customer: 'cus_sandbox_1' },
        // a claim whose customer is still being made names none
        {
          churchId: graceId,
          userId,
          gatewayId: 8,
          mode: 'live',
          claim: 'someone',
          claimedUntil: minutes(1),
        },
      ]);
    const before = (await customerTasks()).length;
    await db().transaction((tx) => removePersonalData(tx, graceId, userId, 'Removido'));
    expect(await customersOf(userId, graceId)).toEqual([]);
    expect(await customerTasks()).toHaveLength(before);

    // a live one queues its task, but the member is back with the same customer before it runs
    const again = {
      churchId: graceId,
      userId,
      gatewayId: 5,
      mode: 'live' as const,
      customer: 'cus_again_0001',
    };
    await db().insert(t.gatewayCustomers).values(again);
    await db().transaction((tx) => removePersonalData(tx, graceId, userId, 'Removido'));
    expect(await customerTasks()).toHaveLength(before + 1);
    await db().insert(t.gatewayCustomers).values(again);
    const asked = stripe.calls.length;
    await runTasks();
    expect(stripe.calls).toHaveLength(asked);
    expect((await customerTasks()).at(-1)).toMatchObject({
      state: 'done',
      result: { removido: false },
      payload: { gatewayId: 5, userId },
    });
    await db()
      .delete(t.gatewayCustomers)
      .where(inArray(t.gatewayCustomers.customer, ['cus_again_0001']));
  });
});
