// /checkout's form flow (docs/events.md "Visitors"): a visitor's wrong fields show at once and
// spend nothing; a visitor's order shows in place; a refusal after the captcha was sent asks for
// a new one, a 400 (checked before the captcha) does not; a member's free order leads on.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResponse } from '../../contract/payments.ts';

const pay = vi.fn();
const freeRegistration = vi.fn();
const captcha = vi.fn();
vi.mock('../lib/checkout/api.ts', () => ({
  checkout: { pay, freeRegistration },
  newKey: () => `key-${Math.random().toString(36).slice(2)}`,
}));
vi.mock('../lib/giving/api.ts', () => ({ giving: { captcha } }));
vi.mock('../lib/giving/proof-of-work.ts', () => ({ solveProofOfWork: async () => 42 }));
const store = await import('./checkout.ts');

const event = {
  id: 7,
  titulo: 'Conferência',
  moeda: 'BRL',
  fusoHorario: 'America/Sao_Paulo',
  dataInicio: '2026-12-12T22:00:00Z',
  local: 'Sede',
  flagJuros: false,
  flagAssumirTaxasServico: false,
  qtdeMaxParcelas: 1,
  flagVisitante: true,
};
const answer = (status: string) =>
  ({
    pagamento: { codigo: 'EV-1', status, metodoPagamento: 'gratuito', parcelas: 1, desafio: false },
    inscricoes: [],
  }) as unknown as PaymentResponse;
const refused = (status: number) =>
  new HTTPError(
    new Response(JSON.stringify({ message: 'No.', errors: {} }), { status }),
    new Request('http://localhost/api/v1/pagamento/'),
    {} as NormalizedOptions,
  );
const texts = { field: (key: string) => `t:${key}`, fixErrors: 'Fix them.', generic: 'Failed.' };
const asVisitor = {
  slug: 'graca',
  userId: null,
  visitor: true,
  askCpf: false,
  prepare: null,
  texts,
};

describe('the checkout form', () => {
  beforeEach(async () => {
    vi.resetAllMocks();
    store.startEventCheckout(
      event,
      [{ id: 1, nome: 'Free', valor: 0, perguntas: [], quantity: 1 }],
      'Ana',
    );
    store.startCheckoutForm('BR');
    captcha.mockResolvedValue({ token: 't'.repeat(20) });
    await store.newCheckoutCaptcha('graca');
  });

  it('a visitor’s wrong fields show at once and send nothing', async () => {
    store.setBuyer({ nome: 'A', email: 'not-mail', cpf: '', pais: 'BR' });
    await store.submitCheckout(asVisitor);
    expect(pay).not.toHaveBeenCalled();
    expect(store.$checkoutForm.get().error).toEqual({
      message: 'Fix them.',
      errors: {
        'visitante.nome': ['t:checkout.error.required'],
        'visitante.email': ['t:checkout.error.email'],
      },
    });
  });

  it('a visitor’s order goes with the solved captcha and shows in place', async () => {
    store.setBuyer({ nome: 'Ana', email: 'ana@example.com', cpf: '', pais: 'BR' });
    pay.mockResolvedValue(answer('aprovado'));
    await store.submitCheckout(asVisitor);
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({
        tipo: 'evento',
        visitante: { nome: 'Ana', email: 'ana@example.com' },
        captcha: { token: 't'.repeat(20), resposta: '42' },
        pais: 'BR',
      }),
      expect.any(String),
    );
    expect(store.$checkoutForm.get()).toMatchObject({ busy: false, error: null });
    expect(store.$checkoutForm.get().visitorAnswer?.pagamento.codigo).toBe('EV-1');
  });

  it('a refusal after the captcha was sent asks for a new one; a 400 leaves it', async () => {
    store.setBuyer({ nome: 'Ana', email: 'ana@example.com', cpf: '', pais: 'BR' });
    pay.mockRejectedValueOnce(refused(400));
    await store.submitCheckout(asVisitor);
    expect(captcha).toHaveBeenCalledTimes(1);
    expect(store.$checkoutForm.get().error?.message).toBe('No.');
    pay.mockRejectedValueOnce(refused(422));
    await store.submitCheckout(asVisitor);
    expect(captcha).toHaveBeenCalledTimes(2);
  });

  it('without a login or a visitor’s right, nothing is sent', async () => {
    await store.submitCheckout({ ...asVisitor, visitor: false });
    expect(pay).not.toHaveBeenCalled();
    expect(freeRegistration).not.toHaveBeenCalled();
  });
});
