// Play subscribing calls (spec §7 Play; issue 13 §3): `POST /usuario-plano-assinatura/` (subscribe: the
// same order as `POST /pagamento/` with `tipo: "assinatura"`, through the one pipeline) and
// `POST /usuario-plano-assinatura/{id}/cancelar?igreja=` (renewals stop; access stays until pago_ate).
import { Hono } from 'hono';
import { messageLang } from '../../contract/account-messages.ts';
import { paymentMessage } from '../../contract/payment-messages.ts';
import { playSubscriptionCancelParams, playSubscriptionCancelQuery, subscribeCallBodySchema } from '../../contract/play.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { churchById } from '../http/church-scope.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { PLAY_SCOPE } from './play.queries.ts';
import { cancelSubscription, subscribe } from './subscription.ts';

export function playSubscriptionRoutes(db: Database) {
  return new Hono({ strict: false })
    .post('/usuario-plano-assinatura', validate('json', subscribeCallBodySchema), async (c) => {
      const body = c.req.valid('json');
      const key = c.req.header('idempotency-key')?.trim() || body.chaveIdempotencia;
      if (!key || key.length < 8 || key.length > 100) {
        const message = paymentMessage(messageLang(c.req.header('accept-language')), 'pay.keyRequired');
        throw new ApiProblem(400, message, { chaveIdempotencia: [message] });
      }
      const answer = await subscribe(db, c, body, key);
      return c.json(answer.body, answer.status);
    })
    .post('/usuario-plano-assinatura/:id/cancelar', validate('param', playSubscriptionCancelParams), validate('query', playSubscriptionCancelQuery), async (c) => {
      const user = await requireUser(db, c);
      const church = await churchById(db, c, c.req.valid('query').igreja, PLAY_SCOPE);
      return c.json({ assinatura: await cancelSubscription(db, church.id, user.userId, c.req.valid('param').id) });
    });
}
