import { describe, expect, it } from 'vitest';
import { AREAS, message, MESSAGES } from './index.ts';

describe('message catalogue', () => {
  it('has every key in pt, en and es, and no key in two areas', () => {
    const seen = new Map<string, string>();
    for (const [area, table] of Object.entries(AREAS)) {
      const keys = Object.keys(table.en).sort();
      expect(Object.keys(table.pt).sort(), area).toEqual(keys);
      expect(Object.keys(table.es).sort(), area).toEqual(keys);
      for (const key of keys) {
        expect(seen.get(key), `${key} is in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
        for (const lang of ['pt', 'en', 'es'] as const)
          expect(table[lang][key as never], `${lang} ${key}`).toBeTruthy();
      }
    }
    expect(Object.keys(MESSAGES.en)).toHaveLength(seen.size);
  });

  it('translates keys of every area, fills values and leaves other text alone', () => {
    expect(message('pt', 'api.eventNotFound')).toBe('Evento não encontrado.');
    expect(message('es', 'Not found.')).toBe('No encontrado.');
    expect(message('en', 'pay.soldOut', { name: 'Lote 1' })).toBe(
      'Tickets for “Lote 1” are sold out.',
    );
    expect(message('pt', 'auth.tooManyAttempts', { minutes: 5 })).toContain('5 minutos');
    expect(message('es', 'prayer.notFound')).toBe('No se encontraron resultados.');
    expect(message('pt', 'Já traduzido.')).toBe('Já traduzido.');
  });
});
