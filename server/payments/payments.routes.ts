// Payment calls of spec §7 "Fees, payment and giving" for events: POST /pagamento/ (with an
// idempotency key), the card challenge, payment status, card tokens, saved cards, and the
// sandbox actions a tester uses to drive a payment's status (README "Test payments").
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  cardIdParams,
  cardsParams,
  cardTokenBodySchema,
  cardTokenParams,
  challengeBodySchema,
  paymentCodeParams,
  paymentStatusParams,
  paymentStatusQuery,
  sandboxActionParams,
  saveCardBodySchema,
  saveCardQuery,
  type SavedCard,
} from '../../contract/payments.ts';
import { orderBodySchema } from '../../contract/checkout.ts';
import { receiptQuery } from '../../contract/giving.ts';
import { isGivingMessageKey, givingMessage } from '../../contract/giving-messages.ts';
import { fieldMessage, paymentMessage } from '../../contract/payment-messages.ts';
import { messageLang } from '../../contract/account-messages.ts';
import { requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { ApiProblem } from '../http/errors.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { localizedFieldErrors, validate } from '../http/validate.ts';
import { giveDonation } from '../giving/give.ts';
import { subscribe } from '../play/subscription.ts';
import type { Mailer } from '../mail/outbox.ts';
import { releasePayments } from './expiry.ts';
import { completeChallenge, DEFAULT_GATEWAY_ID, isGatewayId, tokenizeCard } from './gateways.ts';
import { loadPaymentResponse } from './payment-view.ts';
import { payProblem, purchase, purchaseInputFromBody, settlePayment } from './purchase.ts';
import { cardTokenOwner, holderFieldErrors, visitorPayment } from './card-holder.ts';

const toSavedCard = (r: typeof t.savedCards.$inferSelect): SavedCard => ({
  id: r.id,
  idGatewayPagamento: r.gatewayId,
  bandeira: r.brand,
  final: r.last4,
  titular: r.holder,
  validade: r.expiry,
});

/**
 * @param changes told when seats were taken or given back, so cached event pages of that
 *   church show the new availability at once.
 */
export function paymentRoutes(
  db: Database,
  changes: ChangeFeed | undefined,
  options: { mailer: Mailer },
) {
  const seatsChanged = (churchId: number) => changes?.churchChanged(churchId);
  const mail = () => options.mailer; // createApi's, from its settings

  /** A payment of the caller by its order code, or 404. */
  async function ownPayment(c: Parameters<typeof requireUser>[1], userId: number, code: string) {
    const [row] = await db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.code, code), eq(t.payments.userId, userId)));
    if (!row) throw payProblem(c, 404, 'pay.notFound');
    return row;
  }

  return new Hono({ strict: false })
    .post('/pagamento', async (c) => {
      // One checkout for every kind of order: `tipo` picks what is bought (contract/checkout.ts).
      const lang = messageLang(c.req.header('accept-language'));
      const raw: unknown = await c.req.json().catch(() => undefined);
      const parsed = orderBodySchema.safeParse(raw);
      if (!parsed.success) {
        const errors = localizedFieldErrors(parsed.error, c.req.header('accept-language'), raw);
        for (const issue of parsed.error.issues)
          if (isGivingMessageKey(issue.message))
            errors[issue.path.join('.')] = [givingMessage(lang, issue.message)];
        throw new ApiProblem(
          400,
          Object.values(errors)[0]?.[0] ?? fieldMessage(lang, 'Invalid input.'),
          errors,
        );
      }
      const body = parsed.data;
      const key = c.req.header('idempotency-key')?.trim() || body.chaveIdempotencia;
      if (!key || key.length < 8 || key.length > 100)
        throw payProblem(c, 400, 'pay.keyRequired', undefined, {
          chaveIdempotencia: [paymentMessage(lang, 'pay.keyRequired')],
        });
      if (body.tipo === 'doacao') {
        const answer = await giveDonation(db, c, body, key, mail());
        return c.json(answer.body, answer.status);
      }
      if (body.tipo === 'assinatura') {
        const answer = await subscribe(db, c, body, key);
        return c.json(answer.body, answer.status);
      }
      const user = await requireUser(db, c);
      const answer = await purchase(
        db,
        lang,
        purchaseInputFromBody(user.userId, body, key, body as never),
      );
      if (answer.status < 400) {
        const [event] = await db
          .select({ churchId: t.events.churchId })
          .from(t.events)
          .where(eq(t.events.id, body.evento));
        if (event) seatsChanged(event.churchId);
      }
      return c.json(answer.body, answer.status);
    })
    .post(
      '/pagamento/:codigo/desafio',
      validate('param', paymentCodeParams),
      validate('query', receiptQuery.partial()),
      validate('json', challengeBodySchema),
      async (c) => {
        // A visitor's gift completes its challenge with the receipt key (?chave=), a member's with the login.
        const visitorKey = c.req.valid('query').chave;
        const code = c.req.valid('param').codigo;
        const payment = visitorKey
          ? await visitorPayment(db, code, visitorKey)
          : await ownPayment(c, (await requireUser(db, c)).userId, code);
        if (!payment) throw payProblem(c, 404, 'pay.notFound');
        if (payment.method !== 'cartao' || payment.status !== 'em_aberto')
          throw payProblem(c, 409, 'pay.noChallenge');
        const outcome = completeChallenge(c.req.valid('json').codigo);
        await db.transaction(async (tx) => {
          // Only one completion wins, however many arrive at once.
          const [still] = await tx
            .update(t.payments)
            .set({ updatedAt: new Date() })
            .where(and(eq(t.payments.id, payment.id), eq(t.payments.status, 'em_aberto')))
            .returning({ id: t.payments.id });
          if (!still) return;
          if (outcome === 'aprovado') await settlePayment(tx, payment.id, 'aprovado');
          else {
            await releasePayments(tx, [payment.id], 'nao_aprovado');
            await tx
              .update(t.payments)
              .set({
                message: paymentMessage(
                  messageLang(c.req.header('accept-language')),
                  'pay.cardDeclined',
                ),
              })
              .where(eq(t.payments.id, payment.id));
          }
        });
        seatsChanged(payment.churchId);
        return c.json(await loadPaymentResponse(db, payment.id));
      },
    )
    .get(
      '/usuario/:userId/pagamento',
      validate('param', paymentStatusParams),
      validate('query', paymentStatusQuery),
      async (c) => {
        const user = await requireUser(db, c);
        requireSelf(c, user, c.req.valid('param').userId);
        // A read writes nothing (issue 14): an overdue Pix is shown as cancelled until the job sweeps it.
        const payment = await ownPayment(c, user.userId, c.req.valid('query').pedido);
        return c.json(await loadPaymentResponse(db, payment.id));
      },
    )
    .post('/sandbox/pagamento/:codigo/:acao', validate('param', sandboxActionParams), async (c) => {
      const user = await requireUser(db, c);
      const { codigo, acao } = c.req.valid('param');
      const payment = await ownPayment(c, user.userId, codigo);
      const open = ['pendente', 'aguardando', 'em_aberto', 'em_analise'].includes(payment.status);
      const allowed: Record<typeof acao, boolean> = {
        pagar: open && payment.status !== 'em_analise',
        expirar: open,
        estornar: payment.status === 'aprovado',
        'aprovar-analise': payment.status === 'em_analise',
        'reprovar-analise': payment.status === 'em_analise',
      };
      if (!allowed[acao]) throw payProblem(c, 409, 'pay.sandboxAction');
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
      seatsChanged(payment.churchId);
      return c.json(await loadPaymentResponse(db, payment.id));
    })
    .post(
      '/general/payment/church/:id/card/token',
      validate('param', cardTokenParams),
      validate('json', cardTokenBodySchema),
      async (c) => {
        const churchId = c.req.valid('param').id;
        const owner = await cardTokenOwner(db, c, churchId); // a member, or a visitor where the church takes visitor gifts
        const body = c.req.valid('json');
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
        const gatewayId = method?.gatewayId ?? DEFAULT_GATEWAY_ID;
        if (!isGatewayId(gatewayId)) throw payProblem(c, 422, 'pay.methodUnavailable');
        const result = tokenizeCard(
          gatewayId,
          { holder: body.titular, number: body.numero, cvv: body.cvv, expiry: body.validade },
          new Date(),
        );
        const lang = messageLang(c.req.header('accept-language'));
        const holder = holderFieldErrors(gatewayId, body, lang); // spec §3: the holder's CPF and birth date where the gateway needs them
        if (!result.ok || Object.keys(holder).length) {
          const errors = {
            ...Object.fromEntries(
              Object.entries(result.ok ? {} : result.errors).map(([k, v]) => [
                k,
                v.map((m) => fieldMessage(lang, m)),
              ]),
            ),
            ...holder,
          };
          throw payProblem(c, 422, 'pay.cardInvalid', undefined, errors);
        }
        const card = result.card;
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
        return c.json(
          {
            token: card.token,
            bandeira: card.brand,
            final: card.last4,
            titular: card.holder,
            validade: card.expiry,
            idGatewayPagamento: gatewayId,
          },
          201,
        );
      },
    )
    .get('/usuario/:churchSlug/:userId/cartoes', validate('param', cardsParams), async (c) => {
      const { churchSlug, userId } = c.req.valid('param');
      const user = await requireUser(db, c);
      requireSelf(c, user, userId);
      const church = await churchBySlug(db, c, churchSlug, {
        notFoundMessage: 'api.churchNotFound',
      });
      await requireMember(db, c, church.id);
      const rows = await db
        .select()
        .from(t.savedCards)
        .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.churchId, church.id)))
        .orderBy(asc(t.savedCards.gatewayId), asc(t.savedCards.id));
      const cartoes = rows.map(toSavedCard);
      const cartoesPorGateway: Record<string, SavedCard[]> = {};
      for (const card of cartoes)
        (cartoesPorGateway[String(card.idGatewayPagamento)] ??= []).push(card);
      return c.json({ cartoes, cartoesPorGateway });
    })
    .post(
      '/usuario-cartao-gateway-pagamento',
      validate('query', saveCardQuery),
      validate('json', saveCardBodySchema),
      async (c) => {
        const churchId = c.req.valid('query').igreja;
        const { user } = await requireMember(db, c, churchId);
        const [vault] = await db
          .select()
          .from(t.cardTokens)
          .where(
            and(
              eq(t.cardTokens.token, c.req.valid('json').token),
              eq(t.cardTokens.churchId, churchId),
              eq(t.cardTokens.userId, user.userId),
            ),
          );
        if (!vault)
          throw payProblem(c, 422, 'pay.cardInvalid', undefined, {
            token: [
              paymentMessage(messageLang(c.req.header('accept-language')), 'pay.cardInvalid'),
            ],
          });
        const [saved] = await db
          .insert(t.savedCards)
          .values({
            churchId,
            userId: user.userId,
            gatewayId: vault.gatewayId,
            token: vault.token,
            brand: vault.brand,
            last4: vault.last4,
            holder: vault.holder,
            expiry: vault.expiry,
          })
          .onConflictDoUpdate({
            target: [t.savedCards.userId, t.savedCards.token],
            set: { holder: vault.holder },
          })
          .returning();
        return c.json({ cartao: toSavedCard(saved!) }, 201);
      },
    )
    .delete('/usuario-cartao-gateway-pagamento/:id', validate('param', cardIdParams), async (c) => {
      const user = await requireUser(db, c);
      const deleted = await db
        .delete(t.savedCards)
        .where(
          and(eq(t.savedCards.id, c.req.valid('param').id), eq(t.savedCards.userId, user.userId)),
        )
        .returning({ id: t.savedCards.id });
      if (!deleted.length) throw payProblem(c, 404, 'pay.cardNotFound');
      return c.json({ status: true, message: 'Card deleted.' });
    });
}

export type { PaymentStatus };
