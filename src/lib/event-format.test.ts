// Event dates are kept texts (event-format.ts instantFormat): the same text Intl writes, for a
// string or a Date, in the event's zone and the reader's language; a zone Intl refuses still throws.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDate, formatTime } from './event-format.ts';

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
