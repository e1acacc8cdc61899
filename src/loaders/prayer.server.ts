// Loaders for the prayer wall pages and the home excerpt (spec §2 "/prayer"): each calls the v1
// prayer API and parses the answer with contract/prayer.ts. A request that does not exist (404, or
// a malformed id the API refuses with 400) comes back as null, for spec §8's "no result found".
import {
  prayerDetailSchema,
  prayerListResponseSchema,
  prayerReasonsResponseSchema,
  type PrayerItem,
} from '../../contract/prayer.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';
import { apiQuery, type ListParams } from '../lib/content-list.ts';
import type { ChurchContext } from '../lib/tenancy.server.ts';

const slugOf = (slug: string) => encodeURIComponent(slug);

/** The wall page: one page of requests (`?motivo&page`) and the reasons for the chips. */
export async function loadPrayerWall(slug: string, params: ListParams) {
  const api = serverApi();
  const [list, { motivos }] = await Promise.all([
    getParsed(
      api,
      `oracao/${slugOf(slug)}${apiQuery({ ...params, search: '' }, 'motivo')}`,
      prayerListResponseSchema,
    ),
    getParsed(api, `igreja/${slugOf(slug)}/oracao-motivo/`, prayerReasonsResponseSchema),
  ]);
  return { list, reasons: motivos };
}

/** The request form's reasons (`GET /igreja/{slug}/oracao-motivo/`). */
export async function loadPrayerReasons(slug: string) {
  const { motivos } = await getParsed(
    serverApi(),
    `igreja/${slugOf(slug)}/oracao-motivo/`,
    prayerReasonsResponseSchema,
  );
  return motivos;
}

export async function loadPrayer(slug: string, id: string) {
  return orNull(
    getParsed(serverApi(), `oracao/${slugOf(slug)}/${encodeURIComponent(id)}`, prayerDetailSchema),
  );
}

export const HOME_PRAYERS = 3;

/**
 * The home's prayer wall excerpt: the latest public requests, or none when the church has no
 * MOD_MURAL_ORACAO or the call fails (spec §4: a failing load leaves the block empty and hidden).
 */
export async function loadHomePrayers(church: ChurchContext): Promise<PrayerItem[]> {
  if (!church.modules.includes('MOD_MURAL_ORACAO')) return [];
  try {
    const list = await getParsed(
      serverApi(),
      `oracao/${slugOf(church.church.slug)}?limit=${HOME_PRAYERS}`,
      prayerListResponseSchema,
    );
    return list.oracoes;
  } catch (error) {
    console.error('[web] home block "prayer" failed', error);
    return [];
  }
}
