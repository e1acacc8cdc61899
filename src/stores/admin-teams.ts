// The volunteer teams page's state (docs/volunteers.md): the teams list, the open team, the open
// plan with its proposal, and the actions that change them (each reloads what it changed).
import { atom } from 'nanostores';
import type {
  PlanDetail,
  Proposal,
  TeamDetail,
  TeamInput,
  TeamSummary,
} from '../../contract/teams-staff.ts';
import * as api from '../lib/staff/teams-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, saveDownload, type Loadable } from './staff-store.ts';

export const $teams = atom<Loadable<{ equipes: TeamSummary[] }>>({ state: 'idle' });
export const $team = atom<Loadable<TeamDetail>>({ state: 'idle' });
export const $plan = atom<Loadable<PlanDetail>>({ state: 'idle' });
export const $proposal = atom<Proposal | null>(null);

export const loadTeams = (slug: string) => loadInto($teams, () => api.fetchTeams(slug));
export const loadTeam = (slug: string, id: number) =>
  loadInto($team, () => api.fetchTeam(slug, id), false);
export const loadPlan = (slug: string, id: number, planId: number) =>
  loadInto($plan, () => api.fetchPlan(slug, id, planId), false);

export async function createTeam(
  slug: string,
  form: TeamInput,
): Promise<{ id: number } | ApiFailure> {
  try {
    const made = await api.postTeam(slug, form);
    await loadTeams(slug);
    return made;
  } catch (error) {
    return staffFailure(error);
  }
}

export const addPosition = (slug: string, id: number, nome: string, quantidade: number) =>
  attempt(
    () => api.postPosition(slug, id, nome, quantidade),
    () => loadTeam(slug, id),
  );

export const removePosition = (slug: string, id: number, positionId: number) =>
  attempt(
    () => api.deletePositionCall(slug, id, positionId),
    () => loadTeam(slug, id),
  );

export const searchTeamPeople = async (slug: string, busca: string) =>
  (await api.fetchTeamPeople(slug, busca)).pessoas;

export const addMember = (slug: string, id: number, userId: number, leader: boolean) =>
  attempt(
    () => api.postMember(slug, id, userId, leader),
    () => loadTeam(slug, id),
  );

export const changeMember = (
  slug: string,
  id: number,
  userId: number,
  change: { lider?: boolean; aprovar?: true },
) =>
  attempt(
    () => api.putMember(slug, id, userId, change),
    () => loadTeam(slug, id),
  );

export const removeMember = (slug: string, id: number, userId: number) =>
  attempt(
    () => api.deleteMemberCall(slug, id, userId),
    () => loadTeam(slug, id),
  );

export const makePlans = (
  slug: string,
  id: number,
  which: { idCulto: number; semanas: number } | { idEvento: number },
) =>
  attempt(
    () => api.postPlans(slug, id, which),
    () => loadTeam(slug, id),
  );

export async function loadProposal(slug: string, id: number, planId: number) {
  $proposal.set(null);
  try {
    $proposal.set(await api.fetchProposal(slug, id, planId));
  } catch {
    $proposal.set({ propostas: [] });
  }
}

/** Schedules a person (they are asked by e-mail), then reloads the plan and its proposal. */
export const schedulePerson = (
  slug: string,
  id: number,
  planId: number,
  planPositionId: number,
  userId: number,
) =>
  attempt(
    () => api.postAssignment(slug, id, planId, planPositionId, userId),
    async () => {
      await loadPlan(slug, id, planId);
      if ($proposal.get()) await loadProposal(slug, id, planId);
    },
  );

export const unschedule = (slug: string, id: number, planId: number, assignmentId: number) =>
  attempt(
    () => api.deleteAssignment(slug, id, planId, assignmentId),
    () => loadPlan(slug, id, planId),
  );

export const markPresence = (
  slug: string,
  id: number,
  planId: number,
  assignmentId: number,
  present: boolean,
) =>
  attempt(
    () => api.postPresence(slug, id, planId, assignmentId, present),
    () => loadPlan(slug, id, planId),
  );

export const downloadReport = async (slug: string, month: string) =>
  attempt(async () => saveDownload(await api.fetchReportCsv(slug, month)));

/** Swaps between volunteers wait for a leader's yes, or not (the team's other fields kept). */
export const setSwapApproval = (slug: string, team: TeamDetail, on: boolean) =>
  attempt(
    () =>
      api.putTeam(slug, team.id, {
        nome: team.nome,
        descricao: team.descricao,
        tipo: team.tipo,
        trocaComAprovacao: on,
      }),
    () => loadTeam(slug, team.id),
  );

export const savePlanNotes = (slug: string, id: number, planId: number, notes: string) =>
  attempt(
    () => api.putPlanNotes(slug, id, planId, notes),
    () => loadPlan(slug, id, planId),
  );

/** A leader approves or refuses a swap waiting for them. */
export const decideSwap = (
  slug: string,
  id: number,
  planId: number,
  swapId: number,
  approve: boolean,
) =>
  attempt(
    () => api.postSwapDecision(slug, id, planId, swapId, approve),
    () => loadPlan(slug, id, planId),
  );
