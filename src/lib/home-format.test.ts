import { describe, expect, it } from 'vitest';
import type { WeeklyService } from '../../contract/schedule.ts';
import {
  formatEventStart,
  formatServiceTime,
  scheduleByDay,
  upcomingEvents,
} from './home-format.ts';

const service = (
  diaSemana: number,
  horario: string,
  titulo = `${diaSemana} ${horario}`,
): WeeklyService => ({
  id: diaSemana * 100 + Number(horario.slice(0, 2)),
  diaSemana,
  horario,
  titulo,
  local: null,
  flagTransmissao: false,
});

describe('scheduleByDay (spec §9: Monday to Sunday)', () => {
  const week = [service(7, '18:00'), service(7, '09:00'), service(1, '07:00'), service(3, '20:00')];

  it('lists the days that have services, Monday first and Sunday last, each by time', () => {
    const days = scheduleByDay(week, 'pt-BR');
    expect(days.map((d) => d.name)).toEqual(['Segunda-feira', 'Quarta-feira', 'Domingo']);
    expect(days.at(-1)!.services.map((s) => s.horario)).toEqual(['09:00', '18:00']);
  });

  it('names the days in the reader’s language', () => {
    expect(scheduleByDay(week, 'en-US').map((d) => d.name)).toEqual([
      'Monday',
      'Wednesday',
      'Sunday',
    ]);
    expect(scheduleByDay(week, 'es').map((d) => d.name)).toEqual(['Lunes', 'Miércoles', 'Domingo']);
  });

  it('gives nothing for an empty week', () => {
    expect(scheduleByDay([], 'pt-BR')).toEqual([]);
  });
});

describe('times and dates', () => {
  it('writes service times the local way', () => {
    expect(formatServiceTime('19:00', 'pt-BR')).toBe('19:00');
    expect(formatServiceTime('19:00', 'en-US')).toMatch(/^7:00\sPM$/);
    expect(formatServiceTime('07:30', 'es')).toBe('07:30');
  });

  it('dates an event in its own time zone', () => {
    // 01:00 UTC on the 15th is still the 14th in São Paulo
    const start = formatEventStart('2026-03-15T01:00:00Z', 'America/Sao_Paulo', 'pt-BR');
    expect(start.day).toBe('14');
    expect(start.month).toBe('mar');
    expect(start.full).toMatch(/sábado, 14 de março/);
    expect(formatEventStart('2026-03-15T01:00:00Z', 'Not/AZone', 'en-US').day).toBe('15');
  });
});

describe('upcomingEvents', () => {
  it('keeps events not yet ended (a running one included), soonest first, up to the limit', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ev = (id: number, dataInicio: string, dataFim: string) => ({ id, dataInicio, dataFim });
    const events = [
      ev(1, '2026-12-10T20:00:00Z', '2026-12-10T22:00:00Z'),
      ev(2, '2026-10-01T20:00:00Z', '2026-10-01T22:00:00Z'), // over
      ev(3, '2026-11-20T20:00:00Z', '2027-01-10T22:00:00Z'), // running
      ev(4, '2026-11-25T20:00:00Z', '2026-11-25T22:00:00Z'),
      ev(5, '2026-12-24T20:00:00Z', '2026-12-24T22:00:00Z'),
    ];
    expect(upcomingEvents(events, now, 3).map((e) => e.id)).toEqual([3, 4, 1]);
    expect(upcomingEvents([ev(2, '2026-10-01T20:00:00Z', '2026-10-01T22:00:00Z')], now, 3)).toEqual(
      [],
    );
  });
});
