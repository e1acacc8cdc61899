// How staff find a person of their church (the directory, the group pickers, the door team): the
// one search rule of server/db/search.ts over the account's folded text and the member number.
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { foldTerm, searchPattern } from '../db/search.ts';

/**
 * The directory's search (the one rule, server/db/search.ts): name, e-mail and phone digits from the
 * account's folded `busca_texto` (trigram index), or the member number at this church; accents and
 * case ignored. The matching accounts are found first, by the index, and only they are joined to the
 * church's members: a search at a church of 20,000 reads a few rows, not all of them
 * (docs/performance.md "People search").
 */
export function personSearch(churchId: number, busca: string): SQL {
  const pattern = searchPattern(busca);
  const digits = busca.replace(/\D/g, '');
  const texts = [sql`u.busca_texto like ${pattern}`];
  if (digits.length >= 4 && digits !== foldTerm(busca))
    texts.push(sql`u.busca_texto like ${containsPattern(digits)}`);
  return sql`${t.churchUsers.userId} in (select u.id from ${t.users} u where ${sql.join(texts, sql` or `)} union all select m.usuario_id from ${t.churchUsers} m where m.igreja_id = ${churchId} and lower(m.numero_membro) like ${pattern})`;
}

/**
 * Exact matches first: the whole name, the whole e-mail or the member number (0), then a name or
 * number that starts with the term (1), then the rest. Read from the stored folded text
 * (`name\ne-mail\nphone`), so ranking 2,000 matches costs a few LIKEs each, not a translate().
 */
export function personRank(busca: string): SQL {
  const term = foldTerm(busca);
  const literal = containsPattern(term).slice(1, -1); // the term with its wildcards escaped
  return sql`(case when ${t.users.searchText} like ${`${literal}\n%`} or ${t.users.searchText} like ${`%\n${literal}\n%`} or lower(${t.churchUsers.memberNumber}) = ${term} then 0 when ${t.users.searchText} like ${`${literal}%`} or lower(${t.churchUsers.memberNumber}) like ${`${literal}%`} then 1 else 2 end)`;
}
