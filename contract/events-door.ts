// The door team of an event (docs/events.md "Door team"): which door volunteers
// (ROLE_ADMIN_CHECKIN) an admin gave the event, under `/admin/{slug}/evento/{id}/porta`.
// A volunteer given any event checks in at those only; one given none, at every event.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';

/** PUT /evento/{id}/porta: the whole team (replaces the one before). */
export const doorTeamInput = z.object({
  usuarios: z
    .array(
      z.number({ error: 'staff.events.door.notVolunteer' }).int().positive().max(2_147_483_647),
      { error: 'v.required' },
    )
    .max(200, { error: 'staff.events.door.tooMany' }),
});
export type DoorTeamInput = z.input<typeof doorTeamInput>;

export const doorVolunteerSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  /** On this event's team. */
  naEquipe: z.boolean(),
  /** Events of the church this volunteer is given (0: they check in at every event). */
  eventos: z.number(),
});
export type DoorVolunteer = z.infer<typeof doorVolunteerSchema>;

/** GET/PUT /evento/{id}/porta: every door volunteer of the church, and who is on this event's team. */
export const doorTeamSchema = z.object({
  evento: z.object({ id: z.number(), titulo: z.string() }),
  voluntarios: z.array(doorVolunteerSchema),
});
export type DoorTeam = z.infer<typeof doorTeamSchema>;
