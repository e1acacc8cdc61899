// A member's side of the children's check-in (docs/kids.md "For families", "Room volunteers"):
// their own children's check-ins, read on /third-parts/mykids and linked from /user
// (`GET /user/{id}/kids-checkins?cliente`), and, for a volunteer the rotas put in a room's
// position that day, that room's roster only (`GET /user/{id}/kids-rooms?cliente&data`); and the
// parent's pre-check-in from the phone (`/user/{id}/kids-precheckin`, docs/kids.md "From the
// parent's phone").
import { Hono } from 'hono';
import { idParam } from '../../contract/common.ts';
import {
  kidsPrecheckinInput,
  kidsPrecheckinQuery,
  volunteerRoomsQuery,
} from '../../contract/kids.ts';
import { clientQuery, userIdParams } from '../../contract/user.ts';
import type { ChangeFeed } from '../changes.ts';
import { requireSelf } from '../auth/authenticate.ts';
import { validate } from '../http/validate.ts';
import { memberScope, membersOf, type MemberEnv } from '../member/scope.ts';
import { memberCheckins } from './kids-attendance.service.ts';
import { cancelPrecheckin, precheckinView, precheckIn } from './kids-precheckin.service.ts';
import { volunteerRosters } from './kids-roster.service.ts';
import type { MemberDeps } from '../member/deps.ts';

/** Nothing of a child is on a public page, so these writes purge no page. */
const noPurge: ChangeFeed = { churchChanged: () => undefined, onChurchChanged: () => undefined };
const codeParams = userIdParams.extend({ codigo: idParam });

export function kidsMemberRoutes({ db }: MemberDeps) {
  const deps = { db, changes: noPurge };
  // the church of `?cliente=`, the caller signed in first (401) and an active member of it (403)
  const member = memberScope(db, {
    from: 'query',
    key: 'cliente',
    caller: 'member',
    loginFirst: true,
  });
  return new Hono<MemberEnv>({ strict: false })
    .get(
      '/user/:id/kids-checkins',
      validate('param', userIdParams),
      validate('query', clientQuery),
      member,
      async (c) => {
        const { user, church } = membersOf(c);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await memberCheckins(db, user.userId, church.id));
      },
    )
    .get(
      '/user/:id/kids-rooms',
      validate('param', userIdParams),
      validate('query', clientQuery.extend(volunteerRoomsQuery.shape)),
      member,
      async (c) => {
        const { user, church } = membersOf(c);
        requireSelf(user, c.req.valid('param').id);
        return c.json(
          await volunteerRosters(db, church.id, user.userId, c.req.valid('query').data),
        );
      },
    )
    .get(
      '/user/:id/kids-precheckin',
      validate('param', userIdParams),
      validate('query', clientQuery.extend(kidsPrecheckinQuery.shape)),
      member,
      async (c) => {
        const { user, church } = membersOf(c);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await precheckinView(db, church.id, user.userId, c.req.valid('query').fuso));
      },
    )
    .post(
      '/user/:id/kids-precheckin',
      validate('param', userIdParams),
      validate('query', clientQuery),
      validate('json', kidsPrecheckinInput),
      member,
      async (c) => {
        const { user, church } = membersOf(c);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await precheckIn(deps, church.id, user.userId, c.req.valid('json')), 201);
      },
    )
    .delete(
      '/user/:id/kids-precheckin/:codigo',
      validate('param', codeParams),
      validate('query', clientQuery),
      member,
      async (c) => {
        const { user, church } = membersOf(c);
        const { id, codigo } = c.req.valid('param');
        requireSelf(user, id);
        return c.json(await cancelPrecheckin(deps, church.id, user.userId, codigo));
      },
    );
}
