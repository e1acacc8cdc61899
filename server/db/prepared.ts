// Drizzle builds a query's SQL anew on every call: the builder objects, a walk over every part of
// the statement (an `is()` check per part), the column list and the result mapping. For the small
// reads a page render makes, that main-thread work costs more than the database's (~150 µs for a
// content list and its count), so those reads are built once per database and shape and then run
// with new values (`sql.placeholder`), drizzle's prepared queries (docs/performance.md "Page-render reads built once").
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
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
  if (!statement) statements.set(name, (statement = withRowMapper(build(name))));
  return statement;
}

/** What drizzle keeps on a prepared select (pg-core/session.js) to shape its rows. */
interface DrizzleShape {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Gives a prepared select a row mapper worked out once: drizzle's own (`mapResultRow`) finds each
 * column's decoder with two `is()` walks per column and row, ~4 % of a page's main thread
 * (docs/performance.md "Rows mapped by a plan"). Same objects, same nulls for a left join's
 * missing table (prepared.test.ts compares the two).
 */
function withRowMapper<S>(statement: S): S {
  const shape = statement as DrizzleShape;
  if (!shape.fields || shape.customResultMapper) return statement;
  shape.customResultMapper = rowMapper(shape.fields, shape.joinsNotNullableMap);
  return statement;
}

function rowMapper(
  fields: NonNullable<DrizzleShape['fields']>,
  joins: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  // No outer join (drizzle marks every table not nullable): no object is ever nulled, and each row is
  // one literal. A key `__proto__` in a literal would set the prototype: that one keeps the loop.
  const noOuterJoin = !joins || Object.values(joins).every(Boolean);
  if (noOuterJoin && fields.every(({ path }) => !path.includes('__proto__')))
    return literalRowMapper(fields);
  const plan = fields.map(({ path, field }) => ({
    path,
    last: path[path.length - 1]!,
    decoder: decoderOf(field),
    // the table a left join's column belongs to, when its object may be nulled
    table: joins && path.length === 2 && is(field, Column) ? getTableName(field.table) : null,
  }));
  const one = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> | null = joins ? {} : null;
    for (let i = 0; i < plan.length; i++) {
      const { path, last, decoder, table } = plan[i]!;
      let node = result;
      for (let j = 0; j < path.length - 1; j++) {
        const chunk = path[j]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[last] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (nullify && table !== null) {
        const object = path[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== table)
          nullify[object] = false;
      }
    }
    if (nullify)
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === 'string' && !joins![table]) result[object] = null;
      }
    return result;
  };
  return (rows) => rows.map(one);
}

/**
 * A select without joins: each row is made by one object literal written for this selection (its
 * keys in drizzle's order, nested objects as drizzle nests them), so V8 builds every row with one
 * shape and each column's decoder is called from a place of its own, instead of a loop adding keys
 * one by one through one call for every decoder (docs/performance.md "Renders without the cache, a
 * twelfth time"). The keys are written as JSON strings; the code holds no value of a row.
 */
function literalRowMapper(
  fields: NonNullable<DrizzleShape['fields']>,
): (rows: unknown[][]) => Record<string, unknown>[] {
  type Node = Map<string, Node | number>;
  const tree: Node = new Map();
  fields.forEach(({ path }, i) => {
    let node = tree;
    for (const chunk of path.slice(0, -1)) {
      let child = node.get(chunk);
      if (!(child instanceof Map)) node.set(chunk, (child = new Map()));
      node = child;
    }
    node.set(path[path.length - 1]!, i);
  });
  const literal = (node: Node): string =>
    `{${[...node]
      .map(
        ([key, value]) =>
          `${JSON.stringify(key)}: ${
            typeof value === 'number'
              ? `row[${value}] === null ? null : d${value}.mapFromDriverValue(row[${value}])`
              : literal(value)
          }`,
      )
      .join(', ')}}`;
  const decoders = fields.map(({ field }) => decoderOf(field));
  const names = decoders.map((_, i) => `d${i}`);
  // code made of column positions and JSON-quoted keys only
  const make = new Function(...names, `return (row) => (${literal(tree)});`) as (
    ...decoders: Decoder[]
  ) => (row: unknown[]) => Record<string, unknown>;
  const one = make(...decoders);
  return (rows) => rows.map(one);
}

// `decoder` is drizzle's own (marked internal in its types): the one mapResultRow reads.
type Decoded = { decoder: Decoder };
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field._.sql as unknown as Decoded).decoder;
  return (field as { sql: Decoded }).sql.decoder;
}
