// The staff area's Play (docs/staff.md "Play"): videos, the module's settings, collections and
// tags of one church; plans and subscribers are ./play-plans.service.ts, a video's resumable
// chunked upload, its conversion and captions ./play-uploads.service.ts. Every write goes through
// staffWrite (audit + purge on every node).
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PLAY_PAGE_SIZE,
  type CollectionFields,
  type MediaState,
  type PlaySettingsFields,
  type StaffCollection,
  type StaffPlaySettings,
  type StaffTag,
  type StaffVideo,
  type TagFields,
  type VideoFields,
  type VideoListFilters,
  type VideoPage,
} from '../../contract/play-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import { taskStatus, type TaskView } from '../jobs/tasks.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { MEDIA_PREFIX } from './media.ts';
import { playSettingsOf } from './play.queries.ts';
import { uploadPrefix } from './video-file.ts';

export interface PlayStaffDeps extends StaffWriteDeps {
  files: FileStore;
}

type ContentRow = typeof t.playContents.$inferSelect;

export const pages = (total: number) => Math.max(1, Math.ceil(total / PLAY_PAGE_SIZE));

// ---- videos ----

function mediaState(row: ContentRow, task: TaskView | null): MediaState {
  if (task?.state === 'queued' || task?.state === 'running') return 'processando';
  if (task?.state === 'failed') return 'falhou';
  return row.mediaPath ? 'pronto' : 'sem_midia';
}

async function toVideos(db: Database | Tx, churchId: number, rows: ContentRow[]) {
  const ids = rows.map((r) => r.id);
  const tagRows = ids.length
    ? await db
        .select()
        .from(t.playContentTags)
        .where(
          and(eq(t.playContentTags.churchId, churchId), inArray(t.playContentTags.contentId, ids)),
        )
    : [];
  const videos: StaffVideo[] = [];
  for (const row of rows) {
    const task = row.mediaTaskId ? await taskStatus(db, churchId, row.mediaTaskId) : null;
    videos.push({
      id: row.id,
      titulo: row.title,
      descricao: row.description,
      coletanea: row.collectionId,
      tags: tagRows.filter((r) => r.contentId === row.id).map((r) => r.tagId),
      aberto: row.visibility === 'aberto',
      destaque: row.featured,
      ativo: row.active,
      imagem: row.image,
      ordem: row.position,
      duracaoSegundos: row.durationSeconds,
      publicadoEm: row.publishedAt.toISOString(),
      legenda: row.captionsPath !== null,
      midia: { estado: mediaState(row, task), tarefa: task },
    });
  }
  return videos;
}

export async function listVideos(
  db: Database,
  churchId: number,
  q: VideoListFilters,
): Promise<VideoPage> {
  const filters: (SQL | undefined)[] = [eq(t.playContents.churchId, churchId)];
  if (q.busca) {
    filters.push(matches(q.busca, [t.playContents.title, t.playContents.description]));
  }
  if (q.coletanea) filters.push(eq(t.playContents.collectionId, q.coletanea));
  if (q.acesso) filters.push(eq(t.playContents.visibility, q.acesso));
  if (q.tag)
    filters.push(
      inArray(
        t.playContents.id,
        db
          .select({ id: t.playContentTags.contentId })
          .from(t.playContentTags)
          .where(and(eq(t.playContentTags.churchId, churchId), eq(t.playContentTags.tagId, q.tag))),
      ),
    );
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(t.playContents)
    .where(where);
  const rows = await db
    .select()
    .from(t.playContents)
    .where(where)
    .orderBy(desc(t.playContents.publishedAt), desc(t.playContents.id))
    .limit(PLAY_PAGE_SIZE)
    .offset((q.page - 1) * PLAY_PAGE_SIZE);
  return {
    videos: await toVideos(db, churchId, rows),
    total,
    page: q.page,
    totalPages: pages(total),
  };
}

export async function contentRow(
  db: Database | Tx,
  churchId: number,
  id: number,
): Promise<ContentRow> {
  const [row] = await db
    .select()
    .from(t.playContents)
    .where(and(eq(t.playContents.id, id), eq(t.playContents.churchId, churchId)));
  if (!row) throw notFound('staff.play.notFound');
  return row;
}

export async function getVideo(db: Database, churchId: number, id: number): Promise<StaffVideo> {
  return (await toVideos(db, churchId, [await contentRow(db, churchId, id)]))[0]!;
}

/** The collection and tags named must be the church's own: 422 by the field otherwise. */
async function checkRefs(tx: Tx, churchId: number, input: VideoFields) {
  if (input.coletanea) {
    const [found] = await tx
      .select({ id: t.playCollections.id })
      .from(t.playCollections)
      .where(
        and(eq(t.playCollections.id, input.coletanea), eq(t.playCollections.churchId, churchId)),
      );
    if (!found) throw fieldProblem(422, 'coletanea', 'staff.play.collectionNotFound');
  }
  const tags = [...new Set(input.tags ?? [])];
  if (tags.length) {
    const found = await tx
      .select({ id: t.playTags.id })
      .from(t.playTags)
      .where(and(inArray(t.playTags.id, tags), eq(t.playTags.churchId, churchId)));
    if (found.length !== tags.length) throw fieldProblem(422, 'tags', 'staff.play.tagNotFound');
  }
  return tags;
}

const videoColumns = (input: VideoFields) => ({
  title: input.titulo,
  description: input.descricao ?? '',
  collectionId: input.coletanea ?? null,
  visibility: input.aberto ? 'aberto' : 'fechado',
  featured: input.destaque ?? false,
  active: input.ativo ?? true,
  image: input.imagem ?? null,
  position: input.ordem ?? 0,
});

async function setTags(tx: Tx, churchId: number, contentId: number, tags: number[]) {
  await tx.delete(t.playContentTags).where(eq(t.playContentTags.contentId, contentId));
  if (tags.length)
    await tx
      .insert(t.playContentTags)
      .values(tags.map((tagId) => ({ churchId, contentId, tagId })));
}

export async function createVideo(deps: PlayStaffDeps, actor: StaffActor, input: VideoFields) {
  const id = await staffWrite(
    deps,
    actor,
    (row: { id: number }) => ({
      action: 'play.video.create',
      kind: 'play_video',
      targetId: row.id,
      summary: input.titulo,
    }),
    async (tx) => {
      const tags = await checkRefs(tx, actor.churchId, input);
      const [row] = await tx
        .insert(t.playContents)
        .values({ churchId: actor.churchId, ...videoColumns(input), mediaPath: '' })
        .returning({ id: t.playContents.id });
      await setTags(tx, actor.churchId, row!.id, tags);
      return row!;
    },
  );
  return getVideo(deps.db, actor.churchId, id.id);
}

export async function updateVideo(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number,
  input: VideoFields,
) {
  await staffWrite(
    deps,
    actor,
    { action: 'play.video.update', kind: 'play_video', targetId: id, summary: input.titulo },
    async (tx) => {
      await contentRow(tx, actor.churchId, id);
      const tags = await checkRefs(tx, actor.churchId, input);
      await tx.update(t.playContents).set(videoColumns(input)).where(eq(t.playContents.id, id));
      await setTags(tx, actor.churchId, id, tags);
    },
  );
  return getVideo(deps.db, actor.churchId, id);
}

export async function deleteVideo(deps: PlayStaffDeps, actor: StaffActor, id: number) {
  const uploads = await staffWrite(
    deps,
    actor,
    (row: { title: string; uploads: number[] }) => ({
      action: 'play.video.delete',
      kind: 'play_video',
      targetId: id,
      summary: row.title,
    }),
    async (tx) => {
      const row = await contentRow(tx, actor.churchId, id);
      const ups = await tx
        .select({ id: t.playUploads.id })
        .from(t.playUploads)
        .where(eq(t.playUploads.contentId, id));
      await tx.delete(t.playContents).where(eq(t.playContents.id, id));
      return { title: row.title, uploads: ups.map((u) => u.id) };
    },
  );
  // files go after the commit: a failed delete leaves the video whole
  await deps.files.deletePrefix(`${MEDIA_PREFIX}${id}/`);
  for (const upload of uploads.uploads) await deps.files.deletePrefix(uploadPrefix(upload));
}

// ---- the module's settings (spec §3 Play moduleData: visibility of contents, title, description) ----

export async function getPlaySettings(db: Database, churchId: number): Promise<StaffPlaySettings> {
  const settings = await playSettingsOf(db, churchId);
  return {
    titulo: settings.titulo,
    descricao: settings.descricao,
    tipoVisibilidadeConteudo: settings.tipoVisibilidadeConteudo,
  };
}

/** Saves the settings; `tipoVisibilidadeConteudo` opens or closes every video at once (access.ts), so every Play page is purged. */
export async function savePlaySettings(
  deps: PlayStaffDeps,
  actor: StaffActor,
  input: PlaySettingsFields,
): Promise<StaffPlaySettings> {
  await staffWrite(
    deps,
    actor,
    {
      action: 'play.settings.update',
      kind: 'play_configuracao',
      targetId: actor.churchId,
      summary: `${input.titulo} (${input.tipoVisibilidadeConteudo})`,
    },
    async (tx) => {
      const values = {
        title: input.titulo,
        description: input.descricao,
        contentVisibility: input.tipoVisibilidadeConteudo,
      };
      await tx
        .insert(t.playSettings)
        .values({ churchId: actor.churchId, ...values })
        .onConflictDoUpdate({ target: t.playSettings.churchId, set: values });
    },
  );
  return getPlaySettings(deps.db, actor.churchId);
}

// ---- collections ----

export async function listCollections(db: Database, churchId: number): Promise<StaffCollection[]> {
  const rows = await db
    .select({
      row: t.playCollections,
      videos: sql<number>`(select count(*)::int from ${t.playContents} where ${t.playContents.collectionId} = ${t.playCollections.id})`,
    })
    .from(t.playCollections)
    .where(eq(t.playCollections.churchId, churchId))
    .orderBy(asc(t.playCollections.position), asc(t.playCollections.id));
  return rows.map(({ row, videos }) => ({
    id: row.id,
    titulo: row.title,
    descricao: row.description,
    imagem: row.image,
    ordem: row.position,
    videos: Number(videos),
  }));
}

async function ownCollection(tx: Tx, churchId: number, id: number) {
  const [row] = await tx
    .select()
    .from(t.playCollections)
    .where(and(eq(t.playCollections.id, id), eq(t.playCollections.churchId, churchId)));
  if (!row) throw notFound('staff.play.collectionNotFound');
  return row;
}

const collectionColumns = (input: CollectionFields) => ({
  title: input.titulo,
  description: input.descricao ?? '',
  image: input.imagem ?? null,
  position: input.ordem ?? 0,
});

export async function saveCollection(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number | null,
  input: CollectionFields,
) {
  return staffWrite(
    deps,
    actor,
    (saved: { id: number }) => ({
      action: id ? 'play.collection.update' : 'play.collection.create',
      kind: 'play_coletanea',
      targetId: saved.id,
      summary: input.titulo,
    }),
    async (tx) => {
      if (id === null) {
        const [row] = await tx
          .insert(t.playCollections)
          .values({ churchId: actor.churchId, ...collectionColumns(input) })
          .returning({ id: t.playCollections.id });
        return row!;
      }
      await ownCollection(tx, actor.churchId, id);
      await tx
        .update(t.playCollections)
        .set(collectionColumns(input))
        .where(eq(t.playCollections.id, id));
      return { id };
    },
  );
}

export async function deleteCollection(deps: PlayStaffDeps, actor: StaffActor, id: number) {
  await staffWrite(
    deps,
    actor,
    (title: string) => ({
      action: 'play.collection.delete',
      kind: 'play_coletanea',
      targetId: id,
      summary: title,
    }),
    async (tx) => {
      const row = await ownCollection(tx, actor.churchId, id);
      await tx.delete(t.playCollections).where(eq(t.playCollections.id, id)); // videos keep, without it
      return row.title;
    },
  );
}

// ---- tags ----

export async function listTags(db: Database, churchId: number): Promise<StaffTag[]> {
  const rows = await db
    .select({
      row: t.playTags,
      videos: sql<number>`(select count(*)::int from ${t.playContentTags} where ${t.playContentTags.tagId} = ${t.playTags.id})`,
    })
    .from(t.playTags)
    .where(eq(t.playTags.churchId, churchId))
    .orderBy(asc(t.playTags.position), asc(t.playTags.id));
  return rows.map(({ row, videos }) => ({
    id: row.id,
    nome: row.name,
    home: row.onHome,
    ordem: row.position,
    videos: Number(videos),
  }));
}

async function ownTag(tx: Tx, churchId: number, id: number) {
  const [row] = await tx
    .select()
    .from(t.playTags)
    .where(and(eq(t.playTags.id, id), eq(t.playTags.churchId, churchId)));
  if (!row) throw notFound('staff.play.tagNotFound');
  return row;
}

export async function saveTag(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number | null,
  input: TagFields,
) {
  const columns = { name: input.nome, onHome: input.home ?? true, position: input.ordem ?? 0 };
  return staffWrite(
    deps,
    actor,
    (saved: { id: number }) => ({
      action: id ? 'play.tag.update' : 'play.tag.create',
      kind: 'play_tag',
      targetId: saved.id,
      summary: input.nome,
    }),
    async (tx) => {
      if (id === null) {
        const [row] = await tx
          .insert(t.playTags)
          .values({ churchId: actor.churchId, ...columns })
          .returning({ id: t.playTags.id });
        return row!;
      }
      await ownTag(tx, actor.churchId, id);
      await tx.update(t.playTags).set(columns).where(eq(t.playTags.id, id));
      return { id };
    },
  );
}

export async function deleteTag(deps: PlayStaffDeps, actor: StaffActor, id: number) {
  await staffWrite(
    deps,
    actor,
    (name: string) => ({
      action: 'play.tag.delete',
      kind: 'play_tag',
      targetId: id,
      summary: name,
    }),
    async (tx) => {
      const row = await ownTag(tx, actor.churchId, id);
      await tx.delete(t.playTags).where(eq(t.playTags.id, id));
      return row.name;
    },
  );
}
