// The staff area's Play (docs/staff.md "Play", docs/play.md "Uploading"): who may use it, videos,
// collections, tags and plans, a chunked upload that resumes, a file that is not a video refused by
// its content, the conversion task (real ffmpeg) making HLS a subscriber then watches through signed
// URLs, a failure kept readable and retried, and captions checked before they are stored.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../contract/play-staff.ts';
import { message } from '../../contract/messages/index.ts';
import { parseConfig } from '../../common/config.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { localFilesDir } from '../files/index.ts';
import { createLocalFileStore } from '../files/local.ts';
import { drainTasks, type TaskContext } from '../jobs/tasks.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { openWorshipWorld, type WorshipWorld } from '../praise/worship-staff.test-support.ts';
import { loginAs } from '../test-kit.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { ABANDONED_UPLOAD_HOURS } from './abandoned-uploads.ts';
import { playAbandonedUploadsJob } from './abandoned-uploads.job.ts';
import { FFMPEG, transcodeTask } from './transcode.task.ts';

let dataDir: string;
let video: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'play-staff-'));
  process.env.DATA_DIR = dataDir;
  // 3 s of lossless 720p: large enough to need several chunks
  const file = path.join(dataDir, 'clip.mp4');
  const made = spawnSync(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-qp', '0'],
    ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  video = await readFile(file);
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe.each(testBackends())('staff Play on %s', (backend) => {
  let w: WorshipWorld;
  const files = () => createLocalFileStore(localFilesDir(dataDir));
  const ctx = (): TaskContext => {
    const settings = parseConfig();
    return {
      db: w.database.db,
      now: () => new Date(),
      workerId: 'test',
      settings,
      mailer: mailerFromSettings(settings),
      files: files(),
    };
  };
  beforeAll(async () => {
    w = await openWorshipWorld(backend);
  }, 300_000); // a seeded PGlite is slow on a busy machine
  afterAll(() => w?.database.close());

  const put = (url: string, token: string | undefined, bytes: Buffer) =>
    w.api.request(`/api/v1${url}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new Uint8Array(bytes),
    });
  const newVideo = async (titulo: string, extra: Record<string, unknown> = {}) => {
    const res = await w.send('POST', '/admin/graca/play/video', w.tokens.editor, {
      json: { titulo, ...extra },
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; midia: { estado: string } };
  };

  it('is for admins and content editors of the church only', async () => {
    const count = () => w.database.db.$count(t.playContents);
    await w.expectRefused(
      (token) => w.send('POST', '/admin/graca/play/video', token, { json: { titulo: 'X' } }),
      count,
      ['chat'],
    );
    expect((await w.send('GET', '/admin/graca/play/video', w.tokens.member)).status).toBe(403);
    expect((await w.send('GET', '/admin/graca/play/assinante', w.tokens.admin)).status).toBe(200);
  });

  it('creates, edits, finds and deletes a video with its collection and tags; another church’s are refused', async () => {
    const tag = await w.send('POST', '/admin/graca/play/tag', w.tokens.editor, {
      json: { nome: 'Família', home: true },
    });
    const coll = await w.send('POST', '/admin/graca/play/coletanea', w.tokens.editor, {
      json: { titulo: 'Série de teste' },
    });
    expect([tag.status, coll.status]).toEqual([201, 201]);
    const created = await newVideo('Vídeo novo', {
      descricao: 'Sobre famílias',
      coletanea: coll.body.id,
      tags: [tag.body.id],
      aberto: false,
      destaque: true,
    });
    expect(created).toMatchObject({
      titulo: 'Vídeo novo',
      coletanea: coll.body.id,
      tags: [tag.body.id],
      aberto: false,
      destaque: true,
      midia: { estado: 'sem_midia', tarefa: null },
    });
    // not shown to members until it has media
    const listed = await w.send(
      'GET',
      `/plano-assinatura-conteudo/?igreja=${w.graca}&limit=50`,
      undefined,
    );
    expect(JSON.stringify(listed.body)).not.toContain('Vídeo novo');

    const found = await w.send('GET', '/admin/graca/play/video?busca=famílias', w.tokens.editor);
    expect(found.body.videos).toHaveLength(1);
    const edited = await w.send('PUT', `/admin/graca/play/video/${created.id}`, w.tokens.editor, {
      json: { titulo: 'Vídeo editado', aberto: true, tags: [] },
    });
    expect(edited.body).toMatchObject({ titulo: 'Vídeo editado', aberto: true, tags: [] });

    const [graceTag] = await w.database.db
      .select()
      .from(t.playTags)
      .where(eq(t.playTags.churchId, w.grace));
    const refused = await w.send(
      'PUT',
      `/admin/graca/play/video/${created.id}`,
      w.tokens.editor,
      {
        json: { titulo: 'X', tags: [graceTag!.id] },
      },
      'pt',
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.tags).toEqual([message('pt', 'staff.play.tagNotFound')]);
    const empty = await w.send(
      'POST',
      '/admin/graca/play/video',
      w.tokens.editor,
      { json: {} },
      'es',
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.titulo).toEqual([message('es', 'v.required')]);
    // grace's admin cannot reach graca's video through their own church
    expect(
      (await w.send('GET', `/admin/grace/play/video/${created.id}`, w.tokens.graceAdmin)).status,
    ).toBe(404);

    w.purged.length = 0;
    expect(
      (await w.send('DELETE', `/admin/graca/play/video/${created.id}`, w.tokens.editor)).status,
    ).toBe(204);
    expect(w.purged).toContain(w.graca);
    expect(
      (await w.send('GET', `/admin/graca/play/video/${created.id}`, w.tokens.editor)).status,
    ).toBe(404);
  });

  it('edits plans in cents and lists subscribers with their state; a plan in use is not deleted', async () => {
    const plans = await w.send('GET', '/admin/graca/play/plano', w.tokens.admin);
    const used = (plans.body.planos as { id: number; assinantesAtivos: number }[]).find(
      (p) => p.assinantesAtivos > 0,
    )!;
    expect(used).toBeTruthy();
    const bad = await w.send('POST', '/admin/graca/play/plano', w.tokens.admin, {
      json: { nome: 'Trimestral', valor: -1, periodicidadeDias: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['periodicidadeDias', 'valor']);
    const created = await w.send('POST', '/admin/graca/play/plano', w.tokens.admin, {
      json: { nome: 'Trimestral', valor: 49.9, taxaAdesao: 0, periodicidadeDias: 90 },
    });
    expect(created.status).toBe(201);
    const publicPlans = await w.send('GET', '/igreja/graca/plano-assinatura/', undefined);
    expect(publicPlans.body.planos).toContainEqual(
      expect.objectContaining({ nome: 'Trimestral', valor: 49.9, periodicidadeDias: 90 }),
    );
    const inUse = await w.send('DELETE', `/admin/graca/play/plano/${used.id}`, w.tokens.admin);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(message('en', 'staff.play.planInUse'));
    expect(
      (await w.send('DELETE', `/admin/graca/play/plano/${created.body.id}`, w.tokens.admin)).status,
    ).toBe(204);

    const subs = await w.send('GET', '/admin/graca/play/assinante?situacao=ativo', w.tokens.admin);
    expect(subs.body.assinantes).toContainEqual(
      expect.objectContaining({
        usuario: expect.objectContaining({ email: 'ricardo.santos@graca.demo' }),
        situacao: 'ativo',
        acessoAte: expect.any(String),
      }),
    );
  });

  it('refuses a file that is not a video by its content, before keeping any of it', async () => {
    const v = await newVideo('Não é vídeo');
    const text = Buffer.from('%PDF-1.7 this is a document, not a video\n'.repeat(10));
    const init = await w.send('POST', `/admin/graca/play/video/${v.id}/envio`, w.tokens.editor, {
      json: { nomeArquivo: 'sermao.mp4', tamanho: text.length },
    });
    expect(init.status).toBe(201);
    const res = await put(`/admin/graca/play/envio/${init.body.id}/parte/0`, w.tokens.editor, text);
    expect(res.status).toBe(415);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.arquivo).toEqual([message('en', 'staff.play.notVideo')]);
    expect(await files().list(`play-upload/${init.body.id}/`)).toEqual([]);
  });

  it('uploads in chunks that resume, converts to HLS, and a subscriber watches it', async () => {
    const v = await newVideo('Culto de domingo');
    const chunks = Math.ceil(video.length / UPLOAD_CHUNK_BYTES);
    expect(chunks).toBeGreaterThanOrEqual(2);
    const chunk = (n: number) =>
      video.subarray(n * UPLOAD_CHUNK_BYTES, (n + 1) * UPLOAD_CHUNK_BYTES);
    const start = () =>
      w.send('POST', `/admin/graca/play/video/${v.id}/envio`, w.tokens.editor, {
        json: { nomeArquivo: 'culto.mp4', tamanho: video.length },
      });
    const first = await start();
    expect(first.body).toMatchObject({ partes: chunks, recebidas: [], estado: 'enviando' });
    const id = first.body.id as number;
    // the last chunk first, then the connection drops
    expect(
      (
        await put(
          `/admin/graca/play/envio/${id}/parte/${chunks - 1}`,
          w.tokens.editor,
          chunk(chunks - 1),
        )
      ).status,
    ).toBe(200);
    expect(
      (await put(`/admin/graca/play/envio/${id}/parte/0`, w.tokens.editor, chunk(0).subarray(1)))
        .status,
    ).toBe(400);
    // starting again with the same file resumes the same upload and says what arrived
    const again = await start();
    expect(again.body).toMatchObject({ id, recebidas: [chunks - 1] });
    expect(
      (await w.send('GET', `/admin/graca/play/envio/${id}`, w.tokens.editor)).body.recebidas,
    ).toEqual([chunks - 1]);
    const early = await w.send('POST', `/admin/graca/play/envio/${id}/concluir`, w.tokens.editor);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      message('en', 'staff.play.missingChunks', {
        parts: Array.from({ length: chunks - 1 }, (_, i) => i + 1).join(', '),
      }),
    );
    for (let n = 0; n < chunks - 1; n++)
      expect(
        (await put(`/admin/graca/play/envio/${id}/parte/${n}`, w.tokens.editor, chunk(n))).status,
      ).toBe(200);
    const done = await w.send('POST', `/admin/graca/play/envio/${id}/concluir`, w.tokens.editor);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ kind: 'play.transcode', state: 'queued' });
    const queued = await w.send('GET', `/admin/graca/play/video/${v.id}`, w.tokens.editor);
    expect(queued.body).toMatchObject({ midia: { estado: 'processando' } });

    expect(await drainTasks(ctx(), [transcodeTask])).toEqual([done.body.id]);
    const ready = await w.send('GET', `/admin/graca/play/video/${v.id}`, w.tokens.editor);
    expect(ready.body).toMatchObject({
      duracaoSegundos: 3,
      midia: { estado: 'pronto', tarefa: { state: 'done', done: 3, total: 3 } },
      imagem: expect.stringMatching(/^\/api\/v1\/plano-assinatura-capa\/\d+\/v\d+-poster\.jpg$/),
    });
    // the chunks are gone; the poster is served
    expect(await files().list(`play-upload/${id}/`)).toEqual([]);
    const poster = await w.api.request(ready.body.imagem as string);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');

    // captions: checked, then stored and served beside the media
    const vtt = (text: string) => {
      const form = new FormData();
      form.append('legenda', new File([text], 'legenda.vtt', { type: 'text/vtt' }));
      return w.send(
        'POST',
        `/admin/graca/play/video/${v.id}/legenda`,
        w.tokens.editor,
        { form },
        'pt',
      );
    };
    const noHeader = await vtt('00:00:00.000 --> 00:00:01.000\nOlá\n');
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.errors?.legenda).toEqual([message('pt', 'staff.play.captionsHeader')]);
    const backwards = await vtt('WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nOlá\n');
    expect(backwards.body.message).toBe(message('pt', 'staff.play.captionsTiming', { line: 3 }));
    const good = await vtt('WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nBem-vindos ao culto\n');
    expect(good.status, good.text).toBe(200);
    expect(good.body.legenda).toBe(true);

    // a subscriber of graca (the seed's) watches it through signed URLs
    const { id: ricardoId, token } = await loginAs(w.api, 'ricardo.santos@graca.demo');
    const watch = await w.api.request(
      `/api/v1/usuario-plano-assinatura-conteudo/assistir/?planoAssinaturaConteudo=${v.id}&igreja=${w.graca}&usuario=${ricardoId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(watch.status).toBe(200);
    const cookie = (watch.headers.get('set-cookie') ?? '').split(';')[0]!;
    const answer = (await watch.json()) as { urlMidia: string; urlLegenda: string };
    const fetchMedia = (url: string) => w.api.request(url, { headers: { cookie } });
    const master = await (await fetchMedia(answer.urlMidia)).text();
    const variants = master.split('\n').filter((l) => l.startsWith('/api/'));
    expect(variants).toHaveLength(2);
    expect(master).toContain('RESOLUTION=1280x720');
    const variant = await (await fetchMedia(variants[1]!)).text();
    const segment = variant.split('\n').find((l) => l.startsWith('/api/'))!;
    const seg = await fetchMedia(segment);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await (await fetchMedia(answer.urlLegenda)).text()).toContain('Bem-vindos ao culto');
    // without the cookie the same URL is refused
    expect((await w.api.request(segment)).status).toBe(403);
  }, 180_000);

  it('keeps a failed conversion readable and retries it from the page', async () => {
    const v = await newVideo('Arquivo estragado');
    // a container's signature, then nothing a decoder can read
    const junk = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(5000, 7),
    ]);
    const init = await w.send('POST', `/admin/graca/play/video/${v.id}/envio`, w.tokens.editor, {
      json: { nomeArquivo: 'estragado.mp4', tamanho: junk.length },
    });
    expect(
      (await put(`/admin/graca/play/envio/${init.body.id}/parte/0`, w.tokens.editor, junk)).status,
    ).toBe(200);
    const task = await w.send(
      'POST',
      `/admin/graca/play/envio/${init.body.id}/concluir`,
      w.tokens.editor,
    );
    await drainTasks(ctx(), [transcodeTask]);
    const failed = await w.send('GET', `/admin/graca/play/video/${v.id}`, w.tokens.editor);
    expect(failed.body.midia).toMatchObject({
      estado: 'falhou',
      tarefa: {
        id: task.body.id,
        state: 'failed',
        error: expect.stringMatching(/^ffmpeg could not read this file as a video/),
      },
    });
    const retried = await w.send(
      'POST',
      `/admin/graca/play/video/${v.id}/tentar-novamente`,
      w.tokens.editor,
    );
    expect(retried.body).toMatchObject({ id: task.body.id, state: 'queued', error: null });
    const twice = await w.send(
      'POST',
      `/admin/graca/play/video/${v.id}/tentar-novamente`,
      w.tokens.editor,
    );
    expect(twice.status).toBe(409);
  });
  it('reorders the plans, and the public plans list follows; a wrong list is refused by its field', async () => {
    const ids = async () =>
      (
        (await w.send('GET', '/admin/graca/play/plano', w.tokens.admin)).body.planos as {
          id: number;
        }[]
      ).map((p) => p.id);
    const publicIds = async () =>
      (
        (await w.send('GET', '/igreja/graca/plano-assinatura/', undefined)).body.planos as {
          id: number;
        }[]
      ).map((p) => p.id);
    // a new plan goes last
    const added = await w.send('POST', '/admin/graca/play/plano', w.tokens.admin, {
      json: { nome: 'Semestral', valor: 99.9, periodicidadeDias: 180 },
    });
    expect(added.status).toBe(201);
    const before = await ids();
    expect(before.at(-1)).toBe(added.body.id);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const order = () =>
      w.database.db
        .select({ id: t.playPlans.id, ordem: t.playPlans.position })
        .from(t.playPlans)
        .where(eq(t.playPlans.churchId, w.graca));
    await w.expectRefused(
      (token) =>
        w.send('PUT', '/admin/graca/play/plano/ordem', token, {
          json: { planos: [...before].reverse() },
        }),
      order,
      ['chat'],
    );

    const reversed = [...before].reverse();
    w.purged.length = 0;
    const moved = await w.send('PUT', '/admin/graca/play/plano/ordem', w.tokens.editor, {
      json: { planos: reversed },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((moved.body.planos as { id: number }[]).map((p) => p.id)).toEqual(reversed);
    expect(w.purged).toContain(w.graca);
    expect(await ids()).toEqual(reversed);
    // the public list shows the plans on sale in the staff's order
    const onSale = await publicIds();
    expect(onSale).toEqual(reversed.filter((id) => onSale.includes(id)));
    expect(onSale[0]).toBe(added.body.id);
    // editing a plan keeps its place
    await w.send('PUT', `/admin/graca/play/plano/${added.body.id}`, w.tokens.admin, {
      json: { nome: 'Semestral', valor: 89.9, periodicidadeDias: 180, ordem: 0 },
    });
    expect(await ids()).toEqual(reversed);

    const [gracePlan] = await w.database.db
      .select()
      .from(t.playPlans)
      .where(eq(t.playPlans.churchId, w.grace));
    for (const planos of [
      reversed.slice(1), // one left out
      [...reversed, reversed[0]], // one twice
      [...reversed.slice(1), gracePlan!.id], // another church's
    ]) {
      const bad = await w.send(
        'PUT',
        '/admin/graca/play/plano/ordem',
        w.tokens.editor,
        { json: { planos } },
        'pt',
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.planos).toEqual([message('pt', 'staff.play.planOrder')]);
    }
    const empty = await w.send(
      'PUT',
      '/admin/graca/play/plano/ordem',
      w.tokens.editor,
      { json: { planos: 'x' } },
      'es',
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.planos).toEqual([message('es', 'staff.play.planOrder')]);
    expect(await ids()).toEqual(reversed);
    await w.send('DELETE', `/admin/graca/play/plano/${added.body.id}`, w.tokens.admin);
  });

  it(`removes an upload left unfinished for ${ABANDONED_UPLOAD_HOURS} h (chunks and row), once, by the job`, async () => {
    const v = await newVideo('Envio abandonado');
    const head = video.subarray(0, UPLOAD_CHUNK_BYTES);
    const begin = async (nomeArquivo: string) => {
      const init = await w.send('POST', `/admin/graca/play/video/${v.id}/envio`, w.tokens.editor, {
        json: { nomeArquivo, tamanho: video.length },
      });
      expect(init.status).toBe(201);
      const id = init.body.id as number;
      expect(
        (await put(`/admin/graca/play/envio/${id}/parte/0`, w.tokens.editor, head)).status,
      ).toBe(200);
      return id;
    };
    const old = await begin('antigo.mp4');
    const fresh = await begin('recente.mp4');
    // the old one started a day and an hour ago
    await w.database.db
      .update(t.playUploads)
      .set({ createdAt: new Date(Date.now() - (ABANDONED_UPLOAD_HOURS + 1) * 3_600_000) })
      .where(eq(t.playUploads.id, old));
    expect(await files().list(`play-upload/${old}/`)).toEqual([`play-upload/${old}/0`]);

    // two processes' runners at once: the job's lease lets one of them run it
    const settings = parseConfig();
    const runner = () =>
      createJobRunner(w.database.db, [playAbandonedUploadsJob], { settings, files: files() });
    const ran = await Promise.all([runner().tick(), runner().tick()]);
    expect(ran.flat()).toEqual(['play.abandoned-uploads']);

    expect(await files().list(`play-upload/${old}/`)).toEqual([]);
    const rows = await w.database.db
      .select({ id: t.playUploads.id })
      .from(t.playUploads)
      .where(eq(t.playUploads.contentId, v.id));
    expect(rows.map((r) => r.id)).toEqual([fresh]);
    expect((await w.send('GET', `/admin/graca/play/envio/${old}`, w.tokens.editor)).status).toBe(
      404,
    );
    expect(
      (await put(`/admin/graca/play/envio/${old}/parte/1`, w.tokens.editor, head)).status,
    ).toBe(404);
    // the recent one still resumes with its chunk
    expect(
      (await w.send('GET', `/admin/graca/play/envio/${fresh}`, w.tokens.editor)).body.recebidas,
    ).toEqual([0]);
    expect(await files().list(`play-upload/${fresh}/`)).toEqual([`play-upload/${fresh}/0`]);
    // starting the old file again begins a new upload
    const restarted = await w.send(
      'POST',
      `/admin/graca/play/video/${v.id}/envio`,
      w.tokens.editor,
      {
        json: { nomeArquivo: 'antigo.mp4', tamanho: video.length },
      },
    );
    expect(restarted.body).toMatchObject({ recebidas: [], estado: 'enviando' });
    expect(restarted.body.id).not.toBe(old);
  });
});
