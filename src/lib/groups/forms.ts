// The leader's group form on the member side (docs/groups.md "What the leader does"): the same
// rules as contract/groups-staff.ts `leaderGroupInput` checks on the API (forms.test.ts keeps them
// in step), without zod so the islands stay small. Errors are i18n keys of groups.json. Also the
// next meeting's notice (contract/notification-meeting.ts `meetingNoticeSchema`).
import { wallClockOf } from '../../../common/time-zone.ts';
import type { GroupDetail } from '../../../contract/groups.ts';
import type { LeaderGroupBody } from '../../../contract/groups-staff.ts';
import type { MeetingNotice } from '../../../contract/notification-meeting.ts';

/** What the form holds: text as typed, the day as the select's value. */
export interface GroupDraft {
  nome: string;
  descricao: string;
  diaSemana: string;
  horario: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
  aberta: boolean;
}
export type GroupTextField = Exclude<keyof GroupDraft, 'aberta' | 'diaSemana' | 'horario'>;

/** The longest text per field, in characters (contract/groups-staff.ts `staffGroupInput`). */
export const GROUP_TEXT_LIMITS: Record<GroupTextField, number> = {
  nome: 120,
  descricao: 2000,
  logradouro: 200,
  numero: 20,
  complemento: 100,
  bairro: 100,
  cidade: 100,
  estado: 50,
  cep: 20,
};

export function draftOf(g: GroupDetail): GroupDraft {
  const e = g.endereco;
  return {
    nome: g.nome,
    descricao: g.descricao ?? '',
    diaSemana: String(g.diaSemana),
    horario: g.horario,
    logradouro: e.logradouro ?? '',
    numero: e.numero ?? '',
    complemento: e.complemento ?? '',
    bairro: e.bairro ?? '',
    cidade: e.cidade ?? '',
    estado: e.estado ?? '',
    cep: e.cep ?? '',
    aberta: g.aberta,
  };
}

/** A per-field problem: an i18n key and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}

const badCharacters =
  /[\u0000]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The problems the API would answer, per field; empty when the draft can be sent. */
export function checkGroupDraft(d: GroupDraft): Partial<Record<keyof GroupDraft, FieldProblem>> {
  const problems: Partial<Record<keyof GroupDraft, FieldProblem>> = {};
  for (const [field, max] of Object.entries(GROUP_TEXT_LIMITS) as [GroupTextField, number][]) {
    const value = d[field].trim();
    if (badCharacters.test(value)) problems[field] = { key: 'groups.edit.badCharacters' };
    else if (value.length > max) problems[field] = { key: 'groups.edit.tooLong', values: { max } };
  }
  if (!d.nome.trim()) problems.nome = { key: 'groups.edit.nameRequired' };
  const day = Number(d.diaSemana);
  if (!Number.isInteger(day) || day < 1 || day > 7)
    problems.diaSemana = { key: 'groups.edit.badDay' };
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(d.horario))
    problems.horario = { key: 'groups.edit.badTime' };
  return problems;
}

/** The body of `PUT /celula/{id}`: blank text is sent as null, like the staff form. */
export function bodyOf(d: GroupDraft): LeaderGroupBody {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  return {
    nome: d.nome.trim(),
    descricao: text(d.descricao),
    diaSemana: Number(d.diaSemana),
    horario: d.horario,
    logradouro: text(d.logradouro),
    numero: text(d.numero),
    complemento: text(d.complemento),
    bairro: text(d.bairro),
    cidade: text(d.cidade),
    estado: text(d.estado),
    cep: text(d.cep),
    aberta: d.aberta,
  };
}

// ---- the next meeting's notice (docs/groups.md "What the leader does") ----

/** What the leader types: `data` as a `datetime-local` input gives it (`2026-12-24T19:30`). */
export interface MeetingNoticeDraft {
  data: string;
  local: string;
  observacao: string;
}

/** The longest place and note, in characters (contract/notification-meeting.ts; forms.test.ts). */
export const MEETING_NOTICE_LIMITS = { local: 200, observacao: 300 } as const;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The group's usual day (ISO, 1 Monday … 7 Sunday) and time after `now` on the church's clock
 * (`zone`), as the API takes it: `2026-12-01T20:00`. Today counts while its time is ahead.
 */
export function nextUsualMeeting(
  day: number,
  time: string,
  zone: string,
  now = new Date(),
): string {
  const wall = new Date(wallClockOf(zone, now));
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const today = wall.getUTCDay() || 7;
  let at = Date.UTC(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate() + ((day - today + 7) % 7),
    hour,
    minute,
  );
  if (at <= wall.getTime()) at += 7 * 86_400_000;
  return new Date(at).toISOString().slice(0, 16);
}

/** The form's start: the group's usual day and time next (empty if the group has none). */
export function meetingNoticeDraftOf(
  g: GroupDetail,
  zone: string,
  now = new Date(),
): MeetingNoticeDraft {
  const usual = g.diaSemana >= 1 && g.diaSemana <= 7 && /^([01]\d|2[0-3]):[0-5]\d$/.test(g.horario);
  return {
    data: usual ? nextUsualMeeting(g.diaSemana, g.horario, zone, now) : '',
    local: '',
    observacao: '',
  };
}

/** The group's address on one line, like the API's default place ("Rua A, 10 - Centro - Recife"). */
export function groupAddressLine(g: GroupDetail): string {
  const e = g.endereco;
  const street = [e.logradouro, e.numero].filter(Boolean).join(', ');
  return [street, e.bairro, e.cidade].filter(Boolean).join(' - ');
}

/** The problems the API would answer before looking at the clock (past, too far: the API's). */
export function checkMeetingNotice(
  d: MeetingNoticeDraft,
): Partial<Record<keyof MeetingNoticeDraft, FieldProblem>> {
  const problems: Partial<Record<keyof MeetingNoticeDraft, FieldProblem>> = {};
  if (!LOCAL_DATE_TIME.test(d.data)) problems.data = { key: 'groups.notice.whenRequired' };
  for (const field of ['local', 'observacao'] as const) {
    const max = MEETING_NOTICE_LIMITS[field];
    if (d[field].trim().length > max)
      problems[field] = { key: 'groups.edit.tooLong', values: { max } };
  }
  return problems;
}

/** The body of `POST /celula/{id}/proximo-encontro`: blank place and note are left out. */
export function meetingNoticeBody(d: MeetingNoticeDraft): MeetingNotice {
  const local = d.local.trim();
  const observacao = d.observacao.trim();
  return { data: d.data, ...(local ? { local } : {}), ...(observacao ? { observacao } : {}) };
}
