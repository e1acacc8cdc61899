// The worship list's call from the browser (the members-only `GET /igreja/{slug}/louvor/?busca=`),
// with the session's bearer token on the main API client. Types only from the contract.
import type { PraiseListResponse, PraiseSummary } from '../../../contract/praise.ts';
import { mainApi } from '../account/http.ts';

export async function loadSongs(slug: string, search: string): Promise<PraiseSummary[]> {
  const query = search.trim() ? `?busca=${encodeURIComponent(search.trim())}` : '';
  const { louvores } = await mainApi()
    .get(`igreja/${encodeURIComponent(slug)}/louvor/${query}`)
    .json<PraiseListResponse>();
  return louvores;
}

/** The embed view of a song (spec §2 /embed/praise). */
export const songHref = (id: number): string => `/embed/praise?praiseId=${id}`;
