// The member's calls of spec §7 "Events": registrations (bought tickets) of an event, free
// registration, the events a member holds tickets for, and a ticket's exclusive content.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  contentParams,
  registerBodySchema,
  userEventParams,
  userParams,
  type EventContent,
} from '../../contract/events.ts';
import { idParam } from '../../contract/common.ts';
import { messageLang } from '../../contract/account-messages.ts';
import { requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { validate } from '../http/validate.ts';
import { loadRegistrations } from '../payments/payment-view.ts';
import { payProblem, purchase } from '../payments/purchase.ts';
import { loadEvents } from './events.routes.ts';

const userEventsQuery = z.object({ igreja: idParam.optional() });

export function registrationRoutes(db: Database) {
  /** The event's church, after checking the caller is that church's active member. */
  async function eventChurch(
    c: Parameters<typeof requireUser>[1],
    eventId: number,
  ): Promise<number> {
    const [row] = await db
      .select({ churchId: t.events.churchId })
      .from(t.events)
      .where(and(eq(t.events.id, eventId), eq(t.events.active, true)));
    if (!row) throw payProblem(c, 404, 'pay.eventNotFound');
    await requireMember(db, c, row.churchId);
    return row.churchId;
  }

  return new Hono({ strict: false })
    .get(
      '/usuario/:userId/evento/:eventId/inscricao',
      validate('param', userEventParams),
      async (c) => {
        const { userId, eventId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(c, user, userId);
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
        requireSelf(c, user, userId);
        const body = c.req.valid('json');
        const key = c.req.header('idempotency-key')?.trim() || body.chaveIdempotencia;
        if (!key) throw payProblem(c, 400, 'pay.keyRequired');
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
        requireSelf(c, user, userId);
        // Only churches the caller is an active member of: a member of another church gets nothing.
        const memberships = await db
          .select({ churchId: t.churchUsers.churchId })
          .from(t.churchUsers)
          .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.active, true)));
        const wanted = c.req.valid('query').igreja;
        const churchIds = memberships
          .map((m) => m.churchId)
          .filter((id) => wanted === undefined || id === wanted);
        if (!churchIds.length) return c.json({ eventos: [] });
        const held = await db
          .select({
            churchId: t.registrations.churchId,
            eventId: t.registrations.eventId,
            n: sql<number>`count(*)::int`,
          })
          .from(t.registrations)
          .where(
            and(
              eq(t.registrations.userId, userId),
              inArray(t.registrations.churchId, churchIds),
              inArray(t.registrations.status, ['confirmada', 'pendente']),
            ),
          )
          .groupBy(t.registrations.churchId, t.registrations.eventId);
        const eventos = [];
        for (const churchId of churchIds) {
          const mine = held.filter((h) => h.churchId === churchId);
          const events = await loadEvents(
            db,
            churchId,
            mine.map((h) => h.eventId),
          );
          for (const e of events)
            eventos.push({
              ...e,
              qtdeInscricoes: Number(mine.find((h) => h.eventId === e.id)?.n ?? 0),
            });
        }
        eventos.sort((a, b) => b.dataInicio.localeCompare(a.dataInicio));
        return c.json({ eventos });
      },
    )
    .get(
      '/usuario/:userId/evento/:eventId/inscricao/:ticketId/conteudo',
      validate('param', contentParams),
      async (c) => {
        const { userId, eventId, ticketId } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(c, user, userId);
        const churchId = await eventChurch(c, eventId);
        // spec §6: exclusive content is for holders of a confirmed ticket of this event only.
        const [registration] = await db
          .select({ id: t.registrations.id })
          .from(t.registrations)
          .where(
            and(
              eq(t.registrations.id, ticketId),
              eq(t.registrations.userId, userId),
              eq(t.registrations.eventId, eventId),
              eq(t.registrations.churchId, churchId),
              eq(t.registrations.status, 'confirmada'),
            ),
          );
        if (!registration) throw payProblem(c, 403, 'content.forbidden');
        const rows = await db
          .select()
          .from(t.eventContents)
          .where(and(eq(t.eventContents.eventId, eventId), eq(t.eventContents.churchId, churchId)))
          .orderBy(asc(t.eventContents.position), asc(t.eventContents.id));
        const conteudos: EventContent[] = rows.map((r) => ({
          id: r.id,
          titulo: r.title,
          tipo: r.kind as EventContent['tipo'],
          url: r.url,
          texto: r.body,
        }));
        return c.json({ conteudos });
      },
    );
}
