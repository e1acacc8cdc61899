// A Play video's file for the staff (docs/play.md "Uploading"): the resumable chunked upload, the
// task that converts it (and its retry), and the video's captions. Every write goes through
// staffWrite.
import { and, desc, eq } from 'drizzle-orm';
import {
  UPLOAD_CHUNK_BYTES,
  type StaffUpload,
  type StaffVideo,
  type UploadFields,
} from '../../contract/play-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { enqueueTask, retryTask, taskStatus, type TaskView } from '../jobs/tasks.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { MEDIA_PREFIX } from './media.ts';
import { contentRow, getVideo, type PlayStaffDeps } from './play-staff.service.ts';
import { TRANSCODE_TASK } from './transcode.task.ts';
import { chunkKey, uploadPrefix, videoContainer } from './video-file.ts';
import { checkWebVtt } from './webvtt.ts';

type UploadRow = typeof t.playUploads.$inferSelect;

async function receivedChunks(files: FileStore, uploadId: number): Promise<number[]> {
  const prefix = uploadPrefix(uploadId);
  return (await files.list(prefix))
    .map((key) => Number(key.slice(prefix.length)))
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}

async function uploadView(files: FileStore, row: UploadRow): Promise<StaffUpload> {
  return {
    id: row.id,
    conteudo: row.contentId,
    nomeArquivo: row.fileName,
    tamanho: row.size,
    tamanhoParte: row.chunkSize,
    partes: row.chunks,
    recebidas: row.state === 'enviando' ? await receivedChunks(files, row.id) : [],
    estado: row.state as StaffUpload['estado'],
    tarefa: row.taskId,
  };
}

/** Starts an upload for a video, or resumes the unfinished one of the same file name and size. */
export async function startUpload(
  deps: PlayStaffDeps,
  actor: StaffActor,
  contentId: number,
  input: UploadFields,
): Promise<StaffUpload> {
  const size = Number(input.tamanho);
  const row = await staffWrite(
    deps,
    actor,
    (r: UploadRow) => ({
      action: 'play.video.upload',
      kind: 'play_video',
      targetId: contentId,
      summary: r.fileName,
      details: { envio: r.id, tamanho: size },
    }),
    async (tx) => {
      await contentRow(tx, actor.churchId, contentId);
      const [open] = await tx
        .select()
        .from(t.playUploads)
        .where(
          and(
            eq(t.playUploads.churchId, actor.churchId),
            eq(t.playUploads.contentId, contentId),
            eq(t.playUploads.state, 'enviando'),
            eq(t.playUploads.fileName, input.nomeArquivo),
            eq(t.playUploads.size, size),
          ),
        )
        .orderBy(desc(t.playUploads.id))
        .limit(1);
      if (open) return open;
      const [created] = await tx
        .insert(t.playUploads)
        .values({
          churchId: actor.churchId,
          contentId,
          fileName: input.nomeArquivo,
          size,
          chunkSize: UPLOAD_CHUNK_BYTES,
          chunks: Math.ceil(size / UPLOAD_CHUNK_BYTES),
          createdBy: actor.userId,
        })
        .returning();
      return created!;
    },
    { purge: false },
  );
  return uploadView(deps.files, row);
}

async function openUpload(db: Database | Tx, churchId: number, id: number): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(t.playUploads)
    .where(and(eq(t.playUploads.id, id), eq(t.playUploads.churchId, churchId)));
  if (!row) throw notFound('staff.play.uploadNotFound');
  return row;
}

export async function getUpload(deps: PlayStaffDeps, churchId: number, id: number) {
  return uploadView(deps.files, await openUpload(deps.db, churchId, id));
}

/** Keeps one chunk; the first one must begin like a video container (415 otherwise, nothing kept). */
export async function putChunk(
  deps: PlayStaffDeps,
  churchId: number,
  id: number,
  n: number,
  bytes: Buffer,
): Promise<{ recebida: number }> {
  const row = await openUpload(deps.db, churchId, id);
  if (row.state !== 'enviando') throw new ApiProblem(409, 'staff.play.uploadNotFound');
  const expected =
    n === row.chunks - 1 ? row.size - row.chunkSize * (row.chunks - 1) : row.chunkSize;
  if (n >= row.chunks || bytes.length !== expected)
    throw new ApiProblem(
      400,
      'staff.play.badChunk',
      { arquivo: ['staff.play.badChunk'] },
      { n: n + 1 },
    );
  if (n === 0 && !videoContainer(bytes)) throw fieldProblem(415, 'arquivo', 'staff.play.notVideo');
  await deps.files.put(chunkKey(id, n), bytes, 'application/octet-stream');
  return { recebida: n };
}

/** Every chunk arrived: the conversion task is queued (it starts once this commits). */
export async function completeUpload(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number,
): Promise<TaskView> {
  const row = await openUpload(deps.db, actor.churchId, id);
  if (row.state !== 'enviando') {
    const done = row.taskId ? await taskStatus(deps.db, actor.churchId, row.taskId) : null;
    if (done) return done;
    throw new ApiProblem(409, 'staff.play.uploadNotFound');
  }
  const have = new Set(await receivedChunks(deps.files, id));
  const missing = Array.from({ length: row.chunks }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length)
    throw new ApiProblem(409, 'staff.play.missingChunks', undefined, {
      parts: missing
        .slice(0, 10)
        .map((i) => i + 1)
        .join(', '),
    });
  const taskId = await staffWrite(
    deps,
    actor,
    {
      action: 'play.video.convert',
      kind: 'play_video',
      targetId: row.contentId,
      summary: row.fileName,
    },
    async (tx) => {
      const task = await enqueueTask(tx, {
        churchId: actor.churchId,
        kind: TRANSCODE_TASK,
        payload: { uploadId: id, contentId: row.contentId },
        createdBy: actor.userId,
      });
      await tx
        .update(t.playUploads)
        .set({ state: 'completo', taskId: task })
        .where(eq(t.playUploads.id, id));
      await tx
        .update(t.playContents)
        .set({ mediaTaskId: task })
        .where(eq(t.playContents.id, row.contentId));
      return task;
    },
    { purge: false },
  );
  return (await taskStatus(deps.db, actor.churchId, taskId))!;
}

/** The video's conversion, queued again after a failure (from the page's "try again"). */
export async function retryConversion(
  deps: PlayStaffDeps,
  actor: StaffActor,
  contentId: number,
): Promise<TaskView> {
  const row = await contentRow(deps.db, actor.churchId, contentId);
  if (!row.mediaTaskId) throw new ApiProblem(409, 'staff.play.notFailed');
  const taskId = row.mediaTaskId;
  await staffWrite(
    deps,
    actor,
    { action: 'play.video.retry', kind: 'play_video', targetId: contentId, summary: row.title },
    async (tx) => {
      if (!(await retryTask(tx, actor.churchId, taskId)))
        throw new ApiProblem(409, 'staff.play.notFailed');
    },
    { purge: false },
  );
  return (await taskStatus(deps.db, actor.churchId, taskId))!;
}

// ---- captions ----

/** Stores checked WebVTT captions beside the video's media (`play/<id>/captions.vtt`). */
export async function saveCaptions(
  deps: PlayStaffDeps,
  actor: StaffActor,
  contentId: number,
  input: string,
): Promise<StaffVideo> {
  const checked = checkWebVtt(input);
  if (!checked.ok) {
    const key =
      checked.problem === 'header'
        ? 'staff.play.captionsHeader'
        : checked.problem === 'timing'
          ? 'staff.play.captionsTiming'
          : 'staff.play.captionsEmpty';
    throw new ApiProblem(400, key, { legenda: [key] }, { line: checked.line ?? 0 });
  }
  const row = await contentRow(deps.db, actor.churchId, contentId);
  await deps.files.put(
    `${MEDIA_PREFIX}${contentId}/captions.vtt`,
    Buffer.from(checked.text),
    'text/vtt; charset=utf-8',
  );
  await staffWrite(
    deps,
    actor,
    {
      action: 'play.video.captions',
      kind: 'play_video',
      targetId: contentId,
      summary: row.title,
      details: { legendas: checked.cues },
    },
    (tx) =>
      tx
        .update(t.playContents)
        .set({ captionsPath: `${contentId}/captions.vtt` })
        .where(eq(t.playContents.id, contentId)),
  );
  return getVideo(deps.db, actor.churchId, contentId);
}

export async function removeCaptions(deps: PlayStaffDeps, actor: StaffActor, contentId: number) {
  const row = await contentRow(deps.db, actor.churchId, contentId);
  await staffWrite(
    deps,
    actor,
    {
      action: 'play.video.captionsRemove',
      kind: 'play_video',
      targetId: contentId,
      summary: row.title,
    },
    (tx) =>
      tx.update(t.playContents).set({ captionsPath: null }).where(eq(t.playContents.id, contentId)),
  );
  if (row.captionsPath === `${contentId}/captions.vtt`)
    await deps.files.delete(`${MEDIA_PREFIX}${contentId}/captions.vtt`);
  return getVideo(deps.db, actor.churchId, contentId);
}
