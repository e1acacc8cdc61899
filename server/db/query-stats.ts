// Counts the SQL statements a piece of work sends (docs/performance.md: queries per page, no writes on read
// paths). The db client reports every statement here (client.ts, drizzle's logger hook); only work
// started inside `countQueries` is counted, so outside a count it costs one AsyncLocalStorage look-up.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface QueryStats {
  /** Statements sent, in order. */
  statements: string[];
  /** How many of them write (or lock rows to write). */
  writes: number;
}

const current = new AsyncLocalStorage<QueryStats>();

/** Statements that change data or schema, or lock rows for a change. */
const WRITE =
  /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge|create|alter|drop|truncate|copy|grant|revoke|lock|vacuum|refresh|comment|reindex|cluster)\b|\bfor\s+(no\s+key\s+)?(update|share)\b|\bnextval\s*\(|\bsetval\s*\(/i;

export const isWriteStatement = (sql: string): boolean => WRITE.test(sql);

/** Called by the db client for every statement. */
export function recordQuery(sql: string): void {
  const stats = current.getStore();
  if (!stats) return;
  stats.statements.push(sql);
  if (isWriteStatement(sql)) stats.writes++;
}

/** Runs `work` and returns what it sent to the database (including from calls it awaits in-process). */
export async function countQueries<T>(
  work: () => Promise<T> | T,
): Promise<{ result: T; stats: QueryStats }> {
  const stats: QueryStats = { statements: [], writes: 0 };
  // Awaited inside the context: drizzle queries are lazy thenables that run when awaited.
  const result = await current.run(stats, async () => await work());
  return { result, stats };
}

/** The count in progress, if any (for a response header in development). */
export const activeQueryStats = (): QueryStats | undefined => current.getStore();
