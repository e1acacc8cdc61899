// The staff area's home and church calls under `/admin/{slug}/…` (docs/staff.md "Home",
// "Church settings"): banners, schedule and live streams (area `home`); identity, logo,
// modules, language and host names (area `church`, admins only).
import { Hono, type Context } from 'hono';
import {
  bannerInput,
  bannerOrderInput,
  hostnameInput,
  identityInput,
  idParams,
  languageInput,
  modulesInput,
  primaryHostInput,
  serviceInput,
  streamInput,
} from '../../contract/church-staff.ts';
import { IMAGE_MAX_BYTES } from '../../contract/user.ts';
import { churchZoneInput } from '../../contract/provider.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as site from './church-staff.service.ts';
import { onAirSetSchema } from '../../contract/notifications-staff.ts';
import { setOnAir } from '../notifications/live-notice.ts';
import { ensureStaffRoom } from '../files/quota.ts';

/** The `imagem` file of a multipart body (already parsed by the form validator), size-checked. */
async function uploadedImage(c: Context<StaffEnv>): Promise<File | undefined> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('imagem');
  if (!(file instanceof File) || file.size === 0) return undefined;
  if (file.size > IMAGE_MAX_BYTES)
    throw new ApiProblem(413, 'image.size', undefined, { mb: IMAGE_MAX_BYTES / 1024 / 1024 });
  return file;
}

export function churchStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const home = staffArea('home');
  const church = staffArea('church');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;
  /** The upload, once the church's storage has room for it (docs/deploy.md "Storage quotas"). */
  const image = async (c: Context<StaffEnv>) => {
    const file = await uploadedImage(c);
    if (file) await ensureStaffRoom(db, c.get('staff'), file.size, 'image', 'imagem');
    return file;
  };

  return (
    new Hono<StaffEnv>()
      // ---- banners ----
      .get('/banner', home, async (c) =>
        c.json({ banners: await site.listBanners(db, churchId(c)) }),
      )
      .post('/banner', home, validate('form', bannerInput), async (c) =>
        c.json(await site.createBanner(deps, actor(c), c.req.valid('form'), await image(c)), 201),
      )
      .put('/banner/ordem', home, validate('json', bannerOrderInput), async (c) =>
        c.json({ banners: await site.reorderBanners(deps, actor(c), c.req.valid('json').ids) }),
      )
      .put(
        '/banner/:id',
        home,
        validate('param', idParams),
        validate('form', bannerInput),
        async (c) =>
          c.json(
            await site.updateBanner(
              deps,
              actor(c),
              c.req.valid('param').id,
              c.req.valid('form'),
              await image(c),
            ),
          ),
      )
      .delete('/banner/:id', home, validate('param', idParams), async (c) => {
        await site.deleteBanner(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      // ---- the weekly schedule ----
      .get('/agenda', home, async (c) =>
        c.json({ agenda: await site.listServices(db, churchId(c)) }),
      )
      .post('/agenda', home, validate('json', serviceInput), async (c) =>
        c.json(await site.createService(deps, actor(c), c.req.valid('json')), 201),
      )
      .put(
        '/agenda/:id',
        home,
        validate('param', idParams),
        validate('json', serviceInput),
        async (c) =>
          c.json(
            await site.updateService(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/agenda/:id', home, validate('param', idParams), async (c) => {
        await site.deleteService(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      // ---- live streams ----
      .get('/transmissao', home, async (c) =>
        c.json({ transmissoes: await site.listStreams(db, churchId(c)) }),
      )
      .post('/transmissao', home, validate('json', streamInput), async (c) =>
        c.json(await site.createStream(deps, actor(c), c.req.valid('json')), 201),
      )
      .put(
        '/transmissao/:id',
        home,
        validate('param', idParams),
        validate('json', streamInput),
        async (c) =>
          c.json(
            await site.updateStream(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      // "We're on air now": live, and "We're live" once per occurrence (docs/notifications.md "Live service");
      // it sends a notice to every member, so it also needs the role that sends notices (docs/staff.md)
      .post(
        '/transmissao/:id/no-ar',
        home,
        staffArea('notifications'),
        validate('param', idParams),
        validate('json', onAirSetSchema),
        async (c) =>
          c.json(
            await setOnAir(deps, actor(c), c.req.valid('param').id, c.req.valid('json').aoVivo),
          ),
      )
      .delete('/transmissao/:id', home, validate('param', idParams), async (c) => {
        await site.deleteStream(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      // ---- the church ----
      .get('/igreja', church, async (c) => c.json(await site.churchSettings(db, churchId(c))))
      .put('/igreja', church, validate('json', identityInput), async (c) =>
        c.json(await site.updateIdentity(deps, actor(c), c.req.valid('json'))),
      )
      .post('/igreja/logo', church, async (c) =>
        c.json(await site.saveLogo(deps, actor(c), await image(c))),
      )
      .put('/igreja/modulos', church, validate('json', modulesInput), async (c) =>
        c.json(await site.setModules(deps, actor(c), c.req.valid('json').modulos)),
      )
      .put('/igreja/idioma', church, validate('json', languageInput), async (c) =>
        c.json(await site.setLanguage(deps, actor(c), c.req.valid('json').idioma)),
      )
      .put('/igreja/fuso-horario', church, validate('json', churchZoneInput), async (c) =>
        c.json(await site.setTimeZone(deps, actor(c), c.req.valid('json').fusoHorario)),
      )
      .post('/igreja/hostname', church, validate('json', hostnameInput), async (c) =>
        c.json(await site.addHostname(deps, actor(c), c.req.valid('json').hostname), 201),
      )
      .delete('/igreja/hostname/:id', church, validate('param', idParams), async (c) =>
        c.json(await site.removeHostname(deps, actor(c), c.req.valid('param').id)),
      )
      .post('/igreja/hostname/:id/verificar', church, validate('param', idParams), async (c) =>
        c.json(await site.checkHostname(deps, actor(c), c.req.valid('param').id)),
      )
      .put('/igreja/host-principal', church, validate('json', primaryHostInput), async (c) =>
        c.json(await site.setPrimaryHost(deps, actor(c), c.req.valid('json').hostname)),
      )
  );
}
