// A member's notification settings at a church (docs/notifications.md): the devices that get
// push (with the server's VAPID public key to subscribe with) and the preferences per kind and channel.
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common.ts';
import { notificationPreferenceSetSchema } from '../../contract/notification-preferences.ts';
import { pushSubscribeSchema } from '../../contract/push.ts';
import { churchIdParams } from '../../contract/user.ts';
import { requireMember } from '../auth/authenticate.ts';
import { accountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import { validate } from '../http/validate.ts';
import { preferencesOf, setPreference } from './preferences.ts';
import { devicesOf, subscribe, unsubscribe } from './push.service.ts';
import { localPushAllowed, vapidKeys } from './vapid.ts';

const deviceParams = z.object({ id: idParam, deviceId: idParam });

export function pushRoutes(db: Database) {
  return new Hono({ strict: false })
    .get('/igreja/:id/push/dispositivos', validate('param', churchIdParams), async (c) => {
      const churchId = c.req.valid('param').id;
      const { user } = await requireMember(db, c, churchId);
      return c.json({
        chave: vapidKeys(accountSettings()).publicKey,
        dispositivos: await devicesOf(db, churchId, user.userId),
      });
    })
    .post(
      '/igreja/:id/push/dispositivos',
      validate('param', churchIdParams),
      validate('json', pushSubscribeSchema),
      async (c) => {
        const churchId = c.req.valid('param').id;
        const { user } = await requireMember(db, c, churchId);
        const device = await subscribe(
          db,
          churchId,
          user.userId,
          c.req.valid('json'),
          c.req.header('user-agent'),
          localPushAllowed(accountSettings()),
        );
        return c.json(device, 201);
      },
    )
    .delete(
      '/igreja/:id/push/dispositivos/:deviceId',
      validate('param', deviceParams),
      async (c) => {
        const { id: churchId, deviceId } = c.req.valid('param');
        const { user } = await requireMember(db, c, churchId);
        await unsubscribe(db, churchId, user.userId, deviceId);
        return c.body(null, 204);
      },
    )
    .get('/igreja/:id/notificacao/preferencias', validate('param', churchIdParams), async (c) => {
      const churchId = c.req.valid('param').id;
      const { user } = await requireMember(db, c, churchId);
      return c.json({ preferencias: await preferencesOf(db, churchId, user.userId) });
    })
    .put(
      '/igreja/:id/notificacao/preferencias',
      validate('param', churchIdParams),
      validate('json', notificationPreferenceSetSchema),
      async (c) => {
        const churchId = c.req.valid('param').id;
        const { user } = await requireMember(db, c, churchId);
        const { tipo, canal, ativo } = c.req.valid('json');
        await setPreference(db, churchId, user.userId, tipo, canal, ativo);
        return c.json({ preferencias: await preferencesOf(db, churchId, user.userId) });
      },
    );
}
