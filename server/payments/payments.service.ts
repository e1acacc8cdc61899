// What the payment calls do after the checkout (spec §7 "Fees, payment and giving"): a member's
// payment by its code, the card challenge and the sandbox actions that move a payment's status
// (each in one transaction that only the first of racing calls wins), card tokens and saved cards.
import { and, asc, eq } from 'drizzle-orm';
import type { SavedCard, sandboxActionParams } from '../../contract/payments.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { paymentMessage } from '../../contract/messages/payments.ts';
import type { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { releasePayments } from './expiry.ts';
import { DEFAULT_GATEWAY_ID, isGatewayId, type GatewayId, type TokenizedCard } from './gateways.ts';
import { settlePayment } from './settle.ts';
import { liveAdapter } from './gateway-accounts.ts';
import { deletedCardColumns, enqueueForgetCards } from './forget-card.task.ts';
import { GatewayUnavailable } from './adapters/types.ts';
import { chargeableHere, gatewayModeOf } from './saved-cards.ts';
import { liveMemberCustomer, memberCustomerKey } from './gateway-customer.ts';

type PaymentRow = typeof t.payments.$inferSelect;

const OPEN = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

export const toSavedCard = (r: typeof t.savedCards.$inferSelect): SavedCard => ({
  id: r.id,
  idGatewayPagamento: r.gatewayId,
  bandeira: r.brand,
  final: r.last4,
  titular: r.holder,
  validade: r.expiry,
});

/** A payment of the user by its order code, or 404. */
export async function ownPayment(db: Database, userId: number, code: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.code, code), eq(t.payments.userId, userId)));
  if (!row) throw new ApiProblem(404, 'pay.notFound');
  return row;
}

/** The church of an event, to tell the page cache its seats changed. */
export async function eventChurchId(db: Database, eventId: number): Promise<number | null> {
  const [event] = await db
    .select({ churchId: t.events.churchId })
    .from(t.events)
    .where(eq(t.events.id, eventId));
  return event?.churchId ?? null;
}

/** The card challenge's outcome: approved, or declined with its seats given back. */
export async function completeCardChallenge(
  db: Database,
  payment: PaymentRow,
  outcome: 'aprovado' | 'nao_aprovado' | string,
  lang: MessageLang,
): Promise<void> {
  if (payment.method !== 'cartao' || payment.status !== 'em_aberto')
    throw new ApiProblem(409, 'pay.noChallenge');
  await db.transaction(async (tx) => {
    // Only one completion wins, however many arrive at once.
    const [still] = await tx
      .update(t.payments)
      .set({ updatedAt: new Date() })
      .where(and(eq(t.payments.id, payment.id), eq(t.payments.status, 'em_aberto')))
      .returning({ id: t.payments.id });
    if (!still) return;
    if (outcome === 'aprovado') await settlePayment(tx, payment.id, 'aprovado', new Date(), lang);
    else {
      await releasePayments(tx, [payment.id], 'nao_aprovado');
      await tx
        .update(t.payments)
        .set({ message: paymentMessage(lang, 'pay.cardDeclined') })
        .where(eq(t.payments.id, payment.id));
    }
  });
}

/** A tester drives a payment's status (README "Test payments"); 409 when the action does not apply. */
export async function sandboxAction(
  db: Database,
  payment: PaymentRow,
  acao: z.output<typeof sandboxActionParams>['acao'],
): Promise<void> {
  const open = OPEN.includes(payment.status);
  const allowed: Record<typeof acao, boolean> = {
    pagar: open && payment.status !== 'em_analise',
    expirar: open,
    estornar: payment.status === 'aprovado',
    'aprovar-analise': payment.status === 'em_analise',
    'reprovar-analise': payment.status === 'em_analise',
  };
  if (!allowed[acao]) throw new ApiProblem(409, 'pay.sandboxAction');
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(t.payments)
      .set({ updatedAt: new Date() })
      .where(and(eq(t.payments.id, payment.id), eq(t.payments.status, payment.status)))
      .returning({ id: t.payments.id });
    if (!still) return; // someone else moved it first
    if (acao === 'pagar' || acao === 'aprovar-analise')
      await settlePayment(tx, payment.id, 'aprovado');
    else if (acao === 'expirar') await releasePayments(tx, [payment.id], 'cancelado');
    else if (acao === 'estornar') await releasePayments(tx, [payment.id], 'estornado');
    else await releasePayments(tx, [payment.id], 'nao_aprovado');
  });
}

/** The gateway of the church's active card method; null: the church takes no cards now. */
export async function activeCardGateway(db: Db, churchId: number): Promise<number | null> {
  const [method] = await db
    .select({ gatewayId: t.churchPaymentMethods.gatewayId })
    .from(t.churchPaymentMethods)
    .where(
      and(
        eq(t.churchPaymentMethods.churchId, churchId),
        eq(t.churchPaymentMethods.code, 'cartao'),
        eq(t.churchPaymentMethods.active, true),
      ),
    );
  return method ? method.gatewayId : null;
}

/** The gateway of the church's card method (the default when it names none). */
export async function cardGatewayOf(db: Db, churchId: number): Promise<number> {
  return (await activeCardGateway(db, churchId)) ?? DEFAULT_GATEWAY_ID;
}

/** True when the church's card method charges this saved card now: same gateway, same mode (docs/payments.md "Saved cards"). */
export async function chargeableNow(
  db: Db,
  churchId: number,
  card: { gatewayId: number; mode: string },
): Promise<boolean> {
  const gatewayId = await cardGatewayOf(db, churchId);
  return chargeableHere(card, gatewayId, await gatewayModeOf(db, churchId, gatewayId));
}

/** Keeps a card token for the payment that follows (owner null: a visitor). */
export async function storeCardToken(
  db: Database,
  churchId: number,
  owner: number | null,
  gatewayId: GatewayId,
  card: TokenizedCard,
): Promise<void> {
  await db.insert(t.cardTokens).values({
    token: card.token,
    churchId,
    userId: owner,
    gatewayId,
    brand: card.brand,
    last4: card.last4,
    holder: card.holder,
    expiry: card.expiry,
    behaviour: card.behaviour,
  });
}

/**
 * The member's saved cards in the church that its card method can charge now (the same gateway
 * and mode: a sandbox card is not offered at a live account), the same grouped by gateway, and
 * apart the member's other cards there (`outrosCartoes`: listed for deleting, never for paying).
 */
export async function savedCardsOf(db: Database, userId: number, churchId: number) {
  const gatewayId = await cardGatewayOf(db, churchId);
  const mode = await gatewayModeOf(db, churchId, gatewayId);
  const rows = await db
    .select()
    .from(t.savedCards)
    .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.churchId, churchId)))
    .orderBy(asc(t.savedCards.gatewayId), asc(t.savedCards.id));
  const cartoes: SavedCard[] = [];
  // Cards of another gateway or mode stay visible apart, so the member can delete them (docs/payments.md "Saved cards").
  const outrosCartoes: SavedCard[] = [];
  for (const row of rows)
    (chargeableHere(row, gatewayId, mode) ? cartoes : outrosCartoes).push(toSavedCard(row));
  const cartoesPorGateway: Record<string, SavedCard[]> = {};
  for (const card of cartoes)
    (cartoesPorGateway[String(card.idGatewayPagamento)] ??= []).push(card);
  return { cartoes, cartoesPorGateway, outrosCartoes };
}

/**
 * Saves a card token of the member (/user/addcard); a 422 on `token` when it is not theirs in
 * this church. At a live gateway that keeps cards itself (Stripe) the card is kept there first and
 * the saved token is the one it charges later (`cus_…|pm_…`, docs/payments.md "Stripe").
 */
export async function saveCard(
  db: Database,
  churchId: number,
  userId: number,
  token: string,
): Promise<SavedCard> {
  const [vault] = await db
    .select()
    .from(t.cardTokens)
    .where(
      and(
        eq(t.cardTokens.token, token),
        eq(t.cardTokens.churchId, churchId),
        eq(t.cardTokens.userId, userId),
      ),
    );
  if (!vault) throw fieldProblem(422, 'token', 'pay.cardInvalid');
  const mode = await gatewayModeOf(db, churchId, vault.gatewayId);
  let kept = vault.token;
  const adapter =
    mode === 'live' && isGatewayId(vault.gatewayId)
      ? await liveAdapter(db, churchId, vault.gatewayId)
      : null;
  if (adapter?.saveCard) {
    const [user] = await db
      .select({ name: t.users.firstName, email: t.users.email })
      .from(t.users)
      .where(eq(t.users.id, userId));
    let savedToken: string | null = null;
    const payer = { name: vault.holder || user?.name || null, email: user?.email ?? null };
    try {
      // the member's one customer, found or made as a live charge's "save card" does (gateway-customer.ts)
      const customer = await liveMemberCustomer(
        db,
        adapter,
        { churchId, userId, gatewayId: vault.gatewayId },
        payer,
      );
      if (customer !== null)
        savedToken = await adapter.saveCard({
          token: vault.token,
          churchId,
          customerKey: memberCustomerKey(churchId, userId),
          customer,
          payer,
        });
    } catch (error) {
      if (error instanceof GatewayUnavailable) throw new ApiProblem(503, 'pay.gatewayPending');
      throw error;
    }
    if (!savedToken) throw fieldProblem(422, 'token', 'pay.cardInvalid');
    kept = savedToken;
  }
  const [saved] = await db
    .insert(t.savedCards)
    .values({
      churchId,
      userId,
      gatewayId: vault.gatewayId,
      token: kept,
      brand: vault.brand,
      last4: vault.last4,
      holder: vault.holder,
      expiry: vault.expiry,
      mode,
    })
    .onConflictDoUpdate({
      target: [t.savedCards.userId, t.savedCards.token],
      set: { holder: vault.holder, mode },
    })
    .returning();
  return toSavedCard(saved!);
}

/**
 * Forgets one of the user's saved cards, or 404: any gateway or mode, including one the church no
 * longer charges at. The row goes at once; a live card is then removed at its gateway by the task
 * queued in the same transaction (forget-card.task.ts, docs/payments.md "Saved cards").
 */
export async function deleteSavedCard(db: Database, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(t.savedCards)
      .where(and(eq(t.savedCards.id, id), eq(t.savedCards.userId, userId)))
      .returning(deletedCardColumns);
    if (!deleted.length) throw new ApiProblem(404, 'pay.cardNotFound');
    // a live card is removed at its gateway too, after this commit (docs/payments.md "Saved cards")
    await enqueueForgetCards(tx, deleted, userId);
  });
}

/** Who pays an active event's fees (spec §3 flagAssumirTaxasServico) and its church, or 404. */
export async function activeEventFees(db: Database, eventId: number) {
  const [event] = await db
    .select({ churchId: t.events.churchId, churchPaysFees: t.events.churchPaysFees })
    .from(t.events)
    .where(and(eq(t.events.id, eventId), eq(t.events.active, true)));
  if (!event) throw notFound('api.eventNotFound');
  return event;
}
