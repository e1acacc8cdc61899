// The people import's reading of a row (docs/staff.md "Moving in"): what a row's values become.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineNote } from './run.ts';
import { readRow, type Candidate } from './people-match.ts';
import type { ImportRun } from './run.ts';

/** Just what readRow reads of a run: the columns' mapping, the dates' order, the church's language and zone. */
const run = {
  options: { mapeamento: ['nome', 'email', 'nascimento'], ordemData: 'dmy' },
  church: { lang: 'pt', timeZone: 'America/Sao_Paulo' },
} as unknown as ImportRun;

describe('readRow', () => {
  afterEach(() => void vi.useRealTimers());

  it('drops a birth date after the church’s today, on its clock', () => {
    // Sunday 22:30 in Brasília is already Monday 7 December in UTC
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T01:30:00Z'));
    const birth = (date: string) => {
      const notes: LineNote[] = [];
      return (readRow(run, 2, ['Ana Souza', 'ana@example.com', date], notes) as Candidate).birth;
    };
    expect(birth('06/12/2026')).toBe('2026-12-06');
    expect(birth('07/12/2026')).toBeNull(); // the church's tomorrow, though UTC's today
  });
});
