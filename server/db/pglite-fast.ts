// PGlite's `query()` costs ~6 trips into its WASM engine per statement (parse, describe, bind,
// describe, execute, sync, each parsed separately) plus a copy of its ~thousand-entry parser table
// whenever a caller passes parsers, as drizzle does on every query: ~450 µs for a one-row select.
// Here the same extended-protocol messages go in one trip (what node-postgres does on a socket),
// with the values still sent apart from the SQL text as bind parameters, and rows parsed with the
// per-column parser looked up once. A statement's text is parsed and planned once and kept as a
// named prepared statement (what postgres.js does by default): a one-row select by key ~390 µs →
// ~120 µs, a count ~130 → ~35 µs (docs/performance.md "PGlite statements in one trip").
import { protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];

/** Statements kept prepared per PGlite by default (the least recently used is closed first). */
export const PREPARED_STATEMENTS = 256;

/** Reads and writes are kept prepared; other statements (DDL, SET, VACUUM…) run unnamed. */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Put in a statement's text, it runs unnamed, so it is planned for each run's values. A kept plan
 * is one plan for any values, and for some statements the best plan depends on them: a content
 * search walks the list's index for a common term but looks a rare one up in the trigram index.
 */
export const PLAN_EACH_RUN = '/* planned for its values */';

/** Whether the statement `sql` is kept prepared (by its text) on PGlite and PostgreSQL alike. */
export function keepsPlan(sql: string): boolean {
  return PREPARABLE.test(sql) && !sql.includes(PLAN_EACH_RUN);
}

/** PostgreSQL refuses a kept plan whose result columns changed under it (a migration while running). */
const STALE_PLAN = 'cached plan must not change result type';

const NO_BYTES = new Uint8Array(0);

/** What follows every statement's Bind: Describe the portal, Execute it, Sync. The same bytes each time. */
const RUN_PORTAL = concat([
  protocol.serialize.describe({ type: 'P' }),
  protocol.serialize.execute({}),
  protocol.serialize.sync(),
]);

/**
 * `head` (a Parse, or nothing), then the Bind of `statement` with text `values` to the unnamed
 * portal, then RUN_PORTAL: the bytes PGlite's serializer writes, made in one buffer. Its Writer
 * (a growing buffer per field, then copies to concatenate) was ~9 % of the PGlite thread's time on
 * the home page (docs/performance.md "Renders without the cache, an eleventh time").
 */
export function runMessage(
  head: Uint8Array,
  statement: string,
  values: readonly (string | null)[],
): Uint8Array {
  const n = values.length;
  let valueBytes = 0;
  for (const value of values) valueBytes += 4 + (value === null ? 0 : Buffer.byteLength(value));
  const nameBytes = Buffer.byteLength(statement);
  // type; length; portal "" and the statement, each NUL-ended; the n format codes (all text); the
  // n values; no result format codes (all text)
  const bindLength = 4 + 1 + nameBytes + 1 + 2 + 2 * n + 2 + valueBytes + 2;
  const out = Buffer.allocUnsafe(head.length + 1 + bindLength + RUN_PORTAL.length);
  out.set(head, 0);
  let at = head.length;
  out[at++] = 0x42; // B
  out.writeInt32BE(bindLength, at);
  at += 4;
  out[at++] = 0; // the unnamed portal
  at += out.write(statement, at, 'utf8');
  out[at++] = 0;
  out.writeUInt16BE(n, at);
  at += 2;
  out.fill(0, at, at + 2 * n); // format 0 (text) for each value
  at += 2 * n;
  out.writeUInt16BE(n, at);
  at += 2;
  for (const value of values) {
    if (value === null) {
      out.writeInt32BE(-1, at);
      at += 4;
    } else {
      const written = out.write(value, at + 4, 'utf8');
      out.writeInt32BE(written, at);
      at += 4 + written;
    }
  }
  out.writeInt16BE(0, at);
  at += 2;
  out.set(RUN_PORTAL, at);
  return out;
}
type Parser = (value: string, typeId?: number) => unknown;

/** The calls drizzle-orm's pglite driver makes on its client (session.js, migrator). */
export interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(work: (tx: QueryClient & { rollback(): Promise<void> }) => Promise<T>): Promise<T>;
}

/** The text a value is bound as, or undefined when only PGlite's typed serializers know how. */
function bindText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value); // PGlite: x.toString()
    case 'boolean':
      return String(value); // PGlite's text serializer; 'true'/'false' are boolean input too
    default:
      // Dates and strings are all drizzle sends for timestamps; arrays, JSON objects and bytes take
      // PGlite's own path, which asks the database for the parameter types first.
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const decoder = new TextDecoder();

/** The text of `length` bytes at `at`: short ASCII (most fields) without TextDecoder's call cost. */
function text(bytes: Uint8Array, at: number, length: number): string {
  if (length <= 24) {
    let out = '';
    for (let i = at; i < at + length; i++) {
      const byte = bytes[i]!;
      if (byte >= 0x80) return decoder.decode(bytes.subarray(at, at + length));
      out += String.fromCharCode(byte);
    }
    return out;
  }
  return decoder.decode(bytes.subarray(at, at + length));
}

/**
 * Rows of the one result set in the engine's answer, as PGlite's parseResults would give them,
 * read straight from its bytes (PGlite's own parser copies every field into a new buffer before
 * decoding it: ~a fifth of the PGlite thread's time on a list page).
 */
function readResults<T>(
  bytes: Uint8Array,
  parsers: Record<number | string, Parser>,
  options: QueryOptions,
): Results<T> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: unknown[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  let affectedRows = 0;
  let command: string | undefined;
  let rowCount: number | undefined;
  const asArray = options?.rowMode === 'array';
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at]!;
    const end = at + 1 + view.getInt32(at + 1); // the length counts itself, not the type byte
    let p = at + 5;
    if (type === 0x44 /* D: DataRow */) {
      const n = view.getInt16(p);
      p += 2;
      const row: unknown[] | Record<string, unknown> = asArray ? [] : {};
      for (let i = 0; i < n; i++) {
        const length = view.getInt32(p);
        p += 4;
        let value: unknown = null;
        if (length >= 0) {
          const raw = text(bytes, p, length);
          p += length;
          const parse = columnParsers[i];
          value = parse ? parse(raw, fields[i]!.dataTypeID) : raw;
        }
        if (asArray) (row as unknown[]).push(value);
        else (row as Record<string, unknown>)[fields[i]!.name] = value;
      }
      rows.push(row);
    } else if (type === 0x54 /* T: RowDescription */) {
      const n = view.getInt16(p);
      p += 2;
      fields = [];
      for (let i = 0; i < n; i++) {
        const nul = bytes.indexOf(0, p);
        const name = text(bytes, p, nul - p);
        p = nul + 1 + 6; // table id, column number
        fields.push({ name, dataTypeID: view.getInt32(p) });
        p += 12; // type id, size, modifier, format
      }
      columnParsers = fields.map(
        (f) => (options?.parsers?.[f.dataTypeID] as Parser | undefined) ?? parsers[f.dataTypeID],
      );
    } else if (type === 0x43 /* C: CommandComplete */) {
      const parts = text(bytes, p, end - p - 1).split(' ');
      command = parts[0];
      const n = parseInt(parts[parts.length - 1]!, 10);
      if (!Number.isNaN(n)) rowCount = n;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows = n || 0;
    } else if (type === 0x45 /* E: ErrorResponse */) {
      // PGlite's own parser makes the same DatabaseError (code, detail, constraint…) its query throws.
      let error: unknown;
      new protocol.Parser().parse(bytes.subarray(at, end), (message) => (error ??= message));
      throw error;
    }
    at = end;
  }
  const result: Results<T> & { command?: string; rowCount?: number } = {
    rows: rows as T[],
    fields,
    affectedRows,
  };
  if (command !== undefined) result.command = command;
  if (rowCount !== undefined) result.rowCount = rowCount;
  return result;
}

/** One holder at a time, the others in the order they asked (what PGlite's mutexes give). */
export class Lock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async run<T>(work: () => Promise<T> | T): Promise<T> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next)
        next(); // handed over: still held
      else this.#held = false;
    }
  }
}

const OWN_LOCKS = Symbol('own locks');

/** The methods through which PGlite takes its query and transaction locks (its dist, 0.5). */
interface PgliteLocks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  dumpDataDir(compression?: unknown): Promise<unknown>;
  syncToFs(): Promise<void>;
  fs?: { syncToFs(relaxedDurability?: boolean): Promise<void> | void };
}

/**
 * Gives `pg` locks of our own. PGlite's bundled mutex runs each call through down-compiled async
 * helpers that make closures inside closures per call, and V8 kept every statement's caller — a
 * whole page render — through young collections until a full one (2.9 kB of old generation per
 * `select 1`, docs/performance.md "Renders without the cache, a ninth time"). Every statement,
 * transaction and exec of PGlite takes its locks through these two methods; `close` and
 * `dumpDataDir` take PGlite's own mutexes directly, so they take ours first and find those free.
 * `syncToFs` (after each statement outside a transaction) flushes the filesystem under a third
 * mutex; Node's filesystems write through (theirs is a no-op), still flushed under a lock of ours.
 */
export function withOwnLocks(pg: PGlite): void {
  const target = pg as unknown as PgliteLocks & { [OWN_LOCKS]?: true };
  if (target[OWN_LOCKS]) return; // a second client of the same PGlite shares the first's locks
  target[OWN_LOCKS] = true;
  for (const method of ['_runExclusiveQuery', '_runExclusiveTransaction'] as const)
    if (typeof target[method] !== 'function')
      throw new Error(`PGlite changed: no ${method} to take its locks through`);
  const query = new Lock();
  const transaction = new Lock();
  const flush = new Lock();
  const close = target.close.bind(pg);
  const dumpDataDir = target.dumpDataDir.bind(pg);
  target._runExclusiveQuery = (fn) => query.run(fn);
  target._runExclusiveTransaction = (fn) => transaction.run(fn);
  target.close = () => transaction.run(() => query.run(close));
  target.dumpDataDir = (compression) => query.run(() => dumpDataDir(compression));
  target.syncToFs = () => flush.run(async () => void (await target.fs?.syncToFs(false)));
}

/**
 * A client for drizzle on `pg` whose queries take one trip into the engine. Anything it does not
 * handle the same way (array, object or byte parameters, blobs, explicit parameter types) goes
 * through PGlite's own `query()`; `exec` and transactions keep PGlite's locks and semantics.
 */
export function fastQueries(
  pg: PGlite,
  { keep = PREPARED_STATEMENTS }: { /** statements kept prepared */ keep?: number } = {},
): QueryClient {
  withOwnLocks(pg);
  const internal = pg as unknown as {
    parsers: Record<number | string, Parser>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  };

  // SQL text → the name of its prepared statement; a Map keeps the least recently used first.
  const prepared = new Map<string, string>();
  // Names to close with the next parse: evicted or stale statements.
  const retired: string[] = [];
  let named = 0;

  /**
   * The name `sql` is prepared under, parsing it first if new (in a trip of its own, so a text that
   * does not parse is never kept); null for a statement that runs unnamed.
   */
  async function statementFor(sql: string): Promise<string | null> {
    if (!keepsPlan(sql)) return null;
    const known = prepared.get(sql);
    if (known !== undefined) {
      prepared.delete(sql); // to the back: most recently used
      prepared.set(sql, known);
      return known;
    }
    if (prepared.size >= keep) {
      const [oldestSql, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestSql);
      retired.push(oldest);
    }
    const parts = retired
      .splice(0)
      .map((old) => protocol.serialize.close({ type: 'S', name: old }));
    const name = `fast_${++named}`;
    parts.push(protocol.serialize.parse({ name, text: sql }), protocol.serialize.sync());
    await pg.execProtocolStream(concat(parts), { syncToFs: false });
    prepared.set(sql, name);
    return name;
  }

  /** The one-trip query, run while the caller holds PGlite's locks. */
  async function run<T>(
    sql: string,
    values: (string | null)[],
    options: QueryOptions,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    try {
      const name = await statementFor(sql);
      const message = runMessage(
        name === null ? protocol.serialize.parse({ text: sql }) : NO_BYTES,
        name ?? '',
        values,
      );
      // One call runs every message, Sync included, so an error leaves the engine ready. The
      // answer's bytes are read here rather than by PGlite's parser (readResults).
      const chunks: Uint8Array[] = [];
      await pg.execProtocolRawStream(message, {
        syncToFs: false,
        onRawData: (chunk) => chunks.push(chunk.slice()), // a view of the engine's memory
      });
      const answer = chunks.length === 1 ? chunks[0]! : concat(chunks);
      try {
        return readResults<T>(answer, internal.parsers, options);
      } finally {
        if (!inTransaction) await pg.syncToFs(); // as PGlite's query: a folder database is written through
      }
    } catch (error) {
      const kept = prepared.get(sql);
      if (
        !retried &&
        kept !== undefined &&
        String((error as Error)?.message).includes(STALE_PLAN)
      ) {
        // Parsed again under a new name; the old one is closed with the next parse.
        prepared.delete(sql);
        retired.push(kept);
        return run<T>(sql, values, options, inTransaction, true);
      }
      // As PGlite's own query errors: the statement and its parameters travel with the error.
      if (error && typeof error === 'object' && 'code' in error)
        Object.assign(error, { query: sql, params: values, queryOptions: options });
      throw error;
    }
  }

  function bindAll(params: unknown[] | undefined, options: QueryOptions) {
    if (options?.blob || options?.paramTypes || options?.serializers) return undefined;
    const values: (string | null)[] = [];
    for (const p of params ?? []) {
      const text = bindText(p);
      if (text === undefined) return undefined;
      values.push(text);
    }
    return values;
  }

  function client(tx: Transaction | null): QueryClient {
    return {
      query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
        const values = bindAll(params, options);
        if (!values) return (tx ?? pg).query<T>(sql, params, options);
        // Inside a transaction its lock is held already; outside, wait for any open one.
        if (tx?.closed) return Promise.reject(new Error('Transaction is closed'));
        return tx
          ? pg.runExclusive(() => run<T>(sql, values, options, true))
          : pg.waitReady.then(() =>
              internal._runExclusiveTransaction(() =>
                pg.runExclusive(() => run<T>(sql, values, options, false)),
              ),
            );
      },
      exec: (sql, options) => (tx ?? pg).exec(sql, options),
      transaction: (work) =>
        tx
          ? Promise.reject(new Error('nested PGlite transactions are savepoints in drizzle'))
          : pg.transaction((inner) => work({ ...client(inner), rollback: () => inner.rollback() })),
    };
  }

  return client(null);
}
