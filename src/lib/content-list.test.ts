import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  formatDate,
  formatDuration,
  isoDuration,
  listHref,
  pageWindow,
  readListParams,
  totalPages,
} from './content-list.ts';

const url = (q: string) => new URL(`http://graca.localhost/news${q}`);

describe('content list query', () => {
  it('reads category, search and page, and forgives hand-typed nonsense', () => {
    expect(readListParams(url('?categoria=3&busca=%20p%C3%A1scoa%20&page=2'))).toEqual({
      filter: 3,
      search: 'páscoa',
      page: 2,
    });
    expect(readListParams(url('?categoria=&busca=&page='))).toEqual({
      filter: undefined,
      search: '',
      page: 1,
    });
    expect(readListParams(url('?categoria=abc&page=-4'))).toEqual({
      filter: undefined,
      search: '',
      page: 1,
    });
    expect(readListParams(url('?page=1.5&categoria=2.5'))).toEqual({
      filter: undefined,
      search: '',
      page: 1,
    });
    expect(readListParams(url(`?busca=${'x'.repeat(300)}`)).search).toHaveLength(100);
    expect(readListParams(url('?tipo=4'), 'tipo').filter).toBe(4);
    // what the API would refuse: an id beyond PostgreSQL's integer, a NUL in the search
    expect(readListParams(url('?categoria=99999999999&busca=a%00b'))).toEqual({
      filter: undefined,
      search: 'a b',
      page: 1,
    });
  });

  it('builds API queries and page links without empty values', () => {
    expect(apiQuery({ filter: undefined, search: '', page: 1 })).toBe('');
    expect(apiQuery({ filter: 2, search: 'fé & obras', page: 3 }, 'categoria', 10)).toBe(
      '?categoria=2&busca=f%C3%A9+%26+obras&page=3&limit=10',
    );
    expect(listHref('/news', { filter: 2, search: 'x', page: 5 }, 1)).toBe(
      '/news?categoria=2&busca=x',
    );
    expect(listHref('/news', { filter: undefined, search: '', page: 1 }, 2)).toBe('/news?page=2');
    expect(listHref('/publications', { filter: 7, search: '', page: 1 }, 1, 'tipo')).toBe(
      '/publications?tipo=7',
    );
  });

  it('offers first, last and neighbouring pages with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([{ page: 1 }]);
    expect(pageWindow(1, 3)).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    expect(pageWindow(10, 20)).toEqual([
      { page: 1 },
      { gap: true },
      { page: 8 },
      { page: 9 },
      { page: 10 },
      { page: 11 },
      { page: 12 },
      { gap: true },
      { page: 20 },
    ]);
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(25, 12)).toBe(3);
  });

  it('formats dates in the visitor language and durations', () => {
    expect(formatDate('2025-03-09T12:00:00.000Z', 'pt')).toBe('9 de março de 2025');
    expect(formatDate('2025-03-09T12:00:00.000Z', 'en')).toBe('March 9, 2025');
    expect(formatDate('2025-03-09T12:00:00.000Z', 'es')).toBe('9 de marzo de 2025');
    expect(formatDuration(2883)).toBe('48:03');
    expect(formatDuration(3909)).toBe('1:05:09');
    expect(isoDuration(2883)).toBe('PT48M3S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(0)).toBe('PT0S');
  });
});
