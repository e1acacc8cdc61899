// GET /igreja/{slug}/agenda/: the church's weekly services, Monday to Sunday (spec §9). Not gated on
// MOD_CULTO: the services are the church's timetable; the home shows them only with the module.
import { Hono } from 'hono';
import { slugParams } from '../../contract/church.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { weeklyServicesOf } from './schedule.queries.ts';
import type { MemberDeps } from '../member/deps.ts';

export function scheduleRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false }).get(
    '/igreja/:slug/agenda',
    validate('param', slugParams),
    memberScope(db),
    async (c) => c.json({ agenda: await weeklyServicesOf(db, memberOf(c).church.id) }),
  );
}
