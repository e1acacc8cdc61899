// A member's side of the children's check-in (docs/kids.md "For families", "Room volunteers"):
// their own children's check-ins, read on /third-parts/mykids and linked from /user
// (`GET /user/{id}/kids-checkins?cliente`), and, for a volunteer the rotas put in a room's
// position that day, that room's roster only (`GET /user/{id}/kids-rooms?cliente&data`).
import { Hono } from 'hono';
import { volunteerRoomsQuery } from '../../contract/kids.ts';
import { clientQuery, userIdParams } from '../../contract/user.ts';
import { requireMember, requireSelf } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { validate } from '../http/validate.ts';
import { memberCheckins } from './kids-attendance.service.ts';
import { volunteerRosters } from './kids-roster.service.ts';

export function kidsMemberRoutes(db: Database) {
  return new Hono({ strict: false })
    .get(
      '/user/:id/kids-checkins',
      validate('param', userIdParams),
      validate('query', clientQuery),
      async (c) => {
        const churchId = c.req.valid('query').cliente;
        const { user } = await requireMember(db, c, churchId);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await memberCheckins(db, user.userId, churchId));
      },
    )
    .get(
      '/user/:id/kids-rooms',
      validate('param', userIdParams),
      validate('query', clientQuery.extend(volunteerRoomsQuery.shape)),
      async (c) => {
        const { cliente: churchId, data } = c.req.valid('query');
        const { user } = await requireMember(db, c, churchId);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await volunteerRosters(db, churchId, user.userId, data));
      },
    );
}
