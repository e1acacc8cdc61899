// Many rows in one statement whose text does not depend on how many there are: each column's values
// travel as one text[] parameter and `unnest` turns them back into rows (docs/performance.md
// "Statements of many rows"). Used by imports' batches and by the restore of a backup.
import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';
import { rowsOf } from './rows.ts';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `{"a","b",NULL}`: one parameter carrying a column's values of a batch. */
export function arrayLiteral(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

export interface BulkColumn {
  /** The column's name in the database. */
  name: string;
  /** Its SQL type, each value is cast to it from text (`integer`, `timestamp with time zone`, `text[]`…). */
  type: string;
}

/**
 * `insert into <table> (<columns>) select … from unnest($1::text[], …)`, one text per value (null
 * for NULL). The text is the same for any number of rows, so the statement is prepared once and
 * its values cost one parameter per column, not one per value.
 */
export function unnestInsert(
  table: string,
  columns: BulkColumn[],
  rows: (string | null)[][],
  options: { overriding?: boolean; onConflictDoNothing?: boolean; returning?: string[] } = {},
): SQL {
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const casts = columns.map((c, i) => `u.c${i}::${c.type}`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const params = sql.join(
    columns.map((_, i) => sql`${arrayLiteral(rows.map((r) => r[i] ?? null))}::text[]`),
    sql`, `,
  );
  const head = `insert into ${quoteIdent(table)} (${names})${options.overriding ? ' overriding system value' : ''} select ${casts} from unnest(`;
  const tail =
    `) as u(${aliases})` +
    (options.onConflictDoNothing ? ' on conflict do nothing' : '') +
    (options.returning?.length
      ? ` returning ${options.returning.map((r) => quoteIdent(r)).join(', ')}`
      : '');
  return sql`${sql.raw(head)}${params}${sql.raw(tail)}`;
}

/** A value as the text PostgreSQL reads for its column (the column's own driver mapping first). */
function textOf(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driver = column.mapToDriverValue(value) as unknown;
  if (driver === null || driver === undefined) return null;
  if (driver instanceof Date) return driver.toISOString();
  if (typeof driver === 'object') return JSON.stringify(driver);
  return String(driver);
}

type Returned<T extends Table, K extends keyof T['_']['columns']> = {
  [P in K]: T['_']['columns'][P]['_']['data'];
};

/**
 * Inserts `rows` of a drizzle table in one statement of the same text for any count, and answers the
 * `returning` columns of each row inserted (PostgreSQL answers them in the rows' order; callers
 * that need a row's id match on a key they sent). A column no row sets takes its default; one that
 * some rows set must be set by all unless it is nullable without a default. No SQL expressions.
 */
export async function insertMany<
  T extends Table,
  K extends keyof T['_']['columns'] & string = never,
>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  options: { onConflictDoNothing?: boolean; returning?: K[] } = {},
): Promise<Returned<T, K>[]> {
  if (!rows.length) return [];
  const all = getTableColumns(table) as Record<string, PgColumn>;
  // the columns any row sets; a row leaving one out gets NULL, so only where NULL is its default
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((k) =>
    rows.some((row) => (row as Record<string, unknown>)[k] !== undefined),
  );
  for (const k of keys) {
    const column = all[k];
    if (!column) throw new Error(`insertMany(${getTableName(table)}): no column ${k}`);
    if (
      (column.hasDefault || column.notNull) &&
      rows.some((row) => (row as Record<string, unknown>)[k] === undefined)
    )
      throw new Error(`insertMany(${getTableName(table)}): every row must set ${k}`);
  }
  const columns = keys.map((k) => all[k]!);
  const values = rows.map((row) =>
    keys.map((k, i) => textOf(columns[i]!, (row as Record<string, unknown>)[k])),
  );
  const returning = (options.returning ?? []).map((k) => all[k]!);
  const answer = await rowsOf<Record<string, unknown>>(
    tx.execute(
      unnestInsert(
        getTableName(table),
        columns.map((c) => ({ name: c.name, type: c.getSQLType() })),
        values,
        {
          onConflictDoNothing: options.onConflictDoNothing,
          returning: returning.map((c) => c.name),
        },
      ),
    ),
  );
  return answer.map((r) => {
    const out: Record<string, unknown> = {};
    (options.returning ?? []).forEach((k, i) => {
      const raw = r[returning[i]!.name];
      out[k] = raw === null || raw === undefined ? raw : returning[i]!.mapFromDriverValue(raw);
    });
    return out as Returned<T, K>;
  });
}
