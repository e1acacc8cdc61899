// The reading plans area's state (docs/staff.md "Reading plans"): the church's plans (published
// or not), the plan being edited, and the save and publish actions.
import { atom } from 'nanostores';
import type { PlanInput, StaffPlan, StaffPlanSummary } from '../../contract/reading-plans-staff.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/reading-plans-api.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };
type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

export const $plans = atom<Loaded<StaffPlanSummary[]>>({ state: 'loading' });
export const $plan = atom<Loaded<StaffPlan | null>>({ state: 'loading' });

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

export async function loadPlans(slug: string): Promise<void> {
  const outcome = await attempt(() => api.fetchPlans(slug));
  $plans.set(
    outcome.ok
      ? { state: 'ready', value: outcome.value }
      : { state: 'error', message: outcome.failure.message },
  );
}

export async function loadPlan(slug: string, id: number | null): Promise<void> {
  if (!id) return $plan.set({ state: 'ready', value: null });
  $plan.set({ state: 'loading' });
  const outcome = await attempt(() => api.fetchPlan(slug, id));
  $plan.set(
    outcome.ok
      ? { state: 'ready', value: outcome.value }
      : { state: 'error', message: outcome.failure.message },
  );
}

export async function savePlan(slug: string, id: number | null, body: PlanInput) {
  const outcome = await attempt(() => api.savePlan(slug, id, body));
  if (outcome.ok) $plan.set({ state: 'ready', value: outcome.value });
  return outcome;
}

export async function publishPlan(slug: string, id: number, published: boolean) {
  const outcome = await attempt(() => api.publishPlan(slug, id, published));
  if (outcome.ok) $plan.set({ state: 'ready', value: outcome.value });
  return outcome;
}
