// Play, public reads (spec §7 Play): the module's settings, plans, home rows, the content list with
// its filters and one content. Closed contents never carry their media URL here (spec §6); a church
// without MOD_ASSINATURA answers 404. Every query filters on the church of the route or `?igreja=`.
import { Hono } from 'hono';
import {
  playChurchParams,
  playContentDetailQuery,
  playContentListQuery,
  playIdParams,
} from '../../contract/play.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/outbox.ts';
import { churchById, churchByIdOrHost, churchBySlug } from '../http/church-scope.ts';
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

const scope = PLAY_SCOPE;

const bySlug = async (db: Database, slug: string) => (await churchBySlug(db, slug, scope)).id;
const byId = async (db: Database, id: number) => (await churchById(db, id, scope)).id;

export function playRoutes(db: Database, options: { mailer: Mailer }) {
  const app = new Hono({ strict: false });
  app.route('/', playMemberRoutes(db));
  app.route('/', playSubscriptionRoutes(db, options));

  app.get(
    '/igreja/:slug/plano-assinatura-configuracao',
    validate('param', playChurchParams),
    async (c) => c.json(await playSettingsOf(db, await bySlug(db, c.req.valid('param').slug))),
  );

  app.get('/igreja/:slug/plano-assinatura', validate('param', playChurchParams), async (c) => {
    const churchId = await bySlug(db, c.req.valid('param').slug);
    return c.json({ planos: await plansOf(db, churchId) });
  });

  app.get('/igreja/:slug/plano-assinatura-home', validate('param', playChurchParams), async (c) =>
    c.json(await playHome(db, await bySlug(db, c.req.valid('param').slug))),
  );

  app.get('/plano-assinatura-conteudo', validate('query', playContentListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await contentPage(db, await byId(db, q.igreja), q));
  });

  app.get(
    '/plano-assinatura-conteudo/:id',
    validate('param', playIdParams),
    validate('query', playContentDetailQuery),
    async (c) => {
      const { id: churchId } = await churchByIdOrHost(db, c, c.req.valid('query').igreja, scope);
      return c.json(await contentDetail(db, churchId, c.req.valid('param').id));
    },
  );

  return app;
}
