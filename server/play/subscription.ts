// Subscribing to a Play plan (docs/play.md "Subscribing, cancelling, renewals"; spec §3 Play "checkout {planId, value}", §7
// `POST /usuario-plano-assinatura/`): the subscription order kind of the shared checkout pipeline
// (server/payments/pipeline.ts). The first charge is the plan's price plus its contracting fee; approved
// → the subscription is 'ativo' and paid for one period, pending (Pix, slip, card challenge) → 'pendente'
// until the payment paths settle it (subscription-state.ts). Renewals (renewals.ts) charge the saved card.
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBSCRIPTION_STATUSES,
  type PlaySubscription,
  type subscriptionBodySchema,
} from '../../contract/play.ts';
import { requireMembership } from '../auth/authenticate.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { givingChurch, savedCardFor, type GivingChurch } from '../giving/donation.ts';
import { scopedChurchById } from '../http/church-scope.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { isOverdue, releasePayments } from '../payments/expiry.ts';
import { storedAnswer, type Order, type OrderEntry, type Payer } from '../payments/pipeline.ts';
import { runPayment } from '../payments/run-payment.ts';
import { orderCode } from '../payments/codes.ts';
import { toMoney } from '../payments/money.ts';
import { chargeableNow, saveCard } from '../payments/payments.service.ts';
import { activeSubscription } from './access.ts';
import { PLAY_SCOPE } from './play.queries.ts';
import { FIRST_PERIOD, periodEnd, renewalTime } from './subscription-state.ts';

export type SubscriptionInput = z.output<typeof subscriptionBodySchema>;
export type PlanRow = typeof t.playPlans.$inferSelect;
type SubscriptionRow = typeof t.playSubscriptions.$inferSelect;

const OPEN_PAYMENT: PaymentStatus[] = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

/** The church's active plan, or a 404 on `planoAssinatura`. */
export async function activePlan(db: Db, churchId: number, planId: number): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(t.playPlans)
    .where(
      and(
        eq(t.playPlans.churchId, churchId),
        eq(t.playPlans.id, planId),
        eq(t.playPlans.active, true),
      ),
    );
  if (!plan) throw fieldProblem(404, 'planoAssinatura', 'play.planNotFound');
  return plan;
}

/**
 * One subscription at a time: an active one (access.ts, the one rule) refuses a new one; so does a
 * subscription to this plan whose first payment is still open (a Pix not yet paid).
 */
async function refuseTwice(
  db: Db,
  churchId: number,
  userId: number,
  planId: number,
  now: Date,
): Promise<void> {
  // access.ts reads through the database handle; a transaction has the same query API.
  if (await activeSubscription(db as Database, churchId, userId, now))
    throw fieldProblem(409, 'planoAssinatura', 'play.alreadySubscribed');
  const pending = await db
    .select({
      method: t.payments.method,
      status: t.payments.status,
      expiresAt: t.payments.expiresAt,
    })
    .from(t.playSubscriptions)
    .innerJoin(
      t.playSubscriptionPayments,
      and(
        eq(t.playSubscriptionPayments.subscriptionId, t.playSubscriptions.id),
        eq(t.playSubscriptionPayments.period, FIRST_PERIOD),
      ),
    )
    .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
    .where(
      and(
        eq(t.playSubscriptions.churchId, churchId),
        eq(t.playSubscriptions.userId, userId),
        eq(t.playSubscriptions.planId, planId),
        eq(t.playSubscriptions.status, 'pendente'),
        inArray(t.payments.status, OPEN_PAYMENT),
      ),
    );
  if (pending.some((p) => !isOverdue(p, now)))
    throw fieldProblem(409, 'planoAssinatura', 'play.subscriptionPending');
}

interface OrderBase {
  church: GivingChurch;
  plan: PlanRow;
  userId: number;
  payer: Payer;
}

/** The plan's price is what the member pays (plus the contracting fee): processing fees are the church's. */
export const SUBSCRIPTION_CHURCH_PAYS_FEES = true;

const baseOrder = (church: GivingChurch, subtotalCents: number): Omit<Order, 'record'> => ({
  kind: 'assinatura',
  codePrefix: 'AS',
  church,
  currency: church.currency,
  subtotalCents,
  churchPaysFees: SUBSCRIPTION_CHURCH_PAYS_FEES,
  maxInstallments: 1,
  interest: false,
  cashDaysToPay: 3,
  eventId: null,
});

/** The first charge: price + contracting fee; records the subscription ('ativo' when approved, else 'pendente'). */
export function firstSubscriptionOrder({ church, plan, userId, payer }: OrderBase): Order {
  return {
    ...baseOrder(church, plan.priceCents + plan.feeCents),
    async reserve(tx: Tx, now: Date) {
      // Two subscribe calls of one member at once: the membership row lock makes the second wait, then see the first.
      await tx
        .select({ id: t.churchUsers.id })
        .from(t.churchUsers)
        .where(and(eq(t.churchUsers.churchId, church.id), eq(t.churchUsers.userId, userId)))
        .for('update');
      await refuseTwice(tx, church.id, userId, plan.id, now);
    },
    async record(tx: Tx, ctx) {
      const approved = ctx.status === 'aprovado';
      const cardId =
        payer.method === 'cartao' && (payer.saveCard || payer.card?.idCartao)
          ? await savedCardFor(tx, church.id, userId, payer)
          : null;
      const paidUntil = approved ? periodEnd(ctx.now, plan.periodDays) : null;
      const [sub] = await tx
        .insert(t.playSubscriptions)
        .values({
          churchId: church.id,
          userId,
          planId: plan.id,
          status: approved ? 'ativo' : 'pendente',
          code: orderCode('PL'),
          subscribedAt: ctx.now,
          paidUntil,
          cardId,
          renewAt: paidUntil ? renewalTime(paidUntil, cardId) : null,
        })
        .returning({ id: t.playSubscriptions.id });
      await tx.insert(t.playSubscriptionPayments).values({
        churchId: church.id,
        subscriptionId: sub!.id,
        paymentId: ctx.paymentId,
        period: FIRST_PERIOD,
        createdAt: ctx.now,
      });
    },
  };
}

/** A renewal: the plan's price for the period that starts at `period` (the old pago_ate); records the link only. */
export function renewalOrder(
  { church, plan }: OrderBase,
  subscriptionId: number,
  period: string,
): Order {
  return {
    ...baseOrder(church, plan.priceCents),
    async record(tx: Tx, ctx) {
      await tx.insert(t.playSubscriptionPayments).values({
        churchId: church.id,
        subscriptionId,
        paymentId: ctx.paymentId,
        period,
        createdAt: ctx.now,
      });
    },
  };
}

/** `POST /pagamento/` with `tipo: "assinatura"` and `POST /usuario-plano-assinatura/`: one way to subscribe. */
export const subscribe: OrderEntry<SubscriptionInput> = async (db, call, body) => {
  const { lang, idempotencyKey: key } = call;
  const scoped = await scopedChurchById(db, body.igreja, PLAY_SCOPE.module);
  if (!scoped) throw notFound(PLAY_SCOPE.notFoundMessage);
  const { user } = await requireMembership(db, call.user, scoped.id);
  const church = (await givingChurch(db, scoped.id))!;
  const payer: Payer = {
    userId: user.userId,
    method: body.metodoPagamento,
    installments: body.parcelas,
    card: body.cartao,
    saveCard: body.salvarCartao,
    ach: body.ach,
    country: body.pais,
    idempotencyKey: key,
    fingerprint: { ...body, chaveIdempotencia: undefined },
    lang,
  };
  // A replay answers as the first time, before the rules below (which the first call changed) run again.
  const replay = await storedAnswer(db, { church }, payer);
  if (replay) return replay;

  const now = new Date();
  const plan = await activePlan(db, church.id, body.planoAssinatura);
  // spec §3 checkout value: the member pays what they saw, or nothing.
  if (body.valor !== undefined && Math.round(body.valor * 100) !== plan.priceCents + plan.feeCents)
    throw fieldProblem(422, 'valor', 'play.valueChanged');
  await refuseTwice(db, church.id, user.userId, plan.id, now);
  return runPayment(
    db,
    firstSubscriptionOrder({ church, plan, userId: user.userId, payer }),
    payer,
    now,
  );
};

const planWire = (p: PlanRow) => ({
  id: p.id,
  nome: p.name,
  descricao: p.description,
  valor: toMoney(p.priceCents),
  taxaAdesao: toMoney(p.feeCents),
  periodicidadeDias: p.periodDays,
});

/** A member's subscription in the wire shape of `GET /usuario/{id}/usuario-plano-assinatura/`. */
export async function toSubscriptionWire(
  db: Db,
  s: SubscriptionRow,
  p: PlanRow,
  currency: string,
): Promise<PlaySubscription> {
  const [card] = s.cardId
    ? await db
        .select({ brand: t.savedCards.brand, last4: t.savedCards.last4 })
        .from(t.savedCards)
        .where(eq(t.savedCards.id, s.cardId))
    : [];
  const [open] =
    s.status === 'pendente'
      ? await db
          .select({ code: t.payments.code })
          .from(t.playSubscriptionPayments)
          .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
          .where(
            and(
              eq(t.playSubscriptionPayments.subscriptionId, s.id),
              eq(t.playSubscriptionPayments.period, FIRST_PERIOD),
              inArray(t.payments.status, OPEN_PAYMENT),
            ),
          )
      : [];
  const [next] =
    s.nextPlanId !== null
      ? await db.select().from(t.playPlans).where(eq(t.playPlans.id, s.nextPlanId))
      : [];
  return {
    id: s.id,
    codigo: s.code,
    dataAssinatura: s.subscribedAt.toISOString(),
    pagoAte: s.paidUntil?.toISOString() ?? null,
    status: { situacao: SUBSCRIPTION_STATUSES.find((x) => x === s.status) ?? 'pendente' },
    plano: planWire(p),
    canceladoEm: s.cancelledAt?.toISOString() ?? null,
    renovacaoAutomatica: s.status === 'ativo' && s.renewAt !== null && !s.cancelledAt,
    cartao: card ? { bandeira: card.brand, final: card.last4 } : null,
    moeda: currency,
    pagamentoPendente: open?.code ?? null,
    proximoPlano: next ? planWire(next) : null,
    tentativasRecusadas: s.failedTries,
    proximaCobranca:
      s.status === 'ativo' && !s.cancelledAt ? (s.renewAt?.toISOString() ?? null) : null,
  };
}

/** A member's subscriptions in a church, newest first. */
export async function subscriptionsOf(
  db: Db,
  churchId: number,
  userId: number,
): Promise<PlaySubscription[]> {
  const church = await givingChurch(db, churchId);
  const rows = await db
    .select({ s: t.playSubscriptions, p: t.playPlans })
    .from(t.playSubscriptions)
    .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId))
    .where(and(eq(t.playSubscriptions.churchId, churchId), eq(t.playSubscriptions.userId, userId)))
    .orderBy(desc(t.playSubscriptions.subscribedAt), desc(t.playSubscriptions.id));
  return Promise.all(
    rows.map(({ s, p }) => toSubscriptionWire(db, s, p, church?.currency ?? 'BRL')),
  );
}

/**
 * Cancels the member's subscription: renewals stop and access stays until `pago_ate` (situacao stays
 * 'ativo' with cancelado_em, access.ts). A subscription still waiting for its first payment is cancelled
 * with that payment, so a late Pix cannot start it.
 */
export async function cancelSubscription(
  db: Database,
  churchId: number,
  userId: number,
  id: number,
  now = new Date(),
): Promise<PlaySubscription> {
  await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(t.playSubscriptions)
      .where(
        and(
          eq(t.playSubscriptions.id, id),
          eq(t.playSubscriptions.churchId, churchId),
          eq(t.playSubscriptions.userId, userId),
        ),
      )
      .for('update');
    if (!s) throw new ApiProblem(404, 'play.subscriptionNotFound');
    if (!(await cancelLocked(tx, s, now))) throw new ApiProblem(409, 'play.alreadyCancelled');
  });
  return subscriptionWireById(db, churchId, id);
}

/**
 * Cancels every subscription of a person at a church that is still running or waiting for its
 * first payment: they left it (docs/accounts.md "Deleting an account"), so nothing renews there.
 */
export async function cancelSubscriptionsOf(
  tx: Tx,
  churchId: number,
  userId: number,
  now = new Date(),
): Promise<void> {
  const running = await tx
    .select()
    .from(t.playSubscriptions)
    .where(
      and(
        eq(t.playSubscriptions.churchId, churchId),
        eq(t.playSubscriptions.userId, userId),
        inArray(t.playSubscriptions.status, ['ativo', 'pendente']),
        isNull(t.playSubscriptions.cancelledAt),
      ),
    )
    .for('update');
  for (const s of running) await cancelLocked(tx, s, now);
}

/** Cancels a locked subscription; false when there is nothing left to cancel. */
async function cancelLocked(
  tx: Tx,
  s: typeof t.playSubscriptions.$inferSelect,
  now: Date,
): Promise<boolean> {
  if (s.status === 'ativo' && !s.cancelledAt) {
    // a renewal still open at a live gateway keeps renovar_em, so the job settles it (renewals.ts)
    const [charging] = await tx
      .select({ id: t.payments.id })
      .from(t.playSubscriptionPayments)
      .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
      .where(
        and(
          eq(t.playSubscriptionPayments.subscriptionId, s.id),
          ne(t.playSubscriptionPayments.period, FIRST_PERIOD),
          inArray(t.payments.status, OPEN_PAYMENT),
        ),
      );
    await tx
      .update(t.playSubscriptions)
      .set({ cancelledAt: now, renewAt: charging ? s.renewAt : null })
      .where(eq(t.playSubscriptions.id, s.id));
    return true;
  }
  if (s.status !== 'pendente') return false;
  const open = await tx
    .select({ id: t.payments.id })
    .from(t.playSubscriptionPayments)
    .innerJoin(t.payments, eq(t.payments.id, t.playSubscriptionPayments.paymentId))
    .where(
      and(
        eq(t.playSubscriptionPayments.subscriptionId, s.id),
        inArray(t.payments.status, OPEN_PAYMENT),
      ),
    );
  await releasePayments(
    tx,
    open.map((p) => p.id),
    'cancelado',
  );
  await tx
    .update(t.playSubscriptions)
    .set({ status: 'cancelado', cancelledAt: now, renewAt: null })
    .where(eq(t.playSubscriptions.id, s.id));
  return true;
}

async function subscriptionWireById(db: Db, churchId: number, id: number) {
  const church = await givingChurch(db, churchId);
  const [row] = await db
    .select({ s: t.playSubscriptions, p: t.playPlans })
    .from(t.playSubscriptions)
    .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId))
    .where(eq(t.playSubscriptions.id, id));
  return toSubscriptionWire(db, row!.s, row!.p, church?.currency ?? 'BRL');
}

/**
 * The member's own subscription that may still change its card or plan, locked for the change: 'ativo', not
 * cancelled, and not lapsed (paid or being retried, access.ts). Else 404 (not theirs) or 409.
 */
async function changeableSubscription(
  tx: Tx,
  churchId: number,
  userId: number,
  id: number,
  now: Date,
): Promise<SubscriptionRow> {
  const [s] = await tx
    .select()
    .from(t.playSubscriptions)
    .where(
      and(
        eq(t.playSubscriptions.id, id),
        eq(t.playSubscriptions.churchId, churchId),
        eq(t.playSubscriptions.userId, userId),
      ),
    )
    .for('update');
  if (!s) throw new ApiProblem(404, 'play.subscriptionNotFound');
  const paid = s.paidUntil !== null && s.paidUntil > now;
  const retrying = s.failedTries > 0 && s.renewAt !== null;
  if (s.status !== 'ativo' || s.cancelledAt || !(paid || retrying))
    throw new ApiProblem(409, 'play.notChangeable');
  return s;
}

/**
 * Changes the card renewals charge: one of the member's saved cards in this church that its card gateway can
 * charge now, or a new card's token (from the checkout's card step), saved as /user/addcard saves it (kept at a
 * live gateway first). A subscription that had no card (Pix, slip) starts renewing; one whose renewal was
 * declined is tried again with the new card at the next run of the job.
 */
export async function changeSubscriptionCard(
  db: Database,
  churchId: number,
  userId: number,
  id: number,
  card: { token?: string; idCartao?: number },
  now = new Date(),
): Promise<PlaySubscription> {
  let chosen = card.idCartao;
  if (!chosen) {
    // 404/409 before a card is kept; then kept where renewals charge it (a live Stripe: on the member's Customer)
    await db.transaction((tx) => changeableSubscription(tx, churchId, userId, id, now));
    const saved = await saveCard(db, churchId, userId, card.token ?? '').catch((error: unknown) => {
      if (error instanceof ApiProblem && error.status === 422)
        throw fieldProblem(422, 'cartao', 'pay.cardInvalid');
      throw error;
    });
    chosen = saved.id;
  }
  await db.transaction(async (tx) => {
    const s = await changeableSubscription(tx, churchId, userId, id, now);
    const [saved] = await tx
      .select()
      .from(t.savedCards)
      .where(
        and(
          eq(t.savedCards.id, chosen),
          eq(t.savedCards.userId, userId),
          eq(t.savedCards.churchId, churchId),
        ),
      );
    if (!saved) throw fieldProblem(422, 'cartao', 'pay.cardNotFound');
    // a renewal charges the church's card gateway as it is now (docs/payments.md "Saved cards")
    if (!(await chargeableNow(tx, churchId, saved)))
      throw fieldProblem(422, 'cartao', 'pay.cardOtherGateway');
    const renewAt = s.failedTries > 0 ? now : (s.renewAt ?? renewalTime(s.paidUntil!, saved.id));
    await tx
      .update(t.playSubscriptions)
      .set({ cardId: saved.id, renewAt })
      .where(eq(t.playSubscriptions.id, s.id));
  });
  return subscriptionWireById(db, churchId, id);
}

/**
 * Switches plans from the next renewal on (the period already paid stays as it is): the next renewal charges
 * the new plan's price (no contracting fee) and pays its period. Choosing the current plan undoes a switch.
 */
export async function changeSubscriptionPlan(
  db: Database,
  churchId: number,
  userId: number,
  id: number,
  planId: number,
  now = new Date(),
): Promise<PlaySubscription> {
  await db.transaction(async (tx) => {
    const s = await changeableSubscription(tx, churchId, userId, id, now);
    const plan = await activePlan(tx, churchId, planId);
    // the plan the next renewal charges already (the switched-to one, else the current one)
    if (plan.id === (s.nextPlanId ?? s.planId))
      throw fieldProblem(409, 'planoAssinatura', 'play.samePlan');
    await tx
      .update(t.playSubscriptions)
      .set({ nextPlanId: plan.id === s.planId ? null : plan.id })
      .where(eq(t.playSubscriptions.id, s.id));
  });
  return subscriptionWireById(db, churchId, id);
}
