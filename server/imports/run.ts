// What every kind of import shares (docs/staff.md "Moving in"): the same walk over the file is the
// dry run (no database writes: `write` is null) and the import (rows written in batches, each one
// transaction, an `import.rows` audit record every BATCH lines, created rows listed in importacao_item).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, eq, getTableName, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ImportKind, ImportOptions } from '../../contract/imports.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { MessageValues } from '../../contract/messages/table.ts';
import type { Tx } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { arrayLiteral, insertMany } from '../db/bulk-insert.ts';
import { PLAN_EACH_RUN } from '../db/pglite-fast.ts';
import { inBackground, readersOf, type ReaderGauge } from '../db/readers.ts';
import { isPglite } from '../db/vacuum.job.ts';
import { servingRequests } from '../http/traffic.ts';
import { log } from '../log.ts';
import * as t from '../db/schema/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

/** A refused or remarked line: a catalogue key and its values, translated when shown. */
export interface LineNote {
  linha: number;
  chave: string;
  valores?: MessageValues;
}

/** Lines kept per list: enough to fix a file, small enough for a jsonb column. */
export const NOTES_KEPT = 200;

export interface Tally {
  criar: number;
  atualizar: number;
  iguais: number;
  /** People rows of accounts that are not members here: invitations (docs/invitations.md). */
  convidar: number;
  /** Their line numbers (the first NOTES_KEPT), nothing else of them. */
  convidarLinhas: number[];
  /** Lines to complete and lines already here (people; the first NOTES_KEPT). */
  atualizarLinhas: number[];
  iguaisLinhas: number[];
  /** Lines refused until the admin confirms them (a CPF typo would merge two people). */
  confirmarLinhas: number[];
  recusadas: LineNote[];
  avisos: LineNote[];
  totalRecusadas: number;
  totalAvisos: number;
  convidadas: number;
  imagensFaltando: string[];
  /** Group names a people file brings that the church has no group for (created by the import). */
  gruposCriar: string[];
}

export const emptyTally = (): Tally => ({
  criar: 0,
  atualizar: 0,
  iguais: 0,
  convidar: 0,
  convidarLinhas: [],
  atualizarLinhas: [],
  iguaisLinhas: [],
  confirmarLinhas: [],
  recusadas: [],
  avisos: [],
  totalRecusadas: 0,
  totalAvisos: 0,
  convidadas: 0,
  imagensFaltando: [],
  gruposCriar: [],
});

/** The refusal an admin may lift by confirming the line (options' `confirmar`). */
export const CONFIRM_KEY = 'staff.import.row.cpfOtherPerson';

export function refuse(tally: Tally, note: LineNote): void {
  if (note.chave === CONFIRM_KEY && tally.confirmarLinhas.length < NOTES_KEPT)
    tally.confirmarLinhas.push(note.linha);
  tally.totalRecusadas++;
  if (tally.recusadas.length < NOTES_KEPT) tally.recusadas.push(note);
}

export function remark(tally: Tally, note: LineNote): void {
  tally.totalAvisos++;
  if (tally.avisos.length < NOTES_KEPT) tally.avisos.push(note);
}

/** Refusals and remarks listed in the file's order (a batch's remarks come after its reading's). */
export function sortNotes(tally: Tally): void {
  tally.recusadas.sort((a, b) => a.linha - b.linha);
  tally.avisos.sort((a, b) => a.linha - b.linha);
}

/** The country of the people a church imports: its own, else its language's (ISO 3166 code). */
export function importCountry(church: Pick<ImportChurch, 'country' | 'lang'>): string {
  return church.country ?? { pt: 'BR', en: 'US', es: 'ES' }[church.lang];
}

export interface ImportChurch {
  id: number;
  code: string;
  name: string;
  /** The church's language (pt, en, es), from its locale (`pt_BR`, `en_US`, `es`…). */
  lang: MessageLang;
  country: string | null;
  currency: string;
  /** The church's IANA time zone: a date without one in a file is a date here. */
  timeZone: string;
}

export interface ImportRun {
  db: Database;
  /** Null for the dry run: nothing is written. */
  write: StaffWriteDeps | null;
  actor: StaffActor;
  importId: number;
  fileName: string;
  church: ImportChurch;
  options: ImportOptions;
  tally: Tally;
  progress(done: number, total: number): Promise<void>;
  /** Invitations (people): the mailer and the church's address for the link. */
  mailer?: Mailer;
  siteUrl?: string;
  /** Posts' images: fetches an attachment of the file (null when it cannot) and stores it as a content image. */
  fetchImage?: (url: string) => Promise<Buffer | null>;
  saveImage?: (bytes: Buffer) => Promise<string>;
}

/**
 * A batch's statements carry as many values as it has rows, so nearly every batch sends a new text.
 * Kept prepared by its text (docs/performance.md "Prepared statements"), each would leave its plan
 * in the database's memory — PGlite's WASM heap never gives memory back — and push the pages' own
 * statements out of the kept ones. `bulk(x)` around one value or condition of such a statement
 * runs it unnamed, planned and freed each time (docs/performance.md "Moving in at scale").
 */
export const bulk = (value: unknown): SQL => sql`${value}${sql.raw(` ${PLAN_EACH_RUN}`)}`;

/** Rows written together at most: one transaction and one audit record each. */
export const BATCH = 500;
/**
 * Fewest rows a batch is cut to while pages are being read. Measured on a quiet machine with
 * 20,000 rows and two visitors (docs/performance.md "Moving in at scale"): with batches of about
 * 8 ms the import takes 14–17 s on PGlite and the pages' p95 stays within 2× their quiet one.
 */
export const MIN_BATCH = 10;
/** What a batch's transaction should last while pages are being read: a page may wait for one. */
export const BATCH_MS = 8;
/**
 * Pages read this recently still count as being read: between two visits a batch sees none, and
 * doubling it then made the next visit wait for a batch of 70 rows (docs/performance.md
 * "Moving in at scale").
 */
export const READING_MS = 1000;
/** Longest an import waits for the pages' statements before its next batch; tests lengthen it. */
export let YIELD_MS = 20;
export const setYieldMs = (ms: number) => {
  YIELD_MS = ms;
};

/** Rows per batch of each import running (BATCH until pages are read during one). */
const sizes = new WeakMap<ImportRun, number>();

/**
 * Rows the next batch of this import takes. On PGlite a page's statements wait for the batch's
 * transaction (one connection), on PostgreSQL they share the cores with it: while pages are read,
 * batches are cut to about BATCH_MS of work (docs/performance.md "Moving in at scale").
 */
export const batchSize = (run: ImportRun): number => sizes.get(run) ?? BATCH;

/** The next batch's size from this one's: about BATCH_MS while pages are read, else back up to BATCH. */
export function nextBatchSize(
  size: number,
  ms: number,
  pagesRead: boolean,
  min = MIN_BATCH,
): number {
  if (!pagesRead) return Math.min(BATCH, size * 2);
  const fitting = Math.round((size * BATCH_MS) / Math.max(ms, 1));
  return Math.max(min, Math.min(BATCH, size * 2, fitting));
}

/** Rows an import reads or plans between two turns of the event loop. */
export const ROWS_PER_TURN = 50;
/**
 * Longest a dry run reads or plans rows between two turns: 50 rows took 5–20 ms of the main thread
 * at load 2–4, and a page asked for meanwhile waited for them (docs/performance.md "Moving in at scale").
 */
export const TURN_MS = 2;

/** When each dry run running last took a turn. */
const turnAt = new WeakMap<ImportRun, number>();

/**
 * A turn of the event loop, so requests that arrived while the import reads or plans its rows
 * (JavaScript on the main thread) are answered between them, not after a batch of 500: every
 * ROWS_PER_TURN rows in the import, every TURN_MS in the dry run, which then lets pages go first
 * (`pagesFirst`; docs/performance.md "Moving in at scale").
 */
export async function letRequestsIn(run: ImportRun, row: number): Promise<void> {
  if (run.write) {
    if (row % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  } else if (performance.now() - (turnAt.get(run) ?? 0) >= TURN_MS) await pagesFirst(run);
}

/** Statements sent outside each dry run running when it last took a turn. */
const sentAtTurn = new WeakMap<ImportRun, number>();

/** Longest a dry run rests at a turn while requests are answered (it rests as long as it worked). */
export const REST_MS = 20;

/**
 * Before a batch's look-ups. In the dry run, a turn of the event loop; while requests are being
 * answered (server/http/traffic.ts), a rest as long as the rows since the last turn took (at most
 * REST_MS), so the walk takes at most about half of the main thread from the pages; then, while a
 * page is being read (a statement of it in flight, or one sent since the last turn), the wait of
 * `yieldToReaders` before the next rows. The dry run's walk is the main thread's work between two
 * statements of a page: the pages waited for the rows being planned, several times a page
 * (docs/performance.md "Moving in at scale"). In the import, the pages' statements waiting go
 * first, as they do before each batch (writeBatch); its turns stay plain.
 */
export async function pagesFirst(run: ImportRun): Promise<void> {
  const readers = readersOf(run.db);
  if (run.write) {
    if (readers) await yieldToReaders(readers, sentAfter.get(run) ?? -1);
    return;
  }
  const now = performance.now();
  const worked = now - (turnAt.get(run) ?? now);
  if (servingRequests(now) && worked > 0)
    await new Promise((resolve) => setTimeout(resolve, Math.min(REST_MS, worked)));
  else await new Promise((resolve) => setImmediate(resolve));
  if (readers) {
    await yieldToReaders(readers, sentAtTurn.get(run) ?? readers.sent);
    sentAtTurn.set(run, readers.sent);
  }
  turnAt.set(run, performance.now());
}

/** A page renders between its statements: this long without one, it is taken to be done. */
export const QUIET_MS = 2;

/**
 * Lets pages go first: when statements were sent outside the import since `since` (the count
 * when its last batch began), waits until none is in flight and none was sent for QUIET_MS, at most
 * YIELD_MS in all, so a page's next statement does not queue behind the batch's transaction.
 */
export async function yieldToReaders(readers: ReaderGauge, since: number): Promise<void> {
  const deadline = performance.now() + YIELD_MS;
  let seen = since;
  while (readers.inFlight > 0 || readers.sent !== seen) {
    if (performance.now() >= deadline) return;
    seen = readers.sent;
    let timer: NodeJS.Timeout | undefined;
    if (readers.inFlight > 0)
      await Promise.race([
        readers.idle(),
        new Promise((r) => (timer = setTimeout(r, Math.max(0, deadline - performance.now())))),
      ]);
    clearTimeout(timer);
    await new Promise((r) => setTimeout(r, QUIET_MS));
  }
}

/** When each import running last saw a page's statement sent during one of its batches. */
const lastPageAt = new WeakMap<ImportRun, number>();

/** Whether pages are being read: one was sent during this batch or within READING_MS before it ended. */
export const readingPages = (sentDuring: boolean, lastAt: number | undefined, now: number) =>
  sentDuring || (lastAt !== undefined && now - lastAt < READING_MS);

/** Statements sent outside each import running when its last batch began. */
const sentAfter = new WeakMap<ImportRun, number>();

/** Batches imports have written in this process (tests watch it). */
let written = 0;
export const batchesWritten = () => written;

/** The lines of each import's batches written since its last `import.rows` audit record. */
const unaudited = new WeakMap<ImportRun, [number, number]>();

/**
 * Runs one batch's writes in one transaction after the pages' statements waiting, and sizes the
 * next batch by how long this one held the database. The batch that brings the lines written
 * since the last record to BATCH is a staff write with one `import.rows` record for them all
 * (no purge: the import's end purges once), so batches cut small while pages are read do not
 * flood the audit log; `auditRest` records the last lines before the import's end.
 */
export async function writeBatch<T>(
  run: ImportRun,
  lines: [number, number],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const readers = readersOf(run.db);
  if (readers) await yieldToReaders(readers, sentAfter.get(run) ?? -1); // the first batch: a page may be between statements
  const sent = readers?.sent ?? 0;
  const started = performance.now();
  const range: [number, number] = [unaudited.get(run)?.[0] ?? lines[0], lines[1]];
  const audited = range[1] - range[0] + 1 >= BATCH;
  const result = audited
    ? await staffWrite(run.write!, run.actor, rowsRecord(run, range), work, { purge: false })
    : await run.write!.db.transaction(work);
  written++;
  if (audited) unaudited.delete(run);
  else unaudited.set(run, range);
  if (readers) {
    const now = performance.now();
    const sentDuring = readers.sent > sent;
    const reading = readingPages(sentDuring, lastPageAt.get(run), now);
    if (sentDuring) lastPageAt.set(run, now);
    sizes.set(run, nextBatchSize(batchSize(run), now - started, reading));
    // from the batch's start: a page that waited for it may be between its statements now
    sentAfter.set(run, sent);
  }
  return result;
}

const rowsRecord = (run: ImportRun, [from, to]: [number, number]) => ({
  action: 'import.rows',
  kind: 'importacao',
  targetId: run.importId,
  summary: `${run.fileName}: ${from}–${to}`,
});

/** The `import.rows` record of the lines written since the last one (writeBatch), at the import's end. */
export async function auditRest(run: ImportRun): Promise<void> {
  const range = unaudited.get(run);
  if (!range || !run.write) return;
  await staffWrite(run.write, run.actor, rowsRecord(run, range), async () => undefined, {
    purge: false,
  });
  unaudited.delete(run);
}

/**
 * `column = any($1)`, the batch's values as one array parameter, for every import look-up: the
 * statement's text is the same for every batch, so it is cheap to build (docs/performance.md "Moving
 * in at scale", stop 60), where an `in` list of 500 values was built on every batch. It is planned
 * for each run's values (`bulk`), not kept: a plan kept from the first batches, when the church had a
 * hundred people, read all of them on every batch after (a look-up of 500 rows took 5 ms at the start
 * of a 20,000-row import and 100–350 ms at its end; PGlite never analyzes on its own).
 */
export const anyOf = (column: PgColumn, values: readonly (string | number)[]): SQL =>
  bulk(
    sql`${column} = any(${arrayLiteral(values.map(String))}::${sql.raw(column.getSQLType().replace(/^serial$/, 'integer'))}[])`,
  );

/**
 * Which of these source keys (a gift's hash, an event's UID, a song's, a post's GUID) this church's
 * earlier imports already brought into `table` (importacao_item_origem_uq, whose own condition is
 * spelled so any plan can use it).
 */
export const fromOrigins = (churchId: number, table: string, origins: string[]): SQL =>
  and(
    eq(t.importItems.churchId, churchId),
    eq(t.importItems.table, table),
    isNotNull(t.importItems.origin),
    anyOf(t.importItems.origin, origins),
  )!;

export async function importedOrigins(
  run: ImportRun,
  table: string,
  origins: string[],
): Promise<Set<string>> {
  const rows = await run.db
    .select({ origin: t.importItems.origin })
    .from(t.importItems)
    .where(fromOrigins(run.church.id, table, origins));
  return new Set(rows.map((r) => r.origin!));
}

/** Lists rows the import created, so undo removes exactly them. */
export async function recordItems(
  tx: Tx,
  run: ImportRun,
  items: { table: string; targetId: number; origin?: string | null }[],
): Promise<void> {
  await insertMany(
    tx,
    t.importItems,
    items.map((i) => ({
      churchId: run.church.id,
      importId: run.importId,
      table: i.table,
      targetId: i.targetId,
      origin: i.origin ?? null,
    })),
  );
}

/** A database failure as one short line a person can act on (the row is refused with it). */
export function failureText(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; detail?: string } };
  return (e.cause?.detail ?? e.cause?.message ?? e.message ?? String(error)).slice(0, 200);
}

/** Rows from which an import or its undo ends with a full collection (releaseMemory). */
export const LARGE_IMPORT = 5_000;

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | null = null;

/**
 * A full collection once a large import or undo ends: V8 keeps the emptied pages of their garbage,
 * so the RSS stayed up though the live heap was unchanged. It stops the main thread for 130–400 ms,
 * so a dry run (which makes far less garbage, and is followed by its import) ends without one
 * (docs/performance.md "Moving in at scale").
 */
export function releaseMemory(rows: number): void {
  if (rows < LARGE_IMPORT) return;
  if (!collect) {
    setFlagsFromString('--expose-gc'); // gc() in new contexts only: this process's code never sees it
    collect = runInNewContext('gc') as Collect;
  }
  // a plain collection frees the heap but V8 keeps its emptied pages; the last-resort one returns them
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** The tables an import of each kind fills: analyzed again after a large one (freshStatistics). */
const FILLED: Record<ImportKind, PgTable[]> = {
  pessoas: [
    t.users,
    t.churchUsers,
    t.userAddresses,
    t.groupMembers,
    t.invitations,
    t.userTokens,
    t.importItems,
  ],
  doacoes: [t.payments, t.paymentLines, t.givingTotals, t.importItems],
  louvores: [t.praises, t.importItems],
  eventos: [t.events, t.importItems],
  posts: [t.contents, t.importItems],
};

/**
 * After a large import on PGlite, the statistics of the tables it filled, as autovacuum gathers them
 * on PostgreSQL: PGlite gathers none on its own (db.pglite-vacuum, every six hours), and the pages'
 * kept plans, chosen while the church was small, stayed as they were (the staff directory's first
 * page 20 ms after 20,000 people came in, 3 ms once analyzed: docs/performance.md "Imports that slowed
 * down as they went"). One table at a time, after the pages' statements waiting.
 */
export async function freshStatistics(db: Database, kind: ImportKind, rows: number): Promise<void> {
  if (rows < LARGE_IMPORT || !(await isPglite(db))) return;
  const readers = readersOf(db);
  try {
    await inBackground(async () => {
      for (const table of FILLED[kind]) {
        if (readers) await yieldToReaders(readers, -1);
        await db.execute(sql`analyze ${sql.identifier(getTableName(table))}`);
      }
    });
  } catch (error) {
    // the import is done and recorded; the six-hourly vacuum analyzes what this could not
    log.warn({ err: error, kind }, '[import] statistics not gathered after a large import');
  }
}

/** The rows a tally accounts for. */
export const tallied = (tally: Partial<Tally>): number =>
  (tally.criar ?? 0) +
  (tally.atualizar ?? 0) +
  (tally.iguais ?? 0) +
  (tally.convidar ?? 0) +
  (tally.totalRecusadas ?? 0);
