// The door's "already used" answer (docs/events.md "Check-in at the door"): its detail line tells
// the moment in the event's zone, as the server's first line does, naming the zone only when the
// phone is elsewhere; without a door name both lines say "the door".
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/i18n.ts';
import { staffEventsMessage } from '../../../../../contract/messages/staff-events.ts';
import { makeT } from '../../ui/index.ts';
import { usedLine } from './used-line.ts';

const use = { quando: '2026-11-26T04:42:00Z', porta: '', por: 'Ana Costa' };

describe('the door’s already-used line', () => {
  it('tells the time in the event’s zone, naming it only when the phone is in another', () => {
    const t = makeT(messages.en, 'en');
    // 04:42 UTC is 01:42 in São Paulo: the phone in Lisbon must not show 04:42
    const away = usedLine(use, t, 'en', 'America/Sao_Paulo', 'Europe/Lisbon');
    expect(away).toMatch(/1:42\sAM \(America\/Sao_Paulo\) at the door, by Ana Costa$/);
    const there = usedLine(use, t, 'en', 'America/Sao_Paulo', 'America/Sao_Paulo');
    expect(there).toMatch(/1:42\sAM at the door, by Ana Costa$/);
    expect(there).not.toContain('(');
  });

  it.each(['pt', 'en', 'es'] as const)(
    'says the door as the server’s line does when the scan named none (%s)',
    (lang) => {
      const door = staffEventsMessage(lang, 'staff.events.checkin.noDoor');
      const line = usedLine(use, makeT(messages[lang], lang), lang, 'UTC', 'UTC');
      expect(line).toContain(` ${door},`);
      expect(line).not.toContain('—');
      expect(
        usedLine({ ...use, porta: 'Portão 2' }, makeT(messages[lang], lang), lang, 'UTC', 'UTC'),
      ).toContain('Portão 2');
    },
  );
});
