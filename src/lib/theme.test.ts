import { describe, expect, it } from 'vitest';
import { readableOn, safeColor, themeCss } from './theme.ts';

describe('church colour', () => {
  it('accepts hex colours and refuses anything that could break out of the stylesheet', () => {
    expect(safeColor('#9d0208')).toBe('#9d0208');
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('red;}body{display:none')).toBe('#1f4e79');
    expect(safeColor('</style><script>')).toBe('#1f4e79');
    expect(safeColor(null)).toBe('#1f4e79');
  });

  it('picks a readable text colour', () => {
    expect(readableOn('#ffffff')).toBe('#000000');
    expect(readableOn('#1f4e79')).toBe('#ffffff');
    expect(readableOn('#ffba08')).toBe('#000000');
  });

  it('writes corApp as the primary colour', () => {
    expect(themeCss('#005f73')).toBe(':root{--color-primary:#005f73;--color-on-primary:#ffffff}');
    // the church's own text colour when it reads on the primary (docs/staff.md), else black or white
    expect(themeCss('#1f4e79', '#ffe08a')).toBe(
      ':root{--color-primary:#1f4e79;--color-on-primary:#ffe08a}',
    );
    expect(themeCss('#1f4e79', '#2a5a85')).toBe(
      ':root{--color-primary:#1f4e79;--color-on-primary:#ffffff}',
    );
    expect(themeCss('#1f4e79', '}body{x')).toBe(
      ':root{--color-primary:#1f4e79;--color-on-primary:#ffffff}',
    );
  });
});
