// Play subscribing calls (spec §7 Play; docs/play.md "Subscribing, cancelling, renewals"): `POST /usuario-plano-assinatura/` (subscribe: the
// same order as `POST /pagamento/` with `tipo: "assinatura"`, through the one pipeline) and
// `POST /usuario-plano-assinatura/{id}/cancelar?igreja=` (renewals stop; access stays until pago_ate),
// `PUT /usuario-plano-assinatura/{id}/cartao|plano?igreja=` (the renewal card; the plan from the next renewal), and the
// first charge's quote for the checkout (`GET /igreja/{slug}/plano-assinatura/{id}/calcular-taxas`).
import { Hono } from 'hono';
import {
  playPlanFeesParams,
  playPlanFeesQuery,
  playSubscriptionCancelParams,
  playSubscriptionCancelQuery,
  playSubscriptionCardBody,
  playSubscriptionPlanBody,
  subscribeCallBodySchema,
} from '../../contract/play.ts';
import type { Database } from '../db/client.ts';
import { memberOf, memberScope, signedInOf } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import type { Mailer } from '../mail/outbox.ts';
import { quoteFees } from '../payments/fees.ts';
import { toFeeQuote } from '../payments/fees.serializers.ts';
import { orderCall } from '../payments/order-call.ts';
import { PLAY_SCOPE } from './play.queries.ts';
import {
  activePlan,
  cancelSubscription,
  changeSubscriptionCard,
  changeSubscriptionPlan,
  subscribe,
  SUBSCRIPTION_CHURCH_PAYS_FEES,
} from './subscription.ts';

export function playSubscriptionRoutes(db: Database, options: { mailer: Mailer }) {
  // login first (spec §6), then the church of `?igreja=` with Play
  const subscriber = memberScope(db, {
    ...PLAY_SCOPE,
    from: 'query',
    caller: 'user',
    loginFirst: true,
  });
  return (
    new Hono({ strict: false })
      .get(
        '/igreja/:slug/plano-assinatura/:id/calcular-taxas',
        validate('param', playPlanFeesParams),
        validate('query', playPlanFeesQuery),
        memberScope(db, PLAY_SCOPE),
        async (c) => {
          const { church } = memberOf(c);
          const plan = await activePlan(db, church.id, c.req.valid('param').id);
          return c.json(
            toFeeQuote(
              quoteFees(
                plan.priceCents + plan.feeCents,
                c.req.valid('query').metodoPagamento,
                SUBSCRIPTION_CHURCH_PAYS_FEES,
              ),
            ),
          );
        },
      )
      .post('/usuario-plano-assinatura', validate('json', subscribeCallBodySchema), async (c) => {
        const body = c.req.valid('json');
        const call = await orderCall(db, c, body.chaveIdempotencia, options.mailer);
        const answer = await subscribe(db, call, body);
        return c.json(answer.body, answer.status);
      })
      .post(
        '/usuario-plano-assinatura/:id/cancelar',
        validate('param', playSubscriptionCancelParams),
        validate('query', playSubscriptionCancelQuery),
        subscriber,
        async (c) => {
          const { user, church } = signedInOf(c);
          return c.json({
            assinatura: await cancelSubscription(
              db,
              church.id,
              user.userId,
              c.req.valid('param').id,
            ),
          });
        },
      )
      // The member's own subscription: the card renewals charge, and the plan from the next renewal on.
      .put(
        '/usuario-plano-assinatura/:id/cartao',
        validate('param', playSubscriptionCancelParams),
        validate('query', playSubscriptionCancelQuery),
        validate('json', playSubscriptionCardBody),
        subscriber,
        async (c) => {
          const { user, church } = signedInOf(c);
          return c.json({
            assinatura: await changeSubscriptionCard(
              db,
              church.id,
              user.userId,
              c.req.valid('param').id,
              c.req.valid('json').cartao,
            ),
          });
        },
      )
      .put(
        '/usuario-plano-assinatura/:id/plano',
        validate('param', playSubscriptionCancelParams),
        validate('query', playSubscriptionCancelQuery),
        validate('json', playSubscriptionPlanBody),
        subscriber,
        async (c) => {
          const { user, church } = signedInOf(c);
          return c.json({
            assinatura: await changeSubscriptionPlan(
              db,
              church.id,
              user.userId,
              c.req.valid('param').id,
              c.req.valid('json').planoAssinatura,
            ),
          });
        },
      )
  );
}
