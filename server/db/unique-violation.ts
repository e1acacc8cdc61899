// PostgreSQL's unique_violation (SQLSTATE 23505) as both drivers report it: node-postgres on the
// error, PGlite and drizzle's wrapper sometimes on its cause.
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  } | null;
  if (e?.code !== '23505' && e?.cause?.code !== '23505') return false;
  if (constraint === undefined) return true;
  const name = e?.constraint ?? e?.cause?.constraint ?? '';
  return (
    name === constraint ||
    String((error as Error).message ?? '').includes(constraint) ||
    String(e?.cause ?? '').includes(constraint)
  );
}
