// A member's notification settings at a church (docs/notifications.md): the devices that get
// push (with the server's VAPID public key to subscribe with), the preferences per kind and channel,
// and the language e-mails and pushes reach the member in. The path names the church; the caller
// signs in first (401), the church must exist (404) and they must be its member (403).
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common.ts';
import {
  notificationLanguageSetSchema,
  notificationPreferenceSetSchema,
  type NotificationLanguage,
} from '../../contract/notification-preferences.ts';
import { pushRenewSchema, pushSubscribeSchema } from '../../contract/push.ts';
import { churchIdParams } from '../../contract/user.ts';
import { accountSettings } from '../auth/settings.ts';
import { validate } from '../http/validate.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { churchLanguage, languageChoice, setLanguage } from './languages.ts';
import { preferencesOf, setPreference } from './preferences.ts';
import { devicesOf, renewSubscription, subscribe, unsubscribe } from './push.service.ts';
import { localPushAllowed, vapidKeys } from './vapid.ts';
import type { MemberDeps } from '../member/deps.ts';

const deviceParams = z.object({ id: idParam, deviceId: idParam });

export function pushRoutes({ db }: MemberDeps) {
  return (
    new Hono({ strict: false })
      .get('/igreja/:id/push/dispositivos', validate('param', churchIdParams), async (c) => {
        const churchId = c.req.valid('param').id;
        const { user } = await membersScopeOfChurch(db, c, churchId);
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
          const { user } = await membersScopeOfChurch(db, c, churchId);
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
          const { user } = await membersScopeOfChurch(db, c, churchId);
          await unsubscribe(db, churchId, user.userId, deviceId);
          return c.body(null, 204);
        },
      )
      .get('/igreja/:id/notificacao/preferencias', validate('param', churchIdParams), async (c) => {
        const churchId = c.req.valid('param').id;
        const { user } = await membersScopeOfChurch(db, c, churchId);
        return c.json({ preferencias: await preferencesOf(db, churchId, user.userId) });
      })
      .put(
        '/igreja/:id/notificacao/preferencias',
        validate('param', churchIdParams),
        validate('json', notificationPreferenceSetSchema),
        async (c) => {
          const churchId = c.req.valid('param').id;
          const { user } = await membersScopeOfChurch(db, c, churchId);
          const { tipo, canal, ativo } = c.req.valid('json');
          await setPreference(db, churchId, user.userId, tipo, canal, ativo);
          return c.json({ preferencias: await preferencesOf(db, churchId, user.userId) });
        },
      )
      // the service worker's pushsubscriptionchange: no session there; the old auth secret proves the browser
      .post('/push/renovar', validate('json', pushRenewSchema), async (c) => {
        await renewSubscription(db, c.req.valid('json'), localPushAllowed(accountSettings()));
        return c.body(null, 204);
      })
      .get('/igreja/:id/notificacao/idioma', validate('param', churchIdParams), async (c) => {
        const churchId = c.req.valid('param').id;
        const { user } = await membersScopeOfChurch(db, c, churchId);
        return c.json(await languageAnswer(churchId, user.userId));
      })
      .put(
        '/igreja/:id/notificacao/idioma',
        validate('param', churchIdParams),
        validate('json', notificationLanguageSetSchema),
        async (c) => {
          const churchId = c.req.valid('param').id;
          const { user } = await membersScopeOfChurch(db, c, churchId);
          await setLanguage(db, churchId, user.userId, c.req.valid('json').idioma);
          return c.json(await languageAnswer(churchId, user.userId));
        },
      )
  );

  async function languageAnswer(churchId: number, userId: number): Promise<NotificationLanguage> {
    const [idioma, igreja] = await Promise.all([
      languageChoice(db, churchId, userId),
      churchLanguage(db, churchId),
    ]);
    return { idioma, igreja };
  }
}
