import { describe, expect, it } from 'vitest';
import { GROUP_NOTIFICATION_TYPES } from '../../../contract/groups.ts';
import { notificationLink } from '../account/forms.ts';
import { groupMapUrl, groupsHref, isFiltered, readGroupFilters } from './list.ts';

describe('the /groups filters', () => {
  it('reads search, day, neighbourhood and location from the URL, dropping what the API would refuse', () => {
    const f = readGroupFilters(
      new URL(
        'http://x/groups?busca=%20Pinheiros%00%20&dia=3&bairro=Moema&latitude=-23.56789&longitude=-46.6',
      ),
    );
    expect(f).toEqual({
      busca: 'Pinheiros',
      dia: 3,
      bairro: 'Moema',
      near: { latitude: -23.5679, longitude: -46.6 },
    });
    expect(readGroupFilters(new URL('http://x/groups?dia=9&latitude=-23.5'))).toEqual({
      busca: '',
      dia: undefined,
      bairro: '',
      near: null,
    });
    expect(readGroupFilters(new URL('http://x/groups?latitude=200&longitude=0')).near).toBeNull();
    expect(isFiltered(readGroupFilters(new URL('http://x/groups?latitude=1&longitude=2')))).toBe(
      false,
    );
    // ISO weekdays (spec §9): Sunday is 7, and 0 is no day at all
    expect(isFiltered(readGroupFilters(new URL('http://x/groups?dia=7')))).toBe(true);
    expect(readGroupFilters(new URL('http://x/groups?dia=0')).dia).toBeUndefined();
  });

  it('writes the filters back as a link, empty ones left out', () => {
    expect(groupsHref({ busca: '', dia: undefined, bairro: '', near: null })).toBe('/groups');
    expect(groupsHref({ busca: 'a b', dia: 7, bairro: 'Vila Mariana', near: null })).toBe(
      '/groups?busca=a+b&dia=7&bairro=Vila+Mariana',
    );
  });

  it('links to maps by coordinates, else by address', () => {
    const a = {
      logradouro: 'Rua X',
      numero: '10',
      bairro: 'Centro',
      cidade: 'São Paulo',
      estado: 'SP',
      latitude: null,
      longitude: null,
    };
    expect(groupMapUrl({ ...a, latitude: -23.5, longitude: -46.6 })).toContain(
      'destination=-23.5%2C-46.6',
    );
    expect(groupMapUrl(a)).toContain(encodeURIComponent('Rua X, 10, Centro, São Paulo, SP'));
    expect(
      groupMapUrl({
        ...a,
        logradouro: null,
        numero: null,
        bairro: null,
        cidade: null,
        estado: null,
      }),
    ).toBeNull();
  });
});

describe('group notifications open the right page', () => {
  const n = (codigo: string, church = 'graca') => ({
    tipo: { codigo },
    igreja: { codigo: church },
    idEntidadeRelacionada: '12',
  });
  it('a request opens the leader list, an answer the group; another church none', () => {
    expect(notificationLink(n(GROUP_NOTIFICATION_TYPES.request), 'graca')).toBe(
      '/groups/12/requests',
    );
    expect(notificationLink(n(GROUP_NOTIFICATION_TYPES.answer), 'graca')).toBe('/groups/12');
    expect(notificationLink(n(GROUP_NOTIFICATION_TYPES.answer, 'grace'), 'graca')).toBeNull();
  });
});
