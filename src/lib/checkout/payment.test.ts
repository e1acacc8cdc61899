import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { money } from '../../../common/format.ts';
import type { FeeQuoteWire, PaymentResponse } from '../../../contract/payments.ts';
import { needsHolderFields } from '../../../contract/payment-rules.ts';
import {
  afterPay,
  holderBirthDate,
  holderBirthProblem,
  installmentText,
  quoteOf,
} from './payment.ts';

const fees: FeeQuoteWire = {
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

const answer = (p: Partial<PaymentResponse['pagamento']>): PaymentResponse => ({
  pagamento: {
    codigo: 'EV-ABC123',
    status: 'aprovado',
    metodoPagamento: 'cartao',
    idGatewayPagamento: 8,
    moeda: 'BRL',
    valor: 10,
    taxas: 0,
    juros: 0,
    valorTotal: 10,
    parcelas: 1,
    valorParcela: 10,
    cartao: null,
    pixCopiaCola: null,
    pixQrCode: null,
    linhaDigitavel: null,
    urlPagamento: null,
    expiraEm: null,
    desafio: false,
    mensagem: null,
    evento: null,
    tipo: 'evento',
    itens: [],
    doacaoRecorrente: null,
    doador: null,
    dataCadastro: '2026-11-24T10:00:00Z',
    ...p,
  } as PaymentResponse['pagamento'],
  inscricoes: [],
});

describe('payment step logic', () => {
  it('the summary total is the chosen installment plan’s total (docs/giving.md "The payment step")', () => {
    expect(quoteOf(fees, plans, 3)).toMatchObject({ plan: { parcela: 3 }, total: 324.6 });
    expect(quoteOf(fees, plans, 2).plan.parcela).toBe(1); // a count not offered falls back to the first
    expect(quoteOf(fees, [], 5)).toMatchObject({
      plans: [{ parcela: 1, valorTotal: 316.5 }],
      total: 316.5,
    });
  });

  it('asks the holder’s CPF and birth date only where the gateway needs them (spec §3)', () => {
    expect(needsHolderFields(8)).toBe(true); // zoop
    for (const gateway of [1, 4, 5, null, undefined])
      expect(needsHolderFields(gateway)).toBe(false);
  });

  it('sends the holder’s birth date as yyyy-mm-dd, or as typed so the API names the field', () => {
    expect(holderBirthDate('10/05/1985', 'pt')).toBe('1985-05-10');
    expect(holderBirthDate('05/10/1985', 'en')).toBe('1985-05-10');
    expect(holderBirthDate('31/02/1985', 'pt')).toBe('31/02/1985');
    expect(holderBirthDate('  ', 'pt')).toBe('');
  });

  it('names the form’s date format for a birth date it cannot read, before anything is sent (the API names ISO)', () => {
    expect(holderBirthProblem('31/02/1985', 'pt')).toBe('Data inválida. Use o formato dd/mm/aaaa.');
    expect(holderBirthProblem('10/25/1985', 'en')).toBeNull();
    expect(holderBirthProblem('25/10/1985', 'en')).toBe('Invalid date. Use the format mm/dd/yyyy.');
    expect(holderBirthProblem('1985-13-01', 'es')).toBe(
      'Fecha inválida. Usa el formato dd/mm/aaaa.',
    );
    expect(holderBirthProblem('10/05/1985', 'pt')).toBeNull();
    expect(holderBirthProblem('', 'pt')).toBeNull(); // blank: the API's "required"
  });

  it('declined, challenge, PicPay’s urlPagamento, else the thank-you page', () => {
    expect(
      afterPay(answer({ status: 'nao_aprovado', mensagem: 'Cartão recusado.' }), '/t'),
    ).toEqual({ kind: 'declined', message: 'Cartão recusado.' });
    expect(afterPay(answer({ status: 'em_aberto', desafio: true }), '/t')).toEqual({
      kind: 'challenge',
      code: 'EV-ABC123',
    });
    expect(
      afterPay(
        answer({
          status: 'aguardando',
          metodoPagamento: 'picpay',
          urlPagamento: 'https://picpay.example/pay/1',
        }),
        '/t',
      ),
    ).toEqual({ kind: 'leave', url: 'https://picpay.example/pay/1' });
    expect(afterPay(answer({ status: 'pendente', metodoPagamento: 'pix' }), '/t?pedido=1')).toEqual(
      { kind: 'leave', url: '/t?pedido=1' },
    );
  });
});

describe('installments say what is really charged', () => {
  const texts: Record<string, string> = JSON.parse(
    readFileSync(new URL('../../i18n/pt/pay.json', import.meta.url), 'utf8'),
  );
  const t = (key: string, values: Record<string, string | number>) =>
    texts[key]!.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
  const brl = (v: number) => money(v, 'BRL', 'pt');

  it('names the last installment when it carries the leftover cents, and the total', () => {
    expect(
      installmentText(
        { parcela: 3, valorParcela: 116.66, valorTotal: 350, flagJuros: false },
        t,
        brl,
      ),
    ).toMatch(/^2x de R\$\s116,66 e 1x de R\$\s116,68 \(total R\$\s350,00\)$/);
    expect(
      installmentText({ parcela: 2, valorParcela: 175, valorTotal: 350, flagJuros: false }, t, brl),
    ).toMatch(/^2x de R\$\s175,00 \(total R\$\s350,00\)$/);
  });

  it('with interest, the installment and the total include it', () => {
    expect(
      installmentText(
        { parcela: 3, valorParcela: 121.5, valorTotal: 364.5, flagJuros: true },
        t,
        brl,
      ),
    ).toMatch(/^3x de R\$\s121,50 com juros \(total R\$\s364,50\)$/);
  });
});
