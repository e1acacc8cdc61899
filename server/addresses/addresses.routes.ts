// spec §7 "Address": a member's own addresses.
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { addressBody, addressParams, clientQuery, userIdParams } from '../../contract/user.ts';
import { requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import { check, problem } from '../auth/errors.ts';
import type { Database } from '../db/client.ts';
import { userAddresses } from '../db/schema/index.ts';
import { toAddress } from '../users/user.serializers.ts';

export function addressRoutes(db: Database) {
  return new Hono({ strict: false })
    .get(
      '/user/:id/endereco',
      check('param', userIdParams),
      check('query', clientQuery),
      async (c) => {
        const { user } = await requireMember(db, c, c.req.valid('query').cliente);
        requireSelf(c, user, c.req.valid('param').id);
        const rows = await db
          .select()
          .from(userAddresses)
          .where(eq(userAddresses.userId, user.userId))
          .orderBy(asc(userAddresses.id));
        return c.json({ enderecos: rows.map(toAddress) });
      },
    )
    .post(
      '/usuario/:id/endereco',
      check('param', userIdParams),
      check('json', addressBody),
      async (c) => {
        const user = await requireUser(db, c);
        requireSelf(c, user, c.req.valid('param').id);
        const a = c.req.valid('json');
        const [row] = await db
          .insert(userAddresses)
          .values({
            userId: user.userId,
            country: a.pais,
            state: a.estado,
            city: a.cidade,
            neighborhood: a.bairro,
            street: a.logradouro,
            number: a.numero,
            complement: a.complemento,
            zipCode: a.cep,
          })
          .returning();
        return c.json(toAddress(row!), 201);
      },
    )
    .put(
      '/usuario/:id/endereco/:addressId',
      check('param', addressParams),
      check('json', addressBody),
      async (c) => {
        const user = await requireUser(db, c);
        const { id, addressId } = c.req.valid('param');
        requireSelf(c, user, id);
        const a = c.req.valid('json');
        const [row] = await db
          .update(userAddresses)
          .set({
            country: a.pais,
            state: a.estado,
            city: a.cidade,
            neighborhood: a.bairro,
            street: a.logradouro,
            number: a.numero,
            complement: a.complemento,
            zipCode: a.cep,
          })
          .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, user.userId)))
          .returning();
        if (!row) throw problem(c, 404, 'notFound');
        return c.json(toAddress(row));
      },
    )
    .delete('/usuario/:id/endereco/:addressId', check('param', addressParams), async (c) => {
      const user = await requireUser(db, c);
      const { id, addressId } = c.req.valid('param');
      requireSelf(c, user, id);
      const gone = await db
        .delete(userAddresses)
        .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, user.userId)))
        .returning({ id: userAddresses.id });
      if (!gone.length) throw problem(c, 404, 'notFound');
      return c.body(null, 204);
    });
}
