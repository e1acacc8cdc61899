import { describe, expect, it } from 'vitest';
import { visitorErrors } from './visitor-form.ts';

describe('a visitor\'s checkout fields (docs/events.md "Visitors")', () => {
  it('names every field to fix at once', () => {
    expect(visitorErrors({ nome: '', email: 'x', cpf: '' }, true)).toEqual({
      'visitante.nome': 'checkout.error.required',
      'visitante.email': 'checkout.error.email',
      'visitante.cpf': 'checkout.error.required',
    });
    expect(visitorErrors({ nome: 'Ana', email: 'ana@x.com', cpf: '111.111.111-11' }, true)).toEqual(
      {
        'visitante.cpf': 'checkout.error.cpf',
      },
    );
  });
  it('passes a complete visitor; CPF only where the church asks it', () => {
    expect(visitorErrors({ nome: 'Ana', email: 'ana@x.com', cpf: '529.982.247-25' }, true)).toEqual(
      {},
    );
    expect(visitorErrors({ nome: 'Ann', email: 'ann@x.com', cpf: '' }, false)).toEqual({});
  });
});
