// The thread that owns the PGlite of pglite-thread.ts: it runs every statement (WASM executor and
// wire-protocol parser), so the main thread only renders while a query runs here.
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { fastQueries, type QueryClient } from './pglite-fast.ts';
import { openPglite } from './pglite-extensions.ts';
import { TEXT_TYPES } from './pglite-text-types.ts';

export type Op = 'query' | 'exec' | 'begin' | 'end' | 'rollback' | 'close';

export interface Request {
  id: number;
  op: Op;
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Other type OIDs the caller parses itself (its parsers are functions, which cannot cross threads). */
  raw?: number[];
  paramTypes?: number[];
  /** The id of the 'begin' of the transaction this statement belongs to. */
  tx?: number;
  /** For 'end': roll back instead of committing. */
  rollback?: boolean;
  /** The caller has this statement's columns from an earlier answer: they may be left out. */
  knowsColumns?: boolean;
}

export type Reply =
  | { id: number; result?: unknown }
  /** The result's columns are those last sent for the same statement text. */
  | { id: number; result: unknown; sameColumns: true }
  | { id: number; error: SentError }
  | { id: 0; ready: true }
  | { id: 0; failed: SentError };

/** An error's own fields (code, constraint, detail…) without what cannot be cloned. */
export type SentError = Record<string, unknown> & { message: string; name: string };

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
const pg = openPglite(dataDir);
// Statements take one trip into the engine (pglite-fast.ts), as inline PGlite's do.
const fast = fastQueries(pg);
type Transaction = QueryClient & { rollback(): Promise<void> };
const transactions = new Map<
  number,
  { tx: Transaction; end(id: number, rollback: boolean): void }
>();
const rolledBack = Symbol('rolled back');
const keepText = (value: unknown) => value;

function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  // queryOptions holds the parsers (functions); the main thread puts its own options back.
  const {
    queryOptions: _options,
    stack: _stack,
    ...fields
  } = error as Error & Record<string, unknown>;
  return { ...fields, name: error.name, message: error.message };
}

function options(request: Request): QueryOptions {
  const options: QueryOptions = { rowMode: request.rowMode, paramTypes: request.paramTypes };
  if (request.raw?.length)
    options.parsers = Object.fromEntries(request.raw.map((oid) => [oid, keepText]));
  return options;
}

// Answers ready in one run of the event loop's callbacks and promise reactions go back in one
// message, as the requests came (pglite-thread.ts).
let outbox: Reply[] = [];

function post(reply: Reply): void {
  outbox.push(reply);
  if (outbox.length === 1) process.nextTick(flush);
}

function flush(): void {
  const batch = outbox;
  outbox = [];
  try {
    port.postMessage(batch);
  } catch {
    for (const reply of batch)
      try {
        port.postMessage([reply]);
      } catch (error) {
        // A value that cannot be cloned must fail its own statement, not the thread.
        port.postMessage([{ id: reply.id, error: sendError(error) } satisfies Reply]);
      }
  }
}

type Columns = { name: string; dataTypeID: number }[];
/** The columns last sent per statement text (bounded): the same ones are not sent again. */
const sentColumns = new Map<string, Columns>();

function sameColumns(a: Columns, b: Columns): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.name !== b[i]!.name || a[i]!.dataTypeID !== b[i]!.dataTypeID) return false;
  return true;
}

/** A query's answer: its columns left out when the caller has the same ones for this text. */
function queryReply(id: number, request: Request, result: Results): Reply {
  const sql = request.sql!;
  const last = sentColumns.get(sql);
  if (request.knowsColumns && last && sameColumns(last, result.fields)) {
    const { fields: _same, ...rest } = result;
    return { id, result: rest, sameColumns: true };
  }
  if (!last && sentColumns.size >= 2_000) sentColumns.clear();
  sentColumns.set(sql, result.fields);
  return { id, result };
}

function answer(id: number, work: Promise<unknown>, request?: Request): void {
  work.then(
    (result) => post(request ? queryReply(id, request, result as Results) : { id, result }),
    (error: unknown) => post({ id, error: sendError(error) }),
  );
}

function transaction(request: Request): Transaction {
  const open = transactions.get(request.tx!);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

const target = (request: Request): QueryClient =>
  request.tx === undefined ? fast : transaction(request);

// Holds a PGlite transaction open until 'end'; PGlite makes untagged statements wait for it.
function begin(id: number): void {
  let endId = 0;
  let ended!: (rollback: boolean) => void;
  const done = new Promise<boolean>((resolve) => (ended = resolve));
  fast
    .transaction(async (tx) => {
      transactions.set(id, {
        tx,
        end(requestId, rollback) {
          endId = requestId;
          ended(rollback);
        },
      });
      post({ id });
      if (await done) throw rolledBack;
    })
    .then(
      () => post({ id: endId }),
      (error: unknown) =>
        post(error === rolledBack ? { id: endId } : { id: endId || id, error: sendError(error) }),
    )
    .finally(() => transactions.delete(id));
}

port.on('message', (requests: Request[]) => {
  for (const request of requests) handle(request);
});

function handle(request: Request): void {
  try {
    switch (request.op) {
      case 'query':
        return answer(
          request.id,
          target(request).query(request.sql!, request.params, options(request)),
          request,
        );
      case 'exec':
        return answer(request.id, target(request).exec(request.sql!, options(request)));
      case 'rollback':
        return answer(request.id, transaction(request).rollback());
      case 'begin':
        return begin(request.id);
      case 'end': {
        const open = transactions.get(request.tx!);
        if (!open) throw new Error('Transaction is closed');
        return open.end(request.id, request.rollback === true);
      }
      case 'close':
        return answer(request.id, pg.close());
    }
  } catch (error) {
    post({ id: request.id, error: sendError(error) });
  }
}

pg.waitReady.then(
  () => {
    // After PGlite's start, which builds the array parsers.
    const parsers = (pg as unknown as { parsers: Record<number, typeof keepText> }).parsers;
    for (const oid of TEXT_TYPES) parsers[oid] = keepText;
    post({ id: 0, ready: true });
  },
  (error: unknown) => post({ id: 0, failed: sendError(error) }),
);
