// The church home's blocks (spec §2 "/"): banners, upcoming events, schedule, each loaded
// at once and each left empty when its module is off or its call fails (spec §4: a failing
// load resets that state to empty), so one broken block never breaks the page.
import { bannersResponseSchema, type Banner } from '../../contract/church.ts';
import { upcomingEventsResponseSchema, type EventCard } from '../../contract/events.ts';
import { scheduleResponseSchema, type WeeklyService } from '../../contract/schedule.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';
import { upcomingEvents } from '../lib/home-format.ts';
import type { ChurchContext } from '../lib/tenancy.server.ts';

export interface HomeBlocks {
  /** Every active banner, in the staff's order (docs/content.md "Home"): the first leads the page. */
  banners: Banner[];
  /** Next events still to end, soonest first (at most `UPCOMING_EVENTS`). */
  events: EventCard[];
  /** The weekly services; empty without MOD_CULTO. */
  schedule: WeeklyService[];
}

export const UPCOMING_EVENTS = 3;

async function orEmpty<T>(enabled: boolean, load: () => Promise<T[]>, block: string): Promise<T[]> {
  if (!enabled) return [];
  try {
    return await load();
  } catch (error) {
    console.error(`[web] home block "${block}" failed`, error);
    return [];
  }
}

export async function loadHomeBlocks(church: ChurchContext, now = new Date()): Promise<HomeBlocks> {
  const api = serverApi();
  const slug = encodeURIComponent(church.church.slug);
  const has = (module: string) => church.modules.includes(module);
  const [banners, events, schedule] = await Promise.all([
    orEmpty(
      true,
      async () =>
        (await getParsed(api, `banner/?igreja=${church.church.id}`, bannersResponseSchema)).banners,
      'banner',
    ),
    orEmpty(
      has('MOD_EVENTO'),
      // Only the next few, as cards, by the API (a church may have many events); kept in order below too.
      async () =>
        (
          await getParsed(
            api,
            `igreja/${slug}/evento/?proximos=${UPCOMING_EVENTS}`,
            upcomingEventsResponseSchema,
          )
        ).eventos,
      'events',
    ),
    orEmpty(
      has('MOD_CULTO'),
      async () => (await getParsed(api, `igreja/${slug}/agenda/`, scheduleResponseSchema)).agenda,
      'schedule',
    ),
  ]);
  return {
    banners,
    events: upcomingEvents(events, now, UPCOMING_EVENTS),
    schedule,
  };
}
