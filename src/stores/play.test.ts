// A member's Play pages: my list (a video added first, a failed add told, removing), my plan
// (the subscriptions, cancelling with the answer's message or why not, the renewal card and the
// next plan refused with their fields) and the plan checkout (paid, declined with the key renewed,
// the challenge, a refusal by field).
import { HTTPError, type NormalizedOptions } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const play = vi.hoisted(() => ({
  addToMyList: vi.fn(),
  loadMyList: vi.fn(),
  removeFromMyList: vi.fn(),
}));
const subs = vi.hoisted(() => ({
  loadMySubscriptions: vi.fn(),
  cancelSubscription: vi.fn(),
  changeSubscriptionCard: vi.fn(),
  changeSubscriptionPlan: vi.fn(),
  planFees: vi.fn(),
}));
const pay = vi.hoisted(() => vi.fn());
vi.mock('../lib/play/api.ts', () => play);
vi.mock('../lib/play/subscriptions.ts', () => subs);
vi.mock('../lib/checkout/api.ts', () => ({
  checkout: { pay },
  newKey: () => `key-${Math.random().toString(36).slice(2)}`,
}));
const store = await import('./play.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/usuario-plano-assinatura/'),
    {} as NormalizedOptions,
  );
const item = (id: number) => ({ id, conteudo: { id: id * 10, titulo: `V${id}` } });
const sub = (situacao: string, extra: object = {}) => ({
  id: 5,
  status: { situacao },
  plano: { id: 1, nome: 'Mensal' },
  ...extra,
});
const answer = (status: string, extra: object = {}) => ({
  pagamento: { codigo: 'PL-1', status, metodoPagamento: 'cartao', ...extra },
});
const plan = { id: 2, valor: 29.9, taxaAdesao: 10 };
const prepare = async () => ({
  metodoPagamento: 'cartao' as const,
  parcelas: 1,
  salvarCartao: true,
});
const texts = { failed: 'Failed.', declined: 'Declined.' };

describe('play store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$myListFailed.set(false);
    store.$myPlan.set({ confirming: false, busy: false, message: null });
    store.$planChanges.set({ busy: null, failure: null });
    store.$playCheckout.set({ phase: { kind: 'form' }, busy: false, failure: null, key: 'k0' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('my list adds the video of the address first; a failed add is told, the list still loads', async () => {
    play.addToMyList.mockRejectedValueOnce(refused(500, {}));
    play.loadMyList.mockResolvedValueOnce([item(1)]);
    await store.openMyList(1, 9, 30);
    expect(play.addToMyList).toHaveBeenCalledWith(30, 1, 9);
    expect(store.$myListFailed.get()).toBe(true);
    expect(store.$myList.get()).toEqual({ state: 'ready', data: [item(1)] });
  });

  it('removing a video takes it off the list; a failure is told', async () => {
    play.loadMyList.mockResolvedValueOnce([item(1), item(2)]);
    await store.openMyList(1, 9, null);
    expect(play.addToMyList).not.toHaveBeenCalled();
    await store.removeListItem(1);
    expect(store.$myList.get()).toEqual({ state: 'ready', data: [item(2)] });
    play.removeFromMyList.mockRejectedValueOnce(new Error('offline'));
    await store.removeListItem(2);
    expect(store.$myListFailed.get()).toBe(true);
    expect(store.$myList.get()).toEqual({ state: 'ready', data: [item(2)] });
  });

  it('cancelling shows the answer’s message, or why not; the question closes either way', async () => {
    subs.loadMySubscriptions.mockResolvedValueOnce([sub('ativo')]);
    await store.loadSubscriptions(1, 9);
    store.askCancelPlan(true);
    const cancelTexts = { cancelled: () => 'Cancelled.', failed: 'Failed.' };
    subs.cancelSubscription.mockResolvedValueOnce(sub('ativo', { canceladoEm: 'x' }));
    await store.cancelMyPlan(5, 1, cancelTexts);
    expect(store.$myPlan.get()).toEqual({
      confirming: false,
      busy: false,
      message: { kind: 'ok', text: 'Cancelled.' },
    });
    expect(store.$subscriptions.get()).toMatchObject({ data: [{ canceladoEm: 'x' }] });
    subs.cancelSubscription.mockRejectedValueOnce(refused(409, { message: 'Already cancelled' }));
    await store.cancelMyPlan(5, 1, cancelTexts);
    expect(store.$myPlan.get().message).toEqual({ kind: 'error', text: 'Already cancelled' });
  });

  it('a visitor of the checkout has no subscriptions to ask for', async () => {
    await store.loadSubscriptions(1, null);
    expect(subs.loadMySubscriptions).not.toHaveBeenCalled();
    expect(store.$subscriptions.get()).toEqual({ state: 'ready', data: [] });
  });

  it('the renewal card and the next plan: the new subscription, or why not by field', async () => {
    subs.changeSubscriptionCard.mockResolvedValueOnce(sub('ativo', { cartao: { final: '1111' } }));
    const card = async () => ({ ...(await prepare()), cartao: { idCartao: 4 } });
    expect(await store.changeRenewalCard(5, 1, card, 'Failed.')).toMatchObject({
      cartao: { final: '1111' },
    });
    expect(subs.changeSubscriptionCard).toHaveBeenCalledWith(5, 1, { idCartao: 4 });
    subs.changeSubscriptionPlan.mockRejectedValueOnce(
      refused(422, { message: 'Same plan', errors: { planoAssinatura: ['Same plan'] } }),
    );
    expect(await store.changeNextPlan(5, 1, 1, 'Failed.')).toBeNull();
    expect(store.$planChanges.get()).toEqual({
      busy: null,
      failure: { part: 'plan', message: 'Same plan', errors: { planoAssinatura: ['Same plan'] } },
    });
  });

  it('paying the plan: done, with the first charge and the attempt’s key', async () => {
    pay.mockResolvedValueOnce(answer('aprovado'));
    await store.payPlan(1, plan, prepare, texts);
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({ tipo: 'assinatura', igreja: 1, planoAssinatura: 2, valor: 39.9 }),
      'k0',
    );
    expect(store.$playCheckout.get()).toMatchObject({
      phase: { kind: 'done', answer: answer('aprovado') },
      busy: false,
    });
    expect(store.$playCheckout.get().key).not.toBe('k0');
  });

  it('a declined card stays with why and a new key; a challenge asks for the code', async () => {
    pay.mockResolvedValueOnce(answer('nao_aprovado', { mensagem: 'Card declined' }));
    await store.payPlan(1, plan, prepare, texts);
    expect(store.$playCheckout.get()).toMatchObject({
      phase: { kind: 'form' },
      failure: { message: 'Card declined', errors: {} },
    });
    expect(store.$playCheckout.get().key).not.toBe('k0');
    pay.mockResolvedValueOnce(answer('em_aberto', { desafio: true }));
    await store.payPlan(1, plan, prepare, texts);
    expect(store.$playCheckout.get().phase).toEqual({ kind: 'challenge', code: 'PL-1' });
  });

  it('a refusal names its fields and keeps the attempt’s key', async () => {
    pay.mockRejectedValueOnce(
      refused(409, { message: 'Already subscribed', errors: { planoAssinatura: ['x'] } }),
    );
    await store.payPlan(1, plan, prepare, texts);
    expect(store.$playCheckout.get()).toEqual({
      phase: { kind: 'form' },
      busy: false,
      failure: { message: 'Already subscribed', errors: { planoAssinatura: ['x'] } },
      key: 'k0',
    });
  });
});
