// A member's group calls from the browser (spec §7 "Groups and studies" and the leader's calls of
// contract/groups.ts), all with the session's bearer token on the main API client. Types only
// from the contract: no zod in islands.
import type {
  GroupAnswer,
  GroupAttendance,
  GroupDetail,
  GroupMeeting,
  GroupMeetingInput,
  GroupMeetingResponse,
  GroupMeetingsResponse,
  GroupRequest,
  GroupRequestsResponse,
} from '../../../contract/groups.ts';
import type { LeaderGroupBody } from '../../../contract/groups-staff.ts';
import type { MeetingNotice, MeetingNoticeSent } from '../../../contract/notification-meeting.ts';
import { mainApi } from '../account/http.ts';

/** `GET /celula/{id}?igreja=` with the token: `minhaParticipacao` says what the caller is to the group. */
export const loadMyGroupView = (id: number, churchId: number) =>
  mainApi()
    .get(`celula/${id}`, { searchParams: { igreja: churchId } })
    .json<GroupDetail>();

/** `POST /igreja/{slug}/solicitacao-celula/admissao` */
export const askToJoin = (slug: string, idCelula: number, mensagem: string) =>
  mainApi()
    .post(`igreja/${encodeURIComponent(slug)}/solicitacao-celula/admissao`, {
      json: { idCelula, ...(mensagem.trim() ? { mensagem: mensagem.trim() } : {}) },
    })
    .json<{ status: true; message: string; solicitacao: GroupRequest }>();

/** `GET /celula/{id}/reuniao-registro/`: newest first. */
export const loadMeetings = (id: number) =>
  mainApi().get(`celula/${id}/reuniao-registro/`).json<GroupMeetingsResponse>();

/** `GET /celula/{id}/reuniao-registro/{meetingId}` */
export const loadMeeting = (id: number, meetingId: number) =>
  mainApi().get(`celula/${id}/reuniao-registro/${meetingId}`).json<GroupMeetingResponse>();

/** `GET /celula/{id}/solicitacao-admissao/` (the leader). */
export const loadRequests = (id: number) =>
  mainApi().get(`celula/${id}/solicitacao-admissao/`).json<GroupRequestsResponse>();

/** `PUT /celula/{id}/solicitacao-admissao/{requestId}` (the leader). */
export const answerRequest = (id: number, requestId: number, acao: GroupAnswer['acao']) =>
  mainApi()
    .put(`celula/${id}/solicitacao-admissao/${requestId}`, { json: { acao } })
    .json<{ status: true; message: string; solicitacao: GroupRequest }>();

/** `POST /celula/{id}/reuniao-registro/` (the leader): a meeting and who came. */
export const recordMeeting = (id: number, input: GroupMeetingInput) =>
  mainApi()
    .post(`celula/${id}/reuniao-registro/`, { json: input })
    .json<{ status: true; message: string; reuniao: GroupMeeting }>();

/** `GET /celula/{id}/presenca` (the leader): the roster and who came to each meeting. */
export const loadAttendance = (id: number) =>
  mainApi().get(`celula/${id}/presenca`).json<GroupAttendance>();

/** `DELETE /celula/{id}/participacao`: the member leaves (the leader is refused with the reason). */
export const leaveGroup = (id: number) =>
  mainApi().delete(`celula/${id}/participacao`).json<{ status: true; message: string }>();

/** `PUT /celula/{id}` (the leader): the group's details, without its leader and active flag. */
export const updateMyGroup = (id: number, body: LeaderGroupBody) =>
  mainApi()
    .put(`celula/${id}`, { json: body })
    .json<{ status: true; message: string; id: number }>();

/** `PUT /celula/{id}/reuniao-registro/{meetingId}` (the leader): corrects a recorded meeting. */
export const correctMeeting = (id: number, meetingId: number, input: GroupMeetingInput) =>
  mainApi()
    .put(`celula/${id}/reuniao-registro/${meetingId}`, { json: input })
    .json<{ status: true; message: string; reuniao: GroupMeeting }>();

/**
 * `POST /celula/{id}/proximo-encontro` (the leader): tells the members of the next meeting;
 * `destinatarios` is how many members it reaches (docs/notifications.md "A group's next meeting").
 */
export const announceNextMeeting = (id: number, body: MeetingNotice) =>
  mainApi().post(`celula/${id}/proximo-encontro`, { json: body }).json<MeetingNoticeSent>();

/** The day names of the page's strings, Sunday first (contract: 0 Sunday … 6 Saturday). */
export const dayName = (t: (key: string) => string, day: number): string => t(`groups.days.${day}`);
