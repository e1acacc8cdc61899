// The payment step renders what the server's data says: holder CPF and birth date only for a
// gateway that needs them, and an installments select whose options are the quote's plans.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import pt from '../../../i18n/pt/pay.json' with { type: 'json' };
import { quoteOf } from '../../../lib/checkout/payment.ts';
import { PaymentFields, PaymentTotals, type PaymentStep } from './payment.tsx';
import { makeT } from './t.ts';

const t = makeT(pt, 'pt');
const fees = {
  valor: 300,
  taxaServico: 12,
  taxaProcessamento: 4.5,
  valorTaxas: 16.5,
  valorTotal: 316.5,
  flagAssumirTaxasServico: false,
};
const plans = [
  { parcela: 1, valorParcela: 316.5, valorTotal: 316.5, juros: 0, flagJuros: false },
  { parcela: 3, valorParcela: 108.2, valorTotal: 324.6, juros: 8.1, flagJuros: true },
];
const noop = () => undefined;
const step = (over: Partial<PaymentStep>): PaymentStep => ({
  methods: [
    { codigo: 'cartao', nome: 'Cartão de crédito', idGatewayPagamento: 8 },
    { codigo: 'pix', nome: 'Pix', idGatewayPagamento: 8 },
  ],
  method: 'cartao',
  setMethod: noop,
  member: true,
  lang: 'pt',
  cards: [],
  cardChoice: 'new',
  setCardChoice: noop,
  newCard: true,
  card: {
    titular: '',
    numero: '',
    validade: '',
    cvv: '',
    cpfTitular: '',
    dataNascimentoTitular: '',
  },
  setCard: noop,
  holderFields: true,
  stripeKey: null,
  stripeReady: noop,
  saveCard: { value: true, set: noop },
  ach: { numeroConta: '', numeroRoteamento: '', tipoConta: 'corrente' },
  setAch: noop,
  quote: quoteOf(fees, plans, 3),
  quoteFailed: false,
  setInstallments: noop,
  prepare: async () => ({ metodoPagamento: 'cartao', parcelas: 1, salvarCartao: false }),
  ...over,
});
const render = (s: PaymentStep, errors?: Record<string, string[]>) =>
  renderToStaticMarkup(createElement(PaymentFields, { step: s, t, currency: 'BRL', errors }));

describe('payment step fields', () => {
  it('asks the holder’s CPF and birth date when the gateway needs them, and shows the API’s messages by them', () => {
    const html = render(step({}), { cpfTitular: ['CPF inválido.'] });
    expect(html).toContain('CPF do titular');
    expect(html).toContain('Data de nascimento do titular');
    expect(html).toContain('CPF inválido.');
    expect(render(step({ holderFields: false }))).not.toContain('CPF do titular');
  });

  it('the installments select and the totals show the same plan', () => {
    const s = step({});
    const html = render(s);
    // what is really charged: the installment with its interest, and the total
    expect(html).toMatch(
      /<option value="3" selected="">3x de R\$\s108,20 com juros \(total R\$\s324,60\)<\/option>/,
    );
    const totals = renderToStaticMarkup(
      createElement(PaymentTotals, {
        quote: s.quote,
        t,
        currency: 'BRL',
        lang: 'pt',
        valueLabel: 'Ingressos',
      }),
    );
    expect(totals).toMatch(
      /data-testid="pay-installments">3x de R\$\s108,20 com juros \(total R\$\s324,60\)/,
    );
    expect(totals).toMatch(/data-testid="pay-total">R\$\s324,60/);
  });

  it('shows the server’s message on the method (e.g. Pix only in Brazil), without checking the country itself', () => {
    const html = render(step({ method: 'pix' }), {
      metodoPagamento: ['Pix e boleto só estão disponíveis para endereços no Brasil.'],
    });
    expect(html).toContain('Pix e boleto só estão disponíveis para endereços no Brasil.');
    expect(html).not.toContain('Número do cartão');
  });

  it('at a live Stripe church the new card is Stripe.js’s field: no number, expiry or CVV of ours', () => {
    const html = render(step({ stripeKey: 'pk_test_church', holderFields: false }), {
      numero: ['Seu número de cartão está incompleto.'],
    });
    expect(html).toContain('data-testid="stripe-card"');
    expect(html).toContain('Dados do cartão');
    expect(html).toContain('name="titular"');
    expect(html).toContain('Seu número de cartão está incompleto.');
    expect(html).not.toContain('name="numero"');
    expect(html).not.toContain('name="cvv"');
    expect(html).not.toContain('name="validade"');
    // the sandbox (no key) keeps our own fields
    expect(render(step({ holderFields: false }))).toContain('name="numero"');
  });
});
