import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './ics.ts';

describe('add to calendar (.ics)', () => {
  const ics = buildIcs({
    uid: 'evento-7@graca.localhost',
    title: 'Conferência Graça, 2026; dia 1',
    description: 'Linha 1\nLinha 2',
    location: 'Avenida Paulista, 1000',
    url: 'http://graca.localhost/event/7',
    start: new Date('2026-12-12T22:00:00Z'),
    end: new Date('2026-12-13T01:00:00Z'),
    stamp: new Date('2026-11-22T12:00:00Z'),
  });

  it('is a VCALENDAR with one VEVENT in UTC, CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20261212T220000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261213T010000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Conferência Graça\\, 2026\\; dia 1\r\n');
    expect(ics).toContain('DESCRIPTION:Linha 1\\nLinha 2');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeIcsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
  });
});
