// Play renewals at a live Stripe church, charged by real `node` processes (docs/play.md
// "Subscribing, cancelling, renewals", docs/payments.md "Reconciliation"): a worker killed with
// SIGKILL between Stripe's answer and our commit leaves the renewal pending and the subscription
// set aside; the reconciliation job finds the paid PaymentIntent and the next run moves pago_ate,
// Stripe asked once. And two processes at once renew each due live subscription once.
// Needs TEST_DATABASE_URL; the same shape as server/giving/recurring-live.pg.test.ts.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAccountSettings } from '../auth/settings.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { LIVE_WAIT_MS } from '../giving/recurring.ts';
import { runWorker, scratchDatabase, waitFor } from '../jobs/worker-processes.test-support.ts';
import type { Mail } from '../mail/outbox.ts';
import type { FakeStripe } from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch } from '../payments/live-church.test-support.ts';
import { reconcileLivePayments } from '../payments/live.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { FIRST_PERIOD, RENEW_AHEAD_MS } from './subscription-state.ts';

const base = process.env.TEST_DATABASE_URL;
const worker = fileURLToPath(new URL('./renewals-worker.ts', import.meta.url));
const DAY = 86_400_000;

if (!base)
  console.warn(
    '[renewals-live.pg.test] skipped: set TEST_DATABASE_URL=postgres://… to run the live kill -9 test',
  );

describe.skipIf(!base)('live Play renewals with real processes on PostgreSQL', () => {
  const live = liveChurch('stripe');
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: DatabaseHandle;
  let fake: FakeStripe;
  let churchId: number;
  let userId: number;
  let cardId: number;
  let plan: typeof t.playPlans.$inferSelect;
  const savedKey = process.env.PAYMENT_KEY;

  /** An active subscription whose renewal is due now (paid until 12 hours from now). */
  const dueSub = async (i = 0) =>
    (
      await database.db
        .insert(t.playSubscriptions)
        .values({
          churchId,
          userId,
          planId: plan.id,
          status: 'ativo',
          code: `PL-LK-${i}-${Math.random().toString(36).slice(2, 8)}`,
          subscribedAt: new Date(Date.now() - DAY),
          paidUntil: new Date(Date.now() + RENEW_AHEAD_MS / 2 + i * 1000),
          cardId,
          renewAt: new Date(Date.now() - 60_000),
        })
        .returning()
    )[0]!;
  const renewalsOf = async (id: number) =>
    (
      await database.db
        .select({ status: t.payments.status })
        .from(t.playSubscriptionPayments)
        .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
        .where(
          and(
            eq(t.playSubscriptionPayments.subscriptionId, id),
            ne(t.playSubscriptionPayments.period, FIRST_PERIOD),
          ),
        )
    ).map((r) => r.status);
  const subOf = async (id: number) =>
    (
      await database.db.select().from(t.playSubscriptions).where(eq(t.playSubscriptions.id, id))
    )[0]!;

  beforeAll(async () => {
    // the worker process must open the credentials this process seals
    process.env.PAYMENT_KEY = randomBytes(32).toString('hex');
    await live.open(async () => {
      scratch = await scratchDatabase(base!, 'church_test_playlive');
      const opened = await openDatabase(scratch.url);
      await seedDemo(opened.db);
      return opened;
    });
    ({ database, fake, churchId, userId } = live);
    await database.db.update(t.playSubscriptions).set({ renewAt: null }); // only ours are due
    const plans = await database.db
      .select()
      .from(t.playPlans)
      .where(and(eq(t.playPlans.churchId, churchId), eq(t.playPlans.active, true)));
    plan = plans[0]!;
    const [card] = await database.db
      .insert(t.savedCards)
      .values({
        churchId,
        userId,
        gatewayId: 5,
        token: 'cus_playkilled|pm_card_visa',
        brand: 'visa',
        last4: '4242',
        holder: 'Ann Lee',
        expiry: '12/2034',
        mode: 'live',
      })
      .returning();
    cardId = card!.id;
  }, 180_000);
  afterAll(async () => {
    await live.close();
    await scratch?.drop();
    if (savedKey === undefined) delete process.env.PAYMENT_KEY;
    else process.env.PAYMENT_KEY = savedKey;
    resetAccountSettings();
  });

  const run = (env: Record<string, string> = {}) =>
    runWorker(worker, { DATABASE_URL: scratch.url, DATA_DIR: `/tmp/${scratch.name}`, ...env });

  it('a worker killed after Stripe answered: the job finds the paid charge, pago_ate moves, charged once', async () => {
    const sub = await dueSub();
    const a = run({ PLAY_STALL_AFTER_GATEWAY_MS: '60000' });
    await waitFor(() => a.output().includes('gateway answered aprovado'), 90_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect(fake.creates).toHaveLength(1);
    expect(fake.creates[0]).toMatchObject({
      off_session: 'true',
      customer: 'cus_playkilled',
      amount: String(plan.priceCents),
    });
    expect(await renewalsOf(sub.id)).toEqual(['pendente']); // Stripe charged; our second commit never happened

    // set aside while the answer is unknown: another run now charges nothing
    const b = run();
    expect(await b.exited).toBe(0);
    expect(b.output()).not.toMatch(/renewed/);
    expect(fake.creates).toHaveLength(1);

    const now = Date.now();
    expect(await reconcileLivePayments(database.db, new Date(now + 11 * 60_000))).toBe(1);
    const sent: Mail[] = [];
    const outcomes = await renewDueSubscriptions(
      database.db,
      new Date(now + LIVE_WAIT_MS + 60_000),
      {
        mailer: { send: async (m: Mail) => void sent.push(m) },
        settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
      },
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ subscriptionId: sub.id, status: 'aprovado' }),
    ]);
    expect(fake.creates).toHaveLength(1);
    expect(await renewalsOf(sub.id)).toEqual(['aprovado']);
    const after = await subOf(sub.id);
    expect(after.paidUntil!.getTime()).toBe(sub.paidUntil!.getTime() + plan.periodDays * DAY);
    expect(after.failedTries).toBe(0);
    expect(sent).toEqual([]);
  }, 180_000);

  it('two processes at once renew each due live subscription once at Stripe', async () => {
    const subs = [];
    for (let i = 1; i <= 4; i++) subs.push(await dueSub(i));
    const creates = fake.creates.length;
    const a = run({ PLAY_HOLD_MS: '100' });
    const b = run({ PLAY_HOLD_MS: '100' });
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    expect(fake.creates.length - creates).toBe(4);
    for (const s of subs) {
      expect(await renewalsOf(s.id), `subscription ${s.id}`).toEqual(['aprovado']);
      expect((await subOf(s.id)).paidUntil!.getTime()).toBe(
        s.paidUntil!.getTime() + plan.periodDays * DAY,
      );
    }
  }, 180_000);
});
