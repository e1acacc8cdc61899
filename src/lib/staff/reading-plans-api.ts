// The staff's reading-plan calls from the browser (docs/staff.md "Reading plans"). Types only
// from the contract.
import type {
  PlanInput,
  StaffPlan,
  StaffPlanSummary,
} from '../../../contract/reading-plans-staff.ts';
import { staffHttp } from './http.ts';

export const fetchPlans = async (slug: string): Promise<StaffPlanSummary[]> =>
  (await staffHttp(slug).get('plano-leitura').json<{ planos: StaffPlanSummary[] }>()).planos;

export const fetchPlan = (slug: string, id: number) =>
  staffHttp(slug).get(`plano-leitura/${id}`).json<StaffPlan>();

export const savePlan = (slug: string, id: number | null, body: PlanInput) =>
  (id
    ? staffHttp(slug).put(`plano-leitura/${id}`, { json: body })
    : staffHttp(slug).post('plano-leitura', { json: body })
  ).json<StaffPlan>();

export const publishPlan = (slug: string, id: number, publicado: boolean) =>
  staffHttp(slug).put(`plano-leitura/${id}/publicacao`, { json: { publicado } }).json<StaffPlan>();
