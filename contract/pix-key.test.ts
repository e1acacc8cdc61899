import { describe, expect, it } from 'vitest';
import { formatPixKey, isValidCnpj, isValidPixKey, pixKeyOfCode, pixKeyTypeOf } from './pix-key.ts';
import { pixKeyInputSchema } from './pix-key-input.ts';

describe('Pix keys by type (spec §3: cnpj, cpf, email, phone, random)', () => {
  it('checks each type by its own rule', () => {
    expect(isValidPixKey('cpf', '529.982.247-25')).toBe(true);
    expect(isValidPixKey('cpf', '111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidPixKey('cnpj', '11.222.333/0001-82')).toBe(false);
    expect(isValidPixKey('email', 'Pix@Igreja.org')).toBe(true);
    expect(isValidPixKey('email', 'pix@igreja')).toBe(false);
    expect(isValidPixKey('telefone', '(11) 98765-4321')).toBe(true);
    expect(isValidPixKey('telefone', '+55 11 98765-4321')).toBe(true);
    expect(isValidPixKey('telefone', '98765-4321')).toBe(false);
    expect(isValidPixKey('aleatoria', '123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isValidPixKey('aleatoria', '123e4567e89b12d3a456426614174000')).toBe(false);
    // a CPF is not a phone, nor the other way round
    expect(isValidPixKey('cpf', '11987654321')).toBe(false);
  });

  it('tells a stored key’s type and writes it for people', () => {
    expect(pixKeyTypeOf('52998224725')).toBe('cpf');
    expect(pixKeyTypeOf('11222333000181')).toBe('cnpj');
    expect(pixKeyTypeOf('pix@graca.demo')).toBe('email');
    expect(pixKeyTypeOf('+5511987654321')).toBe('telefone');
    expect(pixKeyTypeOf('123e4567-e89b-12d3-a456-426614174000')).toBe('aleatoria');
    expect(pixKeyTypeOf('not a key')).toBeNull();
    expect(formatPixKey('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatPixKey('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatPixKey('telefone', '+5511987654321')).toBe('+55 11 98765-4321');
  });

  it('a form’s key is refused by the field when it does not fit its type, and stored normalised', () => {
    const bad = pixKeyInputSchema.safeParse({ tipo: 'cpf', chave: 'pix@igreja.org' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['chave', 'Invalid Pix key for this type.'],
    ]);
    expect(pixKeyInputSchema.parse({ tipo: 'telefone', chave: '(11) 98765-4321' })).toEqual({
      tipo: 'telefone',
      chave: '+5511987654321',
    });
    expect(pixKeyInputSchema.safeParse({ tipo: 'boleto', chave: 'x' }).success).toBe(false);
  });

  it('reads the receiver’s key out of a Pix code', () => {
    const code =
      '00020101021226360014br.gov.bcb.pix0114pix@graca.demo5204000053039865406150.005802BR5909Igreja Gr6009Sao Paulo62070503***6304ABCD';
    expect(pixKeyOfCode(code)).toBe('pix@graca.demo');
    expect(pixKeyOfCode('garbage')).toBeNull();
  });
});
