// Play, member calls (spec §7 Play): my list (add, remove, list) and a member's subscriptions.
// Login first (spec §6); `usuario` in a query or path must be the caller (a member only touches their
// own list); every query filters on the church of `?igreja=` and the caller's id from the token.
import { and, desc, eq } from 'drizzle-orm';
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
import * as t from '../db/schema/index.ts';
import { churchById } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { PLAY_SCOPE, toCards, visible } from './play.queries.ts';
import { subscriptionsOf } from './subscription.ts';

const scope = PLAY_SCOPE;

export function playMemberRoutes(db: Database) {
  const app = new Hono({ strict: false });

  /** The caller, when `usuario` is them, and the church (active, with Play). */
  async function who(c: Context, usuario: number, igreja: number) {
    const user = await requireUser(db, c);
    requireSelf(c, user, usuario);
    const churchId = (await churchById(db, c, igreja, scope)).id;
    return { userId: user.userId, churchId };
  }

  const listOf = async (churchId: number, userId: number) => {
    const rows = await db
      .select({ id: t.playListItems.id, content: t.playContents })
      .from(t.playListItems)
      .innerJoin(t.playContents, eq(t.playContents.id, t.playListItems.contentId))
      .where(
        and(
          eq(t.playListItems.churchId, churchId),
          eq(t.playListItems.userId, userId),
          eq(t.playListItems.inList, true),
          visible(churchId),
        ),
      )
      .orderBy(desc(t.playListItems.createdAt), desc(t.playListItems.id));
    const cards = await toCards(
      db,
      churchId,
      rows.map((r) => r.content),
    );
    return rows.map((r, i) => ({ id: r.id, conteudo: cards[i]! }));
  };

  app.get('/usuario-plano-assinatura-conteudo', validate('query', playMyListQuery), async (c) => {
    const q = c.req.valid('query');
    const { userId, churchId } = await who(c, q.usuario, q.igreja);
    return c.json({ itens: await listOf(churchId, userId) });
  });

  app.post(
    '/usuario-plano-assinatura-conteudo',
    validate('query', playMyListAddQuery),
    async (c) => {
      const q = c.req.valid('query');
      const { userId, churchId } = await who(c, q.usuario, q.igreja);
      const [content] = await db
        .select({ id: t.playContents.id })
        .from(t.playContents)
        .where(and(visible(churchId), eq(t.playContents.id, q.planoAssinaturaConteudo)));
      if (!content) throw notFound('play.notFound');
      // Adding twice keeps one item (the unique index settles concurrent clicks).
      await db
        .insert(t.playListItems)
        .values({ churchId, userId, contentId: content.id, inList: true })
        .onConflictDoUpdate({
          target: [t.playListItems.churchId, t.playListItems.userId, t.playListItems.contentId],
          set: { inList: true, createdAt: new Date() },
        });
      const item = (await listOf(churchId, userId)).find((i) => i.conteudo.id === content.id)!;
      return c.json(item, 201);
    },
  );

  app.delete(
    '/usuario-plano-assinatura-conteudo/:id',
    validate('param', playIdParams),
    async (c) => {
      const user = await requireUser(db, c);
      // Only the caller's own item; the row stays (it keeps the resume position), out of the list.
      const [row] = await db
        .update(t.playListItems)
        .set({ inList: false })
        .where(
          and(
            eq(t.playListItems.id, c.req.valid('param').id),
            eq(t.playListItems.userId, user.userId),
            eq(t.playListItems.inList, true),
          ),
        )
        .returning({ id: t.playListItems.id });
      if (!row) throw notFound('play.notFound');
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
