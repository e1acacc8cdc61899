// A live gateway's 3-D Secure sends the payer to the bank's page; the sandbox's challenge stays in the form (docs/payments.md).
import { describe, expect, it } from 'vitest';
import type { PaymentResponse } from '../../../contract/payments.ts';
import { afterPay } from './payment.ts';

const answer = (p: Partial<PaymentResponse['pagamento']>) =>
  ({
    pagamento: { codigo: 'DO-ABC', metodoPagamento: 'cartao', urlPagamento: null, ...p },
  }) as unknown as PaymentResponse;

describe('after a card payment that waits for 3-D Secure', () => {
  it('a live gateway sends the payer to its bank page', () => {
    const url = 'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1';
    expect(
      afterPay(answer({ status: 'em_aberto', desafio: true, urlPagamento: url }), '/t'),
    ).toEqual({
      kind: 'leave',
      url,
    });
  });
  it('the sandbox asks for its code in the form', () => {
    expect(afterPay(answer({ status: 'em_aberto', desafio: true }), '/t')).toEqual({
      kind: 'challenge',
      code: 'DO-ABC',
    });
  });
});
