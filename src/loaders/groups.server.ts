// Loaders for the public group pages (spec §2 "/groups"): each calls the v1 groups API and parses
// the answer with contract/groups.ts. A group that does not exist here (404, or a malformed id the
// API refuses with 400) comes back as null, for spec §8's "no matching cell found".
import { HTTPError } from 'ky';
import { groupDetailSchema, groupListResponseSchema, type GroupDetail, type GroupListResponse } from '../../contract/groups.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';
import type { GroupFilters } from '../lib/groups/list.ts';

const slugOf = (slug: string) => encodeURIComponent(slug);

/** `GET /igreja/{slug}/celula/` with the page's filters; bad input (a hand-typed URL) lists nothing. */
export async function loadGroups(slug: string, filters: GroupFilters): Promise<GroupListResponse | null> {
  const query = new URLSearchParams();
  if (filters.busca) query.set('busca', filters.busca);
  if (filters.dia !== undefined) query.set('dia', String(filters.dia));
  if (filters.bairro) query.set('bairro', filters.bairro);
  if (filters.near) {
    query.set('latitude', String(filters.near.latitude));
    query.set('longitude', String(filters.near.longitude));
  }
  query.set('limit', '50');
  try {
    return await getParsed(serverApi(), `igreja/${slugOf(slug)}/celula/?${query}`, groupListResponseSchema);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 400) return null;
    throw error;
  }
}

/** `GET /celula/{id}?igreja=`: only a group of this church. */
export async function loadGroup(churchId: number, id: string): Promise<GroupDetail | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  try {
    return await getParsed(serverApi(), `celula/${id}?igreja=${churchId}`, groupDetailSchema);
  } catch (error) {
    if (error instanceof HTTPError && (error.response.status === 404 || error.response.status === 400)) return null;
    throw error;
  }
}
