// The change of church: the organisation's churches searched (by name, the nearest first) or why
// not; choosing one reads what the move stops; confirming hands the one-time code on, and a refusal
// says why and keeps the confirmation.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  organisationChurches: vi.fn(),
  changeChurchEffects: vi.fn(),
  changeChurch: vi.fn(),
}));
vi.mock('../lib/account/api.ts', () => api);
const store = await import('./change-church.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/igreja/'),
    {} as NormalizedOptions,
  );
const norte = { id: 2, nome: 'Graça Norte', codigo: 'graca-norte' } as never;

describe('change-church store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$orgChurches.set({ churches: null, message: null });
    store.cancelChoice();
  });

  it('the organisation’s churches, searched by name and the nearest first', async () => {
    api.organisationChurches.mockResolvedValueOnce([norte]);
    await store.searchOrgChurches('rede-graca', '', null);
    expect(api.organisationChurches).toHaveBeenCalledWith({ organizacao: 'rede-graca' });
    expect(store.$orgChurches.get().churches).toEqual([norte]);
    api.organisationChurches.mockResolvedValueOnce([]);
    await store.searchOrgChurches('rede-graca', 'norte', { latitude: -23.5, longitude: -46.6 });
    expect(api.organisationChurches).toHaveBeenLastCalledWith({
      organizacao: 'rede-graca',
      busca: 'norte',
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(store.$orgChurches.get().churches).toEqual([]);
  });

  it('a failed search says why; the churches shown stay', async () => {
    api.organisationChurches.mockResolvedValueOnce([norte]);
    await store.searchOrgChurches('rede-graca', '', null);
    api.organisationChurches.mockRejectedValueOnce(refused(400, { message: 'Bad search' }));
    await store.searchOrgChurches('rede-graca', '%', null);
    expect(store.$orgChurches.get()).toEqual({
      churches: [norte],
      message: { kind: 'error', text: 'Bad search' },
    });
  });

  it('choosing reads what the move stops; a refused move keeps the confirmation with why', async () => {
    api.changeChurchEffects.mockResolvedValueOnce({ doacoes: [] });
    await store.chooseChurch(1, norte);
    expect(store.$changeChurch.get()).toEqual({
      step: 'confirm',
      target: norte,
      effects: { doacoes: [] },
    });
    api.changeChurch.mockRejectedValueOnce(refused(409, { message: 'Not a member there' }));
    const go = vi.fn();
    await store.confirmMove(1, go);
    expect(go).not.toHaveBeenCalled();
    expect(store.$changeChurch.get()).toMatchObject({
      step: 'confirm',
      error: 'Not a member there',
    });
    api.changeChurch.mockResolvedValueOnce('code-1');
    await store.confirmMove(1, go);
    expect(go).toHaveBeenCalledWith('code-1');
  });
});
