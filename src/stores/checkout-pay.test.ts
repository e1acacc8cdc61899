// The event checkout's pay action: one POST /pagamento/ of kind "evento" with the payment step's
// part and the checkout's idempotency key, kept for a retry after a network failure, renewed once
// the server has refused or declined the attempt.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResponse } from '../../contract/payments.ts';

const pay = vi.fn();
const freeRegistration = vi.fn();
vi.mock('../lib/checkout/api.ts', () => ({
  checkout: { pay, freeRegistration },
  newKey: () => `key-${Math.random().toString(36).slice(2)}`,
}));
const { $checkout, payEvent, resetCheckout, setHolder, startEventCheckout } =
  await import('./checkout.ts');

const event = {
  id: 7,
  titulo: 'Conferência',
  moeda: 'BRL',
  fusoHorario: 'America/Sao_Paulo',
  dataInicio: '2026-12-12T22:00:00Z',
  local: 'Sede',
  flagJuros: true,
  flagAssumirTaxasServico: false,
  qtdeMaxParcelas: 6,
};
const answer = (status: string, extra: object = {}) =>
  ({
    pagamento: {
      codigo: 'EV-1',
      status,
      metodoPagamento: 'cartao',
      parcelas: 3,
      valorTotal: 324.6,
      desafio: false,
      ...extra,
    },
    inscricoes: [],
  }) as unknown as PaymentResponse;
const part = {
  metodoPagamento: 'cartao' as const,
  parcelas: 3,
  salvarCartao: true,
  cartao: { token: 'tok_zoop_123456' },
};

describe('payEvent', () => {
  beforeEach(() => {
    resetCheckout();
    pay.mockReset();
    startEventCheckout(
      event,
      [{ id: 1, nome: 'Lote 1', valor: 150, perguntas: [], quantity: 2 }],
      'Maria',
    );
    setHolder(0, 1, { nome: 'Carlos', email: '', respostas: {} });
  });

  it('sends the tickets with the payment step’s part and the checkout’s key, and keeps the answer (spec §3 Checkout state)', async () => {
    pay.mockResolvedValue(answer('aprovado'));
    const key = $checkout.get().idempotencyKey;
    await payEvent(5, part);
    expect(pay).toHaveBeenCalledWith(
      {
        tipo: 'evento',
        evento: 7,
        ingressos: [
          {
            ingresso: 1,
            titulares: [
              { nome: 'Maria', respostas: {} },
              { nome: 'Carlos', respostas: {} },
            ],
          },
        ],
        ...part,
      },
      key,
    );
    expect($checkout.get()).toMatchObject({
      method: 'cartao',
      installments: 3,
      finalValueInstallments: 324.6,
      challenge: false,
      idempotencyKey: key,
    });
  });

  it('a declined card or a refusal gets a new key; a network failure keeps it for the retry', async () => {
    const first = $checkout.get().idempotencyKey;
    pay.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(payEvent(5, part)).rejects.toThrow();
    expect($checkout.get().idempotencyKey).toBe(first);
    pay.mockRejectedValueOnce(
      Object.assign(new Error('422'), { response: new Response('{}', { status: 422 }) }),
    );
    await expect(payEvent(5, part)).rejects.toThrow();
    const second = $checkout.get().idempotencyKey;
    expect(second).not.toBe(first);
    pay.mockResolvedValueOnce(answer('nao_aprovado'));
    await payEvent(5, part);
    expect($checkout.get().idempotencyKey).not.toBe(second);
  });

  it('a card challenge is kept in the checkout state', async () => {
    pay.mockResolvedValue(answer('em_aberto', { desafio: true }));
    await payEvent(5, part);
    expect($checkout.get().challenge).toBe(true);
  });
});
