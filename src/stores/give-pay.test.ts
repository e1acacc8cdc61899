// The gift's body: the typed amounts per reason, the give options and the payment step's part;
// a visitor's data and captcha ride along; a refused attempt gets a new idempotency key.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const pay = vi.fn();
vi.mock('../lib/checkout/api.ts', () => ({
  checkout: { pay },
  newKey: () => `key-${Math.random().toString(36).slice(2)}`,
}));
const { $give, giftBody, pay: give, setAmount, setOption, startGive } = await import('./give.ts');

const part = {
  metodoPagamento: 'cartao' as const,
  parcelas: 1,
  salvarCartao: false,
  cartao: { token: 'tok_zoop_123456' },
};

describe('give store', () => {
  beforeEach(() => startGive(true));

  it('builds one donation order from the amounts and the payment step’s part (a visitor’s data and captcha too)', () => {
    setAmount(1, '50');
    setAmount(3, '25,50');
    setAmount(4, ' ');
    setOption('flagUsuarioTaxa', true);
    expect($give.get().total).toBe(75.5);
    const visitor = {
      pais: 'BR',
      visitante: { nome: 'Ana', email: 'ana@example.com', cpf: '52998224725' },
      captcha: { token: 't'.repeat(20), resposta: '11' },
    };
    expect(giftBody({ churchId: 9, payment: part, ...visitor })).toEqual({
      tipo: 'doacao',
      igreja: 9,
      motivos: [
        { motivo: 1, valor: 50 },
        { motivo: 3, valor: 25.5 },
      ],
      flagUsuarioTaxa: true,
      recorrencia: false,
      recorrenciaDias: 30,
      ...part,
      ...visitor,
    });
  });

  it('a refused gift gets a new key, so the next attempt is a new gift', async () => {
    setAmount(1, '50');
    const key = $give.get().idempotencyKey;
    pay.mockRejectedValueOnce(
      Object.assign(new Error('422'), { response: new Response('{}', { status: 422 }) }),
    );
    await expect(give({ churchId: 9, payment: part })).rejects.toThrow();
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({ tipo: 'doacao', metodoPagamento: 'cartao' }),
      key,
    );
    expect($give.get().idempotencyKey).not.toBe(key);
  });
});
