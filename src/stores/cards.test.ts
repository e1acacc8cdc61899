// The member's saved cards: the list loads (or says why not); saving a tokenised card or deleting
// one goes back to /user/cards; a refusal says why, by field, and lets the member try again.
import { HTTPError, type NormalizedOptions } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  savedCards: vi.fn(),
  saveCardToken: vi.fn(),
  deleteCard: vi.fn(),
}));
vi.mock('../lib/cards/api.ts', () => api);
const store = await import('./cards.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/usuario-cartao-gateway-pagamento/'),
    {} as NormalizedOptions,
  );
const cards = { cartoesPorGateway: { '5': [{ id: 4, final: '1111' }] }, outrosCartoes: [] };

describe('cards store', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.resetAllMocks();
    vi.stubGlobal('location', { assign });
    store.$cardWrite.set({ busy: false, error: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the list loads, or shows the API’s reason', async () => {
    api.savedCards.mockResolvedValueOnce(cards);
    const loading = store.loadMemberCards('graca', 9);
    expect(store.$memberCards.get().state).toBe('loading');
    await loading;
    expect(api.savedCards).toHaveBeenCalledWith('graca', 9);
    expect(store.$memberCards.get()).toEqual({ state: 'ready', data: cards });
    api.savedCards.mockRejectedValueOnce(refused(403, { message: 'Not a member' }));
    await store.loadMemberCards('graca', 9);
    expect(store.$memberCards.get()).toMatchObject({ state: 'error', message: 'Not a member' });
  });

  it('a saved card goes back to the list', async () => {
    api.saveCardToken.mockResolvedValueOnce(undefined);
    await store.saveNewCard(1, async () => ({ token: 'tok_1' }), 'Failed.');
    expect(api.saveCardToken).toHaveBeenCalledWith(1, 'tok_1');
    expect(assign).toHaveBeenCalledWith('/user/cards');
  });

  it('a refused card says why, by field, and the member can try again', async () => {
    const token = vi
      .fn()
      .mockRejectedValueOnce(
        refused(422, { message: 'Invalid card', errors: { numero: ['Invalid card'] } }),
      );
    await store.saveNewCard(1, token, 'Failed.');
    expect(api.saveCardToken).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(store.$cardWrite.get()).toEqual({
      busy: false,
      error: { message: 'Invalid card', errors: { numero: ['Invalid card'] } },
    });
  });

  it('a refused delete says why (the page’s message when the API gives none)', async () => {
    api.deleteCard.mockRejectedValueOnce(refused(500, {}));
    await store.removeCard(4, 'Failed.');
    expect(api.deleteCard).toHaveBeenCalledWith(4);
    expect(store.$cardWrite.get()).toEqual({
      busy: false,
      error: { message: 'Failed.', errors: {} },
    });
    api.deleteCard.mockResolvedValueOnce(undefined);
    await store.removeCard(4, 'Failed.');
    expect(assign).toHaveBeenCalledWith('/user/cards');
  });
});
