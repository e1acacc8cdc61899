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

describe('the door’s wording', () => {
  it('counts one admitted in the singular and more in the plural', () => {
    const pt = makeT(messages.pt, 'pt');
    expect(pt.plural('admin.events.door.count', 1, { sold: 2 })).toBe('1 entrou de 2');
    // Portuguese counts 0 in the singular too (CLDR): "0 entrou de 1"
    expect(pt.plural('admin.events.door.count', 0, { sold: 1 })).toBe('0 entrou de 1');
    expect(pt.plural('admin.events.door.count', 2, { sold: 2 })).toBe('2 entraram de 2');
    expect(pt.plural('admin.events.admitted', 1)).toBe('1 entrou');
    const es = makeT(messages.es, 'es');
    expect(es.plural('admin.events.door.count', 1, { sold: 2 })).toBe('1 entró de 2');
    expect(es.plural('admin.events.door.count', 3, { sold: 5 })).toBe('3 entraron de 5');
    const en = makeT(messages.en, 'en');
    expect(en.plural('admin.events.door.count', 1, { sold: 2 })).toBe('1 admitted of 2');
  });

  it('names a door without a gendered article before it', () => {
    const named = { ...use, porta: 'Portão A' };
    const line = usedLine(named, makeT(messages.pt, 'pt'), 'pt', 'UTC', 'UTC');
    expect(line).toMatch(/, na porta: Portão A, por Ana Costa$/);
    const server = staffEventsMessage('pt', 'staff.events.checkin.jaUsado', {
      when: '26/11 01:42',
      door: 'Portão A',
    });
    expect(server).toBe('Já usado: entrou 26/11 01:42, na porta: Portão A.');
    for (const text of [line, server, messages.pt['admin.events.reg.admittedAt']!])
      expect(text).not.toMatch(/\bpel[ao]\b/);
  });
});
