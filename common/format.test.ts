import { describe, expect, it } from 'vitest';
import { money, regionName } from './format.ts';

describe('regionName', () => {
  it('names a country in the interface language, undefined for an invalid code', () => {
    expect(regionName('BR', 'pt')).toBe('Brasil');
    expect(regionName('BR', 'en')).toBe('Brazil');
    expect(regionName('US', 'es')).toBe('Estados Unidos');
    expect(regionName('not a code', 'pt')).toBeUndefined();
  });
});

describe('money', () => {
  it("writes a currency as the language writes it where the currency is at home (esperanza's pesos)", () => {
    expect(money(1234.5, 'ARS', 'es')).toMatch(/^\$\s1\.234,50$/);
    expect(money(0, 'ARS', 'es')).not.toContain('ARS');
    expect(money(10, 'BRL', 'pt')).toMatch(/^R\$\s10,00$/);
    expect(money(10, 'USD', 'en')).toBe('$10.00');
    // Another language keeps the code, so a peso is never mistaken for a dollar or a real.
    expect(money(10, 'ARS', 'pt')).toMatch(/^ARS\s10,00$/);
    expect(money(10, 'ARS', 'en')).toMatch(/^ARS\s10\.00$/);
    expect(money(10, 'EUR', 'es')).toMatch(/^10,00\s€$/);
  });
});
