// Reading plans (contract/reading-plans.ts; spec §2 /reading-plans, §4 start, reset, delete).
// The church comes from the route's slug (server/http/church-scope.ts) and every query filters on
// it; subscriptions also on the token's user, who must be an active member of that church.
// Someone else's subscription is never reachable: the calls address "my subscription to plan X".
import { and, asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { notesMessage } from '../../contract/notes-messages.ts';
import {
  planChurchParams,
  planDayParams,
  planParams,
  planTodayQuery,
  type PlanPassage,
  type PlanSummary,
  type Subscription,
} from '../../contract/reading-plans.ts';
import { requireMember } from '../auth/authenticate.ts';
import { langOf } from '../auth/errors.ts';
import { bookByCode } from '../../common/bible/books.ts';
import { BIBLE_SOURCES } from '../bible/sources.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PlanPassage as StoredPassage } from '../db/schema/notes.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';

type Lang = 'pt' | 'en' | 'es';
type PlanRow = typeof t.readingPlans.$inferSelect;
type SubRow = typeof t.readingPlanSubscriptions.$inferSelect;

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const asLang = (s: string): Lang => (s === 'pt' || s === 'es' ? s : 'en');

/** The member's date: theirs when sent and within a day of the server's (time zones), else UTC. */
export function todayOf(sent: string | undefined, now = Date.now()): string {
  const server = isoDate(now);
  if (
    sent &&
    !Number.isNaN(Date.parse(`${sent}T00:00:00Z`)) &&
    Math.abs(dayNumber(sent) - dayNumber(server)) <= 1
  )
    return sent;
  return server;
}

export function toPlanSummary(p: PlanRow): PlanSummary {
  return {
    uuid: p.uuid,
    nome: p.name,
    descricao: p.description,
    idioma: asLang(p.language),
    dias: p.days,
  };
}

export function toPassage(p: StoredPassage, lang: Lang): PlanPassage {
  const name = bookByCode(p.livro)?.names[lang].name ?? p.livro;
  return {
    livro: p.livro,
    nomeLivro: name,
    capitulo: p.capitulo,
    referencia: `${name} ${p.capitulo}`,
  };
}

/** Where a member stands in a plan on `today`. */
export function subscriptionView(
  sub: SubRow,
  plan: PlanRow,
  read: number[],
  today: string,
): Subscription {
  const done = new Set(read.filter((d) => d >= 1 && d <= plan.days));
  const diaHoje = Math.min(Math.max(dayNumber(today) - dayNumber(sub.startDate) + 1, 1), plan.days);
  let proximoDia: number | null = null;
  let atrasados = 0;
  for (let d = 1; d <= plan.days; d++) {
    if (done.has(d)) continue;
    proximoDia ??= d;
    if (d < diaHoje) atrasados++;
  }
  return {
    uuid: sub.uuid,
    plano: toPlanSummary(plan),
    dataInicio: sub.startDate,
    dataConclusao: sub.completedAt?.toISOString() ?? null,
    diasLidos: [...done].sort((a, b) => a - b),
    diaHoje,
    atrasados,
    proximoDia,
    progresso: Math.floor((done.size * 100) / plan.days),
    concluido: done.size === plan.days,
  };
}

export function readingPlanRoutes(db: Database) {
  const app = new Hono({ strict: false });
  const lang = (c: Context) => langOf(c);
  const missing = () => notFound('plan.notFound');

  async function planIn(churchId: number, uuid: string): Promise<PlanRow> {
    const [plan] = await db
      .select()
      .from(t.readingPlans)
      .where(
        and(
          eq(t.readingPlans.churchId, churchId),
          eq(t.readingPlans.uuid, uuid),
          eq(t.readingPlans.active, true),
        ),
      );
    if (!plan) throw missing();
    return plan;
  }

  /** The church of the route, the plan and the calling member (401/403 otherwise). */
  async function memberPlan(c: Context, slug: string, uuid: string) {
    const church = await churchBySlug(db, c, slug, { notFoundMessage: 'plan.notFound' });
    const { user } = await requireMember(db, c, church.id);
    const plan = await planIn(church.id, uuid);
    return { church, user, plan };
  }

  async function subscriptionOf(
    churchId: number,
    userId: number,
    planId: number,
  ): Promise<SubRow | undefined> {
    const [sub] = await db
      .select()
      .from(t.readingPlanSubscriptions)
      .where(
        and(
          eq(t.readingPlanSubscriptions.churchId, churchId),
          eq(t.readingPlanSubscriptions.userId, userId),
          eq(t.readingPlanSubscriptions.planId, planId),
        ),
      );
    return sub;
  }

  async function readDays(churchId: number, subId: number): Promise<number[]> {
    const rows = await db
      .select({ day: t.readingPlanProgress.day })
      .from(t.readingPlanProgress)
      .where(
        and(
          eq(t.readingPlanProgress.churchId, churchId),
          eq(t.readingPlanProgress.subscriptionId, subId),
        ),
      );
    return rows.map((r) => r.day);
  }

  async function requireSubscription(
    churchId: number,
    userId: number,
    planId: number,
  ): Promise<SubRow> {
    const sub = await subscriptionOf(churchId, userId, planId);
    if (!sub) throw notFound('plan.notStarted');
    return sub;
  }

  async function answer(
    c: Context,
    churchId: number,
    userId: number,
    plan: PlanRow,
    status: 200 | 201 = 200,
    message?: string,
  ) {
    const sub = await subscriptionOf(churchId, userId, plan.id);
    if (!sub) throw missing();
    const view = subscriptionView(
      sub,
      plan,
      await readDays(churchId, sub.id),
      todayOf(c.req.query('hoje')),
    );
    return c.json(
      { status: true as const, ...(message ? { message } : {}), inscricao: view },
      status,
    );
  }

  /** Keeps dataConclusao in step with the days read. */
  async function settleCompletion(churchId: number, sub: SubRow, plan: PlanRow) {
    const all = (await readDays(churchId, sub.id)).length >= plan.days;
    if (all === !!sub.completedAt) return;
    await db
      .update(t.readingPlanSubscriptions)
      .set({ completedAt: all ? new Date() : null })
      .where(
        and(
          eq(t.readingPlanSubscriptions.id, sub.id),
          eq(t.readingPlanSubscriptions.churchId, churchId),
        ),
      );
  }

  // ---- public: Discover ----

  app.get('/igreja/:slug/plano-leitura', validate('param', planChurchParams), async (c) => {
    const church = await churchBySlug(db, c, c.req.valid('param').slug);
    const rows = await db
      .select()
      .from(t.readingPlans)
      .where(and(eq(t.readingPlans.churchId, church.id), eq(t.readingPlans.active, true)))
      .orderBy(asc(t.readingPlans.position), asc(t.readingPlans.id));
    return c.json({ planos: rows.map(toPlanSummary) });
  });

  app.get('/igreja/:slug/plano-leitura/:uuid', validate('param', planParams), async (c) => {
    const { slug, uuid } = c.req.valid('param');
    const church = await churchBySlug(db, c, slug, { notFoundMessage: 'plan.notFound' });
    const plan = await planIn(church.id, uuid);
    const days = await db
      .select({ day: t.readingPlanDays.day, passages: t.readingPlanDays.passages })
      .from(t.readingPlanDays)
      .where(and(eq(t.readingPlanDays.churchId, church.id), eq(t.readingPlanDays.planId, plan.id)))
      .orderBy(asc(t.readingPlanDays.day));
    const l = asLang(plan.language);
    return c.json({
      plano: toPlanSummary(plan),
      dias: days.map((d) => ({ dia: d.day, passagens: d.passages.map((p) => toPassage(p, l)) })),
    });
  });

  app.get(
    '/igreja/:slug/plano-leitura/:uuid/dia/:dia',
    validate('param', planDayParams),
    async (c) => {
      const { slug, uuid, dia } = c.req.valid('param');
      const church = await churchBySlug(db, c, slug, { notFoundMessage: 'plan.notFound' });
      const plan = await planIn(church.id, uuid);
      const [day] = await db
        .select({ passages: t.readingPlanDays.passages })
        .from(t.readingPlanDays)
        .where(
          and(
            eq(t.readingPlanDays.churchId, church.id),
            eq(t.readingPlanDays.planId, plan.id),
            eq(t.readingPlanDays.day, dia),
          ),
        );
      if (!day) throw notFound('plan.dayOutOfRange');
      const l = asLang(plan.language);
      // Only a translation in the plan's own language is shown (the KJV is English only).
      const source = BIBLE_SOURCES.find((s) => s.language === l) ?? null;
      const passagens = await Promise.all(
        day.passages.map(async (p) => ({
          ...toPassage(p, l),
          versiculos: source
            ? (((await source.chapter(p.livro, p.capitulo)) ?? null)?.map((v) => ({
                numero: v.number,
                texto: v.text,
                paragrafo: v.paragraph,
              })) ?? null)
            : null,
        })),
      );
      const versao = source
        ? {
            codigo: source.code,
            nome: source.name,
            abreviacao: source.abbreviation,
            idioma: source.language,
            descricao: source.description,
          }
        : null;
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({
        dia,
        passagens,
        versao,
        textoDisponivel: !!source && passagens.every((p) => p.versiculos !== null),
      });
    },
  );

  // ---- a member's plans ----

  app.get(
    '/igreja/:slug/plano-leitura-inscricao',
    validate('param', planChurchParams),
    validate('query', planTodayQuery),
    async (c) => {
      const church = await churchBySlug(db, c, c.req.valid('param').slug);
      const { user } = await requireMember(db, c, church.id);
      const rows = await db
        .select({ sub: t.readingPlanSubscriptions, plan: t.readingPlans })
        .from(t.readingPlanSubscriptions)
        .innerJoin(
          t.readingPlans,
          and(
            eq(t.readingPlans.id, t.readingPlanSubscriptions.planId),
            eq(t.readingPlans.churchId, church.id),
          ),
        )
        .where(
          and(
            eq(t.readingPlanSubscriptions.churchId, church.id),
            eq(t.readingPlanSubscriptions.userId, user.userId),
            eq(t.readingPlans.active, true),
          ),
        )
        .orderBy(asc(t.readingPlans.position));
      const today = todayOf(c.req.valid('query').hoje);
      const inscricoes = await Promise.all(
        rows.map(async ({ sub, plan }) =>
          subscriptionView(sub, plan, await readDays(church.id, sub.id), today),
        ),
      );
      return c.json({ inscricoes });
    },
  );

  const mine = '/igreja/:slug/plano-leitura/:uuid/inscricao';

  app.get(mine, validate('param', planParams), validate('query', planTodayQuery), async (c) => {
    const { slug, uuid } = c.req.valid('param');
    const { church, user, plan } = await memberPlan(c, slug, uuid);
    await requireSubscription(church.id, user.userId, plan.id);
    return answer(c, church.id, user.userId, plan);
  });

  /** Start (spec §4): day 1 is today. Starting twice answers the running subscription. */
  app.post(mine, validate('param', planParams), validate('query', planTodayQuery), async (c) => {
    const { slug, uuid } = c.req.valid('param');
    const { church, user, plan } = await memberPlan(c, slug, uuid);
    const inserted = await db
      .insert(t.readingPlanSubscriptions)
      .values({
        churchId: church.id,
        userId: user.userId,
        planId: plan.id,
        startDate: todayOf(c.req.valid('query').hoje),
      })
      .onConflictDoNothing()
      .returning({ id: t.readingPlanSubscriptions.id });
    return answer(c, church.id, user.userId, plan, inserted.length ? 201 : 200);
  });

  /** Delete (spec §4, irreversible): the subscription and its progress go. */
  app.delete(mine, validate('param', planParams), async (c) => {
    const { slug, uuid } = c.req.valid('param');
    const { church, user, plan } = await memberPlan(c, slug, uuid);
    const sub = await requireSubscription(church.id, user.userId, plan.id);
    await db.transaction(async (tx) => {
      await tx
        .delete(t.readingPlanProgress)
        .where(
          and(
            eq(t.readingPlanProgress.churchId, church.id),
            eq(t.readingPlanProgress.subscriptionId, sub.id),
          ),
        );
      await tx
        .delete(t.readingPlanSubscriptions)
        .where(
          and(
            eq(t.readingPlanSubscriptions.id, sub.id),
            eq(t.readingPlanSubscriptions.churchId, church.id),
            eq(t.readingPlanSubscriptions.userId, user.userId),
          ),
        );
    });
    return c.json({ status: true as const, message: notesMessage(lang(c), 'plan.deleted') });
  });

  /** Reset (spec §4): every day unread, day 1 today. */
  app.post(
    `${mine}/reiniciar`,
    validate('param', planParams),
    validate('query', planTodayQuery),
    async (c) => {
      const { slug, uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, slug, uuid);
      const sub = await requireSubscription(church.id, user.userId, plan.id);
      await db.transaction(async (tx) => {
        await tx
          .delete(t.readingPlanProgress)
          .where(
            and(
              eq(t.readingPlanProgress.churchId, church.id),
              eq(t.readingPlanProgress.subscriptionId, sub.id),
            ),
          );
        await tx
          .update(t.readingPlanSubscriptions)
          .set({ startDate: todayOf(c.req.valid('query').hoje), completedAt: null })
          .where(
            and(
              eq(t.readingPlanSubscriptions.id, sub.id),
              eq(t.readingPlanSubscriptions.churchId, church.id),
            ),
          );
      });
      return answer(c, church.id, user.userId, plan, 200, notesMessage(lang(c), 'plan.reset'));
    },
  );

  /** "Catch me up": the first unread day becomes today's, so missed days move forward. */
  app.post(
    `${mine}/em-dia`,
    validate('param', planParams),
    validate('query', planTodayQuery),
    async (c) => {
      const { slug, uuid } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, slug, uuid);
      const sub = await requireSubscription(church.id, user.userId, plan.id);
      const today = todayOf(c.req.valid('query').hoje);
      const view = subscriptionView(sub, plan, await readDays(church.id, sub.id), today);
      if (view.proximoDia !== null && view.atrasados > 0) {
        await db
          .update(t.readingPlanSubscriptions)
          .set({
            startDate: isoDate(Date.parse(`${today}T00:00:00Z`) - (view.proximoDia - 1) * DAY_MS),
          })
          .where(
            and(
              eq(t.readingPlanSubscriptions.id, sub.id),
              eq(t.readingPlanSubscriptions.churchId, church.id),
            ),
          );
      }
      return answer(c, church.id, user.userId, plan);
    },
  );

  /** Mark a day read (PUT) or unread (DELETE); marking twice counts once. */
  app.put(
    `${mine}/dia/:dia`,
    validate('param', planDayParams),
    validate('query', planTodayQuery),
    async (c) => {
      const { slug, uuid, dia } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, slug, uuid);
      if (dia > plan.days) throw notFound('plan.dayOutOfRange');
      const sub = await requireSubscription(church.id, user.userId, plan.id);
      await db
        .insert(t.readingPlanProgress)
        .values({ churchId: church.id, subscriptionId: sub.id, day: dia })
        .onConflictDoNothing();
      await settleCompletion(church.id, sub, plan);
      return answer(c, church.id, user.userId, plan);
    },
  );

  app.delete(
    `${mine}/dia/:dia`,
    validate('param', planDayParams),
    validate('query', planTodayQuery),
    async (c) => {
      const { slug, uuid, dia } = c.req.valid('param');
      const { church, user, plan } = await memberPlan(c, slug, uuid);
      if (dia > plan.days) throw notFound('plan.dayOutOfRange');
      const sub = await requireSubscription(church.id, user.userId, plan.id);
      await db
        .delete(t.readingPlanProgress)
        .where(
          and(
            eq(t.readingPlanProgress.churchId, church.id),
            eq(t.readingPlanProgress.subscriptionId, sub.id),
            eq(t.readingPlanProgress.day, dia),
          ),
        );
      await settleCompletion(church.id, sub, plan);
      return answer(c, church.id, user.userId, plan);
    },
  );

  return app;
}
