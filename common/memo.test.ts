import { describe, expect, it } from 'vitest';
import { memoByText } from './memo.ts';

describe('memoByText', () => {
  it('computes each text once, a missing one too, and a list as its joined text', () => {
    const seen: Array<string | undefined> = [];
    const upper = memoByText((text) => (seen.push(text), text?.toUpperCase()));
    expect([upper('br'), upper('br'), upper(undefined), upper(undefined)]).toEqual([
      'BR',
      'BR',
      undefined,
      undefined,
    ]);
    expect(upper(['gzip', 'br'])).toBe('GZIP, BR');
    expect(upper('gzip, br')).toBe('GZIP, BR');
    expect(seen).toEqual(['br', undefined, 'gzip, br']);
  });

  it('starts over past its bound instead of growing', () => {
    let computed = 0;
    const length = memoByText((text) => (computed++, text?.length ?? 0), 2);
    for (const text of ['a', 'bb', 'ccc', 'a']) length(text);
    expect(computed).toBe(4); // 'ccc' cleared the memo, so 'a' was computed again
    length('ccc');
    expect(computed).toBe(4);
  });
});
