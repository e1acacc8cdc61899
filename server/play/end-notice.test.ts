// Plans that do not renew by themselves are warned a week before they end (docs/play.md "Subscribing,
// cancelling, renewals"), on both databases with a fixed clock: once per paid period from the renewals
// pass, never for a card, a cancelled or a short plan or a church without Play, in the church's language
// with the date and the link to my plan; two passes at once warn once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { TASKS } from '../jobs/index.ts';
import { drainTasks } from '../jobs/tasks.ts';
import type { Mail } from '../mail/outbox.ts';
import { END_NOTICE_TASK, endNoticeTask } from './end-notice.ts';
import { PLAY_MODULE } from './play.queries.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { RENEW_AHEAD_MS } from './subscription-state.ts';

const DAY = 86_400_000;
const SETTINGS = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
/** The end of the paid period every case starts from (a fixed clock). */
const END = new Date('2031-03-10T12:00:00.000Z');
/** A week before the end, plus a minute: the warning is due. */
const WEEK_BEFORE = new Date(END.getTime() - 7 * DAY + 60_000);

describe.each(testBackends())('play end-of-plan notice on %s', (backend) => {
  let database: DatabaseHandle;
  let graca: number;
  let grace: number;
  let member: number;
  let memberEn: number;
  let card: number;
  let monthly: typeof t.playPlans.$inferSelect;
  let monthlyEn: typeof t.playPlans.$inferSelect;
  let sent: Mail[] = [];
  const mailer = {
    async send(mail: Mail) {
      sent.push(mail);
    },
  };
  /** One pass of the renewals job, then the task queue runs what it queued (the e-mails). */
  const pass = async (now: Date, holdMs?: number) => {
    await renewDueSubscriptions(database.db, now, { mailer, settings: SETTINGS, holdMs });
    return deliver(now);
  };
  const deliver = (now: Date) =>
    drainTasks(
      {
        db: database.db,
        now: () => now,
        workerId: 'test',
        settings: { ...parseConfig(), ...SETTINGS },
        mailer,
        files: createLocalFileStore('/tmp/end-notice-test-files'),
      },
      [endNoticeTask],
    );
  const row = async (id: number) =>
    (
      await database.db.select().from(t.playSubscriptions).where(eq(t.playSubscriptions.id, id))
    )[0]!;
  const plan = async (churchId: number, periodDays: number) =>
    (
      await database.db
        .insert(t.playPlans)
        .values({
          churchId,
          name: `Plano ${periodDays} dias`,
          priceCents: 990,
          feeCents: 0,
          periodDays,
          position: 90,
        })
        .returning()
    )[0]!;
  /** A subscription paid by Pix (no card, so no renewal) unless told otherwise. */
  const subscribe = async (
    v: Partial<typeof t.playSubscriptions.$inferInsert> & { planId: number },
  ) =>
    (
      await database.db
        .insert(t.playSubscriptions)
        .values({
          churchId: graca,
          userId: member,
          status: 'ativo',
          code: `PL-N-${backend}-${Math.random().toString(36).slice(2, 10)}`,
          subscribedAt: new Date(END.getTime() - 30 * DAY),
          paidUntil: END,
          ...v,
        })
        .returning()
    )[0]!;
  const setModule = async (on: boolean) => {
    if (on)
      await database.db
        .insert(t.churchModules)
        .values({ churchId: graca, moduleCode: PLAY_MODULE })
        .onConflictDoNothing();
    else
      await database.db
        .delete(t.churchModules)
        .where(
          and(eq(t.churchModules.churchId, graca), eq(t.churchModules.moduleCode, PLAY_MODULE)),
        );
  };
  const setCardMethod = (active: boolean) =>
    database.db
      .update(t.churchPaymentMethods)
      .set({ active })
      .where(
        and(eq(t.churchPaymentMethods.churchId, graca), eq(t.churchPaymentMethods.code, 'cartao')),
      );

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const church = async (slug: string) =>
      (
        await database.db
          .select({ id: t.churches.id })
          .from(t.churches)
          .where(eq(t.churches.slug, slug))
      )[0]!.id;
    const user = async (email: string) =>
      (
        await database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email))
      )[0]!.id;
    graca = await church('graca');
    grace = await church('grace');
    member = await user('membro@graca.demo');
    memberEn = await user('member@grace.demo');
    card = (
      await database.db
        .select({ id: t.savedCards.id })
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, member), eq(t.savedCards.churchId, graca)))
    )[0]!.id;
    const plans = await database.db.select().from(t.playPlans);
    monthly = plans.find((p) => p.churchId === graca && p.periodDays === 30)!;
    monthlyEn = plans.find((p) => p.churchId === grace && p.periodDays === 30)!;
    expect(monthly).toBeDefined();
    expect(monthlyEn).toBeDefined();
    // the demo's own subscribers ended long before this clock: the first pass lapses them
    await renewDueSubscriptions(database.db, END, { mailer, settings: SETTINGS });
  }, 180_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    sent = [];
    await database.db
      .delete(t.playSubscriptions)
      .where(inArray(t.playSubscriptions.userId, [member, memberEn]));
    await database.db.delete(t.tasks).where(eq(t.tasks.kind, END_NOTICE_TASK));
    await setModule(true);
    await setCardMethod(true);
  });

  it('is a task kind of the one queue', () => {
    expect(TASKS).toContain(endNoticeTask);
  });

  it('warns a Pix subscription once a week before it ends, and again for a new paid period', async () => {
    const sub = await subscribe({ planId: monthly.id });
    await pass(new Date(WEEK_BEFORE.getTime() - 2 * 60_000)); // a little over a week left: not yet
    expect(sent).toEqual([]);

    await pass(WEEK_BEFORE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'membro@graca.demo',
      subject: 'Sua assinatura do Play termina em 10 de março de 2031 — Igreja da Graça',
      links: ['http://graca.localhost:4321/play/my-plan'],
    });
    expect(sent[0]!.text).toContain('está paga até 10 de março de 2031 e não se renova sozinha');
    expect(sent[0]!.text).toContain('cadastre um cartão em Minha assinatura');
    expect(sent[0]!.text).toContain('http://graca.localhost:4321/play/my-plan');
    expect(sent[0]!.html).toContain('href="http://graca.localhost:4321/play/my-plan"');
    expect((await row(sub.id)).endNoticeFor).toEqual(END);

    // the next passes of the same period send nothing
    await pass(WEEK_BEFORE);
    await pass(new Date(END.getTime() - DAY));
    expect(sent).toHaveLength(1);

    // a new paid period (paid again, no card) is warned again, a week before its own end
    const next = new Date(END.getTime() + 30 * DAY);
    await database.db
      .update(t.playSubscriptions)
      .set({ paidUntil: next })
      .where(eq(t.playSubscriptions.id, sub.id));
    await pass(new Date(END.getTime() + DAY));
    expect(sent).toHaveLength(1);
    await pass(new Date(next.getTime() - 7 * DAY + 60_000));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe(
      'Sua assinatura do Play termina em 9 de abril de 2031 — Igreja da Graça',
    );

    // it still ends at pago_ate as before
    await pass(next);
    expect((await row(sub.id)).status).toBe('expirado');
    expect(sent).toHaveLength(2);
  });

  it('warns at once when less than a week is left', async () => {
    await subscribe({ planId: monthly.id });
    await pass(new Date(END.getTime() - 2 * DAY));
    expect(sent.map((m) => m.subject)).toEqual([
      'Sua assinatura do Play termina em 10 de março de 2031 — Igreja da Graça',
    ]);
  });

  it('warns no card subscription, no cancelled one, no plan shorter than 14 days', async () => {
    const withCard = await subscribe({
      planId: monthly.id,
      cardId: card,
      renewAt: new Date(END.getTime() - RENEW_AHEAD_MS),
    });
    const cancelled = await subscribe({ planId: monthly.id, cancelledAt: END });
    const weekly = await subscribe({ planId: (await plan(graca, 7)).id });
    const thirteen = await subscribe({ planId: (await plan(graca, 13)).id });
    const fortnight = await subscribe({ planId: (await plan(graca, 14)).id });
    await pass(WEEK_BEFORE);
    await pass(new Date(END.getTime() - 2 * DAY));
    // the 14-day plan is the only one warned
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('“Plano 14 dias”');
    for (const s of [withCard, cancelled, weekly, thirteen])
      expect((await row(s.id)).endNoticeFor, `subscription ${s.id}`).toBeNull();
    expect((await row(fortnight.id)).endNoticeFor).toEqual(END);
  });

  it('warns nobody at a church without Play', async () => {
    await subscribe({ planId: monthly.id });
    await setModule(false);
    await pass(WEEK_BEFORE);
    expect(sent).toEqual([]);
    await setModule(true); // the module back within the week: warned then
    await pass(WEEK_BEFORE);
    expect(sent).toHaveLength(1);
  });

  it('writes in English at an English church, and says only to subscribe again without a card method', async () => {
    await subscribe({ churchId: grace, userId: memberEn, planId: monthlyEn.id });
    await pass(WEEK_BEFORE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'member@grace.demo',
      subject: 'Your Play subscription ends on March 10, 2031 — Grace Community Church',
      links: ['http://grace.localhost:4321/play/my-plan'],
    });
    expect(sent[0]!.text).toContain('is paid until March 10, 2031 and does not renew by itself');
    expect(sent[0]!.text).toContain('add a card in My subscription');
    expect(sent[0]!.text).toContain('http://grace.localhost:4321/play/my-plan');

    sent = [];
    await subscribe({ planId: monthly.id });
    await setCardMethod(false);
    await pass(WEEK_BEFORE);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toContain('cartão');
    expect(sent[0]!.text).toContain(
      'Para continuar assistindo, assine de novo depois de 10 de março de 2031.',
    );
  });

  it('sends nothing when a card was added after the claim', async () => {
    const sub = await subscribe({ planId: monthly.id });
    await renewDueSubscriptions(database.db, WEEK_BEFORE, { mailer, settings: SETTINGS });
    await database.db
      .update(t.playSubscriptions)
      .set({ cardId: card, renewAt: new Date(END.getTime() - RENEW_AHEAD_MS) })
      .where(eq(t.playSubscriptions.id, sub.id));
    expect(await deliver(WEEK_BEFORE)).toHaveLength(1); // the task ran…
    expect(sent).toEqual([]); // …and said nothing
  });

  it('two passes at once warn each subscription once', async () => {
    const subs = [];
    for (let i = 0; i < 6; i++) subs.push(await subscribe({ planId: monthly.id }));
    await Promise.all([
      renewDueSubscriptions(database.db, WEEK_BEFORE, { mailer, settings: SETTINGS, holdMs: 300 }),
      renewDueSubscriptions(database.db, WEEK_BEFORE, { mailer, settings: SETTINGS, holdMs: 300 }),
    ]);
    const queued = await database.db
      .select({ payload: t.tasks.payload })
      .from(t.tasks)
      .where(eq(t.tasks.kind, END_NOTICE_TASK));
    expect(
      queued.map((q) => (q.payload as { subscriptionId: number }).subscriptionId).sort(),
    ).toEqual(subs.map((s) => s.id).sort());
    await deliver(WEEK_BEFORE);
    expect(sent).toHaveLength(6);
  });
});
