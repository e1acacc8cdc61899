// Two real processes renew Play subscriptions at the same moment against one PostgreSQL; one is killed
// with SIGKILL in the middle of a charge and the other finishes: every due subscription is charged
// exactly once for its period (docs/play.md: once per period, across restarts and nodes).
// Needs TEST_DATABASE_URL; the same shape as server/giving/recurring.pg.test.ts.
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { runWorker, scratchDatabase, waitFor } from '../jobs/worker-processes.test-support.ts';

const base = process.env.TEST_DATABASE_URL;
const worker = fileURLToPath(new URL('./renewals-worker.ts', import.meta.url));
const SUBSCRIPTIONS = 8;
const HOUR = 3_600_000;

if (!base)
  console.warn(
    '[renewals.pg.test] skipped: set TEST_DATABASE_URL=postgres://… to run the two-process kill -9 test',
  );

describe.skipIf(!base)('play renewals with two processes and a kill -9 on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let url: string;
  let database: DatabaseHandle;
  const subs: { id: number; paidUntil: Date }[] = [];
  let priceCents = 0;

  beforeAll(async () => {
    scratch = await scratchDatabase(base!, 'church_test_play');
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
    const [card] = await database.db
      .select()
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, user!.id), eq(t.savedCards.churchId, church!.id)));
    const [plan] = await database.db
      .select()
      .from(t.playPlans)
      .where(eq(t.playPlans.churchId, church!.id));
    priceCents = plan!.priceCents;
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const paidUntil = new Date(Date.now() + 12 * HOUR + i * 1000);
      const [s] = await database.db
        .insert(t.playSubscriptions)
        .values({
          churchId: church!.id,
          userId: user!.id,
          planId: plan!.id,
          status: 'ativo',
          code: `PL-PGTEST${i}`,
          paidUntil,
          cardId: card!.id,
          renewAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: t.playSubscriptions.id });
      subs.push({ id: s!.id, paidUntil });
    }
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const run = (holdMs: number) =>
    runWorker(worker, {
      DATABASE_URL: url,
      PLAY_HOLD_MS: String(holdMs),
      DATA_DIR: `/tmp/${scratch.name}`,
    });

  it('renews each due subscription once; the survivor finishes what the killed one held', async () => {
    const a = run(400);
    const b = run(400);
    await waitFor(() => (a.output().match(/claimed \d+/g) ?? []).length >= 2, 90_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect(await b.exited).toBe(0);
    expect(b.output()).toMatch(/renewed \d+/);
    // a restart finds nothing left to charge
    const c = run(0);
    expect(await c.exited).toBe(0);
    expect(c.output()).not.toMatch(/renewed/);

    for (const s of subs) {
      const links = await database.db
        .select()
        .from(t.playSubscriptionPayments)
        .where(eq(t.playSubscriptionPayments.subscriptionId, s.id));
      expect(links, `subscription ${s.id}`).toHaveLength(1);
      expect(links[0]!.period).toBe(s.paidUntil.toISOString());
      const [payment] = await database.db
        .select()
        .from(t.payments)
        .where(eq(t.payments.id, links[0]!.paymentId));
      expect(payment).toMatchObject({
        kind: 'assinatura',
        status: 'aprovado',
        totalCents: priceCents,
      });
      const [row] = await database.db
        .select()
        .from(t.playSubscriptions)
        .where(eq(t.playSubscriptions.id, s.id));
      expect(row!.paidUntil!.getTime()).toBeGreaterThan(s.paidUntil.getTime());
      expect(row!.renewAt!.getTime()).toBeGreaterThan(Date.now());
    }
    const claims = await database.db
      .select()
      .from(t.paymentIdempotency)
      .where(eq(t.paymentIdempotency.httpStatus, 0));
    expect(claims).toHaveLength(0);
  }, 180_000);
});
