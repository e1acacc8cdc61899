import { describe, expect, it } from 'vitest';
import {
  i18nextTranslator,
  LANGUAGES,
  messages,
  normalizeChurchLocale,
  pickLanguage,
  translator,
} from './i18n.ts';

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

describe('translator: the direct fill-in gives what i18next gives', () => {
  const tricky = ['Graça & Paz', 'R$ 10,00', '$&', '{{name}}', '$t(nav.home)', '', 'a}}b'];
  it.each(LANGUAGES)('%s: every key, with and without values, every count', (lang) => {
    const fast = translator(lang);
    const reference = i18nextTranslator(lang);
    const keys = new Set(
      Object.keys(messages[lang]).map((k) => k.replace(/_(zero|one|other|many|few|two)$/, '')),
    );
    let compared = 0;
    for (const key of keys) {
      const names = [
        ...(messages[lang][key] ?? messages[lang][`${key}_other`] ?? '').matchAll(/\{\{(.+?)\}\}/g),
      ].map((m) => m[1]!.trim());
      const cases: (Record<string, string | number> | undefined)[] = [undefined, {}];
      for (const value of [...tricky, 7, 1.5])
        cases.push(Object.fromEntries(names.map((n) => [n, value])));
      for (const count of [0, 1, 2, 5, 1.5, -1])
        cases.push({ ...Object.fromEntries(names.map((n) => [n, `v-${n}`])), count });
      for (const values of cases) {
        expect(fast(key, values), `${lang} ${key} ${JSON.stringify(values)}`).toBe(
          reference(key, values),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('options, missing keys and other languages’ fallbacks go through i18next', () => {
    const fast = translator('pt');
    const reference = i18nextTranslator('pt');
    for (const [key, values] of [
      ['no.such.key', undefined],
      ['home.welcome', { name: 'x', lng: 'en' }],
      ['home.welcome', { defaultValue: 'd' }],
      ['home.welcome', { name: { nested: true } as unknown as string }],
      ['home.welcome', { count: '3' }],
    ] as const)
      expect(fast(key, values)).toBe(reference(key, values));
    expect(fast('home.welcome', { name: 'x', lng: 'en' })).toBe('Welcome to x');
  });
});
