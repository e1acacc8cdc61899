// Volunteer teams and rotas from the browser (docs/volunteers.md): teams, positions, members,
// plans, scheduling, proposals, check-in and the month's report under /admin/{slug}/equipes.
import type {
  PlanDetail,
  Proposal,
  TeamDetail,
  TeamInput,
  TeamsReport,
  TeamSummary,
} from '../../../contract/teams-staff.ts';
import { staffHttp } from './http.ts';

export const fetchTeams = (slug: string) =>
  staffHttp(slug).get('equipes').json<{ equipes: TeamSummary[] }>();

export const fetchTeam = (slug: string, id: number) =>
  staffHttp(slug).get(`equipes/${id}`).json<TeamDetail>();

export const postTeam = (slug: string, form: TeamInput) =>
  staffHttp(slug).post('equipes', { json: form }).json<{ id: number }>();

export const postPosition = (slug: string, id: number, nome: string, quantidade: number) =>
  staffHttp(slug)
    .post(`equipes/${id}/posicoes`, { json: { nome, quantidade } })
    .json<{ id: number }>();

export const deletePositionCall = (slug: string, id: number, positionId: number) =>
  staffHttp(slug).delete(`equipes/${id}/posicoes/${positionId}`);

export const fetchTeamPeople = (slug: string, busca: string) =>
  staffHttp(slug)
    .get('equipes-pessoas', { searchParams: { busca } })
    .json<{ pessoas: { id: number; nome: string; email: string }[] }>();

export const postMember = (slug: string, id: number, idUsuario: number, lider: boolean) =>
  staffHttp(slug).post(`equipes/${id}/membros`, { json: { idUsuario, lider } }).json<TeamDetail>();

export const putMember = (
  slug: string,
  id: number,
  userId: number,
  change: { lider?: boolean; aprovar?: true },
) => staffHttp(slug).put(`equipes/${id}/membros/${userId}`, { json: change }).json<TeamDetail>();

export const deleteMemberCall = (slug: string, id: number, userId: number) =>
  staffHttp(slug).delete(`equipes/${id}/membros/${userId}`);

export const postPlans = (
  slug: string,
  id: number,
  which: { idCulto: number; semanas: number } | { idEvento: number },
) => staffHttp(slug).post(`equipes/${id}/escalas`, { json: which }).json<{ criadas: number[] }>();

export const fetchPlan = (slug: string, id: number, planId: number) =>
  staffHttp(slug).get(`equipes/${id}/escalas/${planId}`).json<PlanDetail>();

export const fetchProposal = (slug: string, id: number, planId: number) =>
  staffHttp(slug).get(`equipes/${id}/escalas/${planId}/proposta`).json<Proposal>();

export const postAssignment = (
  slug: string,
  id: number,
  planId: number,
  idPosicao: number,
  idUsuario: number,
) =>
  staffHttp(slug)
    .post(`equipes/${id}/escalas/${planId}/pessoas`, { json: { idPosicao, idUsuario } })
    .json<{ id: number }>();

export const deleteAssignment = (slug: string, id: number, planId: number, assignmentId: number) =>
  staffHttp(slug).delete(`equipes/${id}/escalas/${planId}/pessoas/${assignmentId}`);

export const postPresence = (
  slug: string,
  id: number,
  planId: number,
  assignmentId: number,
  presente: boolean,
) =>
  staffHttp(slug)
    .post(`equipes/${id}/escalas/${planId}/pessoas/${assignmentId}/presenca`, {
      json: { presente },
    })
    .json<PlanDetail>();

export const putTeam = (slug: string, id: number, form: TeamInput) =>
  staffHttp(slug).put(`equipes/${id}`, { json: form }).json<TeamDetail>();

/** The plan's notes (the positions' counts are left as they are). */
export const putPlanNotes = (slug: string, id: number, planId: number, observacao: string) =>
  staffHttp(slug)
    .put(`equipes/${id}/escalas/${planId}`, { json: { observacao } })
    .json<PlanDetail>();

export const postSwapDecision = (
  slug: string,
  id: number,
  planId: number,
  swapId: number,
  aprovar: boolean,
) =>
  staffHttp(slug)
    .post(`equipes/${id}/escalas/${planId}/trocas/${swapId}`, { json: { aprovar } })
    .json<PlanDetail>();

export const fetchReport = (slug: string, mes: string) =>
  staffHttp(slug).get('equipes/relatorio', { searchParams: { mes } }).json<TeamsReport>();

/** The month's CSV as the API named it. */
export async function fetchReportCsv(slug: string, mes: string) {
  const res = await staffHttp(slug).get('equipes/relatorio', {
    searchParams: { mes, formato: 'csv' },
  });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), filename: name ?? `escalas-${mes}.csv` };
}
