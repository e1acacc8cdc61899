// The public calls of spec §7 "Events": a church's events and one event, with each ticket's
// stock. The member's calls (registrations, content) are in registrations.routes.ts.
import { Hono } from 'hono';
import { churchEventParams, churchEventsParams, churchEventsQuery } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { EVENTS_MODULE, loadEvents, loadEventsPage, loadUpcomingEvents } from './events.queries.ts';

export function eventRoutes(db: Database) {
  return new Hono({ strict: false })
    .get(
      '/igreja/:slug/evento',
      validate('param', churchEventsParams),
      validate('query', churchEventsQuery),
      async (c) => {
        const church = await churchBySlug(db, c.req.valid('param').slug, {
          module: EVENTS_MODULE,
        });
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
    .get('/igreja/:slug/evento/:eventId', validate('param', churchEventParams), async (c) => {
      const { slug, eventId } = c.req.valid('param');
      const church = await churchBySlug(db, slug, {
        module: EVENTS_MODULE,
        notFoundMessage: 'api.eventNotFound',
      });
      const [evento] = await loadEvents(db, church.id, [eventId]);
      if (!evento) throw notFound('api.eventNotFound');
      return c.json({ evento });
    });
}
