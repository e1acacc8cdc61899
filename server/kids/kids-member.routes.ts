// A member's own children's check-ins (docs/kids.md "For families"), read on /third-parts/mykids
// and linked from /user: `GET /user/{id}/kids-checkins?cliente`.
import { Hono } from 'hono';
import { clientQuery, userIdParams } from '../../contract/user.ts';
import { requireMember, requireSelf } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { validate } from '../http/validate.ts';
import { memberCheckins } from './kids-attendance.service.ts';

export function kidsMemberRoutes(db: Database) {
  return new Hono({ strict: false }).get(
    '/user/:id/kids-checkins',
    validate('param', userIdParams),
    validate('query', clientQuery),
    async (c) => {
      const churchId = c.req.valid('query').cliente;
      const { user } = await requireMember(db, c, churchId);
      requireSelf(user, c.req.valid('param').id);
      return c.json(await memberCheckins(db, user.userId, churchId));
    },
  );
}
