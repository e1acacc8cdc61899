// An event's door team from the browser (docs/events.md "Door team"): the calls under
// `/api/v1/admin/{slug}/evento/{id}/porta`, typed by contract/events-door.ts.
import type { DoorTeam, DoorTeamInput } from '../../../contract/events-door.ts';
import { staffHttp } from './http.ts';

export const fetchDoorTeam = (slug: string, id: number) =>
  staffHttp(slug).get(`evento/${id}/porta`).json<DoorTeam>();

export const saveDoorTeam = (slug: string, id: number, body: DoorTeamInput) =>
  staffHttp(slug).put(`evento/${id}/porta`, { json: body }).json<DoorTeam>();
