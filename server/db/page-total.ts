// A page of a list and the list's total in one statement (docs/performance.md "Renders without the
// cache, a seventh time"): the count is a column of the page's statement, which the database runs
// once (an InitPlan), so a list is one trip to the database instead of two. A page past the end has
// no row to carry the count: `pageTotal` then runs the count alone.
import { sql, type SQLWrapper } from 'drizzle-orm';

/** `count` (a `select count(*) …` with its own filters and placeholders) as a column of each row. */
export const totalColumn = (count: SQLWrapper) => sql<number>`(${count})`.mapWith(Number);

/** The list's total: carried by the page's first row, 0 for an empty first page, else counted alone. */
export async function pageTotal(
  rows: readonly { total: number }[],
  offset: number,
  countAlone: () => Promise<readonly { n: unknown }[]>,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return offset === 0 ? 0 : Number((await countAlone())[0]?.n ?? 0);
}
