import { describe, expect, it } from 'vitest';
import { eventMethods } from './checkout-methods.ts';

const church = [
  { codigo: 'cartao', nome: 'Cartão', idGatewayPagamento: 8 },
  { codigo: 'pix', nome: 'Pix', idGatewayPagamento: 8 },
  { codigo: 'boleto', nome: 'Boleto', idGatewayPagamento: 8 },
] as never[];

describe('eventMethods', () => {
  it('offers every method of the church when the event names none', () => {
    expect(eventMethods(church, null)).toBe(church);
    expect(eventMethods(church, undefined)).toBe(church);
  });
  it('offers only the methods the event accepts, in the church’s order', () => {
    expect(
      eventMethods(church, ['boleto', 'cartao']).map((m: { codigo: string }) => m.codigo),
    ).toEqual(['cartao', 'boleto']);
    expect(eventMethods(church, ['dinheiro'])).toEqual([]);
  });
});
