// PGlite on a worker thread (pglite-worker.ts) behind the part of PGlite's API that drizzle-orm
// and our code call, so its WASM executor and wire-protocol parser run beside the renders on the
// second core instead of between them on the main thread (docs/performance.md "PGlite on its own thread"), as PostgreSQL's own process does.
import { Worker } from 'node:worker_threads';
import { messages, types, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Reply, Request, SentError } from './pglite-worker.ts';
import { ARRAY_OF, TEXT_TYPES } from './pglite-text-types.ts';

/** What drizzle-orm's pglite session uses of a PGlite transaction. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** What drizzle-orm's pglite driver, its migrator and server/db use of a PGlite. */
export interface PgliteThread {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** Waits for the statements already sent, shuts PGlite down (its files complete) and ends the thread. */
  close(): Promise<void>;
}

type Parser = (value: string, typeId: number) => unknown;

/** PGlite's own parsers of TEXT_TYPES (none for interval: it stays text), as its start builds them. */
const pgliteParsers = new Map<number, Parser | undefined>(
  TEXT_TYPES.map((oid) => {
    const element = ARRAY_OF[oid];
    if (element === undefined) return [oid, types.parsers[oid]];
    // numeric has none: its items stay text
    const parseElement = types.parsers[element] as Parameters<typeof types.arrayParser>[1];
    return [oid, (value: string) => types.arrayParser(value, parseElement, oid)];
  }),
);

interface Pending {
  resolve(result: unknown): void;
  reject(error: unknown): void;
  options?: QueryOptions;
  /** The statement's text, when its columns may come back as "the same as last time". */
  sql?: string;
}

/** Columns last received per statement text, for up to this many texts; a reply may leave them out (pglite-worker.ts). */
const KNOWN_COLUMNS = 2_000;

const workerFile = new URL('./pglite-worker.ts', import.meta.url);

/**
 * @param location a PGlite folder, or `memory://`.
 * @param threadFile the thread's code; a test swaps in one that dies on cue.
 * @param knownColumns how many statement texts' columns are kept (a test makes it small).
 */
export function openPgliteThread(
  location: string,
  {
    threadFile = workerFile,
    knownColumns = KNOWN_COLUMNS,
  }: { threadFile?: URL; knownColumns?: number } = {},
): PgliteThread {
  const worker = new Worker(threadFile, { workerData: { dataDir: location } });
  const pending = new Map<number, Pending>();
  const columns = new Map<string, Results['fields']>();
  // Requests made in one run of the event loop's callbacks and their promise reactions go in one
  // message, and the thread answers them in one: a message costs both threads far more than its
  // statements' values do (docs/performance.md "Renders without the cache, a twelfth time").
  let outbox: Request[] = [];
  let nextId = 1;
  let ready = false;
  let stopped: Error | undefined;
  let crash: Error | undefined;
  let closing: Promise<void> | undefined;
  let closed = false;
  let started!: { resolve(): void; reject(error: Error): void };
  const waitReady = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
  waitReady.catch(() => {}); // callers that await it see the error; nobody else must crash on it

  // The thread keeps the process alive only while it starts or has statements to answer.
  const holdProcess = () => (ready && pending.size === 0 ? worker.unref() : worker.ref());

  worker.on('message', (reply: Reply | Reply[]) => {
    if (Array.isArray(reply)) for (const one of reply) answered(one);
    else answered(reply);
  });

  function answered(reply: Reply): void {
    if ('failed' in reply) {
      crash = rebuildError(reply.failed);
      started.reject(crash);
      void worker.terminate();
      return;
    }
    if ('ready' in reply) {
      ready = true;
      started.resolve();
      holdProcess();
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) holdProcess();
    if ('error' in reply) return waiting.reject(rebuildError(reply.error, waiting.options));
    const result = reply.result as Results | undefined;
    if (waiting.sql !== undefined && result) {
      if ('sameColumns' in reply) result.fields = columns.get(waiting.sql)!;
      // Kept texts are never dropped (a reply in flight may say "the same"); past the bound, a new
      // text's columns simply come with every answer.
      else if (columns.size < knownColumns || columns.has(waiting.sql))
        columns.set(waiting.sql, result.fields);
    }
    waiting.resolve(result);
  }
  worker.on('error', (error) => (crash = error));
  worker.on('exit', (code) => {
    stopped = closing
      ? new Error('PGlite is closed')
      : Object.assign(new Error(`PGlite thread stopped (exit code ${code})`), { cause: crash });
    started.reject(stopped);
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
  });

  function send(
    request: Omit<Request, 'id'>,
    options?: QueryOptions,
    id = nextId++,
  ): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const sql = request.op === 'query' ? request.sql : undefined;
    return new Promise((resolve, reject) => {
      outbox.push(
        sql !== undefined && columns.has(sql)
          ? { ...request, id, knowsColumns: true }
          : { ...request, id },
      );
      if (outbox.length === 1) process.nextTick(post);
      pending.set(id, { resolve, reject, options, sql });
      if (pending.size === 1) holdProcess();
    });
  }

  /** Sends the requests made since the last message (after the promise reactions that made them). */
  function post(): void {
    const batch = outbox;
    outbox = [];
    if (stopped) return; // the exit listener has failed them
    try {
      worker.postMessage(batch);
    } catch {
      // a value that cannot be cloned fails its own statement; the others go on
      for (const request of batch)
        try {
          worker.postMessage([request]);
        } catch (error) {
          const waiting = pending.get(request.id);
          pending.delete(request.id);
          waiting?.reject(error);
        }
      if (pending.size === 0) holdProcess();
    }
  }

  async function query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    const result = (await send(
      { op: 'query', sql, params, tx, ...wireOptions(options) },
      options,
    )) as Results<T>;
    parseText(result as Results, options);
    return result;
  }

  async function exec(sql: string, options: QueryOptions | undefined, tx?: number) {
    const results = (await send(
      { op: 'exec', sql, tx, ...wireOptions(options) },
      options,
    )) as Results[];
    for (const result of results) parseText(result, options);
    return results;
  }

  return {
    waitReady,
    get closed() {
      return closed;
    },
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql, options) => exec(sql, options),
    async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      const id = nextId++; // the 'begin' request's id names the transaction
      await send({ op: 'begin' }, undefined, id);
      let done = false;
      const isOpen = () => {
        if (done) throw new Error('Transaction is closed');
      };
      const tx: ThreadTransaction = {
        query: async (sql, params, options) => (isOpen(), query(sql, params, options, id)),
        exec: async (sql, options) => (isOpen(), exec(sql, options, id)),
        async rollback() {
          isOpen();
          await send({ op: 'rollback', tx: id });
          done = true;
        },
        get closed() {
          return done;
        },
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        done = true;
        await send({ op: 'end', tx: id, rollback: true });
        throw error;
      }
      done = true;
      await send({ op: 'end', tx: id });
      return result;
    },
    close() {
      closing ??= (async () => {
        // A thread that ends meanwhile (one whose start failed is ending) is as closed as asked.
        if (!stopped)
          await send({ op: 'close' }).catch((error: unknown) => {
            if (error !== stopped) throw error;
          });
        await worker.terminate();
        closed = true;
      })();
      return closing;
    },
  };
}

/** The options that can cross to the thread: parsers become the type OIDs to leave as text. */
function wireOptions(options: QueryOptions | undefined): Partial<Request> {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice)
    throw new Error('serializers, blob and onNotice are not supported on the PGlite thread');
  return {
    rowMode: options.rowMode,
    paramTypes: options.paramTypes,
    raw: options.parsers ? otherTypes(options.parsers) : undefined,
  };
}

// drizzle gives a prepared statement's parsers as the same object every time
const otherTypesOf = new WeakMap<object, number[] | undefined>();

function otherTypes(parsers: object): number[] | undefined {
  if (otherTypesOf.has(parsers)) return otherTypesOf.get(parsers);
  const others = Object.keys(parsers)
    .map(Number)
    .filter((oid) => !pgliteParsers.has(oid));
  const found = others.length ? others : undefined;
  otherTypesOf.set(parsers, found);
  return found;
}

/** Parses the columns the thread left as text, as PGlite would have. */
function parseText(result: Results, options: QueryOptions | undefined): void {
  const { fields, rows } = result;
  if (rows.length === 0) return;
  const parsers = options?.parsers as Record<number, Parser> | undefined;
  const arrayMode = options?.rowMode === 'array';
  for (let i = 0; i < fields.length; i++) {
    const { name, dataTypeID } = fields[i]!;
    const parse = parsers?.[dataTypeID] ?? pgliteParsers.get(dataTypeID);
    if (!parse) continue;
    // An object row keeps the last column of a name, as PGlite builds it.
    if (!arrayMode && fields.findLastIndex((f) => f.name === name) !== i) continue;
    const key = arrayMode ? i : name;
    for (const row of rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null) row[key] = parse(value as string, dataTypeID);
    }
  }
}

/** The thread's error as the caller would have had it from PGlite: a DatabaseError keeps code, constraint, detail. */
function rebuildError(sent: SentError, options?: QueryOptions): Error {
  const { message, ...fields } = sent;
  const error =
    'severity' in fields
      ? new messages.DatabaseError(message, Number(fields.length ?? 0), 'error')
      : new Error(message);
  Object.assign(error, fields);
  if (options && 'query' in fields) Object.assign(error, { queryOptions: options });
  return error;
}
