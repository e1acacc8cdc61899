// Moving in (docs/staff.md "Moving in"): an uploaded file is kept in the file store, read as a
// dry run (nothing written) and imported, both by background tasks (server/jobs/tasks.ts), retried
// when a task failed, and undone as a whole while nothing else was done with its rows.
import { and, eq, inArray } from 'drizzle-orm';
import {
  importOptionsInput,
  TABLE_KINDS,
  type ImportKind,
  type ImportOptions,
  type ImportView,
} from '../../contract/imports.ts';
import { message, messageLangOfLocale, type MessageLang } from '../../contract/messages/index.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import { inBackground } from '../db/readers.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { givingChurch } from '../giving/donation.ts';
import { ApiProblem } from '../http/errors.ts';
import { enqueueTask, retryTask } from '../jobs/tasks.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { guessMapping } from './columns.ts';
import { guessDateOrder } from './formats.ts';
import { importGifts } from './gifts.ts';
import { importPeople } from './people.ts';
import {
  auditRest,
  emptyTally,
  freshStatistics,
  releaseMemory,
  tallied,
  type ImportChurch,
  type ImportRun,
  type Tally,
} from './run.ts';
import { importSongs } from './songs.ts';
import { importEvents } from './events.ts';
import { fetchPublicImage, importPosts } from './posts.ts';
import { createImageStore } from '../images/store.ts';
import { tableHead, tableRows } from './tables.ts';
import { undoRows } from './undo.ts';
import { storedError } from './limits.ts';
import { failed, getImport, ownImport, sourceKey, type ImportRow } from './import-reads.ts';

// the routes read an import through this module, as they write one
export { getImport, listImports, sourceKey } from './import-reads.ts';

export interface ImportDeps {
  db: Database;
  changes: ChangeFeed;
  files: FileStore;
}

export const IMPORT_TASK = 'import.run';

export async function importChurch(db: Database, churchId: number): Promise<ImportChurch> {
  const church = await givingChurch(db, churchId);
  const [row] = await db
    .select({ country: t.churches.country })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  return {
    id: churchId,
    code: church!.code,
    name: church!.name,
    lang: messageLangOfLocale(church!.locale),
    country: row?.country ?? null,
    currency: church!.currency,
    // the church's clock (docs/giving.md "Which clock"), as giving and teams read it
    timeZone: church!.timeZone,
  };
}

/** What each kind's file must look like; checked on the bytes, never the name. */
function checkFile(kind: ImportKind, bytes: Buffer): void {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const zip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
  const ok =
    kind === 'pessoas' || kind === 'doacoes'
      ? zip || (!head.includes('\0') && !/^\s*</.test(head))
      : kind === 'louvores'
        ? zip || (!head.includes('\0') && head.includes('{'))
        : kind === 'eventos'
          ? /^\s*BEGIN:VCALENDAR/i.test(head)
          : /<rss[\s>]/.test(head) && head.includes('wordpress.org/export');
  if (!ok)
    throw new ApiProblem(
      415,
      'staff.import.fileType',
      { arquivo: ['staff.import.fileType'] },
      {
        what: {
          pessoas: 'CSV / XLSX',
          doacoes: 'CSV / XLSX',
          louvores: 'ChordPro / ZIP',
          eventos: 'iCalendar (.ics)',
          posts: 'WordPress (WXR)',
        }[kind],
      },
    );
}

/** The fields a table import cannot do without. */
function requiredFields(kind: ImportKind, options: ImportOptions): string | null {
  const m = options.mapeamento;
  if (kind === 'pessoas') {
    if (!m.includes('nome')) return 'nome';
    if (!m.includes('email')) return 'email';
  }
  if (kind === 'doacoes') {
    for (const f of ['data', 'valor', 'motivo'] as const) if (!m.includes(f)) return f;
    if (!m.includes('email') && !m.includes('cpf')) return 'email';
  }
  return null;
}

async function loadSource(files: FileStore, id: number): Promise<Buffer> {
  const file = await files.get(sourceKey(id));
  if (!file) throw new Error('The imported file is no longer in the file store.');
  return file.bytes;
}

/**
 * Walks the file: a dry run when `write` is null. `total` is the rows the progress bar counts to.
 * Its statements are background work: the batches wait for pages' statements, not for its own
 * (server/db/readers.ts, docs/performance.md "Moving in at scale").
 */
export function walk(
  run: ImportRun,
  kind: ImportKind,
  bytes: Buffer,
  total: number,
): Promise<void> {
  return inBackground(() => walkFile(run, kind, bytes, total));
}

async function walkFile(
  run: ImportRun,
  kind: ImportKind,
  bytes: Buffer,
  total: number,
): Promise<void> {
  if (kind === 'pessoas') return importPeople(run, bytes, total);
  if (kind === 'doacoes') return importGifts(run, bytes, total);
  if (kind === 'louvores') return importSongs(run, bytes);
  if (kind === 'eventos') return importEvents(run, bytes);
  return importPosts(run, bytes);
}

const counted = (tally: Tally) =>
  tally.criar + tally.atualizar + tally.iguais + (tally.convidar ?? 0) + tally.totalRecusadas;

async function dryRun(
  db: Database,
  actor: StaffActor,
  row: Pick<ImportRow, 'id' | 'kind' | 'fileName'>,
  options: ImportOptions,
  bytes: Buffer,
  progress: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<Tally> {
  const tally = emptyTally();
  await walk(
    {
      db,
      write: null,
      actor,
      importId: row.id,
      fileName: row.fileName,
      church: await importChurch(db, actor.churchId),
      options,
      tally,
      progress,
    },
    row.kind,
    bytes,
    0,
  );
  return tally;
}

/** The mapping screen's first guesses: fields by header, the date order by the dates' values. */
async function guessOptions(
  kind: ImportKind,
  bytes: Buffer,
  lang: MessageLang,
): Promise<{ options: ImportOptions; header: string[] }> {
  const options = importOptionsInput.parse({});
  if (!TABLE_KINDS.includes(kind)) return { options, header: [] };
  const { header } = await tableHead(bytes, 0);
  if (!header.length) throw new ApiProblem(422, 'staff.import.noHeader');
  options.mapeamento = guessMapping(header, kind as 'pessoas' | 'doacoes');
  const dateColumn = options.mapeamento.findIndex((f) => f === 'nascimento' || f === 'data');
  if (dateColumn >= 0) {
    const samples: string[] = [];
    for await (const r of tableRows(bytes)) {
      if (r.line > 1) samples.push(r.cells[dateColumn] ?? '');
      if (samples.length >= 500) break;
    }
    options.ordemData = guessDateOrder(samples, lang === 'en' ? 'mdy' : 'dmy');
  }
  return { options, header };
}

/** Queues the dry run of the import's current choices (in the caller's transaction). */
async function queueDryRun(tx: Tx, actor: StaffActor, importId: number): Promise<number> {
  return enqueueTask(tx, {
    churchId: actor.churchId,
    kind: IMPORT_TASK,
    payload: { importId, actor, step: 'analisar' } satisfies ImportTaskPayload,
    createdBy: actor.userId,
  });
}

/**
 * Stores the file and guesses how to read it; the dry run is a task (a large file takes seconds),
 * so the answer is at once, `analisando`, and the page follows it (nothing imported yet).
 */
export async function createImport(
  deps: ImportDeps,
  actor: StaffActor,
  lang: MessageLang,
  kind: ImportKind,
  file: { name: string; bytes: Buffer },
): Promise<ImportView> {
  checkFile(kind, file.bytes);
  const church = await importChurch(deps.db, actor.churchId);
  const { options } = await guessOptions(kind, file.bytes, church.lang);
  const fileName = file.name.replace(/[\\/]/g, '_').slice(0, 200) || 'file';
  // without its required columns the file waits for the mapping before any dry run
  const missing = requiredFields(kind, options);
  const row = await staffWrite(
    deps,
    actor,
    (r: ImportRow) => ({
      action: 'import.upload',
      kind: 'importacao',
      targetId: r.id,
      summary: `${kind}: ${fileName}`,
    }),
    async (tx) => {
      const [r] = await tx
        .insert(t.imports)
        .values({
          churchId: actor.churchId,
          kind,
          fileName,
          size: file.bytes.length,
          options,
          state: missing ? 'analisado' : 'analisando',
          createdBy: actor.userId,
        })
        .returning();
      await deps.files.put(sourceKey(r!.id), file.bytes, 'application/octet-stream');
      if (!missing) {
        const taskId = await queueDryRun(tx, actor, r!.id);
        await tx.update(t.imports).set({ taskId }).where(eq(t.imports.id, r!.id));
      }
      return r!;
    },
    { purge: false },
  );
  return getImport(deps, actor.churchId, lang, row.id);
}

/** New choices (mapping, date order, invitations, categories): the dry run is queued again. */
export async function setOptions(
  deps: ImportDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
  options: ImportOptions,
): Promise<ImportView> {
  const row = await ownImport(deps.db, actor.churchId, id);
  if (row.state !== 'analisado') throw new ApiProblem(409, 'staff.import.notReady');
  const missing = requiredFields(row.kind, options);
  if (missing)
    throw new ApiProblem(
      400,
      'staff.import.mappingRequired',
      { mapeamento: ['staff.import.mappingRequired'] },
      { field: missing },
    );
  await staffWrite(
    deps,
    actor,
    { action: 'import.options', kind: 'importacao', targetId: id, summary: row.fileName },
    async (tx) => {
      const taskId = await queueDryRun(tx, actor, id);
      const moved = await tx
        .update(t.imports)
        .set({ options, preview: null, state: 'analisando', taskId, error: null })
        .where(and(eq(t.imports.id, id), eq(t.imports.state, 'analisado')))
        .returning({ id: t.imports.id });
      if (!moved.length) throw new ApiProblem(409, 'staff.import.notReady');
    },
    { purge: false },
  );
  return getImport(deps, actor.churchId, lang, id);
}

export interface ImportTaskPayload {
  importId: number;
  actor: StaffActor;
  /** `analisar`: the dry run; absent: the import itself. */
  step?: 'analisar';
}

/** The dry-run task: the walk without writes, its counts kept as the import's preview. */
export async function analyseImport(
  ctx: { db: Database; files: FileStore },
  payload: ImportTaskPayload,
  taskId: number,
  progress: (done: number, total: number) => Promise<void>,
): Promise<Tally | null> {
  const { db } = ctx;
  const row = await ownImport(db, payload.actor.churchId, payload.importId);
  // newer choices queued another dry run: this one has nothing to say
  if (row.state !== 'analisando' || row.taskId !== taskId) return null;
  const current = and(
    eq(t.imports.id, row.id),
    eq(t.imports.state, 'analisando'),
    eq(t.imports.taskId, taskId),
  );
  let tally: Tally;
  try {
    const bytes = await loadSource(ctx.files, row.id);
    const options = importOptionsInput.parse(row.options);
    tally = await dryRun(db, payload.actor, row, options, bytes, progress);
  } catch (error) {
    await db
      .update(t.imports)
      .set({ state: 'falhou', error: storedError(error) })
      .where(current);
    throw error;
  }
  await db
    .update(t.imports)
    .set({ state: 'analisado', preview: { ...tally }, error: null })
    .where(current);
  return tally;
}

/** Queues the import (the dry run's choices); the task does the work on whichever node takes it. */
export async function startImport(
  deps: ImportDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
): Promise<ImportView> {
  const row = await ownImport(deps.db, actor.churchId, id);
  if (row.state !== 'analisado') throw new ApiProblem(409, 'staff.import.notReady');
  const missing = requiredFields(row.kind, importOptionsInput.parse(row.options));
  if (missing)
    throw new ApiProblem(
      400,
      'staff.import.mappingRequired',
      { mapeamento: ['staff.import.mappingRequired'] },
      { field: missing },
    );
  await staffWrite(
    deps,
    actor,
    { action: 'import.start', kind: 'importacao', targetId: id, summary: row.fileName },
    async (tx) => {
      const taskId = await enqueueTask(tx, {
        churchId: actor.churchId,
        kind: IMPORT_TASK,
        payload: { importId: id, actor } satisfies ImportTaskPayload,
        createdBy: actor.userId,
      });
      const moved = await tx
        .update(t.imports)
        .set({ state: 'na_fila', taskId })
        .where(and(eq(t.imports.id, id), eq(t.imports.state, 'analisado')))
        .returning({ id: t.imports.id });
      // two clicks start it once
      if (!moved.length) throw new ApiProblem(409, 'staff.import.notReady');
    },
    { purge: false },
  );
  return getImport(deps, actor.churchId, lang, id);
}

/** The task's work: the same walk as the dry run, writing. */
export async function runImport(
  ctx: {
    db: Database;
    files: FileStore;
    changes?: ChangeFeed | undefined;
    mailer: Mailer;
    siteUrl: (code: string) => string;
    /** Posts' attachments (default: public addresses over the network). */
    fetchImage?: (url: string) => Promise<Buffer | null>;
  },
  payload: ImportTaskPayload,
  progress: (done: number, total: number) => Promise<void>,
): Promise<Tally> {
  const { db } = ctx;
  const changes = ctx.changes ?? {
    churchChanged: () => undefined,
    onChurchChanged: () => undefined,
  };
  const row = await ownImport(db, payload.actor.churchId, payload.importId);
  if (row.state === 'concluido' || row.state === 'desfeito') return emptyTally();
  await db.update(t.imports).set({ state: 'importando' }).where(eq(t.imports.id, row.id));
  const church = await importChurch(db, row.churchId);
  const tally = emptyTally();
  const preview = row.preview as Partial<Tally> | null;
  const total = preview ? counted(preview as Tally) : 0;
  try {
    const bytes = await loadSource(ctx.files, row.id);
    const run: ImportRun = {
      db,
      write: { db, changes },
      actor: payload.actor,
      importId: row.id,
      fileName: row.fileName,
      church,
      options: importOptionsInput.parse(row.options),
      tally,
      progress,
      mailer: ctx.mailer,
      siteUrl: ctx.siteUrl(church.code),
      fetchImage: ctx.fetchImage ?? fetchPublicImage,
      saveImage: (file) => createImageStore(ctx.files).save('conteudo', church.id, file),
    };
    await walk(run, row.kind, bytes, total);
    await auditRest(run);
  } catch (error) {
    await db
      .update(t.imports)
      .set({
        state: 'falhou',
        error: storedError(error),
        result: { ...tally },
      })
      .where(eq(t.imports.id, row.id));
    throw error;
  }
  await staffWrite(
    { db, changes },
    payload.actor,
    {
      action: 'import.done',
      kind: 'importacao',
      targetId: row.id,
      summary: `${row.fileName}: +${tally.criar} ~${tally.atualizar} ✗${tally.totalRecusadas}`,
    },
    async (tx) => {
      await tx
        .update(t.imports)
        .set({ state: 'concluido', result: { ...tally }, finishedAt: new Date(), error: null })
        .where(eq(t.imports.id, row.id));
    },
  );
  await freshStatistics(db, row.kind, tallied(tally));
  return tally;
}

/** Tries a failed task again (the dry run or the import, whichever failed) with the file kept. */
export async function retryImport(
  deps: ImportDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
): Promise<ImportView> {
  const row = await ownImport(deps.db, actor.churchId, id);
  const [task] = row.taskId
    ? await deps.db
        .select({ state: t.tasks.state, payload: t.tasks.payload })
        .from(t.tasks)
        .where(and(eq(t.tasks.id, row.taskId), eq(t.tasks.churchId, actor.churchId)))
    : [];
  if (!task || !failed(row.state, task.state)) throw new ApiProblem(409, 'staff.import.notFailed');
  const payload = task.payload as ImportTaskPayload;
  const analysis = payload.step === 'analisar';
  await staffWrite(
    deps,
    actor,
    { action: 'import.retry', kind: 'importacao', targetId: id, summary: row.fileName },
    async (tx) => {
      // the same task from the start (its handlers are safe to run again), or a new one
      const taskId = (await retryTask(tx, actor.churchId, row.taskId!))
        ? row.taskId!
        : await enqueueTask(tx, {
            churchId: actor.churchId,
            kind: IMPORT_TASK,
            payload: { ...payload, actor },
            createdBy: actor.userId,
          });
      const moved = await tx
        .update(t.imports)
        .set({ state: analysis ? 'analisando' : 'na_fila', taskId, error: null })
        .where(and(eq(t.imports.id, id), eq(t.imports.state, row.state)))
        .returning({ id: t.imports.id });
      if (!moved.length) throw new ApiProblem(409, 'staff.import.notFailed');
    },
    { purge: false },
  );
  return getImport(deps, actor.churchId, lang, id);
}

/** Undo: every row the import created is removed, unless something was done with one since (409). */
export async function undoImport(
  deps: ImportDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
): Promise<ImportView> {
  const row = await ownImport(deps.db, actor.churchId, id);
  // a failed import is undone too: the rows it wrote before failing go
  if (row.state !== 'concluido' && row.state !== 'falhou')
    throw new ApiProblem(409, 'staff.import.notDone');
  await staffWrite(
    deps,
    actor,
    { action: 'import.undo', kind: 'importacao', targetId: id, summary: row.fileName },
    async (tx) => {
      const locked = await tx
        .update(t.imports)
        .set({ state: 'desfeito', undoneAt: new Date() })
        .where(and(eq(t.imports.id, id), inArray(t.imports.state, ['concluido', 'falhou'])))
        .returning({ id: t.imports.id });
      if (!locked.length) throw new ApiProblem(409, 'staff.import.notDone');
      const inUse = await undoRows(tx, actor.churchId, id, row.finishedAt ?? row.createdAt);
      if (inUse.length)
        throw new ApiProblem(409, 'staff.import.inUse', {
          emUso: inUse.slice(0, 20).map((n) => message(lang, n.chave, n.valores)),
        });
    },
  );
  setImmediate(() => releaseMemory(tallied((row.result ?? {}) as Partial<Tally>)));
  return getImport(deps, actor.churchId, lang, id);
}
