// The thread that owns the PGlite of pglite-thread.ts: it runs every statement (WASM executor and
// wire-protocol parser), so the main thread only renders while a query runs here.
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions } from '@electric-sql/pglite';
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
}

export type Reply =
  | { id: number; result?: unknown }
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

function post(reply: Reply): void {
  try {
    port.postMessage(reply);
  } catch (error) {
    // A value that cannot be cloned must fail its own statement, not the thread.
    port.postMessage({ id: reply.id, error: sendError(error) } satisfies Reply);
  }
}

function answer(id: number, work: Promise<unknown>): void {
  work.then(
    (result) => post({ id, result }),
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
      port.postMessage({ id } satisfies Reply);
      if (await done) throw rolledBack;
    })
    .then(
      () => post({ id: endId }),
      (error: unknown) =>
        post(error === rolledBack ? { id: endId } : { id: endId || id, error: sendError(error) }),
    )
    .finally(() => transactions.delete(id));
}

port.on('message', (request: Request) => {
  try {
    switch (request.op) {
      case 'query':
        return answer(
          request.id,
          target(request).query(request.sql!, request.params, options(request)),
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
});

pg.waitReady.then(
  () => {
    // After PGlite's start, which builds the array parsers.
    const parsers = (pg as unknown as { parsers: Record<number, typeof keepText> }).parsers;
    for (const oid of TEXT_TYPES) parsers[oid] = keepText;
    post({ id: 0, ready: true });
  },
  (error: unknown) => post({ id: 0, failed: sendError(error) }),
);
