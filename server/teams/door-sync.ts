// An event's door team is the door positions of its plans (SUNDAY.md "One model"): someone asked
// or accepted in a door team's plan for an event is on that event's door team
// (server/events/door-team.service.ts); a decline or removal takes them off again, unless another
// door plan of the event still has them.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export async function syncDoorTeam(
  db: Db,
  churchId: number,
  planId: number,
  userId: number,
): Promise<void> {
  const [plan] = await db
    .select({ eventId: t.teamPlans.eventId, kind: t.teams.kind })
    .from(t.teamPlans)
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .where(and(eq(t.teamPlans.id, planId), eq(t.teamPlans.churchId, churchId)));
  if (!plan?.eventId || plan.kind !== 'porta') return;
  const [live] = await db
    .select({ id: t.assignments.id })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .where(
      and(
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        eq(t.teamPlans.eventId, plan.eventId),
        eq(t.teams.kind, 'porta'),
        sql`${t.assignments.state} <> 'recusada'`,
      ),
    )
    .limit(1);
  if (live)
    await db
      .insert(t.eventDoorTeam)
      .values({ churchId, eventId: plan.eventId, userId })
      .onConflictDoNothing();
  else
    await db
      .delete(t.eventDoorTeam)
      .where(
        and(
          eq(t.eventDoorTeam.churchId, churchId),
          eq(t.eventDoorTeam.eventId, plan.eventId),
          eq(t.eventDoorTeam.userId, userId),
        ),
      );
}
