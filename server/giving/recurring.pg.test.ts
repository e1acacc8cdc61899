// Two real server processes charge recurring gifts at the same moment against one PostgreSQL;
// one is killed with SIGKILL in the middle of a charge and the other finishes: every due gift is
// charged exactly once (docs/giving.md "Recurring gifts"). Needs TEST_DATABASE_URL.
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { runWorker, scratchDatabase, waitFor } from '../jobs/worker-processes.test-support.ts';

const base = process.env.TEST_DATABASE_URL;
const worker = fileURLToPath(new URL('./recurring-worker.ts', import.meta.url));
const GIFTS = 8;

if (!base)
  console.warn(
    '[recurring.pg.test] skipped: set TEST_DATABASE_URL=postgres://… to run the two-process kill -9 test',
  );

describe.skipIf(!base)('recurring gifts with two processes and a kill -9 on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let url: string;
  let database: DatabaseHandle;
  const giftIds: number[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase(base!, 'church_test_rec');
    url = scratch.url;
    database = await openDatabase(url);
    await seedDemo(database.db);
    const [church] = await database.db
      .select()
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    const [user] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'membro@graca.demo'));
    const [reason] = await database.db
      .select()
      .from(t.paymentReasons)
      .where(and(eq(t.paymentReasons.churchId, church!.id), eq(t.paymentReasons.name, 'Dízimo')));
    const [card] = await database.db
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, user!.id), eq(t.savedCards.churchId, church!.id)));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < GIFTS; i++) {
      const [g] = await database.db
        .insert(t.recurringGifts)
        .values({
          churchId: church!.id,
          userId: user!.id,
          reasonId: reason!.id,
          amountCents: 1000 + i,
          days: 30,
          cardId: card!.id,
          status: 'ativa',
          nextOccurrence: yesterday,
          nextChargeAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: t.recurringGifts.id });
      giftIds.push(g!.id);
    }
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const run = (holdMs: number) =>
    runWorker(worker, {
      DATABASE_URL: url,
      GIVING_HOLD_MS: String(holdMs),
      DATA_DIR: `/tmp/${scratch.name}`,
    });

  it('charges each due gift once; the survivor finishes what the killed one held', async () => {
    const a = run(400);
    const b = run(400);
    // kill A while it holds a claim, in the middle of its second charge
    await waitFor(() => (a.output().match(/claimed \d+/g) ?? []).length >= 2, 90_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect(await b.exited).toBe(0);
    expect(b.output()).toMatch(/charged \d+/);
    // B took over the gift A held when it died: a later run finds nothing left to charge
    const c = run(0);
    expect(await c.exited).toBe(0);
    expect(c.output()).not.toMatch(/charged/);

    for (const id of giftIds) {
      const rows = await database.db
        .select()
        .from(t.payments)
        .where(eq(t.payments.recurringGiftId, id));
      expect(rows, `gift ${id}`).toHaveLength(1);
      expect(rows[0]!.status).toBe('aprovado');
      const [gift] = await database.db
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, id));
      expect(gift!.lastPaymentId).toBe(rows[0]!.id);
      expect(gift!.nextChargeAt.getTime()).toBeGreaterThan(Date.now());
    }
    // the killed process left no payment without its lines and no claimed key without a payment
    const claims = await database.db
      .select()
      .from(t.paymentIdempotency)
      .where(eq(t.paymentIdempotency.httpStatus, 0));
    expect(claims).toHaveLength(0);
  }, 180_000);
});
