// spec §7 "Address": a member's own addresses.
import { Hono } from 'hono';
import { addressBody, addressParams, clientQuery, userIdParams } from '../../contract/user.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { validate } from '../http/validate.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { addAddress, addressesOf, deleteAddress, updateAddress } from './addresses.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function addressRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .get(
      '/user/:id/endereco',
      validate('param', userIdParams),
      validate('query', clientQuery),
      async (c) => {
        const { user } = await membersScopeOfChurch(db, c, c.req.valid('query').cliente);
        requireSelf(user, c.req.valid('param').id);
        return c.json({ enderecos: await addressesOf(db, user.userId) });
      },
    )
    .post(
      '/usuario/:id/endereco',
      validate('param', userIdParams),
      validate('json', addressBody),
      async (c) => {
        const user = await requireUser(db, c);
        requireSelf(user, c.req.valid('param').id);
        return c.json(await addAddress(db, user.userId, c.req.valid('json')), 201);
      },
    )
    .put(
      '/usuario/:id/endereco/:addressId',
      validate('param', addressParams),
      validate('json', addressBody),
      async (c) => {
        const user = await requireUser(db, c);
        const { id, addressId } = c.req.valid('param');
        requireSelf(user, id);
        return c.json(await updateAddress(db, user.userId, addressId, c.req.valid('json')));
      },
    )
    .delete('/usuario/:id/endereco/:addressId', validate('param', addressParams), async (c) => {
      const user = await requireUser(db, c);
      const { id, addressId } = c.req.valid('param');
      requireSelf(user, id);
      await deleteAddress(db, user.userId, addressId);
      return c.body(null, 204);
    });
}
