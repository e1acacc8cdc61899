// The door team of an event (docs/events.md "Door team"): an admin gives events to door
// volunteers (ROLE_ADMIN_CHECKIN); a volunteer given any event checks in at those only, and one
// given none keeps checking in at every event of the church (so a church that never sets a team
// works as before). Admins are never limited.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DoorTeam } from '../../contract/events-door.ts';
import { mayUse } from '../../contract/staff.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

const VOLUNTEER = sql`${t.churchUsers.roles} @> '["ROLE_ADMIN_CHECKIN"]'::jsonb`;

/**
 * The events a door volunteer may check in at, or null when they are not limited (an admin, or
 * a volunteer given no event).
 */
export async function checkinLimit(db: Database, actor: StaffActor): Promise<number[] | null> {
  if (mayUse(actor.roles, 'events')) return null;
  const rows = await db
    .select({ eventId: t.eventDoorTeam.eventId })
    .from(t.eventDoorTeam)
    .where(
      and(eq(t.eventDoorTeam.churchId, actor.churchId), eq(t.eventDoorTeam.userId, actor.userId)),
    );
  return rows.length ? rows.map((r) => r.eventId) : null;
}

/** 403 when the caller is on the door team of other events but not this one. */
export async function assertMayCheckIn(
  db: Database,
  actor: StaffActor,
  eventId: number,
): Promise<void> {
  const limit = await checkinLimit(db, actor);
  if (limit && !limit.includes(eventId))
    throw new ApiProblem(403, 'staff.events.checkin.notAssigned');
}

async function eventOf(db: Database, churchId: number, id: number) {
  const [row] = await db
    .select({ id: t.events.id, title: t.events.title })
    .from(t.events)
    .where(and(eq(t.events.id, id), eq(t.events.churchId, churchId)));
  if (!row) throw notFound('staff.events.notFound');
  return row;
}

/** Every door volunteer of the church, marked when on this event's team. */
export async function doorTeam(db: Database, churchId: number, eventId: number): Promise<DoorTeam> {
  const event = await eventOf(db, churchId, eventId);
  const people = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      onTeam: sql<boolean>`exists (select 1 from evento_porta p where p.evento_id = ${eventId} and p.usuario_id = ${t.users.id})`,
      events: sql<number>`(select count(*) from evento_porta p where p.igreja_id = ${churchId} and p.usuario_id = ${t.users.id})::int`,
    })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.active, true), VOLUNTEER))
    .orderBy(t.users.firstName, t.users.id);
  return {
    evento: { id: event.id, titulo: event.title },
    voluntarios: people.map((p) => ({
      id: p.id,
      nome: [p.first, p.last].filter(Boolean).join(' ') || p.email,
      email: p.email,
      naEquipe: Boolean(p.onTeam),
      eventos: Number(p.events),
    })),
  };
}

/** Replaces the event's door team; everyone on it must be a door volunteer of this church. */
export async function setDoorTeam(
  deps: StaffWriteDeps,
  actor: StaffActor,
  eventId: number,
  userIds: number[],
): Promise<DoorTeam> {
  const { db } = deps;
  const event = await eventOf(db, actor.churchId, eventId);
  const wanted = [...new Set(userIds)];
  const volunteers = wanted.length
    ? await db
        .select({ id: t.churchUsers.userId })
        .from(t.churchUsers)
        .where(
          and(
            eq(t.churchUsers.churchId, actor.churchId),
            eq(t.churchUsers.active, true),
            inArray(t.churchUsers.userId, wanted),
            VOLUNTEER,
          ),
        )
    : [];
  const known = new Set(volunteers.map((v) => v.id));
  const stranger = wanted.findIndex((id) => !known.has(id));
  if (stranger >= 0)
    throw fieldProblem(422, `usuarios.${stranger}`, 'staff.events.door.notVolunteer');
  await staffWrite(
    deps,
    actor,
    {
      action: 'events.doorTeam',
      kind: 'evento',
      targetId: eventId,
      summary: event.title,
      details: { usuarios: wanted },
    },
    async (tx) => {
      await tx
        .delete(t.eventDoorTeam)
        .where(
          and(eq(t.eventDoorTeam.churchId, actor.churchId), eq(t.eventDoorTeam.eventId, eventId)),
        );
      if (wanted.length)
        await tx
          .insert(t.eventDoorTeam)
          .values(wanted.map((userId) => ({ churchId: actor.churchId, eventId, userId })))
          .onConflictDoNothing();
    },
    { purge: false }, // no public page shows the door team
  );
  return doorTeam(db, actor.churchId, eventId);
}
