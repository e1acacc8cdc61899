// POST /webhooks/{gateway}?igreja={id} (docs/payments.md "Webhooks"): the signature or shared
// secret is checked before anything else; a refused call is logged (never its body) and changes
// nothing; an event already handled is answered 200 and changes nothing either.
import { Hono } from 'hono';
import { z } from 'zod';
import { GATEWAY_IDS, GATEWAY_NAMES } from '../../contract/gateways.ts';
import type { MemberDeps } from '../member/deps.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { liveAdapter } from './gateway-accounts.ts';
import { GatewayUnavailable, WebhookRefused } from './adapters/types.ts';
import type { GatewayId } from './gateways.ts';
import { applyGatewayEvent } from './seats.service.ts';
import { log } from '../log.ts';

const params = z.object({ gateway: z.enum(GATEWAY_NAMES) });
const query = z.object({ igreja: z.coerce.number().int().positive() });

export function webhookRoutes({ db, changes }: MemberDeps) {
  return new Hono({ strict: false }).post(
    '/webhooks/:gateway',
    validate('param', params),
    validate('query', query),
    async (c) => {
      const { gateway } = c.req.valid('param');
      const churchId = c.req.valid('query').igreja;
      const gatewayId = GATEWAY_IDS[gateway] as GatewayId;
      const raw = await c.req.text();
      const refuse = (status: 400 | 401, why: string) => {
        log.warn(`[payments] webhook refused: ${gateway} church ${churchId}: ${why}`);
        return new ApiProblem(status, 'pay.webhookRefused');
      };
      const adapter = await liveAdapter(db, churchId, gatewayId);
      if (!adapter) throw refuse(401, 'no live account for this church');
      let event;
      try {
        event = await adapter.webhook(c.req.raw.headers, raw);
      } catch (error) {
        if (error instanceof WebhookRefused) throw refuse(error.status, error.message);
        // the gateway could not be asked about its own event: it sends it again later
        if (error instanceof GatewayUnavailable) throw new ApiProblem(503, 'pay.gatewayPending');
        throw error;
      }
      // a status it moved may give seats back: the service announces it (server/changes.ts)
      const applied = await applyGatewayEvent({ db, changes }, churchId, gatewayId, event);
      return c.json(event.reply ?? { recebido: true, repetido: applied.duplicate });
    },
  );
}
