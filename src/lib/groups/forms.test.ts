// The leader's group form and next-meeting notice refuse what the API refuses, field by field,
// and send what it accepts; the notice starts at the group's usual day and time next.
import { describe, expect, it } from 'vitest';
import { leaderGroupInput } from '../../../contract/groups-staff.ts';
import type { GroupDetail } from '../../../contract/groups.ts';
import {
  MEETING_NOTE_MAX,
  MEETING_PLACE_MAX,
  meetingNoticeSchema,
} from '../../../contract/notification-meeting.ts';
import {
  bodyOf,
  checkGroupDraft,
  checkMeetingNotice,
  draftOf,
  GROUP_TEXT_LIMITS,
  groupAddressLine,
  meetingNoticeBody,
  meetingNoticeDraftOf,
  MEETING_NOTICE_LIMITS,
  nextUsualMeeting,
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

describe("the next meeting's notice", () => {
  const SP = 'America/Sao_Paulo';
  // Sunday 29 Nov 2026, 10:00 in São Paulo (13:00 UTC)
  const sunday = new Date('2026-11-29T13:00:00Z');

  it("starts at the group's usual day and time next, on the church's clock", () => {
    expect(nextUsualMeeting(2, '20:00', SP, sunday)).toBe('2026-12-01T20:00'); // Tuesday
    expect(nextUsualMeeting(7, '19:30', SP, sunday)).toBe('2026-11-29T19:30'); // later today
    expect(nextUsualMeeting(7, '09:00', SP, sunday)).toBe('2026-12-06T09:00'); // today's is over
    expect(nextUsualMeeting(6, '20:00', SP, sunday)).toBe('2026-12-05T20:00'); // across the month
    // 01:00 UTC on Monday is still Sunday evening in São Paulo
    expect(nextUsualMeeting(1, '20:00', SP, new Date('2026-11-30T01:00:00Z'))).toBe(
      '2026-11-30T20:00',
    );
    expect(nextUsualMeeting(4, '08:00', SP, new Date('2026-12-29T12:00:00Z'))).toBe(
      '2026-12-31T08:00',
    );
    expect(nextUsualMeeting(5, '08:00', SP, new Date('2026-12-29T12:00:00Z'))).toBe(
      '2027-01-01T08:00',
    );
    const draft = meetingNoticeDraftOf(group, SP, sunday);
    expect(draft).toEqual({ data: '2026-12-01T20:00', local: '', observacao: '' });
    expect(meetingNoticeDraftOf({ ...group, horario: '' }, SP, sunday).data).toBe('');
  });

  it("names the group's address as the API does when no place is given", () => {
    expect(groupAddressLine(group)).toBe('Rua Domingos de Morais, 100 - Vila Mariana - São Paulo');
  });

  it("asks for the date and time and keeps place and note within the API's limits", () => {
    expect(MEETING_NOTICE_LIMITS).toEqual({
      local: MEETING_PLACE_MAX,
      observacao: MEETING_NOTE_MAX,
    });
    const ok = { data: '2026-12-01T20:00', local: '  ', observacao: ' Tragam um lanche. ' };
    expect(checkMeetingNotice(ok)).toEqual({});
    expect(meetingNoticeBody(ok)).toEqual({
      data: '2026-12-01T20:00',
      observacao: 'Tragam um lanche.',
    });
    expect(meetingNoticeSchema.safeParse(meetingNoticeBody(ok)).success).toBe(true);

    const bad = {
      data: '',
      local: 'a'.repeat(MEETING_PLACE_MAX + 1),
      observacao: 'a'.repeat(MEETING_NOTE_MAX + 1),
    };
    expect(checkMeetingNotice(bad)).toEqual({
      data: { key: 'groups.notice.whenRequired' },
      local: { key: 'groups.edit.tooLong', values: { max: MEETING_PLACE_MAX } },
      observacao: { key: 'groups.edit.tooLong', values: { max: MEETING_NOTE_MAX } },
    });
    const issues = meetingNoticeSchema.safeParse(meetingNoticeBody(bad)).error?.issues;
    expect(issues?.map((i) => i.path[0]).sort()).toEqual(['data', 'local', 'observacao']);
    const atMost = {
      data: '2026-12-01T20:00',
      local: 'a'.repeat(MEETING_PLACE_MAX),
      observacao: '',
    };
    expect(checkMeetingNotice(atMost)).toEqual({});
  });
});
