// Stripe.js in the payment step (docs/payments.md "Stripe"): the key only for a live Stripe card
// method, Stripe's PaymentMethod id passed on, and its refusal read as the API's 422 on `numero`.
import { describe, expect, it } from 'vitest';
import { readFailure } from '../account/http.ts';
import {
  stripeKeyOf,
  stripeLocale,
  stripePaymentMethod,
  type StripeCardElement,
  type StripeJs,
} from './stripe.ts';

const card: StripeCardElement = { mount: () => undefined, destroy: () => undefined };
const stripeAnswering = (answer: Awaited<ReturnType<StripeJs['createPaymentMethod']>>) => {
  const asked: unknown[] = [];
  const stripe: StripeJs = {
    elements: () => ({ create: () => card }),
    createPaymentMethod: async (options) => {
      asked.push(options);
      return answer;
    },
  };
  return { stripe, asked };
};

describe('Stripe.js in the payment step', () => {
  it('uses the publishable key only of a card method whose gateway is Stripe', () => {
    expect(
      stripeKeyOf([
        { codigo: 'pix', nome: 'Pix', idGatewayPagamento: 5, chavePublicavel: 'pk_x' },
        { codigo: 'cartao', nome: 'Cartão', idGatewayPagamento: 5, chavePublicavel: 'pk_live_1' },
      ]),
    ).toBe('pk_live_1');
    expect(stripeKeyOf([{ codigo: 'cartao', nome: 'Cartão', idGatewayPagamento: 5 }])).toBeNull();
    expect(
      stripeKeyOf([
        { codigo: 'cartao', nome: 'Cartão', idGatewayPagamento: 8, chavePublicavel: 'pk_x' },
      ]),
    ).toBeNull();
    expect(stripeLocale('pt')).toBe('pt-BR');
    expect(stripeLocale('es')).toBe('es');
  });

  it('answers the PaymentMethod id Stripe made, with the holder as its billing name', async () => {
    const { stripe, asked } = stripeAnswering({ paymentMethod: { id: 'pm_card_visa' } });
    expect(await stripePaymentMethod(stripe, card, ' Maria Souza ', 'fallback')).toBe(
      'pm_card_visa',
    );
    expect(asked).toEqual([{ type: 'card', card, billing_details: { name: 'Maria Souza' } }]);
  });

  it('a card Stripe refuses is a 422 on `numero` with Stripe’s message, never a network failure', async () => {
    const { stripe } = stripeAnswering({ error: { message: 'Your card number is incomplete.' } });
    const error = await stripePaymentMethod(stripe, card, '', 'fallback').catch((e: unknown) => e);
    expect(await readFailure(error)).toEqual({
      status: 422,
      message: 'Your card number is incomplete.',
      errors: { numero: ['Your card number is incomplete.'] },
    });
    const silent = stripeAnswering({});
    const other = await stripePaymentMethod(silent.stripe, card, '', 'fallback').catch(
      (e: unknown) => e,
    );
    expect((await readFailure(other)).message).toBe('fallback');
  });
});
