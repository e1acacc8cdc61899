// Reading plans (contract/reading-plans.ts; spec §2 /reading-plans, §4 start, reset, delete).
// The church comes from the route's slug (server/member/scope.ts) and every query filters on
// it; subscriptions also on the token's user, who must be an active member of that church.
// Someone else's subscription is never reachable: the calls address "my subscription to plan X".
import { Hono, type Context } from 'hono';
import { notesMessage } from '../../contract/messages/notes.ts';
import {
  planChurchParams,
  planDayParams,
  planParams,
  planTodayQuery,
} from '../../contract/reading-plans.ts';
import type * as t from '../db/schema/index.ts';
import { memberOf, memberScope, membersOf } from '../member/scope.ts';
import { langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import {
  catchUp,
  deleteSubscription,
  markDay,
  planDay,
  planIn,
  plansOf,
  planWithDays,
  requireSubscription,
  resetSubscription,
  startPlan,
  subscriptionNow,
  subscriptionsOf,
  todayOf,
} from './reading-plans.service.ts';
import type { MemberDeps } from '../member/deps.ts';

type PlanRow = typeof t.readingPlans.$inferSelect;

export function readingPlanRoutes({ db }: MemberDeps) {
  const app = new Hono({ strict: false });
  const scoped = memberScope(db, { notFoundMessage: 'plan.notFound' });
  const member = memberScope(db, { caller: 'member', notFoundMessage: 'plan.notFound' });

  /** The church of the route, the plan and the calling member (401/403 otherwise, by `member`). */
  async function memberPlan(c: Context, uuid: string) {
    const { church, user } = membersOf(c);
    const plan = await planIn(db, church.id, uuid);
    return { church, user, plan };
  }

  async function answer(
    c: Context,
    churchId: number,
    userId: number,
    plan: PlanRow,
    status: 200 | 201 = 200,
    message?: string,
  ) {
    const view = await subscriptionNow(db, churchId, userId, plan, todayOf(c.req.query('hoje')));
    return c.json(
      { status: true as const, ...(message ? { message } : {}), inscricao: view },
      status,
    );
  }

  // ---- public: Discover ----

  app.get(
    '/igreja/:slug/plano-leitura',
    validate('param', planChurchParams),
    memberScope(db),
    async (c) => {
      const { church } = memberOf(c);
      return c.json({ planos: await plansOf(db, church.id) });
    },
  );

  app.get('/igreja/:slug/plano-leitura/:uuid', validate('param', planParams), scoped, async (c) => {
    const { uuid } = c.req.valid('param');
    const { church } = memberOf(c);
    const plan = await planIn(db, church.id, uuid);
    return c.json(await planWithDays(db, church.id, plan));
  });

  app.get(
    '/igreja/:slug/plano-leitura/:uuid/dia/:dia',
    validate('param', planDayParams),
    scoped,
    async (c) => {
      const { uuid, dia } = c.req.valid('param');
      const { church } = memberOf(c);
      const plan = await planIn(db, church.id, uuid);
      const day = await planDay(db, church.id, plan, dia);
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(day);
    },
  );

  // ---- a member's plans ----

  app.get(
    '/igreja/:slug/plano-leitura-inscricao',
    validate('param', planChurchParams),
    validate('query', planTodayQuery),
    memberScope(db, { caller: 'member' }),
    async (c) => {
      const { church, user } = membersOf(c);
      const today = todayOf(c.req.valid('query').hoje);
      return c.json({ inscricoes: await subscriptionsOf(db, church.id, user.userId, today) });
    },
  );

  const mine = '/igreja/:slug/plano-leitura/:uuid/inscricao';

  app.get(
    mine,
    validate('param', planParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      await requireSubscription(db, church.id, user.userId, plan.id);
      return answer(c, church.id, user.userId, plan);
    },
  );

  /** Start (spec §4): day 1 is today. Starting twice answers the running subscription. */
  app.post(
    mine,
    validate('param', planParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      const today = todayOf(c.req.valid('query').hoje);
      const started = await startPlan(db, church.id, user.userId, plan, today);
      return answer(c, church.id, user.userId, plan, started ? 201 : 200);
    },
  );

  /** Delete (spec §4, irreversible): the subscription and its progress go. */
  app.delete(mine, validate('param', planParams), member, async (c) => {
    const { uuid } = c.req.valid('param');
    const { church, user, plan } = await memberPlan(c, uuid);
    const sub = await requireSubscription(db, church.id, user.userId, plan.id);
    await deleteSubscription(db, church.id, user.userId, sub);
    return c.json({ status: true as const, message: notesMessage(langOf(c), 'plan.deleted') });
  });

  /** Reset (spec §4): every day unread, day 1 today. */
  app.post(
    `${mine}/reiniciar`,
    validate('param', planParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      const sub = await requireSubscription(db, church.id, user.userId, plan.id);
      await resetSubscription(db, church.id, sub, todayOf(c.req.valid('query').hoje));
      const message = notesMessage(langOf(c), 'plan.reset');
      return answer(c, church.id, user.userId, plan, 200, message);
    },
  );

  /** "Catch me up": the first unread day becomes today's, so missed days move forward. */
  app.post(
    `${mine}/em-dia`,
    validate('param', planParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      const sub = await requireSubscription(db, church.id, user.userId, plan.id);
      await catchUp(db, church.id, sub, plan, todayOf(c.req.valid('query').hoje));
      return answer(c, church.id, user.userId, plan);
    },
  );

  /** Mark a day read (PUT) or unread (DELETE); marking twice counts once. */
  app.put(
    `${mine}/dia/:dia`,
    validate('param', planDayParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid, dia } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      await markDay(db, church.id, user.userId, plan, dia, true);
      return answer(c, church.id, user.userId, plan);
    },
  );

  app.delete(
    `${mine}/dia/:dia`,
    validate('param', planDayParams),
    validate('query', planTodayQuery),
    member,
    async (c) => {
      const { uuid, dia } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, uuid);
      await markDay(db, church.id, user.userId, plan, dia, false);
      return answer(c, church.id, user.userId, plan);
    },
  );

  return app;
}
