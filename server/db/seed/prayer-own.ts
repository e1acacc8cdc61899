// The demo member's own unpublished request in graca, so "my requests" (/user/prayer, spec §2) shows
// one the wall never does (spec §3 flagPublicarMural). A part of its own so databases seeded before
// it get it too (seed parts run once each).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

/** membro@graca.demo's private request (only the author and the pastoral team see it). */
export const MEMBER_PRIVATE_PRAYER =
  'Peço oração pela minha sogra, que vem morar conosco no mês que vem. Quero paciência e sabedoria para a nova rotina da casa.';

export async function seedPrayerOwn(db: Database): Promise<void> {
  const [church] = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(eq(t.churches.code, 'graca'));
  const [user] = await db
    .select({ id: t.users.id, firstName: t.users.firstName })
    .from(t.users)
    .where(eq(t.users.email, 'membro@graca.demo'));
  if (!church || !user) return; // a database seeded without them
  const [reason] = await db
    .select({ id: t.prayerReasons.id })
    .from(t.prayerReasons)
    .where(and(eq(t.prayerReasons.churchId, church.id), eq(t.prayerReasons.name, 'Família')));
  await db.insert(t.prayers).values({
    churchId: church.id,
    userId: user.id,
    reasonId: reason?.id ?? null,
    name: user.firstName,
    message: MEMBER_PRIVATE_PRAYER,
    publishOnWall: false,
    wantsCall: true,
    wantsVisit: false,
    prayedCount: 0,
    createdAt: new Date(Date.now() - 6 * 3_600_000),
  });
}
