// Recurring gifts charge by themselves: each due occurrence once (also with two runs at the same
// time), a declined card retried on a schedule with an e-mail each time, paused after the last try.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import type { Mail } from '../mail/outbox.ts';
import { chargeDueGifts, RETRY_DAYS } from './recurring.ts';
import { recurringGiftsJob } from './recurring.job.ts';
import { JOBS } from '../jobs/index.ts';

const DAY = 86_400_000;

describe.each(testBackends())('recurring gifts on %s', (backend) => {
  let database: DatabaseHandle;
  let churchId: number;
  let userId: number;
  let reasonId: number;
  const sent: Mail[] = [];
  const mailer = {
    async send(mail: Mail) {
      sent.push(mail);
    },
  };
  const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };

  /** A saved card of the demo member that the sandbox approves or declines. */
  const savedCard = async (behaviour: 'approve' | 'decline') => {
    const token = `tok_zoop_test_${behaviour}_${Math.random().toString(36).slice(2)}`;
    await database.db.insert(t.cardTokens).values({
      token,
      churchId,
      userId,
      gatewayId: 8,
      brand: 'visa',
      last4: behaviour === 'approve' ? '1111' : '0002',
      holder: 'Maria',
      expiry: '12/2030',
      behaviour,
    });
    const [card] = await database.db
      .insert(t.savedCards)
      .values({
        churchId,
        userId,
        gatewayId: 8,
        token,
        brand: 'visa',
        last4: '1111',
        holder: 'Maria',
        expiry: '12/2030',
      })
      .returning();
    return card!.id;
  };
  const dueGift = async (cardId: number, day: string) => {
    const [g] = await database.db
      .insert(t.recurringGifts)
      .values({
        churchId,
        userId,
        reasonId,
        amountCents: 10000,
        days: 30,
        cardId,
        status: 'ativa',
        nextOccurrence: day,
        nextChargeAt: new Date(`${day}T09:00:00Z`),
      })
      .returning();
    return g!;
  };
  const paymentsOf = (giftId: number) =>
    database.db.select().from(t.payments).where(eq(t.payments.recurringGiftId, giftId));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const [church] = await database.db
      .select()
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    churchId = church!.id;
    const [user] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'membro@graca.demo'));
    userId = user!.id;
    const [reason] = await database.db
      .select()
      .from(t.paymentReasons)
      .where(and(eq(t.paymentReasons.churchId, churchId), eq(t.paymentReasons.name, 'Dízimo')));
    reasonId = reason!.id;
    // only this file's gifts are due: the demo monthly gift is days away
  }, 180_000);
  afterAll(() => database.close());

  it('is one of the scheduler jobs', () => {
    expect(JOBS).toContain(recurringGiftsJob);
  });

  it('charges each due gift once, even with two runs at the same moment', async () => {
    const card = await savedCard('approve');
    const gifts = await Promise.all(
      ['2026-01-10', '2026-01-11', '2026-01-12'].map((d) => dueGift(card, d)),
    );
    const now = new Date('2026-01-12T12:00:00Z');
    const [a, b] = await Promise.all([
      chargeDueGifts(database.db, now, { mailer, settings }),
      chargeDueGifts(database.db, now, { mailer, settings }),
    ]);
    expect(a.length + b.length).toBe(3);
    for (const g of gifts) {
      const rows = await paymentsOf(g.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('aprovado');
      expect(rows[0]!.occurrence).toBe(g.nextOccurrence);
      const [after] = await database.db
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, g.id));
      expect(after!.nextOccurrence > '2026-01-12').toBe(true);
      expect(after!.lastPaymentId).toBe(rows[0]!.id);
    }
    // the gift's payment has its line, as any gift
    const [line] = await database.db
      .select()
      .from(t.paymentLines)
      .where(eq(t.paymentLines.paymentId, (await paymentsOf(gifts[0]!.id))[0]!.id));
    expect(line!.reasonName).toBe('Dízimo');
    // nothing more is due: a new run charges nothing
    expect(await chargeDueGifts(database.db, now, { mailer, settings })).toEqual([]);
  });

  it('retries a declined card on a schedule, e-mails the donor each time and pauses after the last try', async () => {
    await database.db.update(t.recurringGifts).set({ status: 'cancelada' }); // only this gift runs here
    const card = await savedCard('decline');
    const gift = await dueGift(card, '2026-02-01');
    let now = new Date('2026-02-01T10:00:00Z');
    sent.length = 0;
    for (let i = 0; i < RETRY_DAYS.length; i++) {
      const [outcome] = await chargeDueGifts(database.db, now, { mailer, settings });
      expect(outcome?.status).toBe('nao_aprovado');
      const [row] = await database.db
        .select()
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, gift.id));
      expect(row!.status).toBe('ativa');
      expect(row!.nextChargeAt.getTime()).toBe(now.getTime() + RETRY_DAYS[i]! * DAY);
      expect(await chargeDueGifts(database.db, now, { mailer, settings })).toEqual([]); // not again before the retry day
      now = row!.nextChargeAt;
    }
    await chargeDueGifts(database.db, now, { mailer, settings });
    const [paused] = await database.db
      .select()
      .from(t.recurringGifts)
      .where(eq(t.recurringGifts.id, gift.id));
    expect(paused!.status).toBe('pausada');
    expect(await paymentsOf(gift.id)).toHaveLength(RETRY_DAYS.length + 1);
    expect(sent).toHaveLength(RETRY_DAYS.length + 1);
    expect(sent[0]!.text).toContain('Tentaremos de novo em 1 dia(s)');
    expect(sent.at(-1)!.text).toContain('A doação foi pausada');
    expect(
      await chargeDueGifts(database.db, new Date(now.getTime() + 30 * DAY), { mailer, settings }),
    ).toEqual([]);
  });
});
