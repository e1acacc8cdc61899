// Play renewals with a fixed clock on both databases (docs/play.md "Subscribing, cancelling, renewals"): a
// declined renewal is tried again after recurring gifts' 1, 3 and 7 days, the member keeps watching and is
// e-mailed at each decline, then the plan lapses and they are told; a retry that goes through renews and
// starts counting again; a plan switch is charged at the next renewal.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { RETRY_DAYS } from '../giving/recurring.ts';
import type { Mail } from '../mail/outbox.ts';
import { activeSubscription } from './access.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { RENEW_AHEAD_MS } from './subscription-state.ts';

const DAY = 86_400_000;
const SETTINGS = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
/** The end of the paid period every case starts from (a fixed clock). */
const END = new Date('2031-03-10T12:00:00.000Z');

describe.each(testBackends())('play renewal retries on %s', (backend) => {
  let database: DatabaseHandle;
  let graca: number;
  let member: number;
  let card: { id: number; token: string };
  let monthly: typeof t.playPlans.$inferSelect;
  let yearly: typeof t.playPlans.$inferSelect;
  let sent: Mail[] = [];
  const options = () => ({
    mailer: {
      async send(mail: Mail) {
        sent.push(mail);
      },
    },
    settings: SETTINGS,
  });
  const run = (now: Date) => renewDueSubscriptions(database.db, now, options());
  const row = async (id: number) =>
    (
      await database.db.select().from(t.playSubscriptions).where(eq(t.playSubscriptions.id, id))
    )[0]!;
  const cardBehaves = (behaviour: 'approve' | 'decline') =>
    database.db.update(t.cardTokens).set({ behaviour }).where(eq(t.cardTokens.token, card.token));
  const subscribe = async (plan = monthly) =>
    (
      await database.db
        .insert(t.playSubscriptions)
        .values({
          churchId: graca,
          userId: member,
          planId: plan.id,
          status: 'ativo',
          code: `PL-R-${backend}-${Math.random().toString(36).slice(2, 10)}`,
          subscribedAt: new Date(END.getTime() - plan.periodDays * DAY),
          paidUntil: END,
          cardId: card.id,
          renewAt: new Date(END.getTime() - RENEW_AHEAD_MS),
        })
        .returning()
    )[0]!;
  /** The approved renewals' payment rows (a declined charge records no link). */
  const renewalPayments = async (id: number) =>
    (
      await database.db
        .select({
          period: t.playSubscriptionPayments.period,
          status: t.payments.status,
          total: t.payments.totalCents,
        })
        .from(t.playSubscriptionPayments)
        .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
        .where(eq(t.playSubscriptionPayments.subscriptionId, id))
    ).sort((a, b) => a.period.localeCompare(b.period));
  /** Every charge the job tried (approved or not): one idempotency key per try. */
  const chargeKeys = async (id: number) =>
    (
      await database.db
        .select({ key: t.paymentIdempotency.key })
        .from(t.paymentIdempotency)
        .where(
          and(
            eq(t.paymentIdempotency.userId, member),
            like(t.paymentIdempotency.key, `assinatura:${id}:%`),
          ),
        )
    )
      .map((r) => r.key)
      .sort();

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, 'graca'))
    )[0]!.id;
    member = (
      await database.db
        .select({ id: t.users.id })
        .from(t.users)
        .where(eq(t.users.email, 'membro@graca.demo'))
    )[0]!.id;
    const [saved] = await database.db
      .select({ id: t.savedCards.id, token: t.savedCards.token })
      .from(t.savedCards)
      .where(and(eq(t.savedCards.userId, member), eq(t.savedCards.churchId, graca)));
    card = saved!;
    const plans = await database.db
      .select()
      .from(t.playPlans)
      .where(eq(t.playPlans.churchId, graca));
    monthly = plans.find((p) => p.feeCents > 0)!;
    yearly = plans.find((p) => p.id !== monthly.id)!;
  }, 180_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    sent = [];
    await database.db.delete(t.playSubscriptions).where(eq(t.playSubscriptions.userId, member));
    await cardBehaves('approve');
  });

  it('uses the same retry days as recurring gifts', () => {
    expect(RETRY_DAYS).toEqual([1, 3, 7]);
  });

  it('retries a declined renewal after 1, 3 and 7 days with access meanwhile, e-mails each decline, then lapses', async () => {
    const sub = await subscribe();
    await cardBehaves('decline');
    let now = new Date(END.getTime() - RENEW_AHEAD_MS + 60_000);
    expect(await run(now)).toEqual([
      { subscriptionId: sub.id, period: END.toISOString(), status: 'nao_aprovado' },
    ]);
    expect(await run(now)).toEqual([]); // not due again at the same moment
    expect(await row(sub.id)).toMatchObject({
      status: 'ativo',
      failedTries: 1,
      renewAt: new Date(now.getTime() + 1 * DAY),
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'membro@graca.demo',
      subject: 'Não conseguimos renovar sua assinatura do Play — Igreja da Graça',
      links: ['http://graca.localhost:4321/play/my-plan'],
    });
    expect(sent[0]!.text).toContain('nada foi cobrado');
    expect(sent[0]!.text).toContain('Vamos tentar de novo em 10 de março de 2031');

    // each retry: declined again, the next one RETRY_DAYS later; past pago_ate the plan has not lapsed
    for (const [i, days] of [
      [1, 3],
      [2, 7],
    ] as const) {
      now = (await row(sub.id)).renewAt!;
      expect(await activeSubscription(database.db, graca, member, now)).not.toBeNull();
      expect(await run(new Date(now.getTime() - 60_000))).toEqual([]); // not before its day
      expect((await run(now)).map((o) => o.status)).toEqual(['nao_aprovado']);
      expect(await row(sub.id)).toMatchObject({
        status: 'ativo',
        failedTries: i + 1,
        renewAt: new Date(now.getTime() + days * DAY),
      });
      expect(sent).toHaveLength(i + 1);
      expect(sent[i]!.text).toContain('Vamos tentar de novo');
    }

    // the last try: declined → the plan lapses in the same pass, and the member is told both
    now = (await row(sub.id)).renewAt!;
    expect(now.getTime()).toBe(END.getTime() - RENEW_AHEAD_MS + 60_000 + (1 + 3 + 7) * DAY);
    expect(await activeSubscription(database.db, graca, member, now)).not.toBeNull();
    expect((await run(now)).map((o) => o.status)).toEqual(['nao_aprovado']);
    expect(await row(sub.id)).toMatchObject({ status: 'expirado', failedTries: 4, renewAt: null });
    expect(await activeSubscription(database.db, graca, member, now)).toBeNull();
    expect(sent.map((m) => m.subject)).toEqual([
      ...Array(4).fill('Não conseguimos renovar sua assinatura do Play — Igreja da Graça'),
      'Sua assinatura do Play terminou — Igreja da Graça',
    ]);
    expect(sent[3]!.text).toContain('Esta foi a última tentativa');
    expect(sent[4]!.text).toContain('depois de várias tentativas');
    expect(sent[4]!.links).toEqual(['http://graca.localhost:4321/play/plans']);
    expect(await run(new Date(now.getTime() + DAY))).toEqual([]); // nothing more, no more e-mails
    expect(sent).toHaveLength(5);

    // one charge per try, none approved
    expect(await chargeKeys(sub.id)).toEqual(
      ['', '#1', '#2', '#3'].map((n) => `assinatura:${sub.id}:${END.toISOString()}${n}`),
    );
    expect(await renewalPayments(sub.id)).toEqual([]);
  });

  it('a retry that goes through pays the next period and starts counting again', async () => {
    const sub = await subscribe();
    await cardBehaves('decline');
    const first = new Date(END.getTime() - RENEW_AHEAD_MS + 60_000);
    await run(first);
    await cardBehaves('approve');
    const retry = (await row(sub.id)).renewAt!;
    expect(await run(retry)).toEqual([
      { subscriptionId: sub.id, period: END.toISOString(), status: 'aprovado' },
    ]);
    const next = new Date(END.getTime() + monthly.periodDays * DAY);
    expect(await row(sub.id)).toMatchObject({
      status: 'ativo',
      failedTries: 0,
      paidUntil: next,
      renewAt: new Date(next.getTime() - RENEW_AHEAD_MS),
    });
    expect(await chargeKeys(sub.id)).toHaveLength(2);
    expect((await renewalPayments(sub.id)).map((p) => [p.period, p.status])).toEqual([
      [`${END.toISOString()}#1`, 'aprovado'],
    ]);
    expect(sent).toHaveLength(1); // only the decline
  });

  it('charges the plan the member switched to at the next renewal, for its period', async () => {
    const sub = await subscribe(monthly);
    await database.db
      .update(t.playSubscriptions)
      .set({ nextPlanId: yearly.id })
      .where(eq(t.playSubscriptions.id, sub.id));
    expect((await run(new Date(END.getTime() - RENEW_AHEAD_MS + 60_000)))[0]!.status).toBe(
      'aprovado',
    );
    const renewed = await row(sub.id);
    expect(renewed).toMatchObject({
      planId: yearly.id,
      nextPlanId: null,
      paidUntil: new Date(END.getTime() + yearly.periodDays * DAY),
    });
    expect(await renewalPayments(sub.id)).toEqual([
      { period: END.toISOString(), status: 'aprovado', total: yearly.priceCents },
    ]);
  });
});
