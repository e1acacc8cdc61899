import { describe, expect, it } from 'vitest';
import {
  maskCardNumber,
  maskCep,
  maskCpf,
  maskDate,
  maskExpiry,
  notificationLink,
} from './forms.ts';

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

describe('card masks, as typed', () => {
  it('writes the expiry as MM/AA or MM/AAAA and the number in groups of four', () => {
    expect(maskExpiry('1230')).toBe('12/30');
    expect(maskExpiry('12/3')).toBe('12/3');
    expect(maskExpiry('122030')).toBe('12/2030');
    expect(maskExpiry('12')).toBe('12');
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('4111 1111 1')).toBe('4111 1111 1');
  });
});
