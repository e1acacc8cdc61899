// spec §7 "Children": a member's children, kept per church.
import { Hono } from 'hono';
import {
  childBody,
  childParams,
  churchQuery,
  clientQuery,
  userIdParams,
} from '../../contract/user.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { checkChildrenQuota, spendMemberWrite } from '../auth/member-quotas.ts';
import { validate } from '../http/validate.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { addChild, childrenOf, deleteChild, updateChild } from './children.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function childRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .get(
      '/user/:id/crianca',
      validate('param', userIdParams),
      validate('query', clientQuery),
      async (c) => {
        const churchId = c.req.valid('query').cliente;
        const { user } = await membersScopeOfChurch(db, c, churchId);
        requireSelf(user, c.req.valid('param').id);
        return c.json({ criancas: await childrenOf(db, user.userId, churchId) });
      },
    )
    .post(
      '/usuario/:id/crianca',
      validate('param', userIdParams),
      validate('query', churchQuery),
      validate('json', childBody),
      async (c) => {
        const churchId = c.req.valid('query').igreja;
        const { user } = await membersScopeOfChurch(db, c, churchId);
        requireSelf(user, c.req.valid('param').id);
        // per-member quotas (docs/security.md "Member write quotas")
        await spendMemberWrite(db, c, user.userId, 'child');
        await checkChildrenQuota(db, churchId, user.userId);
        return c.json(await addChild(db, user.userId, churchId, c.req.valid('json')), 201);
      },
    )
    .put(
      '/usuario/:id/crianca/:childId',
      validate('param', childParams),
      validate('json', childBody),
      async (c) => {
        const user = await requireUser(db, c);
        const { id, childId } = c.req.valid('param');
        requireSelf(user, id);
        await spendMemberWrite(db, c, user.userId, 'child');
        return c.json(await updateChild(db, user.userId, childId, c.req.valid('json')));
      },
    )
    .delete('/usuario/:id/crianca/:childId', validate('param', childParams), async (c) => {
      const user = await requireUser(db, c);
      const { id, childId } = c.req.valid('param');
      requireSelf(user, id);
      await deleteChild(db, user.userId, childId);
      return c.body(null, 204);
    });
}
