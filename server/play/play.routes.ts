// Play, public reads (spec §7 Play): the module's settings, plans, home rows, the content list with
// its filters and one content. Closed contents never carry their media URL here (spec §6); a church
// without MOD_ASSINATURA answers 404. Every query filters on the church of the route or `?igreja=`.
import { Hono, type Context } from 'hono';
import {
  playChurchParams,
  playContentDetailQuery,
  playContentListQuery,
  playIdParams,
} from '../../contract/play.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { playMemberRoutes } from './play-member.routes.ts';
import {
  contentDetail,
  contentPage,
  PLAY_SCOPE,
  playHome,
  plansOf,
  playSettingsOf,
} from './play.queries.ts';
import { playSubscriptionRoutes } from './subscription.routes.ts';
import type { MemberDeps } from '../member/deps.ts';

const scope = PLAY_SCOPE;

const churchIdOf = (c: Context) => memberOf(c).church.id;

export function playRoutes({ db, mailer }: MemberDeps) {
  const app = new Hono({ strict: false });
  const bySlug = memberScope(db, scope);
  app.route('/', playMemberRoutes(db));
  app.route('/', playSubscriptionRoutes(db, { mailer }));

  app.get(
    '/igreja/:slug/plano-assinatura-configuracao',
    validate('param', playChurchParams),
    bySlug,
    async (c) => c.json(await playSettingsOf(db, churchIdOf(c))),
  );

  app.get(
    '/igreja/:slug/plano-assinatura',
    validate('param', playChurchParams),
    bySlug,
    async (c) => {
      return c.json({ planos: await plansOf(db, churchIdOf(c)) });
    },
  );

  app.get(
    '/igreja/:slug/plano-assinatura-home',
    validate('param', playChurchParams),
    bySlug,
    async (c) => c.json(await playHome(db, churchIdOf(c))),
  );

  app.get(
    '/plano-assinatura-conteudo',
    validate('query', playContentListQuery),
    memberScope(db, { ...scope, from: 'query' }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await contentPage(db, churchIdOf(c), q));
    },
  );

  app.get(
    '/plano-assinatura-conteudo/:id',
    validate('param', playIdParams),
    validate('query', playContentDetailQuery),
    memberScope(db, { ...scope, from: 'query-or-host' }),
    async (c) => {
      return c.json(await contentDetail(db, churchIdOf(c), c.req.valid('param').id));
    },
  );

  return app;
}
