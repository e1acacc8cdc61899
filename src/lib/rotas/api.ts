// A volunteer's rota calls from the browser (docs/volunteers.md), with the session's bearer token:
// their next rotas and answers, swaps, the plan's QR check-in, blockout dates, asking to join a
// team, a team plan on a phone.
import type { LinkView, MyRotas, QrCheckInResult, TeamPlanView } from '../../../contract/rotas.ts';
import { mainApi } from '../account/http.ts';

const base = (slug: string) => `igreja/${encodeURIComponent(slug)}`;

export const fetchMyRotas = (slug: string) =>
  mainApi()
    .get(`${base(slug)}/escalas`)
    .json<MyRotas>();

export const postAnswer = (slug: string, id: number, resposta: 'aceitar' | 'recusar') =>
  mainApi()
    .post(`${base(slug)}/escalas/${id}/resposta`, { json: { resposta } })
    .json<LinkView>();

export const postBlockout = (
  slug: string,
  form: { inicio: string; fim: string; motivo: string | null },
) =>
  mainApi()
    .post(`${base(slug)}/bloqueios`, { json: form })
    .json<{ id: number }>();

export const deleteBlockout = (slug: string, id: number) =>
  mainApi().delete(`${base(slug)}/bloqueios/${id}`);

export const postJoin = (slug: string, teamId: number) =>
  mainApi().post(`${base(slug)}/equipes/${teamId}/pedido`);

export const fetchTeamPlan = (slug: string, planId: number) =>
  mainApi()
    .get(`${base(slug)}/escala/${planId}`)
    .json<TeamPlanView>();

export const postCheckIn = (slug: string, id: number) =>
  mainApi().post(`${base(slug)}/escalas/${id}/presenca`);

export const postSwap = (slug: string, assignmentId: number, idPara: number | null) =>
  mainApi()
    .post(`${base(slug)}/escalas/${assignmentId}/troca`, { json: { idPara } })
    .json<{ id: number }>();

export const postTakeSwap = (slug: string, swapId: number) =>
  mainApi()
    .post(`${base(slug)}/trocas/${swapId}/aceitar`)
    .json<{ estado: 'aguardando' | 'feita' }>();

export const deleteSwap = (slug: string, swapId: number) =>
  mainApi().delete(`${base(slug)}/trocas/${swapId}`);

export const postQrCheckIn = (slug: string, t: string) =>
  mainApi()
    .post(`${base(slug)}/escala-presenca`, { json: { t } })
    .json<QrCheckInResult>();
