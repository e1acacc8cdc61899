// How staff find a person of their church (the directory, the group pickers, the door team): the
// one search rule of server/db/search.ts over the account's folded text and the member number.
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { exactFirst, folded, foldTerm, searchPattern } from '../db/search.ts';

/**
 * The directory's search (the one rule, server/db/search.ts): name, e-mail and phone digits from the
 * account's folded `busca_texto` (trigram index), the member number of this church; accents and case
 * ignored. The account ids come from a sub-select so the index answers it before the join.
 */
export function personSearch(busca: string): SQL {
  const term = foldTerm(busca);
  const digits = busca.replace(/\D/g, '');
  const texts = [sql`${t.users.searchText} like ${searchPattern(term)}`];
  if (digits.length >= 4 && digits !== term)
    texts.push(sql`${t.users.searchText} like ${containsPattern(digits)}`);
  return sql`(${t.users.id} in (select ${t.users.id} from ${t.users} where ${sql.join(texts, sql` or `)}) or ${folded(t.churchUsers.memberNumber)} like ${searchPattern(term)})`;
}

/** Exact matches first (a whole name, e-mail or member number), then those that start with the term. */
export const personRank = (busca: string) =>
  exactFirst(busca, [
    sql`${t.users.firstName} || ' ' || coalesce(${t.users.lastName}, '')`,
    t.users.firstName,
    t.users.email,
    t.churchUsers.memberNumber,
  ]);
