// The home page's check for old WordPress addresses (docs/staff.md "Moving in").
import { describe, expect, it } from 'vitest';
import { wordPressKey } from './old-addresses.ts';

describe('old WordPress addresses on the home page', () => {
  it('finds the post, page or attachment id of a WordPress query', () => {
    expect(wordPressKey('?p=123')).toBe('/?p=123');
    expect(wordPressKey('?page_id=7&preview=true')).toBe('/?page_id=7');
    expect(wordPressKey('?utm_source=x&P=0042')).toBe('/?p=42');
    expect(wordPressKey('?attachment_id=9')).toBe('/?attachment_id=9');
  });
  it('leaves every other home address alone', () => {
    expect(wordPressKey('')).toBeNull();
    expect(wordPressKey('?')).toBeNull();
    expect(wordPressKey('?busca=igreja')).toBeNull();
    expect(wordPressKey('?p=abc')).toBeNull();
    expect(wordPressKey('?pp=12')).toBeNull();
    expect(wordPressKey('?p=12x')).toBeNull();
  });
});
