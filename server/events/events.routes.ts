// The public calls of spec §7 "Events": a church's events and one event, with each ticket's
// stock. The member's calls (registrations, content) are in registrations.routes.ts.
import { Hono } from 'hono';
import { churchEventParams, churchEventsParams, churchEventsQuery } from '../../contract/events.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { EVENTS_MODULE, loadEvents, loadEventsPage, loadUpcomingEvents } from './events.queries.ts';
import type { MemberDeps } from '../member/deps.ts';

export function eventRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .get(
      '/igreja/:slug/evento',
      validate('param', churchEventsParams),
      validate('query', churchEventsQuery),
      memberScope(db, { module: EVENTS_MODULE }),
      async (c) => {
        const { church } = memberOf(c);
        const { proximos, page, limit } = c.req.valid('query');
        if (page !== undefined) {
          const { eventos, total } = await loadEventsPage(db, church.id, { page, limit });
          return c.json({ eventos, total, page, limit });
        }
        return c.json({
          eventos:
            proximos === undefined
              ? await loadEvents(db, church.id)
              : await loadUpcomingEvents(db, church.id, proximos),
        });
      },
    )
    .get(
      '/igreja/:slug/evento/:eventId',
      validate('param', churchEventParams),
      memberScope(db, { module: EVENTS_MODULE, notFoundMessage: 'api.eventNotFound' }),
      async (c) => {
        const [evento] = await loadEvents(db, memberOf(c).church.id, [
          c.req.valid('param').eventId,
        ]);
        if (!evento) throw notFound('api.eventNotFound');
        return c.json({ evento });
      },
    );
}
