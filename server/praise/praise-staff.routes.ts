// The staff area's songs and set lists under `/admin/{slug}/…` (docs/staff.md "Songs"), area
// `songs` (admins and content editors): list, create, edit, delete; ChordPro import, export and the
// live preview; score PDFs; the services' set lists.
import { Hono, type Context } from 'hono';
import {
  chordProImport,
  chordProPreview,
  idParams,
  SCORE_MAX_BYTES,
  scoreParams,
  setListInput,
  songInput,
  songListQuery,
} from '../../contract/praise-staff.ts';
import { ensureStaffRoom } from '../files/quota.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { createPdfStore, type PdfStore } from '../images/pdf-store.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as songs from './praise-staff.service.ts';

/** The `arquivo` file of a multipart body, size-checked before it is read whole. */
async function uploadedPdf(c: Context<StaffEnv>): Promise<File> {
  const mb = SCORE_MAX_BYTES / 1024 / 1024;
  const tooLarge = () =>
    new ApiProblem(413, 'staff.songs.scoreSize', { arquivo: ['staff.songs.scoreSize'] }, { mb });
  if (Number(c.req.header('content-length') ?? 0) > SCORE_MAX_BYTES + 64 * 1024) throw tooLarge();
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('arquivo');
  if (!(file instanceof File) || file.size === 0)
    throw new ApiProblem(400, 'staff.songs.scoreMissing', {
      arquivo: ['staff.songs.scoreMissing'],
    });
  if (file.size > SCORE_MAX_BYTES) throw tooLarge();
  return file;
}

export function praiseStaffRoutes(deps: StaffDeps, pdfs: PdfStore = createPdfStore(deps.files)) {
  const { db } = deps;
  const area = staffArea('songs');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;

  return (
    new Hono<StaffEnv>()
      // ---- songs ----
      .get('/louvor', area, validate('query', songListQuery), async (c) =>
        c.json({ louvores: await songs.listSongs(db, churchId(c), c.req.valid('query').busca) }),
      )
      .post('/louvor', area, validate('json', songInput), async (c) =>
        c.json(await songs.createSong(deps, actor(c), c.req.valid('json')), 201),
      )
      .post('/louvor/importar', area, validate('json', chordProImport), async (c) =>
        c.json(await songs.importSong(deps, actor(c), c.req.valid('json').chordpro), 201),
      )
      .post('/louvor/previa', area, validate('json', chordProPreview), (c) =>
        c.json(songs.preview(c.req.valid('json').cifra)),
      )
      .get('/louvor/:id', area, validate('param', idParams), async (c) =>
        c.json(await songs.getSong(db, churchId(c), c.req.valid('param').id)),
      )
      .get('/louvor/:id/chordpro', area, validate('param', idParams), async (c) => {
        const { title, text } = await songs.exportSong(db, churchId(c), c.req.valid('param').id);
        const file = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'song';
        return c.body(text, 200, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Disposition': `attachment; filename="song.cho"; filename*=UTF-8''${encodeURIComponent(file)}.cho`,
        });
      })
      .put(
        '/louvor/:id',
        area,
        validate('param', idParams),
        validate('json', songInput),
        async (c) =>
          c.json(
            await songs.updateSong(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/louvor/:id', area, validate('param', idParams), async (c) => {
        await songs.deleteSong(deps, pdfs, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
      .post('/louvor/:id/partitura', area, validate('param', idParams), async (c) => {
        const file = await uploadedPdf(c);
        await ensureStaffRoom(deps.db, c.get('staff'), file.size, 'score', 'arquivo');
        return c.json(
          await songs.addScore(deps, pdfs, actor(c), c.req.valid('param').id, file),
          201,
        );
      })
      .delete('/louvor/:id/partitura/:index', area, validate('param', scoreParams), async (c) => {
        const { id, index } = c.req.valid('param');
        return c.json(await songs.removeScore(deps, pdfs, actor(c), id, index));
      })
      // ---- set lists ----
      .get('/repertorio', area, async (c) =>
        c.json({ repertorios: await songs.listSetLists(db, churchId(c)) }),
      )
      .post('/repertorio', area, validate('json', setListInput), async (c) =>
        c.json(await songs.createSetList(deps, actor(c), c.req.valid('json')), 201),
      )
      .put(
        '/repertorio/:id',
        area,
        validate('param', idParams),
        validate('json', setListInput),
        async (c) =>
          c.json(
            await songs.updateSetList(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          ),
      )
      .delete('/repertorio/:id', area, validate('param', idParams), async (c) => {
        await songs.deleteSetList(deps, actor(c), c.req.valid('param').id);
        return c.body(null, 204);
      })
  );
}
