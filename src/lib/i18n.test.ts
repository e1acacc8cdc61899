import { describe, expect, it } from 'vitest';
import { LANGUAGES, messages, normalizeChurchLocale, pickLanguage, translator } from './i18n.ts';

describe('pickLanguage (spec §1)', () => {
  it.each([
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['en-US,en;q=0.9', 'en'],
    ['es-AR', 'es'],
    ['ES', 'es'],
    ['de-DE,de;q=0.9,pt;q=0.8', 'en'],
    ['', 'en'],
    [null, 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, lang) => expect(pickLanguage(header)).toBe(lang));
});

describe('messages', () => {
  it('every key exists, non-empty, in every language', () => {
    const all = new Set(LANGUAGES.flatMap((l) => Object.keys(messages[l])));
    expect(all.size).toBeGreaterThan(10);
    for (const lang of LANGUAGES) {
      const missing = [...all].filter((k) => !messages[lang][k]?.trim());
      expect(missing, `missing in ${lang}`).toEqual([]);
    }
  });

  it('interpolates and falls back to the key for unknown keys', () => {
    expect(translator('pt')('home.welcome', { name: 'Graça' })).toBe('Bem-vindo à Graça');
    expect(translator('es')('footer.offline')).toMatch(/sin conexión/);
    expect(translator('en')('no.such.key')).toBe('no.such.key');
  });

  it('translators of different languages never affect each other', () => {
    const pt = translator('pt');
    const en = translator('en');
    expect([pt('nav.home'), en('nav.home'), pt('nav.home')]).toEqual(['Início', 'Home', 'Início']);
  });
});

describe('normalizeChurchLocale (spec §1)', () => {
  it.each([
    ['pt_BR', 'pt-br'],
    ['en_US', 'en-us'],
    ['es', 'es'],
    ['', 'en'],
    [null, 'en'],
  ])('%s → %s', (idioma, out) => expect(normalizeChurchLocale(idioma)).toBe(out));
});
