import { describe, expect, it } from 'vitest';
import { checkPhone, checkRegistration, maskCep, maskCpf, maskDate, notificationLink } from './forms.ts';

const valid = {
  nome: 'Ana', sobrenome: 'Lima', email: 'ana@example.com', senha: 'Forte@123', confirmacaoSenha: 'Forte@123',
  telefone: '+55 11 91234-5678', dataNascimento: '20/07/1995', sexo: 'F', cpf: '111.444.777-35', observacoes: '',
};

describe('registration form (spec §3 Identity, §5 rules)', () => {
  it('accepts a complete Brazilian registration', () => {
    expect(checkRegistration(valid, 'pt', 'BR')).toEqual({});
  });
  it('names each broken rule by field', () => {
    const errors = checkRegistration(
      { ...valid, nome: '', cpf: '123.456.789-00', confirmacaoSenha: 'x', senha: 'fraca', telefone: '1234', dataNascimento: '31/02/1990', sexo: '' },
      'pt',
      'BR',
    );
    expect(errors).toEqual({ nome: 'v.required', cpf: 'v.cpf', senha: 'v.password', confirmacaoSenha: 'v.passwordConfirm', telefone: 'v.phoneBr', dataNascimento: 'v.date', sexo: 'v.required' });
  });
  it('dates follow the language: 07/20/1995 is valid in English only; a future date is refused', () => {
    expect(checkRegistration({ ...valid, dataNascimento: '07/20/1995' }, 'en', 'US').dataNascimento).toBeUndefined();
    expect(checkRegistration({ ...valid, dataNascimento: '07/20/1995' }, 'pt', 'BR').dataNascimento).toBe('v.date');
    expect(checkRegistration({ ...valid, dataNascimento: '01/01/2999' }, 'pt', 'BR').dataNascimento).toBe('v.datePast');
  });
  it('CPF is required in Brazilian churches only', () => {
    expect(checkRegistration({ ...valid, cpf: '' }, 'pt', 'BR').cpf).toBe('v.required');
    expect(checkRegistration({ ...valid, cpf: '', telefone: '+1 512 555 0100', dataNascimento: '07/20/1995' }, 'en', 'US')).toEqual({});
  });
  it('phones: Brazilian rule in BR, any phone elsewhere', () => {
    expect(checkPhone('(11) 98765-4321', 'BR')).toBeNull();
    expect(checkPhone('+1 512 555 0100', 'BR')).toBe('v.phoneBr');
    expect(checkPhone('+1 512 555 0100', 'US')).toBeNull();
  });
  it('masks as the user types', () => {
    expect(maskDate('20071995')).toBe('20/07/1995');
    expect(maskCpf('11144477735')).toBe('111.444.777-35');
    expect(maskCep('01310100')).toBe('01310-100');
  });
});

describe('notifications (spec §3)', () => {
  const n = (codigo: string, church = 'graca') => ({ tipo: { codigo }, igreja: { codigo: church }, idEntidadeRelacionada: '7' });
  it('only the named types of this church are navigable', () => {
    expect(notificationLink(n('EVENTO'), 'graca')).toBe('/event/7');
    expect(notificationLink(n('NOTICIA'), 'graca')).toBe('/news/7');
    expect(notificationLink(n('CULTO'), 'graca')).toBe('/live');
    expect(notificationLink(n('DOACAO'), 'graca')).toBeNull();
    expect(notificationLink(n('EVENTO', 'grace'), 'graca')).toBeNull();
  });
});
