// The staff area's Play under `/admin/{slug}/play/…` (docs/staff.md "Play"), area `play` (admins
// and content editors): settings (content visibility), videos, collections, tags, plans, subscribers; a video's chunked upload
// (init → PUT chunks → complete; GET says which chunks arrived), its conversion task and captions.
// Also the public poster call the conversion's posters are served by.
import { Hono, type Context } from 'hono';
import {
  CAPTIONS_MAX_BYTES,
  chunkParams,
  collectionInput,
  idParams,
  planInput,
  planOrderInput,
  playSettingsInput,
  subscriberListQuery,
  tagInput,
  UPLOAD_CHUNK_BYTES,
  uploadInit,
  videoInput,
  videoListQuery,
} from '../../contract/play-staff.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { storeUploadedImage, uploadedImage } from '../images/upload.ts';
import { ensureStaffRoom, ensureStorageRoom } from '../files/quota.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import { MEDIA_PREFIX } from './media.ts';
import * as plans from './play-plans.service.ts';
import * as play from './play-staff.service.ts';
import * as uploads from './play-uploads.service.ts';
import type { MemberDeps } from '../member/deps.ts';

/** The captions file of a multipart body (`legenda`), as text. */
async function uploadedCaptions(c: Context<StaffEnv>): Promise<string> {
  const tooLarge = () => fieldProblem(413, 'legenda', 'staff.play.captionsSize');
  if (Number(c.req.header('content-length') ?? 0) > CAPTIONS_MAX_BYTES + 64 * 1024)
    throw tooLarge();
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('legenda');
  if (!(file instanceof File) || file.size === 0)
    throw fieldProblem(400, 'legenda', 'staff.play.captionsMissing');
  if (file.size > CAPTIONS_MAX_BYTES) throw tooLarge();
  return file.text();
}

export function playStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('play');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;

  return (
    new Hono<StaffEnv>()
      // ---- settings (spec §3 Play moduleData) ----
      .get('/play/configuracao', area, async (c) =>
        c.json(await play.getPlaySettings(db, churchId(c))),
      )
      .put('/play/configuracao', area, validate('json', playSettingsInput), async (c) =>
        c.json(await play.savePlaySettings(deps, actor(c), c.req.valid('json'))),
      )
      // ---- videos ----
      .get('/play/video', area, validate('query', videoListQuery), async (c) =>
        c.json(await play.listVideos(db, churchId(c), c.req.valid('query'))),
      )
      .post('/play/video', area, validate('json', videoInput), async (c) =>
        c.json(await play.createVideo(deps, actor(c), c.req.valid('json')), 201),
      )
      .get('/play/video/:id', area, validate('param', idParams), async (c) =>
        c.json(await play.getVideo(db, churchId(c), c.req.valid('param').id)),
      )
      .put(
        '/play/video/:id',
        area,
        validate('param', idParams),
        validate('json', videoInput),
        async (c) =>
          c.json(
            await play.updateVideo(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/play/video/:id', area, validate('param', idParams), async (c) => {
        await play.deleteVideo(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      .post('/play/video/:id/tentar-novamente', area, validate('param', idParams), async (c) =>
        c.json(await uploads.retryConversion(deps, actor(c), c.req.valid('param').id)),
      )
      .post('/play/video/:id/legenda', area, validate('param', idParams), async (c) =>
        c.json(
          await uploads.saveCaptions(
            deps,
            actor(c),
            c.req.valid('param').id,
            await uploadedCaptions(c),
          ),
        ),
      )
      .delete('/play/video/:id/legenda', area, validate('param', idParams), async (c) =>
        c.json(await uploads.removeCaptions(deps, actor(c), c.req.valid('param').id)),
      )
      // a poster or collection image, through the one image store
      .post('/play/imagem', area, async (c) => {
        const bytes = await uploadedImage(c, ['imagem', 'file']);
        await ensureStaffRoom(deps.db, c.get('staff'), bytes.length, 'image', 'imagem');
        return c.json(
          { url: await storeUploadedImage(deps.images, 'conteudo', churchId(c), bytes) },
          201,
        );
      })
      // ---- upload: init (or resume) → PUT each chunk → complete ----
      .post(
        '/play/video/:id/envio',
        area,
        validate('param', idParams),
        validate('json', uploadInit),
        async (c) => {
          const { id } = c.req.valid('param');
          const body = c.req.valid('json');
          const size = Number(body.tamanho);
          // the whole declared size must fit before the first chunk (docs/deploy.md "Storage quotas")
          await ensureStorageRoom(deps.db, {
            churchId: churchId(c),
            bytes: size,
            use: 'video',
            field: 'arquivo',
            lang: c.get('staff').lang,
            resume: { contentId: id, fileName: body.nomeArquivo, size },
          });
          return c.json(await uploads.startUpload(deps, actor(c), id, body), 201);
        },
      )
      .get('/play/envio/:id', area, validate('param', idParams), async (c) =>
        c.json(await uploads.getUpload(deps, churchId(c), c.req.valid('param').id)),
      )
      .put('/play/envio/:id/parte/:n', area, validate('param', chunkParams), async (c) => {
        const { id, n } = c.req.valid('param');
        if (Number(c.req.header('content-length') ?? 0) > UPLOAD_CHUNK_BYTES)
          throw new ApiProblem(
            413,
            'staff.play.badChunk',
            { arquivo: ['staff.play.badChunk'] },
            { n: n + 1 },
          );
        const bytes = Buffer.from(await c.req.arrayBuffer());
        return c.json(await uploads.putChunk(deps, churchId(c), id, n, bytes));
      })
      .post('/play/envio/:id/concluir', area, validate('param', idParams), async (c) =>
        c.json(await uploads.completeUpload(deps, actor(c), c.req.valid('param').id)),
      )
      // ---- collections ----
      .get('/play/coletanea', area, async (c) =>
        c.json({ coletaneas: await play.listCollections(db, churchId(c)) }),
      )
      .post('/play/coletanea', area, validate('json', collectionInput), async (c) =>
        c.json(await play.saveCollection(deps, actor(c), null, c.req.valid('json')), 201),
      )
      .put(
        '/play/coletanea/:id',
        area,
        validate('param', idParams),
        validate('json', collectionInput),
        async (c) =>
          c.json(
            await play.saveCollection(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/play/coletanea/:id', area, validate('param', idParams), async (c) => {
        await play.deleteCollection(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      // ---- tags ----
      .get('/play/tag', area, async (c) => c.json({ tags: await play.listTags(db, churchId(c)) }))
      .post('/play/tag', area, validate('json', tagInput), async (c) =>
        c.json(await play.saveTag(deps, actor(c), null, c.req.valid('json')), 201),
      )
      .put(
        '/play/tag/:id',
        area,
        validate('param', idParams),
        validate('json', tagInput),
        async (c) =>
          c.json(await play.saveTag(deps, actor(c), c.req.valid('param').id, c.req.valid('json'))),
      )
      .delete('/play/tag/:id', area, validate('param', idParams), async (c) => {
        await play.deleteTag(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      // ---- plans and subscribers ----
      .get('/play/plano', area, async (c) =>
        c.json({ planos: await plans.listPlans(db, churchId(c)) }),
      )
      .post('/play/plano', area, validate('json', planInput), async (c) =>
        c.json(await plans.savePlan(deps, actor(c), null, c.req.valid('json')), 201),
      )
      // before `/play/plano/:id`, so `ordem` is not read as an id
      .put('/play/plano/ordem', area, validate('json', planOrderInput), async (c) =>
        c.json({
          planos: await plans.reorderPlans(deps, actor(c), c.req.valid('json').planos),
        }),
      )
      .put(
        '/play/plano/:id',
        area,
        validate('param', idParams),
        validate('json', planInput),
        async (c) =>
          c.json(
            await plans.savePlan(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/play/plano/:id', area, validate('param', idParams), async (c) => {
        await plans.deletePlan(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      .get('/play/assinante', area, validate('query', subscriberListQuery), async (c) =>
        c.json(await plans.listSubscribers(db, churchId(c), c.req.valid('query'))),
      )
  );
}

/** `GET /plano-assinatura-capa/{id}/{file}`: a poster the conversion made (public, like every card image). */
export function playPosterRoutes({ files }: MemberDeps) {
  return new Hono().get(
    '/plano-assinatura-capa/:id{[0-9]+}/:file{v[0-9]+-poster\\.jpg}',
    async (c) => {
      const stored = await files.get(`${MEDIA_PREFIX}${c.req.param('id')}/${c.req.param('file')}`);
      if (!stored) throw notFound('play.notFound');
      c.header('content-type', 'image/jpeg');
      // the name changes with each conversion
      c.header('cache-control', 'public, max-age=31536000, immutable');
      return c.body(new Uint8Array(stored.bytes));
    },
  );
}
