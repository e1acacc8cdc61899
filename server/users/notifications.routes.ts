// GET /igreja/{id}/notificacao (spec §7 "Auth and user"): a member reads their notifications.
import { Hono } from 'hono';
import { churchIdParams, notificationsQuery } from '../../contract/user.ts';
import { findChurch } from '../auth/church-link.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { notificationsOf } from './notifications.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function notificationRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false }).get(
    '/igreja/:id/notificacao',
    validate('param', churchIdParams),
    validate('query', notificationsQuery),
    async (c) => {
      const churchId = c.req.valid('param').id;
      const { user: me } = await membersScopeOfChurch(db, c, churchId);
      const { page, limit } = c.req.valid('query');
      const church = await findChurch(db, churchId);
      const list = await notificationsOf(db, me.userId, church!, page, limit);
      return c.json({ ...list, page, limit });
    },
  );
}
