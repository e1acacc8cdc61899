// The staff kit's sortable table (docs/staff.md "Dense tables"): which `ordem` a header's click asks for.
import { describe, expect, it } from 'vitest';
import { nextSort, parseSort } from './DataTable.tsx';

describe('the dense table’s sort', () => {
  it('reads `ordem` as a column and a direction', () => {
    expect(parseSort('titular')).toEqual({ key: 'titular', desc: false });
    expect(parseSort('-data')).toEqual({ key: 'data', desc: true });
  });

  it('sorts a new column its first way, then flips the current one', () => {
    expect(nextSort('-data', { key: 'titular' })).toBe('titular');
    expect(nextSort('titular', { key: 'titular' })).toBe('-titular');
    expect(nextSort('-titular', { key: 'titular' })).toBe('titular');
    // a date starts newest first
    expect(nextSort('titular', { key: 'checkin', descFirst: true })).toBe('-checkin');
    expect(nextSort('-data', { key: 'data', descFirst: true })).toBe('data');
  });
});
