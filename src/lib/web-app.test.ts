import { describe, expect, it } from 'vitest';
import { contentLang } from './content-lang.ts';
import { shortName } from './web-app.ts';

describe('the web app manifest', () => {
  it('a home screen label of at most 12 characters that names the church', () => {
    expect(shortName('Igreja da Graça')).toBe('Graça');
    expect(shortName('Grace Community Church')).toBe('Grace');
    expect(shortName('Iglesia Esperanza')).toBe('Esperanza');
    expect(shortName('Igreja da Graça — Zona Norte')).toBe('Graça');
    expect(shortName('Lagoinha')).toBe('Lagoinha');
    expect(shortName('Igreja Igreja Igreja Igreja').length).toBeLessThanOrEqual(12);
  });
});

describe('the language of a church’s content', () => {
  it('is marked only when the interface speaks another language', () => {
    expect(contentLang('pt-br', 'en')).toBe('pt-BR');
    expect(contentLang('pt-br', 'pt')).toBeUndefined();
    expect(contentLang('es-ar', 'pt')).toBe('es-AR');
    expect(contentLang('en', 'es')).toBe('en');
    expect(contentLang(undefined, 'en')).toBeUndefined();
  });
});
