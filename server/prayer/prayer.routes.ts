// Prayer wall, public side (spec §2 "/prayer", §7 "Prayer"): the wall list by reason, one request
// with its supportive messages, and the church's reasons. Only active requests the author chose to
// publish show (spec §3 flagPublicarMural, flagAtivo); a church without MOD_MURAL_ORACAO has no wall.
// Every query filters on the church of the route (docs/architecture.md "Tenancy").
import { Hono, type Context } from 'hono';
import { prayerChurchParams, prayerIdParams, prayerListQuery } from '../../contract/prayer.ts';
import { validate } from '../http/validate.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { notFound } from '../http/errors.ts';
import type { MemberDeps } from '../member/deps.ts';
import { prayerActionRoutes } from './prayer-actions.routes.ts';
import { PRAYER_MODULE, prayerReasonsOf, wallPage, wallPrayer } from './prayer.queries.ts';

/** The public wall plus the member's actions (prayer-actions.routes.ts), which announce their writes on `changes`. */
export function prayerRoutes({ db, changes, images }: MemberDeps) {
  const app = new Hono({ strict: false });
  app.route('/', prayerActionRoutes(db, changes, images));
  // The church of the route, when it is active and has the prayer wall; otherwise spec §8's 404.
  const wall = memberScope(db, { module: PRAYER_MODULE, notFoundMessage: 'prayer.notFound' });
  const wallChurchId = (c: Context) => memberOf(c).church.id;

  app.get('/igreja/:slug/oracao-motivo', validate('param', prayerChurchParams), wall, async (c) => {
    const churchId = wallChurchId(c);
    return c.json({ motivos: await prayerReasonsOf(db, churchId) });
  });

  app.get(
    '/oracao/:slug',
    validate('param', prayerChurchParams),
    validate('query', prayerListQuery),
    wall,
    async (c) => {
      const churchId = wallChurchId(c);
      return c.json(await wallPage(db, churchId, c.req.valid('query')));
    },
  );

  app.get('/oracao/:slug/:id', validate('param', prayerIdParams), wall, async (c) => {
    const { id } = c.req.valid('param');
    const churchId = wallChurchId(c);
    const prayer = await wallPrayer(db, churchId, id);
    // spec §8 "Prayer: no result found", in the request's language.
    if (!prayer) throw notFound('prayer.notFound');
    return c.json(prayer);
  });

  return app;
}
