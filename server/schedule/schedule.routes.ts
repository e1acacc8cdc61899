// GET /igreja/{slug}/agenda/: the church's weekly services, Monday to Sunday (spec §9). Not gated on
// MOD_CULTO: the services are the church's timetable; the home shows them only with the module.
import { Hono } from 'hono';
import { slugParams } from '../../contract/church.ts';
import type { Database } from '../db/client.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { validate } from '../http/validate.ts';
import { weeklyServicesOf } from './schedule.queries.ts';

export function scheduleRoutes(db: Database) {
  return new Hono({ strict: false }).get(
    '/igreja/:slug/agenda',
    validate('param', slugParams),
    async (c) => {
      const church = await churchBySlug(db, c.req.valid('param').slug);
      return c.json({ agenda: await weeklyServicesOf(db, church.id) });
    },
  );
}
