// The reading plans' flow: a visitor's lists carry no subscriptions; a write's answer replaces the
// subscription shown and a failed one shows the notice; marking a day read keeps its undo, which
// goes back to the day the page picks; the reset closes its question; a refused load keeps its status.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanDetail, Subscription } from '../../contract/reading-plans.ts';

const api = vi.hoisted(() => ({
  loadPlans: vi.fn(),
  loadMyPlans: vi.fn(),
  loadPlan: vi.fn(),
  loadReading: vi.fn(),
  loadSubscription: vi.fn(),
  startPlan: vi.fn(),
  markDay: vi.fn(),
  catchUp: vi.fn(),
  resetPlan: vi.fn(),
  deletePlan: vi.fn(),
}));
vi.mock('../lib/reading-plans/api.ts', () => api);
const store = await import('./reading-plans.ts');

const plan = { plano: { uuid: 'p1', nome: 'Psalms', dias: 3 }, dias: [] } as unknown as PlanDetail;
const sub = (diasLidos: number[]) =>
  ({ uuid: 's1', plano: { uuid: 'p1' }, diasLidos, diaHoje: 1 }) as unknown as Subscription;
const refused = (status: number) =>
  new HTTPError(
    new Response('{"message":"No."}', { status }),
    new Request('http://localhost/api/v1/'),
    {} as NormalizedOptions,
  );

describe('reading plans store', () => {
  beforeEach(async () => {
    vi.resetAllMocks();
    api.loadPlan.mockResolvedValue(plan);
    api.loadSubscription.mockResolvedValue(sub([]));
    store.openPlanPage();
    await store.loadOpenPlan('graca', 'p1', true);
  });

  it('lists the plans; a visitor’s lists ask for no subscriptions', async () => {
    api.loadPlans.mockResolvedValue([plan.plano]);
    await store.loadPlansList('graca', false);
    expect(store.$plansList.get()).toEqual({
      state: 'ready',
      data: { plans: [plan.plano], mine: [] },
    });
    expect(api.loadMyPlans).not.toHaveBeenCalled();
  });

  it('a plan that is not there keeps its status, for "not found"', async () => {
    api.loadPlan.mockRejectedValue(refused(404));
    await store.loadOpenPlan('graca', 'nope', true);
    expect(store.$plan.get()).toMatchObject({ state: 'error', status: 404 });
  });

  it('marking a day read shows the new subscription and keeps the undo', async () => {
    api.markDay.mockResolvedValue({ inscricao: sub([1]) });
    store.showDay(1);
    await store.toggleDay('graca', 'p1', 1, true);
    expect(api.markDay).toHaveBeenCalledWith('graca', 'p1', 1, true);
    expect(store.$plan.get()).toMatchObject({ state: 'ready', data: { sub: { diasLidos: [1] } } });
    expect(store.$planPage.get()).toMatchObject({ marked: 1, busy: false, failed: false });

    api.markDay.mockResolvedValue({ inscricao: sub([]) });
    await store.undoMarked('graca', 'p1');
    expect(api.markDay).toHaveBeenLastCalledWith('graca', 'p1', 1, false);
    expect(store.$planPage.get()).toMatchObject({ marked: null, day: null });
  });

  it('a failed write shows the notice and leaves the subscription as it was', async () => {
    api.catchUp.mockRejectedValue(refused(422));
    await store.catchUpPlan('graca', 'p1');
    expect(store.$planPage.get()).toMatchObject({ failed: true, busy: false });
    expect(store.$plan.get()).toMatchObject({ data: { sub: { diasLidos: [] } } });
  });

  it('the confirmed reset closes its question and goes back to the day the page picks', async () => {
    api.resetPlan.mockResolvedValue({ inscricao: sub([]) });
    store.showDay(3);
    store.askReset(true);
    await store.resetReading('graca', 'p1');
    expect(api.resetPlan).toHaveBeenCalledWith('graca', 'p1');
    expect(store.$planPage.get()).toMatchObject({ asking: false, day: null });
  });

  it('the last delete step: done, or failed to try again', async () => {
    store.openDeletion();
    api.deletePlan.mockRejectedValueOnce(refused(500));
    await store.removePlan('graca', 'p1');
    expect(store.$deletion.get()).toBe('failed');
    api.deletePlan.mockResolvedValueOnce({ status: true, message: 'ok' });
    await store.removePlan('graca', 'p1');
    expect(store.$deletion.get()).toBe('done');
  });
});
