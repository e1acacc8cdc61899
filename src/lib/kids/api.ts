// A member's own children's check-ins from the browser (docs/kids.md "For families").
import type { MemberKidsCheckins, VolunteerRooms } from '../../../contract/kids.ts';
import { mainApi } from '../account/http.ts';

export const fetchMyKidsCheckins = (userId: number, churchId: number) =>
  mainApi()
    .get(`user/${userId}/kids-checkins`, { searchParams: { cliente: churchId } })
    .json<MemberKidsCheckins>();

/** The rosters of the rooms the member serves that day on the rotas (docs/kids.md "Room volunteers"). */
export const fetchMyKidsRooms = (userId: number, churchId: number, data: string) =>
  mainApi()
    .get(`user/${userId}/kids-rooms`, { searchParams: { cliente: churchId, data } })
    .json<VolunteerRooms>();
