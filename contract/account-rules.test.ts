import { describe, expect, it } from 'vitest';
import {
  formatLocalDate,
  isBeforeToday,
  isBrazilianPhone,
  isStrongPassword,
  isValidCep,
  isValidCpf,
  parseLocalDate,
} from './account-rules.ts';

describe('spec §5 validation rules', () => {
  it('CPF: 11 digits, not all the same, both check digits valid', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('111.111.111-11')).toBe(false); // all the same digit
    expect(isValidCpf('529.982.247-24')).toBe(false); // second check digit
    expect(isValidCpf('529.982.247-15')).toBe(false); // first check digit
    expect(isValidCpf('5299822472')).toBe(false); // 10 digits
    expect(isValidCpf('abc52998224725')).toBe(false);
  });

  it('Brazilian phone: optional +55, 2-digit area code, 5 digits, 4 digits', () => {
    expect(isBrazilianPhone('+55 11 98765-4321')).toBe(true);
    expect(isBrazilianPhone('(11) 98765-4321')).toBe(true);
    expect(isBrazilianPhone('11987654321')).toBe(true);
    expect(isBrazilianPhone('5511987654321')).toBe(true);
    expect(isBrazilianPhone('11 8765-4321')).toBe(false); // 4 + 4 digits
    expect(isBrazilianPhone('+1 512 555 0100')).toBe(false);
  });

  it('CEP: 8 digits after removing hyphens', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131-0100')).toBe(true);
    expect(isValidCep('01310-10')).toBe(false);
    expect(isValidCep('01310.100')).toBe(false);
  });

  it('password: 8+ characters with lowercase, uppercase, digit and one of @$!%*?&#/', () => {
    expect(isStrongPassword('Demo@1234')).toBe(true);
    expect(isStrongPassword('Abcdef1/')).toBe(true);
    expect(isStrongPassword('Dem@123')).toBe(false); // 7 characters
    expect(isStrongPassword('demo@1234')).toBe(false);
    expect(isStrongPassword('DEMO@1234')).toBe(false);
    expect(isStrongPassword('Demo@abcd')).toBe(false);
    expect(isStrongPassword('Demo_1234')).toBe(false); // _ is not in the list
  });

  it('dates: strict in the locale short format, real days only, before now', () => {
    expect(parseLocalDate('31/01/1990', 'pt')).toBe('1990-01-31');
    expect(parseLocalDate('01/31/1990', 'en')).toBe('1990-01-31');
    expect(parseLocalDate('31/01/1990', 'en')).toBeNull();
    expect(parseLocalDate('30/02/1990', 'pt')).toBeNull();
    expect(parseLocalDate('1/1/1990', 'pt')).toBeNull(); // strict: two digits
    expect(parseLocalDate('1990-01-31', 'pt')).toBeNull();
    expect(parseLocalDate('29/02/2024', 'es')).toBe('2024-02-29');
    expect(formatLocalDate('1990-01-31', 'en')).toBe('01/31/1990');
    const now = new Date('2026-05-10T12:00:00Z');
    expect(isBeforeToday('2026-05-09', now)).toBe(true);
    expect(isBeforeToday('2026-05-10', now)).toBe(false);
  });
});
