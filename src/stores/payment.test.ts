// The payment kit's flows: saved cards (none when the load fails), a method's quote (fees, then
// installments when more than one is allowed), a new card's token (Stripe.js's, or ours with the
// holder's birth date checked first), the card challenge (refused: the code stays, with why) and
// the sandbox's controls (the new answer, or why not).
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const checkout = vi.hoisted(() => ({
  savedCards: vi.fn(),
  installments: vi.fn(),
  tokenize: vi.fn(),
  gatewayToken: vi.fn(),
  challenge: vi.fn(),
  status: vi.fn(),
  receipt: vi.fn(),
  sandbox: vi.fn(),
}));
vi.mock('../lib/checkout/api.ts', () => ({ checkout }));
const store = await import('./payment.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/pagamento/'),
    {} as NormalizedOptions,
  );
const fees = { valor: 100, valorTaxas: 8.88, valorTotal: 108.88 };
const card = {
  titular: 'Ana',
  numero: '4111111111111111',
  validade: '12/30',
  cvv: '123',
  cpfTitular: '',
  dataNascimentoTitular: '',
};
const answer = (status: string) => ({ pagamento: { codigo: 'EV-1', status } });

describe('payment store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$challenges.set({});
    store.$sandbox.set({ busy: false, error: null });
  });

  it('the saved cards, or none when they cannot be read', async () => {
    checkout.savedCards.mockResolvedValueOnce([{ id: 4 }]);
    expect(await store.savedCardsFor('graca', 9)).toEqual([{ id: 4 }]);
    checkout.savedCards.mockRejectedValueOnce(refused(500, {}));
    expect(await store.savedCardsFor('graca', 9)).toEqual([]);
  });

  it('a quote asks the installments only when more than one is allowed', async () => {
    const feeCall = vi.fn().mockResolvedValue(fees);
    const single = await store.quoteFor('graca', feeCall, 'pix', 1, false);
    expect(feeCall).toHaveBeenCalledWith('pix');
    expect(checkout.installments).not.toHaveBeenCalled();
    expect(single).toMatchObject({ total: 108.88, plan: { parcela: 1 } });
    const plans = [
      { parcela: 1, valorParcela: 108.88, valorTotal: 108.88, juros: 0, flagJuros: false },
      { parcela: 2, valorParcela: 56, valorTotal: 112, juros: 3.12, flagJuros: true },
    ];
    checkout.installments.mockResolvedValueOnce(plans);
    const card2 = await store.quoteFor('graca', feeCall, 'cartao', 6, true);
    expect(checkout.installments).toHaveBeenCalledWith('graca', {
      valor: 100,
      flagJuros: true,
      valorTaxas: 8.88,
      maxParcelas: 6,
    });
    expect(card2).toMatchObject({ plans, plan: plans[0], total: 108.88 });
  });

  it('a new card: Stripe.js’s PaymentMethod, or our fields with the holder checked first', async () => {
    checkout.gatewayToken.mockResolvedValueOnce({ token: 'cus|pm' });
    const stripe = vi.fn().mockResolvedValue('pm_1');
    const base = { churchId: 1, lang: 'pt' as const, card, holderFields: false };
    expect(await store.newCardToken({ ...base, stripe })).toEqual({ token: 'cus|pm' });
    expect(stripe).toHaveBeenCalledWith('Ana');
    expect(checkout.gatewayToken).toHaveBeenCalledWith(1, 'pm_1');
    checkout.tokenize.mockResolvedValueOnce({ token: 'tok' });
    await store.newCardToken(base);
    expect(checkout.tokenize).toHaveBeenCalledWith(1, {
      titular: 'Ana',
      numero: '4111111111111111',
      validade: '12/30',
      cvv: '123',
    });
    const bad = { ...base, holderFields: true, card: { ...card, dataNascimentoTitular: '99' } };
    await expect(store.newCardToken(bad)).rejects.toBeInstanceOf(HTTPError);
    expect(checkout.tokenize).toHaveBeenCalledTimes(1);
  });

  it('the challenge: a refusal keeps the code with why; an answer is handed back', async () => {
    store.setChallengeCode('EV-1', '000000');
    checkout.challenge.mockRejectedValueOnce(
      refused(422, { message: 'Wrong code', errors: { codigo: ['Wrong code'] } }),
    );
    expect(await store.answerChallenge('EV-1', undefined, 'Failed.')).toBeNull();
    expect(store.challengeOf('EV-1')).toEqual({
      value: '000000',
      busy: false,
      error: { message: 'Wrong code', errors: { codigo: ['Wrong code'] } },
    });
    store.setChallengeCode('EV-1', '123456');
    checkout.challenge.mockResolvedValueOnce(answer('aprovado'));
    expect(await store.answerChallenge('EV-1', 'key', 'Failed.')).toEqual(answer('aprovado'));
    expect(checkout.challenge).toHaveBeenLastCalledWith('EV-1', '123456', 'key');
    expect(store.challengeOf('EV-1').error).toBeNull();
  });

  it('a payment’s answer: the member’s by code, a visitor’s by the receipt key', async () => {
    checkout.status.mockResolvedValueOnce(answer('em_aberto'));
    expect(await store.paymentAnswer('EV-1', { userId: 9 })).toEqual(answer('em_aberto'));
    expect(checkout.status).toHaveBeenCalledWith(9, 'EV-1');
    checkout.receipt.mockResolvedValueOnce(answer('aprovado'));
    await store.paymentAnswer('EV-1', { receiptKey: 'k' });
    expect(checkout.receipt).toHaveBeenCalledWith('EV-1', 'k');
  });

  it('the sandbox answers the new state, or why not', async () => {
    checkout.sandbox.mockResolvedValueOnce(answer('aprovado'));
    expect(await store.runSandbox('EV-1', 'pagar', 'Failed.')).toEqual(answer('aprovado'));
    expect(store.$sandbox.get()).toEqual({ busy: false, error: null });
    checkout.sandbox.mockRejectedValueOnce(refused(409, {}));
    expect(await store.runSandbox('EV-1', 'expirar', 'Failed.')).toBeNull();
    expect(store.$sandbox.get()).toEqual({ busy: false, error: 'Failed.' });
  });
});
