// Event dates are kept texts (event-format.ts instantFormat): the same text Intl writes, for a
// string or a Date, in the event's zone and the reader's language; a zone Intl refuses still throws.
// Prices are written by common/format.ts money, as every amount is.
import { describe, expect, it } from 'vitest';
import { money } from '../../common/format.ts';
import {
  formatDate,
  formatDateTime,
  formatShortDate,
  formatTime,
  priceLabel,
} from './event-format.ts';
import { translator } from './i18n.ts';

describe('event dates', () => {
  const at = '2026-12-07T00:30:00.000Z'; // Sunday evening in Brasília, Monday in Lisbon
  const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options).format(new Date(at));

  it('are what Intl writes, in the zone and language asked, twice alike', () => {
    for (let round = 0; round < 2; round++) {
      expect(formatShortDate(at, 'pt', 'America/Sao_Paulo')).toBe(
        intl('pt-BR', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'America/Sao_Paulo',
        }),
      );
      expect(formatShortDate(new Date(at), 'en', 'Europe/Lisbon')).toBe(
        intl('en-US', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'Europe/Lisbon',
        }),
      );
      expect(formatTime(at, 'es', 'America/Sao_Paulo')).toBe(
        intl('es', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }),
      );
      expect(formatDate(at, 'pt', 'Europe/Lisbon')).toBe(
        intl('pt-BR', { dateStyle: 'full', timeZone: 'Europe/Lisbon' }),
      );
      expect(formatDateTime(at, 'en', 'America/Sao_Paulo')).toBe(
        intl('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }),
      );
    }
    expect(formatDate(at, 'pt', 'America/Sao_Paulo')).toContain('domingo');
    expect(formatDate(at, 'pt', 'Europe/Lisbon')).toContain('segunda-feira');
  });

  it('refuse a zone Intl does not know, every time', () => {
    expect(() => formatTime(at, 'pt', 'Mars/Base')).toThrow(RangeError);
    expect(() => formatTime(at, 'pt', 'Mars/Base')).toThrow(RangeError);
  });
});

describe('event prices', () => {
  it("are written like every other amount: in the currency's home locale (spec §1.6)", () => {
    const es = translator('es');
    // Spanish with pesos reads as in Buenos Aires, as the gift page writes them
    expect(priceLabel([15000], 'ARS', 'es', es)).toBe(money(15000, 'ARS', 'es'));
    expect(priceLabel([15000], 'ARS', 'es', es).replace(/\s/g, ' ')).toBe('$ 15.000,00');
    expect(priceLabel([120, 180], 'BRL', 'pt', translator('pt')).replace(/\s/g, ' ')).toBe(
      'A partir de R$ 120,00',
    );
    expect(priceLabel([0, 0], 'BRL', 'en', translator('en'))).toBe('Free');
  });
});
