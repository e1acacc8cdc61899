// The leader's group form refuses what the API refuses, field by field, and sends what it accepts.
import { describe, expect, it } from 'vitest';
import { leaderGroupInput } from '../../../contract/groups-staff.ts';
import type { GroupDetail } from '../../../contract/groups.ts';
import {
  bodyOf,
  checkGroupDraft,
  draftOf,
  GROUP_TEXT_LIMITS,
  type GroupTextField,
} from './forms.ts';

const group: GroupDetail = {
  id: 1,
  nome: 'Célula Vila Mariana',
  descricao: null,
  diaSemana: 2,
  horario: '20:00',
  lider: null,
  qtdeMembros: 3,
  igreja: { id: 1, slug: 'graca', codigo: 'GRACA' },
  endereco: {
    logradouro: 'Rua Domingos de Morais',
    numero: '100',
    complemento: null,
    bairro: 'Vila Mariana',
    cidade: 'São Paulo',
    estado: 'SP',
    cep: null,
    latitude: null,
    longitude: null,
  },
  estudos: [],
  aberta: true,
  minhaParticipacao: 'lider',
};

describe('the leader group form', () => {
  it('starts from the group as it is and sends a body the API accepts, blanks as null', () => {
    const draft = draftOf(group);
    expect(checkGroupDraft(draft)).toEqual({});
    const body = bodyOf({ ...draft, descricao: '  We read Romans.  ', cep: '  ' });
    expect(leaderGroupInput.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      descricao: 'We read Romans.',
      cep: null,
      diaSemana: 2,
      aberta: true,
    });
  });

  it.each(Object.entries(GROUP_TEXT_LIMITS) as [GroupTextField, number][])(
    '%s: at most %i characters, like the API',
    (field, max) => {
      const ok = { ...draftOf(group), [field]: 'a'.repeat(max) };
      const long = { ...draftOf(group), [field]: 'a'.repeat(max + 1) };
      expect(checkGroupDraft(ok)[field]).toBeUndefined();
      expect(leaderGroupInput.safeParse(bodyOf(ok)).success).toBe(true);
      expect(checkGroupDraft(long)[field]).toEqual({ key: 'groups.edit.tooLong', values: { max } });
      expect(leaderGroupInput.safeParse(bodyOf(long)).success).toBe(false);
    },
  );

  it('asks for a name, a day 1–7 and a time HH:MM, like the API', () => {
    const bad = { ...draftOf(group), nome: '  ', diaSemana: '0', horario: '24:00' };
    expect(checkGroupDraft(bad)).toEqual({
      nome: { key: 'groups.edit.nameRequired' },
      diaSemana: { key: 'groups.edit.badDay' },
      horario: { key: 'groups.edit.badTime' },
    });
    const issues = leaderGroupInput.safeParse(bodyOf(bad)).error?.issues.map((i) => i.path[0]);
    expect(issues?.sort()).toEqual(['diaSemana', 'horario', 'nome']);
    expect(checkGroupDraft({ ...draftOf(group), nome: 'a\u0000b' }).nome).toEqual({
      key: 'groups.edit.badCharacters',
    });
  });
});
