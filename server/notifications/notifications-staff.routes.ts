// The staff's notification calls (docs/staff.md "Notifications"), area `notifications`: what was
// sent, send one, delete one, and the choices of the form (groups, items a notice may open).
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common.ts';
import {
  notificationTargetsQuery,
  staffNotificationScheduleSchema,
  staffNotificationSendSchema,
  staffNotificationsQuery,
} from '../../contract/notifications-staff.ts';
import { accountSettings } from '../auth/settings.ts';
import { validate } from '../http/validate.ts';
import { emailSendsOf } from './email-sends.service.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import {
  deleteNotification,
  notificationGroups,
  notificationTargets,
  sendNoticeTest,
  sendNotification,
  sentNotifications,
} from './notifications-staff.service.ts';
import { sendLiveNotice } from './live-notice.ts';
import {
  cancelScheduledNotice,
  editScheduledNotice,
  scheduleNotice,
  scheduledNotices,
} from './scheduled-notices.ts';

const idParams = z.object({ id: idParam });

export function staffNotificationRoutes(deps: StaffDeps) {
  const { db } = deps;
  return (
    new Hono<StaffEnv>()
      .get(
        '/notificacoes',
        staffArea('notifications'),
        validate('query', staffNotificationsQuery),
        async (c) =>
          c.json(await sentNotifications(db, c.get('staff').church.id, c.req.valid('query').page)),
      )
      .get('/notificacoes/emails', staffArea('notifications'), async (c) =>
        c.json(await emailSendsOf(db, c.get('staff').church.id)),
      )
      .post(
        '/notificacoes/teste',
        staffArea('notifications'),
        validate('json', staffNotificationSendSchema),
        async (c) =>
          c.json({
            para: await sendNoticeTest(
              deps,
              c.get('staff').actor,
              c.req.valid('json'),
              accountSettings(),
            ),
          }),
      )
      .get('/notificacoes/grupos', staffArea('notifications'), async (c) =>
        c.json({ grupos: await notificationGroups(db, c.get('staff').church.id) }),
      )
      .get(
        '/notificacoes/alvos',
        staffArea('notifications'),
        validate('query', notificationTargetsQuery),
        async (c) =>
          c.json({
            alvos: await notificationTargets(db, c.get('staff').church.id, c.req.valid('query').q),
          }),
      )
      .post(
        '/notificacoes',
        staffArea('notifications'),
        validate('json', staffNotificationSendSchema),
        async (c) =>
          c.json(await sendNotification(deps, c.get('staff').actor, c.req.valid('json')), 201),
      )
      // scheduled sends (docs/notifications.md "Scheduled sends")
      .get('/notificacoes/agendadas', staffArea('notifications'), async (c) =>
        c.json(await scheduledNotices(db, c.get('staff').church.id, c.get('staff').lang)),
      )
      .post(
        '/notificacoes/agendadas',
        staffArea('notifications'),
        validate('json', staffNotificationScheduleSchema),
        async (c) =>
          c.json(
            await scheduleNotice(
              deps,
              c.get('staff').actor,
              c.req.valid('json'),
              c.get('staff').lang,
            ),
            201,
          ),
      )
      .put(
        '/notificacoes/agendadas/:id',
        staffArea('notifications'),
        validate('param', idParams),
        validate('json', staffNotificationScheduleSchema),
        async (c) =>
          c.json(
            await editScheduledNotice(
              deps,
              c.get('staff').actor,
              c.req.valid('param').id,
              c.req.valid('json'),
              c.get('staff').lang,
            ),
          ),
      )
      .delete(
        '/notificacoes/agendadas/:id',
        staffArea('notifications'),
        validate('param', idParams),
        async (c) => {
          await cancelScheduledNotice(deps, c.get('staff').actor, c.req.valid('param').id);
          return c.body(null, 204);
        },
      )
      .post('/notificacoes/ao-vivo', staffArea('notifications'), async (c) =>
        c.json(await sendLiveNotice(deps, c.get('staff').actor), 201),
      )
      .delete(
        '/notificacoes/:id',
        staffArea('notifications'),
        validate('param', idParams),
        async (c) => {
          await deleteNotification(deps, c.get('staff').actor, c.req.valid('param').id);
          return c.body(null, 204);
        },
      )
  );
}
