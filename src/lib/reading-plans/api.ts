// The reading-plan calls from the browser (contract/reading-plans.ts), with the session's bearer
// token on the main API client. `hoje` is the member's own date, so "today" follows their clock.
import type {
  PlanDetail,
  PlanReading,
  PlanSummary,
  Subscription,
} from '../../../contract/reading-plans.ts';
import { mainApi } from '../account/http.ts';

/** The member's date as YYYY-MM-DD. */
export const localToday = (d = new Date()): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const base = (slug: string) => `igreja/${encodeURIComponent(slug)}`;
const mine = (slug: string, uuid: string) =>
  `${base(slug)}/plano-leitura/${encodeURIComponent(uuid)}/inscricao`;
const today = () => ({ hoje: localToday() });
type SubAnswer = { status: true; message?: string; inscricao: Subscription };

/** Discover: `GET /igreja/{slug}/plano-leitura/` */
export const loadPlans = (slug: string) =>
  mainApi()
    .get(`${base(slug)}/plano-leitura/`)
    .json<{ planos: PlanSummary[] }>()
    .then((r) => r.planos);
export const loadPlan = (slug: string, uuid: string) =>
  mainApi()
    .get(`${base(slug)}/plano-leitura/${encodeURIComponent(uuid)}/`)
    .json<PlanDetail>();
export const loadReading = (slug: string, uuid: string, day: number) =>
  mainApi()
    .get(`${base(slug)}/plano-leitura/${encodeURIComponent(uuid)}/dia/${day}/`)
    .json<PlanReading>();
/** My plans: `GET /igreja/{slug}/plano-leitura-inscricao/` */
export const loadMyPlans = (slug: string) =>
  mainApi()
    .get(`${base(slug)}/plano-leitura-inscricao/`, { searchParams: today() })
    .json<{ inscricoes: Subscription[] }>()
    .then((r) => r.inscricoes);

/**
 * My subscription to a plan, or null when not started. Read from my plans (always a 200), not from
 * the plan's own subscription call, whose 404 for a plan not started shows in the browser console.
 */
export async function loadSubscription(slug: string, uuid: string): Promise<Subscription | null> {
  return (await loadMyPlans(slug)).find((s) => s.plano.uuid === uuid) ?? null;
}

export const startPlan = (slug: string, uuid: string) =>
  mainApi().post(mine(slug, uuid), { searchParams: today() }).json<SubAnswer>();
export const markDay = (slug: string, uuid: string, day: number, read: boolean) =>
  (read
    ? mainApi().put(`${mine(slug, uuid)}/dia/${day}`, { searchParams: today() })
    : mainApi().delete(`${mine(slug, uuid)}/dia/${day}`, { searchParams: today() })
  ).json<SubAnswer>();
export const catchUp = (slug: string, uuid: string) =>
  mainApi()
    .post(`${mine(slug, uuid)}/em-dia`, { searchParams: today() })
    .json<SubAnswer>();
export const resetPlan = (slug: string, uuid: string) =>
  mainApi()
    .post(`${mine(slug, uuid)}/reiniciar`, { searchParams: today() })
    .json<SubAnswer>();
export const deletePlan = (slug: string, uuid: string) =>
  mainApi().delete(mine(slug, uuid)).json<{ status: true; message: string }>();
