// The one CSV rule (docs/staff.md "CSV files"): separator and decimal mark by the church's
// language, BOM and CRLF, words not codes, and the formula guard on formulas only (never on a
// phone number).
import { describe, expect, it } from 'vitest';
import {
  activeWord,
  amount,
  csvCell,
  csvDocument,
  csvLang,
  csvSeparator,
  isPhoneLike,
  looksLikeFormula,
  paymentMethodWord,
  paymentStatusWord,
  roleWord,
} from './csv.ts';

describe('the CSV rule', () => {
  it('splits on ; with a decimal comma in pt and es churches, on , with a point in en ones', () => {
    expect(csvSeparator('pt')).toBe(';');
    expect(csvSeparator('es')).toBe(';');
    expect(csvSeparator('en')).toBe(',');
    expect(csvCell(amount(1234.5), 'pt')).toBe('1234,50');
    expect(csvCell(amount(30.03), 'es')).toBe('30,03');
    expect(csvCell(amount(30.03), 'en')).toBe('30.03');
    expect(csvCell(amount(0), 'pt')).toBe('0,00');
    expect(csvCell(9001, 'pt')).toBe('9001');
    // a comma inside text needs no quotes where the separator is ;
    expect(csvCell('Silva, João', 'pt')).toBe('Silva, João');
    expect(csvCell('Silva, João', 'en')).toBe('"Silva, João"');
    expect(csvCell('a;b', 'pt')).toBe('"a;b"');
    expect(csvCell('say "hi"', 'en')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', 'pt')).toBe('"two\nlines"');
    expect(csvCell(null, 'pt')).toBe('');
  });

  it('reads the language from the church’s locale', () => {
    expect(csvLang('pt_BR')).toBe('pt');
    expect(csvLang('es')).toBe('es');
    expect(csvLang('en_US')).toBe('en');
    expect(csvLang(null)).toBe('en');
  });

  it('guards formulas, never phone numbers', () => {
    for (const formula of ['=HYPERLINK("x")', '+SUM(A1)', '-2+3+cmd|x', '@SUM(1)', '\tx', '\r=1'])
      expect(csvCell(formula, 'en').replace(/^"|"$/g, '').startsWith("'"), formula).toBe(true);
    for (const phone of ['+55 11 98765-4321', '(11) 3333-4444', '+1 (555) 010-0199', '-123'])
      expect(csvCell(phone, 'pt'), phone).toBe(phone);
    expect(isPhoneLike('+55 11 98765-4321')).toBe(true);
    expect(isPhoneLike('+-')).toBe(false); // no digit
    expect(looksLikeFormula('+-')).toBe(true);
    expect(looksLikeFormula('+55 11 9x')).toBe(true);
    expect(looksLikeFormula('João')).toBe(false);
    // numbers and amounts the server writes are never guarded
    expect(csvCell(amount(-10), 'pt')).toBe('-10,00');
  });

  it('writes a whole file: BOM, header, CRLF lines', () => {
    const doc = csvDocument('pt', ['Nome', 'Valor'], [['Conceição', amount(49.9)]]);
    expect(doc).toBe('\uFEFFNome;Valor\r\nConceição;49,90\r\n');
  });

  it('writes words, not codes, in the church’s language', () => {
    expect(paymentStatusWord('aprovado', 'pt')).toBe('Aprovado');
    expect(paymentStatusWord('aprovado', 'en')).toBe('Approved');
    expect(paymentStatusWord('estornado', 'es')).toBe('Reembolsado');
    expect(paymentMethodWord('cartao', 'pt')).toBe('Cartão');
    expect(paymentMethodWord('cartao', 'en')).toBe('Card');
    expect(paymentMethodWord('transferencia', 'es')).toBe('Transferencia');
    expect(roleWord('ROLE_ADMIN_FINANCE', 'pt')).toBe('Tesouraria');
    expect(activeWord(false, 'en')).toBe('Inactive');
    expect(paymentMethodWord('novo', 'pt')).toBe('novo');
  });
});
