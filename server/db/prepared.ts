// Drizzle builds a query's SQL anew on every call: the builder objects, a walk over every part of
// the statement (an `is()` check per part), the column list and the result mapping. For the small
// reads a page render makes, that main-thread work costs more than the database's (~150 µs for a
// content list and its count), so those reads are built once per database and shape and then run
// with new values (`sql.placeholder`), drizzle's prepared queries (docs/performance.md "Page-render reads built once").
import type { Database } from './client.ts';

/** What drizzle's `.prepare(name)` gives: the statement built once, run with placeholder values. */
export interface PreparedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const built = new WeakMap<Database, Map<string, PreparedStatement<unknown>>>();

/**
 * The statement `name` of this database, built by `build(name)` the first time only. The name
 * spells the statement's shape (which filters, which columns): one name always builds the same
 * SQL. It is also the statement's name on PostgreSQL, so it must be unique across the code.
 */
export function prepared<R>(
  db: Database,
  name: string,
  build: (name: string) => PreparedStatement<R>,
): PreparedStatement<R> {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  let statement = statements.get(name) as PreparedStatement<R> | undefined;
  if (!statement) statements.set(name, (statement = build(name)));
  return statement;
}
