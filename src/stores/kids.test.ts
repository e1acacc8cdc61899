// A family's check-in from the account: the rooms served today and the children's check-ins (none
// when they cannot be read), and the pre-check-in: ticked children checked in (then nothing
// ticked and the state again), a refusal with the API's message or the page's, a code cancelled.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchMyKidsRooms: vi.fn(),
  fetchMyKidsCheckins: vi.fn(),
  fetchMyPrecheckin: vi.fn(),
  postMyPrecheckin: vi.fn(),
  cancelMyPrecheckin: vi.fn(),
}));
const account = vi.hoisted(() => ({ loadChildren: vi.fn() }));
vi.mock('../lib/kids/api.ts', () => api);
vi.mock('./account.ts', () => account);
const store = await import('./kids.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/usuario/9/kids/pre-checkin'),
    {} as NormalizedOptions,
  );
const view = { servicos: [{ horario: '10:00', aberto: true, criancas: [] }], codigos: [] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kids store: the family’s side', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    account.loadChildren.mockResolvedValue(undefined);
    store.$myKids.set({ checkins: null, rooms: [] });
    store.$precheckin.set({ view: null, ticked: {}, busy: false, message: null });
  });

  it('the rooms served today and the check-ins; none when they cannot be read', async () => {
    api.fetchMyKidsRooms.mockResolvedValueOnce({ salas: [{ id: 1 }] });
    api.fetchMyKidsCheckins.mockRejectedValueOnce(refused(500, {}));
    store.loadMyKids(9, 1, '2026-11-29');
    await flush();
    expect(api.fetchMyKidsRooms).toHaveBeenCalledWith(9, 1, '2026-11-29');
    expect(account.loadChildren).toHaveBeenCalledWith(9, 1);
    expect(store.$myKids.get()).toEqual({ checkins: [], rooms: [{ id: 1 }] });
  });

  it('the ticked children are checked in; then nothing is ticked and the state loads again', async () => {
    store.tickChild('10:00-4', true);
    store.tickChild('10:00-5', true);
    api.postMyPrecheckin.mockResolvedValueOnce({});
    api.fetchMyPrecheckin.mockResolvedValueOnce(view);
    expect(await store.precheckIn(9, 1, '10:00', [4, 5], 'Failed.')).toBe(true);
    expect(api.postMyPrecheckin).toHaveBeenCalledWith(9, 1, '10:00', [4, 5]);
    expect(store.$precheckin.get()).toEqual({ view, ticked: {}, busy: false, message: null });
  });

  it('a refusal keeps what is ticked, with the API’s message or the page’s', async () => {
    store.tickChild('10:00-4', true);
    api.postMyPrecheckin.mockRejectedValueOnce(refused(409, { message: 'Room full' }));
    expect(await store.precheckIn(9, 1, '10:00', [4], 'Failed.')).toBe(false);
    expect(store.$precheckin.get()).toMatchObject({
      ticked: { '10:00-4': true },
      busy: false,
      message: { kind: 'error', text: 'Room full' },
    });
    api.cancelMyPrecheckin.mockRejectedValueOnce(refused(500, {}));
    expect(await store.cancelPrecheckin(9, 1, 7, 'Failed.')).toBe(false);
    expect(api.cancelMyPrecheckin).toHaveBeenCalledWith(9, 1, 7);
    expect(store.$precheckin.get().message).toEqual({ kind: 'error', text: 'Failed.' });
  });
});
