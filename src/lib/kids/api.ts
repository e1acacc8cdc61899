// A member's own children's check-ins from the browser (docs/kids.md "For families").
import type { MemberKidsCheckins } from '../../../contract/kids.ts';
import { mainApi } from '../account/http.ts';

export const fetchMyKidsCheckins = (userId: number, churchId: number) =>
  mainApi()
    .get(`user/${userId}/kids-checkins`, { searchParams: { cliente: churchId } })
    .json<MemberKidsCheckins>();
