// The reading plans' flow (docs/reading-plans.md; spec §2 /reading-plans, §4 start, reset,
// delete): the lists, a plan with the member's subscription, the day's reading, the writes on a
// plan page (busy, failed, the day shown, the day just marked read for its undo) and the delete
// step. Calls in src/lib/reading-plans/api.ts, rules in progress.ts; no DOM here.
import { atom, map } from 'nanostores';
import type {
  PlanDetail,
  PlanReading,
  PlanSummary,
  Subscription,
} from '../../contract/reading-plans.ts';
import {
  catchUp,
  deletePlan,
  loadMyPlans,
  loadPlan,
  loadPlans,
  loadReading,
  loadSubscription,
  markDay,
  resetPlan,
  startPlan,
} from '../lib/reading-plans/api.ts';
import { loadInto, type Loadable } from './loadable.ts';

export interface PlansList {
  plans: PlanSummary[];
  /** The member's subscriptions (none for a visitor of the embeds). */
  mine: Subscription[];
}

/** Discover and My plans. */
export const $plansList = atom<Loadable<PlansList>>({ state: 'idle' });

export const loadPlansList = (slug: string, loggedIn: boolean): Promise<void> =>
  loadInto(
    $plansList,
    async () => ({ plans: await loadPlans(slug), mine: loggedIn ? await loadMyPlans(slug) : [] }),
    false,
  );

export interface OpenPlan {
  plan: PlanDetail;
  /** null: not started (or a visitor). */
  sub: Subscription | null;
}

/** The plan of the plan page and of the delete steps. */
export const $plan = atom<Loadable<OpenPlan>>({ state: 'idle' });

export const loadOpenPlan = (slug: string, uuid: string, loggedIn: boolean): Promise<void> =>
  loadInto(
    $plan,
    async () => ({
      plan: await loadPlan(slug, uuid),
      sub: loggedIn ? await loadSubscription(slug, uuid) : null,
    }),
    false,
  );

/** The reading of the day shown. */
export const $reading = atom<Loadable<PlanReading>>({ state: 'idle' });

export const loadDayReading = (slug: string, uuid: string, day: number): Promise<void> =>
  loadInto($reading, () => loadReading(slug, uuid, day), false);

export interface PlanPageState {
  /** The day the member chose; null: the one `dayToShow` picks. */
  day: number | null;
  busy: boolean;
  failed: boolean;
  /** The reset question is open. */
  asking: boolean;
  /** The day just marked read: the page moves on to the next one, so its undo stays here. */
  marked: number | null;
}

const planPageDefaults: PlanPageState = {
  day: null,
  busy: false,
  failed: false,
  asking: false,
  marked: null,
};

export const $planPage = map<PlanPageState>(planPageDefaults);

/** A plan page opens on the day `dayToShow` picks, with nothing pending. */
export const openPlanPage = (): void => $planPage.set(planPageDefaults);

export const showDay = (day: number | null): void => $planPage.setKey('day', day);
export const askReset = (asking: boolean): void => $planPage.setKey('asking', asking);

/** A write on the open plan: its answer is the new subscription; a failure shows one notice. */
async function act(run: () => Promise<{ inscricao: Subscription }>): Promise<void> {
  $planPage.set({ ...$planPage.get(), busy: true, failed: false });
  try {
    const { inscricao } = await run();
    const open = $plan.get();
    if (open.state === 'ready')
      $plan.set({ state: 'ready', data: { ...open.data, sub: inscricao } });
  } catch {
    $planPage.setKey('failed', true);
  } finally {
    $planPage.setKey('busy', false);
  }
}

export const startReading = (slug: string, uuid: string): Promise<void> =>
  act(() => startPlan(slug, uuid));

/** "Catch me up": then the page shows the day it picks again. */
export const catchUpPlan = (slug: string, uuid: string): Promise<void> =>
  act(() => catchUp(slug, uuid)).then(() => showDay(null));

/** Marks the day shown read (its undo stays on the page) or unread. */
export function toggleDay(slug: string, uuid: string, day: number, read: boolean): Promise<void> {
  $planPage.setKey('marked', read ? day : null);
  return act(() => markDay(slug, uuid, day, read));
}

/** Undoes the last "read": the undone day is the first unread one again. */
export function undoMarked(slug: string, uuid: string): Promise<void> {
  const day = $planPage.get().marked;
  if (day === null) return Promise.resolve();
  $planPage.set({ ...$planPage.get(), marked: null, day: null });
  return act(() => markDay(slug, uuid, day, false));
}

/** The reset, once confirmed: back to day one. */
export function resetReading(slug: string, uuid: string): Promise<void> {
  $planPage.set({ ...$planPage.get(), asking: false, day: null });
  return act(() => resetPlan(slug, uuid));
}

/** The last delete step. */
export const $deletion = atom<'ask' | 'busy' | 'done' | 'failed'>('ask');

export const openDeletion = (): void => $deletion.set('ask');

export async function removePlan(slug: string, uuid: string): Promise<void> {
  $deletion.set('busy');
  try {
    await deletePlan(slug, uuid);
    $deletion.set('done');
  } catch {
    $deletion.set('failed');
  }
}
