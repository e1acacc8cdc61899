// A member's own children's check-ins from the browser (docs/kids.md "For families").
import type {
  KidsLabels,
  KidsPrecheckin,
  MemberKidsCheckins,
  VolunteerRooms,
} from '../../../contract/kids.ts';
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

/** The phone's offset from UTC in minutes, so "today" and the window are the family's own. */
export const phoneOffset = (now = new Date()) => -now.getTimezoneOffset();

/** Today's services a parent can pre-check into, and the family's codes (docs/kids.md "From the parent's phone"). */
export const fetchMyPrecheckin = (userId: number, churchId: number) =>
  mainApi()
    .get(`user/${userId}/kids-precheckin`, {
      searchParams: { cliente: churchId, fuso: phoneOffset() },
    })
    .json<KidsPrecheckin>();

export const postMyPrecheckin = (
  userId: number,
  churchId: number,
  horario: string,
  criancas: number[],
) =>
  mainApi()
    .post(`user/${userId}/kids-precheckin`, {
      searchParams: { cliente: churchId },
      json: { fuso: phoneOffset(), horario, criancas },
      retry: 0,
    })
    .json<KidsLabels>();

export const cancelMyPrecheckin = (userId: number, churchId: number, codeId: number) =>
  mainApi()
    .delete(`user/${userId}/kids-precheckin/${codeId}`, { searchParams: { cliente: churchId } })
    .json<{ cancelado: true }>();
