// The one new-card implementation of the payment step and /user/addcard (docs/payments.md
// "Stripe"): at a live Stripe church Stripe.js's field and its PaymentMethod sent to
// card/gateway-token, never our number fields or card/token; elsewhere our fields and card/token.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import pt from '../../../i18n/pt/pay.json' with { type: 'json' };
import { checkout } from '../../../lib/checkout/api.ts';
import { NewCardFields, useNewCard, type NewCard, type NewCardOptions } from './new-card.tsx';
import { makeT } from './t.ts';

vi.mock('../../../lib/checkout/api.ts', () => ({
  checkout: {
    tokenize: vi.fn(async () => ({ token: 'tok_sandbox' })),
    gatewayToken: vi.fn(async (_church: number, pm: string) => ({ token: pm })),
  },
}));

const t = makeT(pt, 'pt');

/** The hook as a page gets it (rendered once on the server: its state is the first render's). */
function hookOf(options: NewCardOptions): NewCard {
  let got: NewCard | null = null;
  renderToStaticMarkup(
    createElement(() => {
      got = useNewCard(options);
      return null;
    }),
  );
  return got!;
}
const render = (card: NewCard, errors?: Record<string, string[]>) =>
  renderToStaticMarkup(createElement(NewCardFields, { ...card, t, lang: 'pt', errors }));

describe('a new card (payment step and /user/addcard)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('at a live Stripe church: the holder and Stripe’s field, with Stripe’s message; no number, expiry or CVV of ours', () => {
    const card = hookOf({
      churchId: 7,
      lang: 'pt',
      stripeKey: 'pk_test_church',
      holderFields: false,
    });
    const html = render(card, { numero: ['Seu número de cartão está incompleto.'] });
    expect(html).toContain('data-testid="stripe-card"');
    expect(html).toContain('name="titular"');
    expect(html).toContain('Seu número de cartão está incompleto.');
    for (const ours of ['name="numero"', 'name="validade"', 'name="cvv"'])
      expect(html).not.toContain(ours);
  });

  it('on the sandbox: our fields, with the holder’s CPF and birth date where the gateway needs them', () => {
    const html = render(hookOf({ churchId: 7, lang: 'pt', stripeKey: null, holderFields: true }));
    expect(html).toContain('name="numero"');
    expect(html).toContain('name="cvv"');
    expect(html).toContain('name="cpfTitular"');
    expect(html).not.toContain('data-testid="stripe-card"');
  });

  it('token(): Stripe.js’s PaymentMethod goes to card/gateway-token, never to card/token', async () => {
    const card = hookOf({
      churchId: 7,
      lang: 'pt',
      stripeKey: 'pk_test_church',
      holderFields: false,
    });
    // before Stripe's field is on the page nothing is sent
    await expect(card.token()).rejects.toThrow(/Stripe card field/);
    const handle = vi.fn(async () => 'pm_card_visa');
    card.stripeReady(handle);
    expect(await card.token()).toEqual({ token: 'pm_card_visa' });
    expect(handle).toHaveBeenCalledWith('');
    expect(checkout.gatewayToken).toHaveBeenCalledWith(7, 'pm_card_visa');
    expect(checkout.tokenize).not.toHaveBeenCalled();
  });

  it('token(): Stripe’s refusal stops before our API', async () => {
    const card = hookOf({
      churchId: 7,
      lang: 'pt',
      stripeKey: 'pk_test_church',
      holderFields: false,
    });
    card.stripeReady(async () => {
      throw new Error('incomplete');
    });
    await expect(card.token()).rejects.toThrow('incomplete');
    expect(checkout.gatewayToken).not.toHaveBeenCalled();
  });

  it('token() on the sandbox: the typed card goes to card/token', async () => {
    const card = hookOf({ churchId: 7, lang: 'pt', stripeKey: null, holderFields: false });
    expect(await card.token()).toEqual({ token: 'tok_sandbox' });
    expect(checkout.tokenize).toHaveBeenCalledWith(7, {
      titular: '',
      numero: '',
      validade: '',
      cvv: '',
    });
    expect(checkout.gatewayToken).not.toHaveBeenCalled();
  });
});
