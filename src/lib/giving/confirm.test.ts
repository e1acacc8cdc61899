// A recurring gift whose bank wants the donor there (docs/payments.md "Recurring gifts at a live
// gateway"): /user/giving shows why with a "confirm with your bank" button, whose call leaves for
// the bank's page, or says why it was declined.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecurringGift } from '../../../contract/giving.ts';
import type { PaymentResponse } from '../../../contract/payments.ts';
import { RecurringItem } from '../../components/islands/giving/GivingAccountIsland.tsx';
import { makeT } from '../../components/islands/ui/t.ts';
import en from '../../i18n/en/give.json' with { type: 'json' };
import es from '../../i18n/es/give.json' with { type: 'json' };
import pt from '../../i18n/pt/give.json' with { type: 'json' };
import { giving } from './api.ts';
import { confirmGift } from './confirm.ts';

vi.mock('./api.ts', () => ({ giving: { confirmRecurring: vi.fn() } }));

const answer = (p: Partial<PaymentResponse['pagamento']>) =>
  ({
    pagamento: { codigo: 'DO-ABC', metodoPagamento: 'cartao', urlPagamento: null, ...p },
  }) as unknown as PaymentResponse;

const gift = (confirmacaoPendente: boolean): RecurringGift => ({
  id: 7,
  motivo: { id: 1, nome: 'Dízimo' },
  valor: 40,
  moeda: 'BRL',
  recorrenciaDias: 30,
  flagUsuarioTaxa: false,
  status: 'ativa',
  proximaCobranca: '2026-12-01',
  tentativasFalhas: confirmacaoPendente ? 1 : 0,
  cartao: { id: 3, bandeira: 'visa', final: '3220' },
  confirmacaoPendente,
  dataCadastro: '2026-01-01T00:00:00.000Z',
});

const render = (g: RecurringGift, strings: Record<string, string>, lang: 'pt' | 'en' | 'es') =>
  renderToStaticMarkup(
    createElement(RecurringItem, {
      church: {
        id: 1,
        codigo: 'grace',
        nome: 'Grace',
        pais: 'BR',
        fusoHorario: 'America/Sao_Paulo',
        slugOrganizacao: null,
      },
      lang,
      strings,
      slug: 'grace',
      reasons: [],
      t: makeT(strings, lang),
      gift: g,
      cards: [],
      userId: 9,
    }),
  );

describe('confirming a recurring gift with the bank', () => {
  beforeEach(() => vi.mocked(giving.confirmRecurring).mockReset());

  it('shows the reason and the button only for a gift whose bank wants the donor there', () => {
    const waiting = render(gift(true), pt, 'pt');
    expect(waiting).toContain('Confirmar com o banco');
    expect(waiting).toContain(pt['give.account.confirmReason']);
    expect(render(gift(true), en, 'en')).toContain('Confirm with your bank');
    expect(render(gift(true), es, 'es')).toContain('Confirmar con el banco');
    const fine = render(gift(false), pt, 'pt');
    expect(fine).not.toContain('Confirmar com o banco');
    expect(fine).not.toContain(pt['give.account.confirmReason']);
  });

  it('leaves for the bank’s page the answer names', async () => {
    const url = 'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1';
    vi.mocked(giving.confirmRecurring).mockResolvedValue(
      answer({ status: 'em_aberto', desafio: true, urlPagamento: url }),
    );
    expect(await confirmGift(9, 7, 1)).toEqual({ kind: 'leave', url });
    expect(giving.confirmRecurring).toHaveBeenCalledWith(9, 7, 1);
  });

  it('an answer without a bank page goes to the payment’s page; a decline says why', async () => {
    vi.mocked(giving.confirmRecurring).mockResolvedValue(answer({ status: 'aprovado' }));
    expect(await confirmGift(9, 7, 1)).toEqual({ kind: 'leave', url: '/user/payment/DO-ABC' });
    vi.mocked(giving.confirmRecurring).mockResolvedValue(
      answer({ status: 'pendente', desafio: false }),
    );
    expect(await confirmGift(9, 7, 1)).toEqual({ kind: 'leave', url: '/user/payment/DO-ABC' });
    vi.mocked(giving.confirmRecurring).mockResolvedValue(
      answer({ status: 'nao_aprovado', mensagem: 'Cartão recusado.' }),
    );
    expect(await confirmGift(9, 7, 1)).toEqual({ kind: 'declined', message: 'Cartão recusado.' });
  });
});
