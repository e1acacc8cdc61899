// A recurring gift at a live Stripe church, charged by a real `node` process that is killed with
// SIGKILL between Stripe's answer and our commit of it (docs/payments.md "Reconciliation",
// docs/giving.md "Recurring gifts"): the gift stays set aside, the reconciliation job finds the
// paid PaymentIntent, and the next run moves the gift on; Stripe was asked once. And two
// processes at once charge each due live gift once. Needs TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAccountSettings } from '../auth/settings.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { runWorker, scratchDatabase, waitFor } from '../jobs/worker-processes.test-support.ts';
import type { Mail } from '../mail/outbox.ts';
import type { FakeStripe } from '../payments/adapters/fake-stripe.test-support.ts';
import { liveChurch } from '../payments/live-church.test-support.ts';
import { reconcileLivePayments } from '../payments/live.ts';
import { chargeDueGifts, LIVE_WAIT_MS } from './recurring.ts';

const base = process.env.TEST_DATABASE_URL;
const worker = fileURLToPath(new URL('./recurring-worker.ts', import.meta.url));

if (!base)
  console.warn(
    '[recurring-live.pg.test] skipped: set TEST_DATABASE_URL=postgres://… to run the live kill -9 test',
  );

describe.skipIf(!base)(
  'a live recurring charge whose process is killed after Stripe answered',
  () => {
    const live = liveChurch('stripe');
    let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
    let database: DatabaseHandle;
    let fake: FakeStripe;
    let giftId: number;
    const savedKey = process.env.PAYMENT_KEY;

    beforeAll(async () => {
      // the worker process must open the credentials this process seals
      process.env.PAYMENT_KEY = randomBytes(32).toString('hex');
      await live.open(async () => {
        scratch = await scratchDatabase(base!, 'church_test_reclive');
        const opened = await openDatabase(scratch.url);
        await seedDemo(opened.db);
        return opened;
      });
      ({ database, fake } = live);
      await database.db.update(t.recurringGifts).set({ status: 'pausada' }); // only ours is due
      const [reason] = await database.db
        .select()
        .from(t.paymentReasons)
        .where(eq(t.paymentReasons.churchId, live.churchId));
      const [card] = await database.db
        .insert(t.savedCards)
        .values({
          churchId: live.churchId,
          userId: live.userId,
          gatewayId: 5,
          token: 'cus_killed|pm_card_visa',
          brand: 'visa',
          last4: '4242',
          holder: 'Ann Lee',
          expiry: '12/2034',
          mode: 'live',
        })
        .returning();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const [gift] = await database.db
        .insert(t.recurringGifts)
        .values({
          churchId: live.churchId,
          userId: live.userId,
          reasonId: reason!.id,
          amountCents: 2500,
          days: 30,
          cardId: card!.id,
          status: 'ativa',
          nextOccurrence: yesterday,
          nextChargeAt: new Date(Date.now() - 60_000),
        })
        .returning();
      giftId = gift!.id;
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
    const payments = () =>
      database.db.select().from(t.payments).where(eq(t.payments.recurringGiftId, giftId));

    it('the reconciliation job finds the paid charge and the gift moves on, charged once', async () => {
      const a = run({ GIVING_STALL_AFTER_GATEWAY_MS: '60000' });
      await waitFor(() => a.output().includes('gateway answered aprovado'), 90_000);
      a.child.kill('SIGKILL');
      expect(await a.exited).toBeNull();
      expect(fake.creates).toHaveLength(1);
      expect(fake.creates[0]).toMatchObject({ off_session: 'true', customer: 'cus_killed' });
      const [pending] = await payments();
      expect(pending!.status).toBe('pendente'); // Stripe charged; our second commit never happened

      // set aside while the answer is unknown: another run now charges nothing
      const b = run();
      expect(await b.exited).toBe(0);
      expect(b.output()).not.toMatch(/charged/);
      expect(fake.creates).toHaveLength(1);

      const now = Date.now();
      expect(await reconcileLivePayments(database.db, new Date(now + 11 * 60_000))).toBe(1);
      expect((await payments())[0]!.status).toBe('aprovado');

      const sent: Mail[] = [];
      const outcomes = await chargeDueGifts(database.db, new Date(now + LIVE_WAIT_MS + 60_000), {
        mailer: { send: async (m: Mail) => void sent.push(m) },
        settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
      });
      expect(outcomes).toEqual([expect.objectContaining({ giftId, status: 'aprovado' })]);
      expect(fake.creates).toHaveLength(1);
      expect((await payments()).map((p) => p.status)).toEqual(['aprovado']);
      const [gift] = await database.db
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId));
      expect(gift!.failedTries).toBe(0);
      expect(gift!.nextChargeAt.getTime()).toBeGreaterThan(now + 25 * 86_400_000);
      expect(sent).toEqual([]);
    }, 180_000);

    it('two processes at once charge each due live gift once at Stripe', async () => {
      const [first] = await database.db
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId));
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const [g] = await database.db
          .insert(t.recurringGifts)
          .values({
            churchId: first!.churchId,
            userId: first!.userId,
            reasonId: first!.reasonId,
            amountCents: 3000 + i,
            days: 30,
            cardId: first!.cardId,
            status: 'ativa',
            nextOccurrence: yesterday,
            nextChargeAt: new Date(Date.now() - 60_000),
          })
          .returning({ id: t.recurringGifts.id });
        ids.push(g!.id);
      }
      const creates = fake.creates.length;
      const a = run({ GIVING_HOLD_MS: '100' });
      const b = run({ GIVING_HOLD_MS: '100' });
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
      expect(fake.creates.length - creates).toBe(4);
      for (const id of ids) {
        const rows = await database.db
          .select()
          .from(t.payments)
          .where(eq(t.payments.recurringGiftId, id));
        expect(
          rows.map((r) => r.status),
          `gift ${id}`,
        ).toEqual(['aprovado']);
      }
    }, 180_000);
  },
);
