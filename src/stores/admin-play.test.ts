// The plans page over its store: a move sends the whole order and says where the plan went; a
// refused move or delete shows the API's message; the row bodies read typed amounts either way.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffPlan } from '../../contract/play-staff.ts';

const api = vi.hoisted(() => ({ reorderPlans: vi.fn(), deletePlan: vi.fn(), fetchPlans: vi.fn() }));
vi.mock('../lib/staff/play-api.ts', () => api);
vi.mock('../lib/staff/http.ts', () => ({
  staffFailure: async () => ({ status: 409, message: 'It has subscribers.', errors: {} }),
}));
const play = await import('./admin-play.ts');

const plan = (id: number, nome: string) => ({ id, nome }) as StaffPlan;
const moved = (name: string, position: number) => `${name} → ${position}`;

describe('the plans page', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    play.$playPlans.set({ state: 'ready', data: [plan(1, 'Mensal'), plan(2, 'Anual')] });
    play.$planNotices.set({ problem: '', moved: '' });
  });

  it('moves a plan down: the whole order is sent and the move is said', async () => {
    api.reorderPlans.mockResolvedValue([plan(2, 'Anual'), plan(1, 'Mensal')]);
    expect(await play.movePlan('graca', 0, 1, moved)).toBe(1);
    expect(api.reorderPlans).toHaveBeenCalledWith('graca', [2, 1]);
    expect(play.$planNotices.get()).toEqual({ problem: '', moved: 'Mensal → 2' });
    expect(play.$playPlans.get().data?.map((p) => p.id)).toEqual([2, 1]);
  });

  it('a refused move or delete shows the API’s message', async () => {
    api.reorderPlans.mockRejectedValue(new Error('409'));
    expect(await play.movePlan('graca', 1, -1, moved)).toBeNull();
    expect(play.$planNotices.get().problem).toBe('It has subscribers.');
    api.deletePlan.mockRejectedValue(new Error('409'));
    api.fetchPlans.mockResolvedValue([plan(1, 'Mensal')]);
    await play.deletePlan('graca', 2);
    expect(play.$planNotices.get().problem).toBe('It has subscribers.');
    expect(api.fetchPlans).toHaveBeenCalledWith('graca');
  });

  it('reads typed amounts with a comma or a point', () => {
    const body = play.planBody({
      nome: 'Mensal',
      descricao: '',
      valor: '49,90',
      taxaAdesao: '',
      periodicidadeDias: '30',
      ativo: true,
    });
    expect(body).toMatchObject({ valor: 49.9, taxaAdesao: 0, periodicidadeDias: 30 });
  });
});
