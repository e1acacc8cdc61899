// The export's progress as Settings shows it (docs/provider.md "A church's data leaves with it").
import { describe, expect, it } from 'vitest';
import { exportProgress } from './export-api.ts';

describe('an export’s progress', () => {
  it('counts rows and files written of the total, and is full only once the zip is ready', () => {
    expect(exportProgress({ estado: 'preparando', feito: 0, total: 0 })).toBe(0);
    expect(exportProgress({ estado: 'preparando', feito: 50, total: 200 })).toBe(25);
    expect(exportProgress({ estado: 'preparando', feito: 200, total: 200 })).toBe(99);
    expect(exportProgress({ estado: 'pronta', feito: 200, total: 200 })).toBe(100);
  });
});
