// A volunteer's rota calls from the browser (docs/volunteers.md), with the session's bearer token:
// their next rotas and answers, blockout dates, asking to join a team, a team plan on a phone.
import type { LinkView, MyRotas, TeamPlanView } from '../../../contract/rotas.ts';
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
