import { describe, expect, it } from 'vitest';
import { pixelIdOf } from './analytics.ts';

describe('pixelIdOf', () => {
  it('reads a bare pixel id, or the id inside the snippet a church pasted', () => {
    expect(pixelIdOf(' 100000000000001 ')).toBe('100000000000001');
    expect(
      pixelIdOf(`<script>!function(f,b,e,v,n,t,s){…}(window, document,'script',
        'https://connect.facebook.net/en_US/fbevents.js'); fbq('init', '987654321012345'); fbq('track', 'PageView');</script>`),
    ).toBe('987654321012345');
  });

  it('gives nothing for an empty or foreign value, so no banner shows and no script is allowed', () => {
    for (const value of [
      null,
      undefined,
      '',
      'abc',
      '12345',
      '<script>alert(1)</script>',
      "fbq('init', 'x1')",
    ])
      expect(pixelIdOf(value), String(value)).toBeNull();
  });
});
