// Loaders for the public group pages (spec §2 "/groups"): each calls the v1 groups API and parses
// the answer with contract/groups.ts. A group that does not exist here (404, or a malformed id the
// API refuses with 400) comes back as null, for spec §8's "no matching cell found".
import { HTTPError } from 'ky';
import {
  groupDetailSchema,
  groupListResponseSchema,
  type GroupDetail,
  type GroupListResponse,
} from '../../contract/groups.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';
import { groupsQuery, type GroupFilters } from '../lib/groups/list.ts';

const slugOf = (slug: string) => encodeURIComponent(slug);

/** `GET /igreja/{slug}/celula/` with the page's filters; bad input (a hand-typed URL) lists nothing. */
export async function loadGroups(
  slug: string,
  filters: GroupFilters,
): Promise<GroupListResponse | null> {
  const query = groupsQuery(filters);
  query.set('limit', '50');
  try {
    return await getParsed(
      serverApi(),
      `igreja/${slugOf(slug)}/celula/?${query}`,
      groupListResponseSchema,
    );
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 400) return null;
    throw error;
  }
}

/** `GET /celula/{id}?igreja=`: only a group of this church. */
export async function loadGroup(churchId: number, id: string): Promise<GroupDetail | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  return orNull(getParsed(serverApi(), `celula/${id}?igreja=${churchId}`, groupDetailSchema));
}
