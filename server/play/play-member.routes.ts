// Play, member calls (spec §7 Play): my list (add, remove, list) and a member's subscriptions.
// Login first (spec §6); `usuario` in a query or path must be the caller (a member only touches their
// own list); every query filters on the church of `?igreja=` and the caller's id from the token.
import { Hono, type Context } from 'hono';
import {
  playIdParams,
  playMyListAddQuery,
  playMyListQuery,
  playSubscriptionsParams,
  playSubscriptionsQuery,
} from '../../contract/play.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { scopeOfChurch } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { addToMyList, myList, removeFromMyList } from './my-list.service.ts';
import { PLAY_SCOPE } from './play.queries.ts';
import { subscriptionsOf } from './subscription.ts';

const scope = PLAY_SCOPE;

export function playMemberRoutes(db: Database) {
  const app = new Hono({ strict: false });

  /** The caller, when `usuario` is them, and the church (active, with Play). */
  async function who(c: Context, usuario: number, igreja: number) {
    const user = await requireUser(db, c);
    requireSelf(user, usuario);
    const churchId = (await scopeOfChurch(db, c, igreja, { ...scope, user })).church.id;
    return { userId: user.userId, churchId };
  }

  app.get('/usuario-plano-assinatura-conteudo', validate('query', playMyListQuery), async (c) => {
    const q = c.req.valid('query');
    const { userId, churchId } = await who(c, q.usuario, q.igreja);
    return c.json({ itens: await myList(db, churchId, userId) });
  });

  app.post(
    '/usuario-plano-assinatura-conteudo',
    validate('query', playMyListAddQuery),
    async (c) => {
      const q = c.req.valid('query');
      const { userId, churchId } = await who(c, q.usuario, q.igreja);
      const item = await addToMyList(db, churchId, userId, q.planoAssinaturaConteudo);
      return c.json(item, 201);
    },
  );

  app.delete(
    '/usuario-plano-assinatura-conteudo/:id',
    validate('param', playIdParams),
    async (c) => {
      const user = await requireUser(db, c);
      // Only the caller's own item; the row stays (it keeps the resume position), out of the list.
      await removeFromMyList(db, user.userId, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.get(
    '/usuario/:id/usuario-plano-assinatura',
    validate('param', playSubscriptionsParams),
    validate('query', playSubscriptionsQuery),
    async (c) => {
      const { userId, churchId } = await who(
        c,
        c.req.valid('param').id,
        c.req.valid('query').igreja,
      );
      return c.json({ assinaturas: await subscriptionsOf(db, churchId, userId) });
    },
  );

  return app;
}
