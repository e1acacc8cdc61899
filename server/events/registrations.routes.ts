// The member's calls of spec §7 "Events": registrations (bought tickets) of an event, free
// registration, the events a member holds tickets for, and a ticket's exclusive content.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  contentParams,
  registerBodySchema,
  userEventParams,
  userParams,
} from '../../contract/events.ts';
import { idParam } from '../../contract/common.ts';
import { messageLang } from '../../contract/messages/lang.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { loadRegistrations } from '../payments/payment-view.ts';
import { purchase } from '../payments/purchase.ts';
import { activeEventChurchId, exclusiveContents, heldEventsOf } from './registrations.service.ts';
import type { MemberDeps } from '../member/deps.ts';

const userEventsQuery = z.object({ igreja: idParam.optional() });

export function registrationRoutes({ db }: MemberDeps) {
  /** The event's church, after checking the caller is that church's active member. */
  async function eventChurch(
    c: Parameters<typeof requireUser>[1],
    eventId: number,
  ): Promise<number> {
    const churchId = await activeEventChurchId(db, eventId);
    await membersScopeOfChurch(db, c, churchId);
    return churchId;
  }

  return new Hono({ strict: false })
    .get(
      '/usuario/:userId/evento/:eventId/inscricao',
      validate('param', userEventParams),
      async (c) => {
        const { userId, eventId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const churchId = await eventChurch(c, eventId);
        return c.json({ inscricoes: await loadRegistrations(db, { churchId, userId, eventId }) });
      },
    )
    .post(
      '/usuario/:userId/evento/:eventId/inscricao',
      validate('param', userEventParams),
      validate('json', registerBodySchema),
      async (c) => {
        const { userId, eventId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const body = c.req.valid('json');
        const key = c.req.header('idempotency-key')?.trim() || body.chaveIdempotencia;
        if (!key) throw new ApiProblem(400, 'pay.keyRequired');
        const answer = await purchase(db, messageLang(c.req.header('accept-language')), {
          userId,
          eventId,
          choices: body.ingressos,
          method: 'gratuito',
          installments: 1,
          saveCard: false,
          idempotencyKey: key,
          fingerprint: { evento: eventId, ingressos: body.ingressos },
        });
        return c.json(answer.body, answer.status);
      },
    )
    .get(
      '/usuario/:userId/evento',
      validate('param', userParams),
      validate('query', userEventsQuery),
      async (c) => {
        const { userId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        // Only churches the caller is an active member of: a member of another church gets nothing.
        return c.json({ eventos: await heldEventsOf(db, userId, c.req.valid('query').igreja) });
      },
    )
    .get(
      '/usuario/:userId/evento/:eventId/inscricao/:ticketId/conteudo',
      validate('param', contentParams),
      async (c) => {
        const { userId, eventId, ticketId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const churchId = await eventChurch(c, eventId);
        const conteudos = await exclusiveContents(db, churchId, userId, eventId, ticketId);
        return c.json({ conteudos });
      },
    );
}
