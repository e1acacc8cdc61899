// The one search folding of content (spec §2 "search by title or keyword"): the public lists and
// the staff lists (docs/staff.md) fold a typed term the way the `busca_texto` column holds text.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';

// Accent-insensitive search with translate(), not the unaccent extension: "noticia" finds "Notícia".
const ACCENTED = t.SEARCH_ACCENTED;
const PLAIN = t.SEARCH_PLAIN;

/** A search term as the search column holds text: accents dropped, lowercase. */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern for a search term: accents dropped, lowercase, wildcards escaped. */
export function searchPattern(term: string): string {
  return containsPattern(foldTerm(term));
}

/**
 * Whether the trigram index (migration 0017) can find a folded term: pg_trgm looks a LIKE pattern
 * up by its runs of 3+ letters or digits (ASCII: beyond it, what a letter is follows the database's
 * locale). A term without one would read the whole index (50 ms on a church of 12,000 news), so it
 * is found by position over the church's rows instead, as before the index.
 */
export function trigramSearchable(folded: string): boolean {
  return /[a-z0-9]{3}/.test(folded);
}

/** Any of `columns`, folded at query time, contains the term (tables without a folded column). */
export function matches(term: string, columns: (PgColumn | SQL)[]): SQL {
  const pattern = searchPattern(term);
  const tests = columns.map(
    (col) =>
      sql`lower(translate(coalesce(${col}::text, ''), ${ACCENTED}, ${PLAIN})) like ${pattern}`,
  );
  return sql`(${sql.join(tests, sql` or `)})`;
}
