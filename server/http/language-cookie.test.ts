// The language switch (docs/architecture.md "The interface language"): a visitor's choice wins
// over the browser's language everywhere the request is read, and only a known language does.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestLanguage } from '../../contract/language.ts';
import { applyChosenLanguage } from './language-cookie.ts';

const request = (headers: Record<string, string>) =>
  ({
    method: 'GET',
    url: '/',
    headers: { host: 'graca.localhost', ...headers },
  }) as IncomingMessage;

describe('the chosen language', () => {
  it('follows the browser by default, the lang cookie when set, and ignores other values', () => {
    expect(requestLanguage(null, 'pt-BR,pt;q=0.9')).toBe('pt');
    expect(requestLanguage('consent=1; lang=es', 'pt-BR')).toBe('es');
    expect(requestLanguage('lang=de', 'pt-BR')).toBe('pt');
    expect(requestLanguage('xlang=en', 'pt-BR')).toBe('pt');
    expect(requestLanguage('lang=en', null)).toBe('en');
  });

  // the page cache keys pages by this header's language (page-cache.ts keyOf): one copy per choice
  it('stands in for Accept-Language, so pages, the page cache and the API all read it', () => {
    const chosen = request({ 'accept-language': 'pt-BR', cookie: 'lang=en' });
    applyChosenLanguage(chosen);
    expect(chosen.headers['accept-language']).toBe('en');
    const browser = request({ 'accept-language': 'pt-BR', cookie: 'other=1' });
    applyChosenLanguage(browser);
    expect(browser.headers['accept-language']).toBe('pt-BR');
  });
});
