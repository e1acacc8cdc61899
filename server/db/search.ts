// The one search rule of the product (docs/architecture.md "Search"): every staff and member search
// (people, registrations, the door's check-in by name, events, groups, songs, content, Play, churches)
// ignores accents and case ("joao" finds João, "ANGELO" finds Ângelo) and lists exact matches first
// ("9001" before "19001"), the same on PGlite and PostgreSQL. translate() rather than the unaccent
// extension, which PGlite lacks; a column that is searched a lot holds its folded text (content's
// `busca_texto`, people's `busca_texto`) behind a trigram index, or read after a key narrowed the rows
// (an event's registrations, `inscricao.busca_texto`).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from './like.ts';
import { SEARCH_ACCENTED as ACCENTED, SEARCH_PLAIN as PLAIN } from './schema/content.ts';

/** A typed term as the database folds text: accents dropped, lowercase, spaces trimmed. */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A LIKE pattern for a search term: accents dropped, lowercase, wildcards escaped. */
export function searchPattern(term: string): string {
  return containsPattern(foldTerm(term));
}

/**
 * Whether a trigram index can find a folded term: pg_trgm looks a LIKE pattern up by its runs of
 * 3+ letters or digits (ASCII: beyond it, what a letter is follows the database's locale). A term
 * without one would read the whole index, so it is found by position over the church's rows instead.
 */
export function trigramSearchable(folded: string): boolean {
  return /[a-z0-9]{3}/.test(folded);
}

/** A column (or expression) folded at query time the way `foldTerm` folds a term. */
export function folded(col: PgColumn | SQL): SQL {
  return sql`lower(translate(coalesce(${col}::text, ''), ${ACCENTED}, ${PLAIN}))`;
}

/** Any of `columns`, folded at query time, contains the term. */
export function matches(term: string, columns: (PgColumn | SQL)[]): SQL {
  const pattern = searchPattern(term);
  return sql`(${sql.join(
    columns.map((col) => sql`${folded(col)} like ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * An ORDER BY key that lists exact matches first, then those starting with the term, then the rest
 * (0, 1, 2): "9001" lists member 9001 before 19001, "ana" lists Ana before Mariana. `columns` may be
 * folded already (a stored folded column) or plain (folded here).
 */
export function exactFirst(term: string, columns: (PgColumn | SQL)[]): SQL {
  const word = foldTerm(term);
  const prefix = `${containsPattern(word).slice(1)}`; // 'term%': the contains pattern without its leading %
  const each = columns.map((col) => folded(col));
  return sql`(case when ${sql.join(
    each.map((f) => sql`${f} = ${word}`),
    sql` or `,
  )} then 0 when ${sql.join(
    each.map((f) => sql`${f} like ${prefix}`),
    sql` or `,
  )} then 1 else 2 end)`;
}
