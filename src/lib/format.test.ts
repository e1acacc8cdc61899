import { describe, expect, it } from 'vitest';
import { regionName } from './format.ts';

describe('regionName', () => {
  it('names a country in the interface language, undefined for an invalid code', () => {
    expect(regionName('BR', 'pt')).toBe('Brasil');
    expect(regionName('BR', 'en')).toBe('Brazil');
    expect(regionName('US', 'es')).toBe('Estados Unidos');
    expect(regionName('not a code', 'pt')).toBeUndefined();
  });
});
