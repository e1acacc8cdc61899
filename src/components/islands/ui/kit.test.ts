import { describe, expect, it } from 'vitest';
import { dateTime, formatDate, money } from '../../../../common/format.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pager } from './pager.tsx';
import { loginHref, safeRedirect } from './redirect.ts';
import { makeT } from './t.ts';

describe('island kit', () => {
  it('fills values and picks plural forms by the language', () => {
    const t = makeT(
      { hi: 'Olá {{name}}', n_one: '{{count}} pedido', n_other: '{{count}} pedidos' },
      'pt',
      (k) => (k === 'v.x' ? 'X' : undefined),
    );
    expect(t('hi', { name: 'Ana' })).toBe('Olá Ana');
    expect(t.plural('n', 1)).toBe('1 pedido');
    expect(t.plural('n', 2)).toBe('2 pedidos');
    expect(t('v.x')).toBe('X');
    expect(t('missing')).toBe('missing');
  });

  it('encodes the login link and follows only same-site paths', () => {
    expect(loginHref('/prayer/3?a=1&b=2')).toBe('/access?redirectTo=%2Fprayer%2F3%3Fa%3D1%26b%3D2');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil')).toBe('/');
    expect(safeRedirect('/user')).toBe('/user');
  });

  it('formats money and dates in the one locale map', () => {
    expect(money(10, 'BRL', 'pt')).toMatch(/R\$\s10,00/);
    expect(formatDate('2026-12-12T12:00:00Z', 'en', 'UTC')).toBe('December 12, 2026');
    expect(dateTime('2026-12-12T22:00:00Z', 'pt', 'America/Sao_Paulo')).toBe('12/12/2026, 19:00');
  });

  it('pages with the one pager: previous, numbers with gaps, the current one marked, next; nothing for one page', () => {
    const t = makeT(
      {
        'list.pagination': 'Paginação',
        'list.previous': 'Anterior',
        'list.next': 'Próxima',
        'list.page': 'Página {{page}}',
      },
      'pt',
    );
    const html = renderToStaticMarkup(
      createElement(Pager, { page: 5, totalPages: 9, onPage: () => undefined, t }),
    );
    expect(html).toContain('aria-label="Paginação"');
    expect(html).toContain('← Anterior');
    expect(html).toContain('Próxima →');
    expect(html).toMatch(/aria-current="page" aria-label="Página 5"/);
    expect([...html.matchAll(/aria-label="Página (\d+)"/g)].map((m) => m[1])).toEqual([
      '1',
      '3',
      '4',
      '5',
      '6',
      '7',
      '9',
    ]);
    expect(
      renderToStaticMarkup(
        createElement(Pager, { page: 1, totalPages: 1, onPage: () => undefined, t }),
      ),
    ).toBe('');
  });
});
