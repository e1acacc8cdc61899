// A church's data leaves with it (docs/provider.md "A church's data leaves with it"; LGPD and GDPR
// portability): one zip of everything the church holds — each part as CSV (words in the church's
// language, server/http/csv.ts) and JSON, the files of the file store under `arquivos/`, and a
// manifest — written by a task of the one queue (kind `church.export`) as its rows are read. The
// zip is streamed (fflate's Zip) into parts of PART_BYTES kept in the file store under
// `exports/<id>/`, so neither the church nor the zip is ever whole in memory, and any node can
// send it back part by part. The team's and the provider's copies are kept a day; the copy made
// before a deletion is the provider's until it removes it.
import { and, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { signer } from '../auth/signing.ts';
import { churchToday } from '../../common/time-zone.ts';
import { clockColumns, NO_CHURCH, zoneOfChurch } from '../church/church-clock.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { ExportOrigin } from '../db/schema/church-life.ts';
import type { FileStore } from '../files/file-store.ts';
import { csvCell, csvLang, csvSeparator } from '../http/csv.ts';
import { ApiProblem } from '../http/errors.ts';
import { defineTask, enqueueTask, type TaskContext } from '../jobs/tasks.ts';
import { churchFileKeys } from './church-files.ts';
import { EXPORT_PARTS, PAGE, partCounts } from './parts.ts';

export const EXPORT_TASK = 'church.export';
/** The zip is kept in the file store in parts of this size. */
export const PART_BYTES = 8 * 1024 * 1024;
/** The team's and the provider's copies are kept this long. */
export const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** A download link works this long. */
export const LINK_MS = 10 * 60 * 1000;

export const exportFolder = (id: number) => `exports/${id}/`;
const partKey = (id: number, n: number) => `${exportFolder(id)}part-${String(n).padStart(6, '0')}`;

type ExportRow = typeof t.churchExports.$inferSelect;

export interface ExportRequester {
  userId: number | null;
  name: string;
}

/** Queues an export of the church (in the caller's transaction); 409 while one of the same origin is being made. */
export async function requestExport(
  tx: Tx,
  church: { id: number; code: string; name: string },
  origin: ExportOrigin,
  by: ExportRequester,
): Promise<number> {
  const [running] = await tx
    .select({ id: t.churchExports.id })
    .from(t.churchExports)
    .where(
      and(
        eq(t.churchExports.churchId, church.id),
        eq(t.churchExports.origin, origin),
        eq(t.churchExports.state, 'preparando'),
      ),
    )
    .limit(1);
  if (running) throw new ApiProblem(409, 'exports.running');
  const [row] = await tx
    .insert(t.churchExports)
    .values({
      churchId: church.id,
      churchCode: church.code,
      churchName: church.name,
      origin,
      requestedBy: by.userId,
      requestedByName: by.name,
    })
    .returning({ id: t.churchExports.id });
  const taskId = await enqueueTask(tx, {
    churchId: church.id,
    kind: EXPORT_TASK,
    payload: { exportId: row!.id },
    createdBy: by.userId,
  });
  await tx.update(t.churchExports).set({ taskId }).where(eq(t.churchExports.id, row!.id));
  return row!.id;
}

/** What a page shows of an export: its state, the task's progress, its size and parts. */
export interface ExportView {
  id: number;
  igreja: { id: number; codigo: string; nome: string };
  origem: ExportOrigin;
  estado: 'preparando' | 'pronta' | 'falhou';
  feito: number;
  total: number;
  tamanho: number;
  resumo: Record<string, number>;
  erro: string | null;
  pedidaPor: string;
  criadaEm: string;
  prontaEm: string | null;
  expiraEm: string | null;
}

export async function exportViews(db: Database | Tx, rows: ExportRow[]): Promise<ExportView[]> {
  const taskIds = rows.flatMap((r) => (r.taskId && r.state === 'preparando' ? [r.taskId] : []));
  const tasks = taskIds.length
    ? await db
        .select({
          id: t.tasks.id,
          state: t.tasks.state,
          done: t.tasks.done,
          total: t.tasks.total,
          error: t.tasks.error,
        })
        .from(t.tasks)
        .where(inArray(t.tasks.id, taskIds))
    : [];
  return rows.map((r) => {
    const task = tasks.find((x) => x.id === r.taskId);
    // a task that failed outside the handler (its process died three times) fails the export too
    const failed = r.state === 'falhou' || (r.state === 'preparando' && task?.state === 'failed');
    return {
      id: r.id,
      igreja: { id: r.churchId, codigo: r.churchCode, nome: r.churchName },
      origem: r.origin,
      estado: failed ? 'falhou' : r.state,
      feito: r.state === 'pronta' ? 1 : (task?.done ?? 0),
      total: r.state === 'pronta' ? 1 : (task?.total ?? 0),
      tamanho: r.size,
      resumo: r.summary,
      erro: r.error ?? (failed ? (task?.error ?? null) : null),
      pedidaPor: r.requestedByName,
      criadaEm: r.createdAt.toISOString(),
      prontaEm: r.readyAt?.toISOString() ?? null,
      expiraEm: r.expiresAt?.toISOString() ?? null,
    };
  });
}

/** The church's exports of these origins, newest first, not yet expired. */
export async function churchExports(
  db: Database,
  churchId: number | null,
  origins: readonly ExportOrigin[],
  now = new Date(),
): Promise<ExportView[]> {
  const rows = await db
    .select()
    .from(t.churchExports)
    .where(
      and(
        churchId === null ? undefined : eq(t.churchExports.churchId, churchId),
        inArray(t.churchExports.origin, [...origins]),
      ),
    )
    .orderBy(desc(t.churchExports.createdAt), desc(t.churchExports.id))
    .limit(churchId === null ? 100 : 10);
  return exportViews(
    db,
    rows.filter((r) => !r.expiresAt || r.expiresAt > now),
  );
}

/** One export of the church (another church's, or an expired one, is 404). */
export async function exportOf(
  db: Database | Tx,
  id: number,
  churchId: number | null,
  now = new Date(),
): Promise<ExportRow & { timeZone: string }> {
  const [found] = await db
    .select({ row: t.churchExports, ...clockColumns })
    .from(t.churchExports)
    .leftJoin(t.churches, eq(t.churches.id, t.churchExports.churchId))
    .where(
      and(
        eq(t.churchExports.id, id),
        churchId === null ? undefined : eq(t.churchExports.churchId, churchId),
      ),
    );
  const row = found?.row;
  if (!row || (row.expiresAt && row.expiresAt <= now))
    throw new ApiProblem(404, 'exports.notFound');
  return { ...row, timeZone: zoneOfChurch(found) };
}

// ---- the download link ----

const links = signer('church-export');

/** A link to the zip that works LINK_MS, for whoever holds it (the page opens it at once). */
export function downloadPath(id: number, now = Date.now()): string {
  const expira = now + LINK_MS;
  return `/api/v1/exportacao/${id}/arquivo?expira=${expira}&assinatura=${links.sign(`${id}.${expira}`)}`;
}

/** Whether a link's signature and time hold. */
export function linkValid(id: number, expira: number, assinatura: string, now = Date.now()) {
  return (
    expira > now && expira <= now + LINK_MS + 60_000 && links.verify(assinatura, `${id}.${expira}`)
  );
}

/** The zip's file name: `<code>-<date>.zip`, the day it was made on the church's clock. */
export const zipName = (row: ExportRow & { timeZone: string }) =>
  `${row.churchCode}-${churchToday(row.timeZone, row.readyAt ?? row.createdAt)}.zip`;

/** The zip, read part by part from the file store as it is sent. */
export function zipStream(files: FileStore, row: ExportRow): ReadableStream<Uint8Array> {
  let n = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (n >= row.parts) return controller.close();
      const part = await files.get(partKey(row.id, n));
      n += 1;
      if (!part) return controller.error(new Error(`export ${row.id}: part ${n - 1} is missing`));
      controller.enqueue(
        new Uint8Array(part.bytes.buffer, part.bytes.byteOffset, part.bytes.length),
      );
    },
  });
}

// ---- writing the zip ----

/** Zip output gathered into parts of PART_BYTES, each stored as soon as it is full. */
class PartWriter {
  private chunks: Uint8Array[] = [];
  private pending = 0;
  parts = 0;
  size = 0;
  error: Error | null = null;
  private files: FileStore;
  private id: number;
  constructor(files: FileStore, id: number) {
    this.files = files;
    this.id = id;
  }
  take = (err: Error | null, chunk: Uint8Array) => {
    if (err) this.error = err;
    else {
      this.chunks.push(chunk);
      this.pending += chunk.length;
      this.size += chunk.length;
    }
  };
  /** Stores what is gathered when it reaches a part (or everything, at the end). */
  async flush(all = false): Promise<void> {
    if (this.error) throw this.error;
    while (this.pending >= PART_BYTES || (all && this.pending > 0)) {
      const whole = Buffer.concat(this.chunks);
      const cut = all ? whole.length : PART_BYTES;
      await this.files.put(partKey(this.id, this.parts), whole.subarray(0, cut), 'application/zip');
      this.parts += 1;
      const rest = whole.subarray(cut);
      this.chunks = rest.length ? [rest] : [];
      this.pending = rest.length;
    }
  }
}

const encoder = new TextEncoder();

/** Writes the zip of a church; answers the rows per file (the manifest's counts). */
async function writeZip(
  ctx: TaskContext,
  row: ExportRow,
  lang: MessageLang,
  zone: string,
  signal: AbortSignal,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ parts: number; size: number; summary: Record<string, number> }> {
  const { db, files } = ctx;
  const writer = new PartWriter(files, row.id);
  const zip = new Zip(writer.take);
  const churchId = row.churchId;
  const keys = await churchFileKeys(db, files, churchId);
  const total = (await partCounts(db, churchId)) * 2 + keys.length;
  let done = 0;
  const summary: Record<string, number> = {};
  const sep = csvSeparator(lang);
  const text = async (
    name: string,
    write: (push: (s: string) => Promise<void>) => Promise<void>,
  ) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    await write(async (s) => {
      entry.push(encoder.encode(s));
      await writer.flush();
    });
    entry.push(new Uint8Array(0), true);
    await writer.flush();
  };
  for (const part of EXPORT_PARTS) {
    // the CSV, then the JSON of the same part: each read page by page
    let rows = 0;
    await text(`${part.name}.csv`, async (push) => {
      const line = (cells: unknown[]) =>
        cells.map((c) => csvCell(c as never, lang)).join(sep) + '\r\n';
      await push('\uFEFF' + line(part.header[lang]));
      for (let after = 0; ;) {
        if (signal.aborted) throw signal.reason;
        const page = await part.page(db, churchId, after);
        if (!page.length) break;
        await push(page.map((r) => line(part.csv(r, lang, zone))).join(''));
        rows += page.length;
        done += page.length;
        after = page.at(-1)!.id;
        await progress(done, total);
        if (page.length < PAGE) break;
      }
    });
    summary[`${part.name}.csv`] = rows;
    let json = 0;
    await text(`${part.name}.json`, async (push) => {
      await push('[');
      for (let after = 0; ;) {
        if (signal.aborted) throw signal.reason;
        const page = await part.page(db, churchId, after);
        if (!page.length) break;
        await push(
          page.map((r) => (json++ ? ',\n' : '\n') + JSON.stringify(part.json(r))).join(''),
        );
        done += page.length;
        after = page.at(-1)!.id;
        await progress(done, total);
        if (page.length < PAGE) break;
      }
      await push('\n]\n');
    });
    summary[`${part.name}.json`] = json;
  }
  // the files, one at a time, as the store keeps them (images and video are compressed already)
  let stored = 0;
  for (const key of keys) {
    if (signal.aborted) throw signal.reason;
    const file = await files.get(key);
    done += 1;
    if (!file) continue;
    const entry = new ZipPassThrough(`arquivos/${key}`);
    zip.add(entry);
    entry.push(new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length), true);
    await writer.flush();
    stored += 1;
    await progress(done, total);
  }
  summary.arquivos = stored;
  const manifest = {
    igreja: { id: churchId, codigo: row.churchCode, nome: row.churchName },
    geradoEm: new Date().toISOString(),
    idioma: lang,
    arquivos: summary,
  };
  await text('manifesto.json', (push) => push(JSON.stringify(manifest, null, 2) + '\n'));
  zip.end();
  await writer.flush(true);
  return { parts: writer.parts, size: writer.size, summary };
}

/** The task: writes the zip again from the start (a task may run twice), then marks the export ready. */
export const exportTask = defineTask<{ exportId: number }>({
  kind: EXPORT_TASK,
  async run(ctx, { churchId, payload, signal }, progress) {
    const { db, files } = ctx;
    const [row] = await db
      .select()
      .from(t.churchExports)
      .where(and(eq(t.churchExports.id, payload.exportId), eq(t.churchExports.churchId, churchId)));
    if (!row || row.state === 'pronta') return null;
    const [church] = await db
      .select(clockColumns)
      .from(t.churches)
      .where(eq(t.churches.id, churchId));
    await files.deletePrefix(exportFolder(row.id));
    try {
      const zone = zoneOfChurch(church ?? NO_CHURCH);
      const written = await writeZip(ctx, row, csvLang(church?.locale), zone, signal, progress);
      const now = new Date();
      await db
        .update(t.churchExports)
        .set({
          state: 'pronta',
          parts: written.parts,
          size: written.size,
          summary: written.summary,
          readyAt: now,
          expiresAt: row.origin === 'exclusao' ? null : new Date(now.getTime() + EXPORT_KEEP_MS),
        })
        .where(eq(t.churchExports.id, row.id));
      return { exportacao: row.id, tamanho: written.size };
    } catch (error) {
      await files.deletePrefix(exportFolder(row.id)).catch(() => undefined);
      if (!signal.aborted)
        await db
          .update(t.churchExports)
          .set({ state: 'falhou', error: error instanceof Error ? error.message : String(error) })
          .where(eq(t.churchExports.id, row.id));
      throw error;
    }
  },
});

/** Removes the exports whose day is over (rows and parts); answers how many. */
export async function removeExpiredExports(
  db: Database,
  files: FileStore,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({ id: t.churchExports.id })
    .from(t.churchExports)
    .where(and(isNotNull(t.churchExports.expiresAt), lt(t.churchExports.expiresAt, now)))
    .limit(100);
  for (const { id } of rows) {
    await files.deletePrefix(exportFolder(id));
    await db.delete(t.churchExports).where(eq(t.churchExports.id, id));
  }
  return rows.length;
}
