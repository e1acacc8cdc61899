import { describe, expect, it } from 'vitest';
import { maskCep, maskCpf, maskDate, notificationLink } from './forms.ts';

describe('account form helpers', () => {
  it('masks as the user types', () => {
    expect(maskDate('20071995')).toBe('20/07/1995');
    expect(maskCpf('11144477735')).toBe('111.444.777-35');
    expect(maskCep('01310100')).toBe('01310-100');
  });
});

describe('notifications (spec §3)', () => {
  const n = (codigo: string, church = 'graca') => ({
    tipo: { codigo },
    igreja: { codigo: church },
    idEntidadeRelacionada: '7',
  });
  it('only the named types of this church are navigable', () => {
    expect(notificationLink(n('EVENTO'), 'graca')).toBe('/event/7');
    expect(notificationLink(n('NOTICIA'), 'graca')).toBe('/news/7');
    expect(notificationLink(n('CULTO'), 'graca')).toBe('/live');
    expect(notificationLink(n('DOACAO'), 'graca')).toBeNull();
    expect(notificationLink(n('EVENTO', 'grace'), 'graca')).toBeNull();
  });
});
