import { describe, expect, it } from 'vitest';
import { addressBody, childBody, newAccountBody, updateUserBody } from '../../../contract/user.ts';
import { dateForSchema, schemaErrors } from './validate.ts';

const registration = {
  nome: 'Ana',
  sobrenome: 'Lima',
  email: 'ana@example.com',
  senha: 'Forte@123',
  confirmacaoSenha: 'Forte@123',
  telefone: '+55 11 91234-5678',
  dataNascimento: '1995-07-20',
  sexo: 'F',
  cpf: '111.444.777-35',
  observacoes: null,
};

describe('forms checked with the contract (the API applies the same schemas)', () => {
  it('accepts a complete registration and names each broken rule by field', () => {
    expect(schemaErrors(newAccountBody, registration)).toEqual({});
    const errors = schemaErrors(newAccountBody, {
      ...registration,
      nome: '',
      cpf: '123.456.789-00',
      senha: 'fraca',
      confirmacaoSenha: 'x',
      dataNascimento: dateForSchema('31/02/1990', 'pt'),
      sexo: '',
    });
    expect(errors).toMatchObject({
      nome: 'v.required',
      cpf: 'v.cpf',
      senha: 'v.password',
      dataNascimento: 'v.date',
      sexo: 'v.sex',
    });
  });

  it('reads dates in the language of the page: 07/20/1995 is a date in English only; blank is required; the future is refused', () => {
    expect(dateForSchema('07/20/1995', 'en')).toBe('1995-07-20');
    expect(
      schemaErrors(childBody, { nome: 'Davi', dataNascimento: dateForSchema('07/20/1995', 'pt') }),
    ).toEqual({ dataNascimento: 'v.date' });
    expect(
      schemaErrors(childBody, { nome: 'Davi', dataNascimento: dateForSchema('', 'pt') }),
    ).toEqual({ dataNascimento: 'v.required' });
    expect(
      schemaErrors(childBody, { nome: 'Davi', dataNascimento: dateForSchema('01/01/2999', 'pt') }),
    ).toEqual({ dataNascimento: 'v.datePast' });
  });

  it('checks the profile and an address as the API does', () => {
    const profile = {
      igreja: 1,
      nome: 'Ana',
      sobrenome: 'Lima',
      telefone: '+55 11 91234-5678',
      dataNascimento: '1995-07-20',
      sexo: 'F',
      cpf: null,
      qtdeFilhos: 40,
    };
    expect(schemaErrors(updateUserBody, profile)).toEqual({ qtdeFilhos: 'v.number' });
    expect(
      schemaErrors(addressBody, {
        pais: 'BR',
        cep: '123',
        cidade: 'São Paulo',
        logradouro: 'Av. Paulista',
      }),
    ).toEqual({ cep: 'v.cep' });
  });
});
