// A volunteer's rotas: the load (or why not), an action's message and the rotas again, a refusal's
// message and fields with the blockout form kept, the form emptied once saved; a team's plan (none
// named is not found); the QR check-in's answer or why not.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchMyRotas: vi.fn(),
  fetchTeamPlan: vi.fn(),
  postAnswer: vi.fn(),
  postBlockout: vi.fn(),
  deleteBlockout: vi.fn(),
  postCheckIn: vi.fn(),
  postJoin: vi.fn(),
  postSwap: vi.fn(),
  postTakeSwap: vi.fn(),
  deleteSwap: vi.fn(),
  postQrCheckIn: vi.fn(),
}));
vi.mock('../lib/rotas/api.ts', () => api);
const store = await import('./rota-swaps.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/igreja/graca/escalas/minhas'),
    {} as NormalizedOptions,
  );
const rotas = (n: number) => ({
  escalas: Array(n).fill({}),
  bloqueios: [],
  equipes: [],
  trocas: [],
});

describe('rotas store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$myRotas.set({
      data: null,
      message: null,
      errors: {},
      form: { inicio: '', fim: '', motivo: '' },
    });
  });

  it('the rotas load, or the API’s reason shows', async () => {
    api.fetchMyRotas.mockResolvedValueOnce(rotas(2));
    await store.loadMyRotas('graca', 'Failed.');
    expect(store.$myRotas.get().data).toEqual(rotas(2));
    api.fetchMyRotas.mockRejectedValueOnce(refused(403, { message: 'Members only' }));
    await store.loadMyRotas('graca', 'Failed.');
    expect(store.$myRotas.get().message).toEqual({ kind: 'error', text: 'Members only' });
  });

  it('an action shows its message and loads the rotas again', async () => {
    api.postAnswer.mockResolvedValueOnce({});
    api.fetchMyRotas.mockResolvedValueOnce(rotas(1));
    const done = await store.runRotaAction(
      'graca',
      () => store.answerRota('graca', 4, 'aceitar'),
      'Accepted.',
      'Failed.',
    );
    expect(done).toBe(true);
    expect(api.postAnswer).toHaveBeenCalledWith('graca', 4, 'aceitar');
    expect(store.$myRotas.get()).toMatchObject({
      data: rotas(1),
      message: { kind: 'ok', text: 'Accepted.' },
    });
  });

  it('a refused blockout keeps the form with the fields’ messages; a saved one empties it', async () => {
    store.setBlockoutField('inicio', '2026-12-20');
    store.setBlockoutField('fim', '2026-12-10');
    api.postBlockout.mockRejectedValueOnce(
      refused(400, { message: 'Invalid dates', errors: { fim: ['Before the start'] } }),
    );
    await store.addBlockout('graca', { ok: 'Saved.', failed: 'Failed.' });
    expect(api.postBlockout).toHaveBeenCalledWith('graca', {
      inicio: '2026-12-20',
      fim: '2026-12-10',
      motivo: null,
    });
    expect(store.$myRotas.get()).toMatchObject({
      form: { inicio: '2026-12-20', fim: '2026-12-10' },
      errors: { fim: 'Before the start' },
      message: { kind: 'error', text: 'Invalid dates' },
    });
    store.setBlockoutField('fim', '2026-12-24');
    api.postBlockout.mockResolvedValueOnce({});
    api.fetchMyRotas.mockResolvedValueOnce(rotas(0));
    await store.addBlockout('graca', { ok: 'Saved.', failed: 'Failed.' });
    expect(store.$myRotas.get()).toMatchObject({
      form: { inicio: '', fim: '', motivo: '' },
      errors: {},
      message: { kind: 'ok', text: 'Saved.' },
    });
  });

  it('a team’s plan loads; none named is not found', async () => {
    await store.loadTeamPlan('graca', 0, 'Not found.');
    expect(api.fetchTeamPlan).not.toHaveBeenCalled();
    expect(store.$teamPlan.get()).toEqual({ state: 'error', message: 'Not found.', status: 404 });
    api.fetchTeamPlan.mockResolvedValueOnce({ equipe: 'Louvor' });
    await store.loadTeamPlan('graca', 3, 'Not found.');
    expect(store.$teamPlan.get()).toEqual({ state: 'ready', data: { equipe: 'Louvor' } });
    api.fetchTeamPlan.mockRejectedValueOnce(refused(403, { message: 'Team only' }));
    await store.loadTeamPlan('graca', 3, 'Not found.');
    expect(store.$teamPlan.get()).toMatchObject({ state: 'error', message: 'Team only' });
  });

  it('the QR check-in answers, or says why not', async () => {
    api.postQrCheckIn.mockResolvedValueOnce({ estado: 'feito' });
    await store.checkInWithQr('graca', 'tok', async () => 'Why');
    expect(store.$qrCheckIn.get()).toEqual({ state: 'done', result: { estado: 'feito' } });
    api.postQrCheckIn.mockRejectedValueOnce(refused(410, {}));
    await store.checkInWithQr('graca', 'tok', async () => 'Expired');
    expect(store.$qrCheckIn.get()).toEqual({ state: 'error', message: 'Expired' });
  });
});
