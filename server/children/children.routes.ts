// spec §7 "Children": a member's children, kept per church.
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  childBody,
  childParams,
  churchQuery,
  clientQuery,
  userIdParams,
} from '../../contract/user.ts';
import { requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import { check, problem } from '../auth/errors.ts';
import type { Database } from '../db/client.ts';
import { userChildren, users } from '../db/schema/index.ts';
import { toChild } from '../users/user.serializers.ts';

export function childRoutes(db: Database) {
  return new Hono({ strict: false })
    .get(
      '/user/:id/crianca',
      check('param', userIdParams),
      check('query', clientQuery),
      async (c) => {
        const churchId = c.req.valid('query').cliente;
        const { user } = await requireMember(db, c, churchId);
        requireSelf(c, user, c.req.valid('param').id);
        const rows = await db
          .select()
          .from(userChildren)
          .where(and(eq(userChildren.userId, user.userId), eq(userChildren.churchId, churchId)))
          .orderBy(asc(userChildren.id));
        return c.json({ criancas: rows.map(toChild) });
      },
    )
    .post(
      '/usuario/:id/crianca',
      check('param', userIdParams),
      check('query', churchQuery),
      check('json', childBody),
      async (c) => {
        const churchId = c.req.valid('query').igreja;
        const { user } = await requireMember(db, c, churchId);
        requireSelf(c, user, c.req.valid('param').id);
        const b = c.req.valid('json');
        const [row] = await db
          .insert(userChildren)
          .values({
            churchId,
            userId: user.userId,
            firstName: b.nome,
            lastName: b.sobrenome,
            birthDate: b.dataNascimento,
            sex: b.sexo,
            comments: b.observacoes,
          })
          .returning();
        // The profile's children count follows the children added (issue 15): never fewer than listed here.
        await db
          .update(users)
          .set({
            childrenCount: sql`greatest(coalesce(${users.childrenCount}, 0), (select count(*)::int from ${userChildren} where ${userChildren.userId} = ${user.userId} and ${userChildren.churchId} = ${churchId}))`,
          })
          .where(eq(users.id, user.userId));
        return c.json(toChild(row!), 201);
      },
    )
    .put(
      '/usuario/:id/crianca/:childId',
      check('param', childParams),
      check('json', childBody),
      async (c) => {
        const user = await requireUser(db, c);
        const { id, childId } = c.req.valid('param');
        requireSelf(c, user, id);
        const b = c.req.valid('json');
        const [row] = await db
          .update(userChildren)
          .set({
            firstName: b.nome,
            lastName: b.sobrenome,
            birthDate: b.dataNascimento,
            sex: b.sexo,
            comments: b.observacoes,
          })
          .where(and(eq(userChildren.id, childId), eq(userChildren.userId, user.userId)))
          .returning();
        if (!row) throw problem(c, 404, 'notFound');
        return c.json(toChild(row));
      },
    )
    .delete('/usuario/:id/crianca/:childId', check('param', childParams), async (c) => {
      const user = await requireUser(db, c);
      const { id, childId } = c.req.valid('param');
      requireSelf(c, user, id);
      const gone = await db
        .delete(userChildren)
        .where(and(eq(userChildren.id, childId), eq(userChildren.userId, user.userId)))
        .returning({ id: userChildren.id });
      if (!gone.length) throw problem(c, 404, 'notFound');
      return c.body(null, 204);
    });
}
