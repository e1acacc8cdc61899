// The rows of a raw statement (`db.execute(sql…)`): drizzle types its answer per driver, but both
// node-postgres and PGlite answer `{ rows }`.
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
