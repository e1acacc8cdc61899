// Runs each part of the demo seed once. A part that already ran (recorded in seed_execucao)
// is skipped, so later parts land on databases created by earlier versions.
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { seedRuns } from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedChurches } from './churches.ts';
import { seedContent } from './content.ts';
import { seedEvents } from './events.ts';
import { seedGiving } from './giving.ts';
import { seedHome, seedHomeBanners } from './home.ts';
import { seedPrayer } from './prayer.ts';
import { seedPrayerOwn } from './prayer-own.ts';
import { seedLive } from './live.ts';
import { seedGroups } from './groups.ts';
import { seedNotes } from './notes.ts';
import { seedReadingPlans } from './reading-plans.ts';
import { seedPraise } from './praise.ts';
import { seedPlay } from './play.ts';
import { seedNotifications } from './notifications.ts';
import { seedTeams } from './teams.ts';
import { seedKids } from './kids.ts';

/** In order; later issues append their parts (content, events, …). */
const PARTS: { name: string; run: (db: Database) => Promise<void> }[] = [
  { name: 'churches', run: seedChurches },
  { name: 'accounts', run: seedAccounts },
  { name: 'content', run: seedContent },
  { name: 'events', run: seedEvents },
  { name: 'home', run: seedHome },
  { name: 'prayer', run: seedPrayer },
  { name: 'prayer-own', run: seedPrayerOwn },
  { name: 'live', run: seedLive },
  { name: 'groups', run: seedGroups },
  { name: 'notes', run: seedNotes },
  { name: 'reading-plans', run: seedReadingPlans },
  { name: 'praise', run: seedPraise },
  { name: 'teams', run: seedTeams },
  { name: 'giving', run: seedGiving },
  { name: 'play', run: seedPlay },
  { name: 'notifications', run: seedNotifications }, // after content and events: it links to them
  { name: 'home-banners', run: seedHomeBanners },
  { name: 'kids', run: seedKids }, // after home: its sessions come from the schedule
];

export async function seedDemo(db: Database): Promise<string[]> {
  const ran: string[] = [];
  for (const part of PARTS) {
    const done = await db.select().from(seedRuns).where(eq(seedRuns.name, part.name));
    if (done.length) continue;
    const started = performance.now();
    await part.run(db);
    await db.insert(seedRuns).values({ name: part.name });
    ran.push(part.name);
    // SEED_TIMING=1 prints what each part costs (the e2e server seeds a fresh database on start).
    if (process.env.SEED_TIMING)
      console.log(`[seed] ${part.name}: ${Math.round(performance.now() - started)} ms`);
  }
  return ran;
}
