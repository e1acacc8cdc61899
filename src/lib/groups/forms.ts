// The leader's group form on the member side (docs/groups.md "What the leader does"): the same
// rules as contract/groups-staff.ts `leaderGroupInput` checks on the API (forms.test.ts keeps them
// in step), without zod so the islands stay small. Errors are i18n keys of groups.json.
import type { GroupDetail } from '../../../contract/groups.ts';
import type { LeaderGroupBody } from '../../../contract/groups-staff.ts';

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
