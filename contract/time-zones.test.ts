// An event's zone and a church's zone are checked by the same rule (common/time-zone.ts
// `isTimeZone`): an IANA zone the runtime knows, never a bare offset or a made-up name.
import { describe, expect, it } from 'vitest';
import { staffEventInput } from './events-staff.ts';
import { churchInput } from './provider.ts';

const event = (fusoHorario: string) =>
  staffEventInput.safeParse({
    titulo: 'Retiro',
    dataInicio: '2026-12-24T22:30:00.000Z',
    dataFim: '2026-12-25T01:00:00.000Z',
    fusoHorario,
  });
const eventTakes = (zone: string) => event(zone).success;
const providerTakes = (zone: string) => churchInput.shape.fusoHorario.safeParse(zone).success;

describe('time zones in the contract', () => {
  it('the event form and the provider console take the same zones', () => {
    for (const zone of ['America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'UTC'])
      expect([eventTakes(zone), providerTakes(zone)], zone).toEqual([true, true]);
    for (const zone of ['+03:00', 'Mars/Olympus', 'Brasilia'])
      expect([eventTakes(zone), providerTakes(zone)], zone).toEqual([false, false]);
  });

  it('names the event’s field when its zone is refused', () => {
    const result = event('+03:00');
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fusoHorario', 'staff.events.badTimeZone'],
    ]);
  });
});
