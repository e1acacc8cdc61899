// The staff area's Play (docs/staff.md "Play", docs/play.md "Uploading"): videos, collections,
// tags, plans and subscribers of one church, a video's resumable chunked upload and the task that
// converts it. Every write goes through staffWrite (audit + purge on every node).
import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  PLAY_PAGE_SIZE,
  UPLOAD_CHUNK_BYTES,
  type CollectionFields,
  type MediaState,
  type PlanFields,
  type PlaySettingsFields,
  type StaffCollection,
  type StaffPlan,
  type StaffPlaySettings,
  type StaffSubscriber,
  type StaffTag,
  type StaffUpload,
  type StaffVideo,
  type SubscriberListFilters,
  type SubscriberPage,
  type TagFields,
  type UploadFields,
  type VideoFields,
  type VideoListFilters,
  type VideoPage,
} from '../../contract/play-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import { matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { toCents, toMoney } from '../payments/money.ts';
import { enqueueTask, retryTask, taskStatus, type TaskView } from '../jobs/tasks.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { MEDIA_PREFIX } from './media.ts';
import { playSettingsOf } from './play.queries.ts';
import { TRANSCODE_TASK } from './transcode.task.ts';
import { chunkKey, uploadPrefix, videoContainer } from './video-file.ts';
import { checkWebVtt } from './webvtt.ts';

export interface PlayStaffDeps extends StaffWriteDeps {
  files: FileStore;
}

type ContentRow = typeof t.playContents.$inferSelect;
type UploadRow = typeof t.playUploads.$inferSelect;

const pages = (total: number) => Math.max(1, Math.ceil(total / PLAY_PAGE_SIZE));

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

async function contentRow(db: Database | Tx, churchId: number, id: number): Promise<ContentRow> {
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

// ---- plans and subscribers ----

const activeNow = and(
  eq(t.playSubscriptions.status, 'ativo'),
  gt(t.playSubscriptions.paidUntil, sql`now()`),
);

export async function listPlans(db: Database, churchId: number): Promise<StaffPlan[]> {
  const rows = await db
    .select()
    .from(t.playPlans)
    .where(eq(t.playPlans.churchId, churchId))
    .orderBy(asc(t.playPlans.position), asc(t.playPlans.id));
  const counts = await db
    .select({ planId: t.playSubscriptions.planId, n: count() })
    .from(t.playSubscriptions)
    .where(and(eq(t.playSubscriptions.churchId, churchId), activeNow))
    .groupBy(t.playSubscriptions.planId);
  return rows.map((row) => ({
    id: row.id,
    nome: row.name,
    descricao: row.description,
    valor: toMoney(row.priceCents),
    taxaAdesao: toMoney(row.feeCents),
    periodicidadeDias: row.periodDays,
    ativo: row.active,
    ordem: row.position,
    assinantesAtivos: Number(counts.find((c) => c.planId === row.id)?.n ?? 0),
  }));
}

async function ownPlan(tx: Tx, churchId: number, id: number) {
  const [row] = await tx
    .select()
    .from(t.playPlans)
    .where(and(eq(t.playPlans.id, id), eq(t.playPlans.churchId, churchId)));
  if (!row) throw notFound('staff.play.planNotFound');
  return row;
}

export async function savePlan(
  deps: PlayStaffDeps,
  actor: StaffActor,
  id: number | null,
  input: PlanFields,
) {
  const columns = {
    name: input.nome,
    description: input.descricao ?? '',
    priceCents: toCents(Number(input.valor)),
    feeCents: toCents(Number(input.taxaAdesao ?? 0)),
    periodDays: Number(input.periodicidadeDias),
    active: input.ativo ?? true,
    position: Number(input.ordem ?? 0),
  };
  return staffWrite(
    deps,
    actor,
    (saved: { id: number }) => ({
      action: id ? 'play.plan.update' : 'play.plan.create',
      kind: 'play_plano',
      targetId: saved.id,
      summary: input.nome,
      details: {
        valor: toMoney(columns.priceCents),
        taxaAdesao: toMoney(columns.feeCents),
        periodicidadeDias: columns.periodDays,
      },
    }),
    async (tx) => {
      if (id === null) {
        // a new plan without an order of its own goes after the others
        const [last] = await tx
          .select({ max: sql<number | null>`max(${t.playPlans.position})` })
          .from(t.playPlans)
          .where(eq(t.playPlans.churchId, actor.churchId));
        const position = columns.position || (last?.max == null ? 0 : Number(last.max) + 1);
        const [row] = await tx
          .insert(t.playPlans)
          .values({ churchId: actor.churchId, ...columns, position })
          .returning({ id: t.playPlans.id });
        return row!;
      }
      await ownPlan(tx, actor.churchId, id);
      await tx.update(t.playPlans).set(columns).where(eq(t.playPlans.id, id));
      return { id };
    },
  );
}

/**
 * Puts the church's plans in the order given (`ordem` 0, 1, 2…), which the public plans list and
 * the checkout follow. The list must name each of the church's plans once (422 on `planos`).
 */
export async function reorderPlans(deps: PlayStaffDeps, actor: StaffActor, ids: number[]) {
  await staffWrite(
    deps,
    actor,
    (names: string) => ({
      action: 'play.plan.reorder',
      kind: 'play_plano',
      targetId: null,
      summary: names,
      details: { planos: ids },
    }),
    async (tx) => {
      const own = await tx
        .select({ id: t.playPlans.id, name: t.playPlans.name })
        .from(t.playPlans)
        .where(eq(t.playPlans.churchId, actor.churchId));
      const known = new Set(own.map((p) => p.id));
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== known.size ||
        ids.some((id) => !known.has(id))
      )
        throw fieldProblem(422, 'planos', 'staff.play.planOrder');
      for (const [position, id] of ids.entries())
        await tx
          .update(t.playPlans)
          .set({ position })
          .where(and(eq(t.playPlans.id, id), eq(t.playPlans.churchId, actor.churchId)));
      return ids.map((id) => own.find((p) => p.id === id)!.name).join(' · ');
    },
  );
  return listPlans(deps.db, actor.churchId);
}

/** A plan anyone ever subscribed to stays (its subscriptions and payments name it): withdraw it instead. */
export async function deletePlan(deps: PlayStaffDeps, actor: StaffActor, id: number) {
  await staffWrite(
    deps,
    actor,
    (name: string) => ({
      action: 'play.plan.delete',
      kind: 'play_plano',
      targetId: id,
      summary: name,
    }),
    async (tx) => {
      const row = await ownPlan(tx, actor.churchId, id);
      const [used] = await tx
        .select({ id: t.playSubscriptions.id })
        .from(t.playSubscriptions)
        .where(or(eq(t.playSubscriptions.planId, id), eq(t.playSubscriptions.nextPlanId, id)))
        .limit(1);
      if (used) throw new ApiProblem(409, 'staff.play.planInUse');
      await tx.delete(t.playPlans).where(eq(t.playPlans.id, id));
      return row.name;
    },
  );
}

export async function listSubscribers(
  db: Database,
  churchId: number,
  q: SubscriberListFilters,
): Promise<SubscriberPage> {
  const filters: (SQL | undefined)[] = [eq(t.playSubscriptions.churchId, churchId)];
  if (q.situacao) filters.push(eq(t.playSubscriptions.status, q.situacao));
  if (q.plano) filters.push(eq(t.playSubscriptions.planId, Number(q.plano)));
  if (q.busca) {
    filters.push(
      matches(q.busca, [
        sql`${t.users.firstName} || ' ' || coalesce(${t.users.lastName}, '')`,
        t.users.email,
        t.playSubscriptions.code,
      ]),
    );
  }
  const where = and(...filters);
  const base = () =>
    db
      .select({
        s: t.playSubscriptions,
        user: {
          id: t.users.id,
          first: t.users.firstName,
          last: t.users.lastName,
          email: t.users.email,
        },
        plan: { id: t.playPlans.id, name: t.playPlans.name },
      })
      .from(t.playSubscriptions)
      .innerJoin(t.users, eq(t.users.id, t.playSubscriptions.userId))
      .innerJoin(t.playPlans, eq(t.playPlans.id, t.playSubscriptions.planId));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(t.playSubscriptions)
    .innerJoin(t.users, eq(t.users.id, t.playSubscriptions.userId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(t.playSubscriptions.subscribedAt), desc(t.playSubscriptions.id))
    .limit(PLAY_PAGE_SIZE)
    .offset((q.page - 1) * PLAY_PAGE_SIZE);
  const now = Date.now();
  const assinantes: StaffSubscriber[] = rows.map(({ s, user, plan }) => ({
    id: s.id,
    codigo: s.code,
    usuario: {
      id: user.id,
      nome: [user.first, user.last].filter(Boolean).join(' '),
      email: user.email,
    },
    plano: { id: plan.id, nome: plan.name },
    situacao: s.status as StaffSubscriber['situacao'],
    acessoAte:
      s.status === 'ativo' && s.paidUntil && s.paidUntil.getTime() > now
        ? s.paidUntil.toISOString()
        : null,
    dataAssinatura: s.subscribedAt.toISOString(),
    pagoAte: s.paidUntil?.toISOString() ?? null,
    canceladoEm: s.cancelledAt?.toISOString() ?? null,
    renovarEm: s.renewAt?.toISOString() ?? null,
  }));
  return { assinantes, total, page: q.page, totalPages: pages(total) };
}

// ---- upload ----

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
