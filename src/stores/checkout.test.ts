import { beforeEach, describe, expect, it } from 'vitest';
import { paymentPageState, paymentTextKey, thankYouKey } from '../lib/checkout-text.ts';
import {
  $checkout,
  bindCheckoutStorage,
  CHECKOUT_STORAGE_KEY,
  firstIncompleteSeat,
  holderErrors,
  isUnregistered,
  resetCheckout,
  seatsOf,
  setHolder,
  startEventCheckout,
  ticketsBody,
} from './checkout.ts';

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
const shirt = {
  id: 'camiseta',
  titulo: 'Camiseta',
  tipo: 'select' as const,
  obrigatorio: true,
  opcoes: ['P', 'M'],
};
const tickets = [
  { id: 1, nome: 'Lote 1', valor: 150, perguntas: [shirt], quantity: 2 },
  { id: 2, nome: 'Lote 2', valor: 180, perguntas: [], quantity: 0 },
  { id: 3, nome: 'Criança', valor: 25.5, perguntas: [], quantity: 1 },
];

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}
const storage = new MemoryStorage();
bindCheckoutStorage(storage);

describe('event checkout store', () => {
  beforeEach(() => resetCheckout());

  it('turns quantities into seats, ticket x of n, with the value and a purchase key', () => {
    const checkout = startEventCheckout(event, tickets, 'Maria');
    expect(checkout.value).toBe(325.5);
    const seats = seatsOf(checkout);
    expect(seats.map((s) => [s.ticket.nome, s.seatIndex])).toEqual([
      ['Lote 1', 0],
      ['Lote 1', 1],
      ['Criança', 0],
    ]);
    expect(seats[0]!.holder.nome).toBe('Maria');
    expect($checkout.get()).toMatchObject({ type: 'evento', installments: 1, challenge: false });
    expect($checkout.get().idempotencyKey).toMatch(/.{8,}/);
    expect(JSON.parse(storage.getItem(CHECKOUT_STORAGE_KEY)!).eventCheckout.value).toBe(325.5);
  });

  it('checks each holder: name, e-mail, required answers and options', () => {
    const checkout = startEventCheckout(event, tickets, 'Maria');
    expect(firstIncompleteSeat(checkout)).toBe(0);
    const t = checkout.tickets[0]!;
    expect(holderErrors(t, { nome: '', email: 'x@', respostas: { camiseta: 'G' } })).toEqual({
      nome: 'required',
      email: 'email',
      camiseta: 'option',
    });
    setHolder(0, 0, { nome: 'Maria', email: '', respostas: { camiseta: 'M' } });
    expect(firstIncompleteSeat($checkout.get().eventCheckout)).toBe(1);
    setHolder(0, 1, { nome: 'Carlos', email: 'c@x.com', respostas: { camiseta: 'P' } });
    setHolder(1, 0, { nome: 'Ana', email: '', respostas: {} });
    expect(firstIncompleteSeat($checkout.get().eventCheckout)).toBe(-1);
    expect(ticketsBody($checkout.get().eventCheckout!)).toEqual([
      {
        ingresso: 1,
        titulares: [
          { nome: 'Maria', respostas: { camiseta: 'M' } },
          { nome: 'Carlos', email: 'c@x.com', respostas: { camiseta: 'P' } },
        ],
      },
      { ingresso: 3, titulares: [{ nome: 'Ana', respostas: {} }] },
    ]);
  });

  it('keeps filled holders when the same event is chosen again', () => {
    startEventCheckout(event, tickets, 'Maria');
    setHolder(0, 1, { nome: 'Carlos', email: '', respostas: { camiseta: 'P' } });
    const again = startEventCheckout(
      event,
      tickets.map((x) => (x.id === 1 ? { ...x, quantity: 3 } : x)),
      'Maria',
    );
    expect(again.tickets[0]!.titulares.map((h) => h.nome)).toEqual(['Maria', 'Carlos', '']);
  });

  it('is unregistered only without login and with unregistered data (spec §3)', () => {
    expect(isUnregistered($checkout.get(), false)).toBe(false);
    expect(isUnregistered({ ...$checkout.get(), unregisteredUserData: { nome: 'X' } }, false)).toBe(
      true,
    );
    expect(isUnregistered({ ...$checkout.get(), unregisteredUserData: { nome: 'X' } }, true)).toBe(
      false,
    );
  });
});

describe('thank-you text by method and status (spec §4)', () => {
  it.each([
    ['cartao', 'aprovado', 'checkout.thanks.success'],
    ['cartao', 'em_analise', 'checkout.thanks.cardProcessing'],
    ['cartao', 'em_aberto', 'checkout.thanks.cardProcessing'],
    ['cartao', 'pendente', 'checkout.thanks.cardProcessing'],
    ['boleto', 'pendente', 'checkout.thanks.boleto'],
    ['boleto', 'em_analise', 'checkout.thanks.boleto'],
    ['dinheiro', 'aguardando', 'checkout.thanks.waiting'],
    ['transferencia', 'aguardando', 'checkout.thanks.waiting'],
    ['picpay', 'aguardando', 'checkout.thanks.picpay'],
    ['pix', 'pendente', 'checkout.thanks.pix'],
    ['ach', 'aprovado', 'checkout.thanks.success'],
    ['ach', 'nao_aprovado', 'checkout.thanks.achRefused'],
    ['gratuito', 'aprovado', 'checkout.thanks.free'],
    ['pix', 'cancelado', 'checkout.thanks.canceled'],
    ['cartao', 'estornado', 'checkout.thanks.refunded'],
  ] as const)('%s + %s → %s', (method, status, key) => {
    expect(thankYouKey(method, status)).toBe(key);
  });
});

describe('a payment speaks of what was bought', () => {
  it.each([
    ['evento', 'pix', 'aprovado', 'checkout.thanks.success'],
    ['doacao', 'pix', 'aprovado', 'give.thanks.success'],
    ['doacao', 'pix', 'pendente', 'give.thanks.pix'],
    ['doacao', 'cartao', 'em_analise', 'checkout.thanks.cardProcessing'],
    ['doacao', 'cartao', 'estornado', 'give.thanks.refunded'],
    ['assinatura', 'cartao', 'aprovado', 'payment.sub.success'],
    ['assinatura', 'pix', 'pendente', 'payment.sub.pix'],
    ['assinatura', 'boleto', 'pendente', 'payment.sub.pending'],
    ['assinatura', 'cartao', 'estornado', 'payment.sub.refunded'],
  ] as const)('%s paid by %s, %s → %s', (kind, method, status, key) => {
    expect(paymentTextKey(kind, method, status)).toBe(key);
  });
});

describe('payment-status page states (spec §4)', () => {
  it('maps every status to canceled, not found, refunded, under review, success or waiting', () => {
    expect(paymentPageState(null)).toBe('notFound');
    expect(paymentPageState('aprovado')).toBe('success');
    expect(paymentPageState('em_analise')).toBe('underReview');
    expect(paymentPageState('estornado')).toBe('refunded');
    expect(paymentPageState('cancelado')).toBe('canceled');
    expect(paymentPageState('nao_aprovado')).toBe('canceled');
    for (const waiting of ['pendente', 'aguardando', 'em_aberto'] as const)
      expect(paymentPageState(waiting)).toBe('waiting');
  });
});
