// Payment calls of spec §7 "Fees, payment and giving" for events: POST /pagamento/ (with an
// idempotency key), the card challenge, payment status, card tokens, saved cards, and the
// sandbox actions a tester uses to drive a payment's status (README "Test payments").
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
} from '../../contract/payments.ts';
import { orderBodySchema } from '../../contract/checkout.ts';
import { gatewayCardBodySchema } from '../../contract/gateways.ts';
import { passThroughToken, storeGatewayCard, takesCardsInItsForm } from './gateway-card.ts';
import { receiptQuery } from '../../contract/giving.ts';
import { isGivingMessageKey, givingMessage } from '../../contract/messages/giving.ts';
import { fieldMessage } from '../../contract/messages/fields.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import type { WriteDeps } from '../changes.ts';
import { ApiProblem, fieldProblem, langOf } from '../http/errors.ts';
import { memberScope, membersOf, membersScopeOfChurch } from '../member/scope.ts';
import { localizedFieldErrors, validate } from '../http/validate.ts';
import { giveDonation } from '../giving/give.ts';
import { subscribe } from '../play/subscription.ts';
import type { MemberDeps } from '../member/deps.ts';
import { completeChallenge, isGatewayId, tokenizeCard } from './gateways.ts';
import { loadPaymentResponse } from './payment-view.ts';
import { orderCall } from './order-call.ts';
import {
  cardGatewayOf,
  deleteSavedCard,
  ownPayment,
  saveCard,
  savedCardsOf,
  storeCardToken,
} from './payments.service.ts';
import { answerCardChallenge, driveSandboxPayment, orderTickets } from './seats.service.ts';
import { cardTokenOwner, holderFieldErrors, visitorPayment } from './card-holder.ts';
import { callerAddress } from '../auth/accounts.ts';
import { cardFingerprint, spendAnonymousCardToken } from '../giving/visitor-limits.ts';

/**
 * @param changes told, by the writes of ./seats.service.ts, when seats were taken or given back, so
 *   cached event pages of that church show the new availability at once.
 */
export function paymentRoutes(deps: MemberDeps) {
  const { db, mailer } = deps;
  const writes: WriteDeps = deps;
  const mail = () => mailer; // createApi's, from its settings

  return new Hono({ strict: false })
    .post('/pagamento', async (c) => {
      // One checkout for every kind of order: `tipo` picks what is bought (contract/checkout.ts).
      const lang = langOf(c);
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
      const call = await orderCall(db, c, body.chaveIdempotencia, mail());
      if (body.tipo === 'doacao') {
        const answer = await giveDonation(db, call, body);
        return c.json(answer.body, answer.status);
      }
      if (body.tipo === 'assinatura') {
        const answer = await subscribe(db, call, body);
        return c.json(answer.body, answer.status);
      }
      const answer = await orderTickets(writes, call, body);
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
          : await ownPayment(db, (await requireUser(db, c)).userId, code);
        if (!payment) throw new ApiProblem(404, 'pay.notFound');
        const outcome = completeChallenge(c.req.valid('json').codigo);
        await answerCardChallenge(writes, payment, outcome, langOf(c));
        // A visitor's receipt is queued by the approval itself (server/payments/paid-mail.task.ts).
        return c.json(await loadPaymentResponse(db, payment.id));
      },
    )
    .get(
      '/usuario/:userId/pagamento',
      validate('param', paymentStatusParams),
      validate('query', paymentStatusQuery),
      async (c) => {
        const user = await requireUser(db, c);
        requireSelf(user, c.req.valid('param').userId);
        // A read writes nothing: an overdue Pix is shown as cancelled until the job sweeps it.
        const payment = await ownPayment(db, user.userId, c.req.valid('query').pedido);
        return c.json(await loadPaymentResponse(db, payment.id));
      },
    )
    .post('/sandbox/pagamento/:codigo/:acao', validate('param', sandboxActionParams), async (c) => {
      const user = await requireUser(db, c);
      const { codigo, acao } = c.req.valid('param');
      const payment = await ownPayment(db, user.userId, codigo);
      await driveSandboxPayment(writes, payment, acao);
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
        const gatewayId = await cardGatewayOf(db, churchId);
        if (!isGatewayId(gatewayId)) throw new ApiProblem(422, 'pay.methodUnavailable');
        // A live Stripe account takes the card in Stripe.js only: the number must never reach us (docs/payments.md).
        if (await takesCardsInItsForm(db, churchId, gatewayId))
          throw fieldProblem(422, 'numero', 'pay.cardInGatewayForm');
        const result = tokenizeCard(
          gatewayId,
          { holder: body.titular, number: body.numero, cvv: body.cvv, expiry: body.validade },
          new Date(),
        );
        // A visitor's tokens are counted per address and card, and wait out a declined card (docs/security.md).
        if (owner === null)
          await spendAnonymousCardToken(
            db,
            callerAddress(c),
            result.ok ? cardFingerprint(result.card) : null,
          );
        const lang = langOf(c);
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
          throw new ApiProblem(422, 'pay.cardInvalid', errors);
        }
        const card = result.card;
        // A live CardConnect or Zoop tokenises the number (and Zoop the CVV) itself; neither is stored here (docs/payments.md).
        const passed = await passThroughToken(db, churchId, gatewayId, {
          number: body.numero.replace(/\D/g, ''),
          expiry: card.expiry,
          holder: card.holder,
          cvv: body.cvv.trim(),
        });
        if (passed) Object.assign(card, { token: passed, behaviour: 'approve' });
        await storeCardToken(db, churchId, owner, gatewayId, card);
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
    .post(
      '/general/payment/church/:id/card/gateway-token',
      validate('param', cardTokenParams),
      validate('json', gatewayCardBodySchema),
      async (c) => {
        const churchId = c.req.valid('param').id;
        const owner = await cardTokenOwner(db, c, churchId);
        const gatewayId = await cardGatewayOf(db, churchId);
        const card = await storeGatewayCard(
          db,
          churchId,
          owner,
          gatewayId,
          c.req.valid('json').token,
        );
        return c.json(card, 201);
      },
    )
    .get(
      '/usuario/:churchSlug/:userId/cartoes',
      validate('param', cardsParams),
      // login first, and the caller's own cards only, before the church is looked up
      async (c, next) => {
        const user = await requireUser(db, c);
        requireSelf(user, c.req.valid('param').userId);
        c.set('user' as never, user as never); // the scope's caller, not looked up twice
        await next();
      },
      memberScope(db, {
        key: 'churchSlug',
        caller: 'member',
        loginFirst: true,
        notFoundMessage: 'api.churchNotFound',
      }),
      async (c) => {
        const { user, church } = membersOf(c);
        return c.json(await savedCardsOf(db, user.userId, church.id));
      },
    )
    .post(
      '/usuario-cartao-gateway-pagamento',
      validate('query', saveCardQuery),
      validate('json', saveCardBodySchema),
      async (c) => {
        const churchId = c.req.valid('query').igreja;
        const { user } = await membersScopeOfChurch(db, c, churchId);
        const cartao = await saveCard(db, churchId, user.userId, c.req.valid('json').token);
        return c.json({ cartao }, 201);
      },
    )
    .delete('/usuario-cartao-gateway-pagamento/:id', validate('param', cardIdParams), async (c) => {
      const user = await requireUser(db, c);
      await deleteSavedCard(db, user.userId, c.req.valid('param').id);
      return c.json({ status: true, message: 'Card deleted.' });
    });
}
