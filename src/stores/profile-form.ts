// The profile form of /user/data and /user/data-update (spec §3 Form fields): the values as
// typed (from the member's saved data until the first keystroke), the custom fields, per-field
// errors, the message and submitting; the submit checks the body with the contract's
// updateUserBody (the schema the API applies) and saves through saveProfile (src/stores/account.ts).
import { map } from 'nanostores';
import { formatCpf, formatLocalDate } from '../../contract/account-rules.ts';
import type { Lang } from '../../contract/language.ts';
import { updateUserBody, type UpdateUserBody } from '../../contract/user.ts';
import type { ProfileLists } from '../lib/account/api.ts';
import { readFailure } from '../lib/account/http.ts';
import { dateForSchema, schemaErrors } from '../lib/account/validate.ts';
import { saveProfile } from './account.ts';
import { $session, type SessionState } from './session.ts';

export interface ProfileValues {
  nome: string;
  sobrenome: string;
  telefone: string;
  dataNascimento: string;
  sexo: string;
  cpf: string;
  observacoes: string;
  estadoCivil: string;
  dataCasamento: string;
  qtdeFilhos: string;
  ocupacao: string;
  congregacao: string;
}

export interface ProfileFormState {
  /** null until the member types: the form shows the saved data. */
  values: ProfileValues | null;
  /** Custom field values by id; null until the member types one. */
  custom: Record<number, string> | null;
  errors: Partial<Record<string, string>>;
  message: { kind: 'ok' | 'error'; text: string } | null;
  submitting: boolean;
}

const closed: ProfileFormState = {
  values: null,
  custom: null,
  errors: {},
  message: null,
  submitting: false,
};

export const $profileForm = map<ProfileFormState>(closed);

/** A form left (another page, another member): the next one starts from the saved data. */
export const closeProfileForm = (): void => $profileForm.set(closed);

/** The member's saved data as the form shows it. */
export function savedValues(session: SessionState, lang: Lang): ProfileValues {
  const user = session.user!;
  return {
    nome: user.nome,
    sobrenome: user.sobrenome ?? '',
    telefone: user.telefone ?? '',
    dataNascimento: formatLocalDate(user.dataNascimento, lang),
    sexo: user.sexo ?? '',
    cpf: user.cpf ? formatCpf(user.cpf) : '',
    observacoes: user.observacoes ?? '',
    estadoCivil: user.estadoCivil ?? '',
    dataCasamento: formatLocalDate(user.dataCasamento, lang),
    qtdeFilhos: user.qtdeFilhos === null ? '' : String(user.qtdeFilhos),
    ocupacao: user.ocupacao ?? '',
    congregacao: session.clientAccount?.congregacao
      ? String(session.clientAccount.congregacao.id)
      : '',
  };
}

/** The values shown: as typed, else the saved data. */
export const profileValues = (
  state: ProfileFormState,
  session: SessionState,
  lang: Lang,
): ProfileValues => state.values ?? savedValues(session, lang);

export const profileCustom = (state: ProfileFormState, lists: ProfileLists) =>
  state.custom ?? Object.fromEntries(lists.customFields.map((f) => [f.id, f.valor ?? '']));

/** A field typed: its value, and its error cleared. */
export function setProfileField(name: keyof ProfileValues, value: string, lang: Lang): void {
  const state = $profileForm.get();
  const values = profileValues(state, $session.get(), lang);
  $profileForm.set({
    ...state,
    values: { ...values, [name]: value },
    errors: { ...state.errors, [name]: undefined },
  });
}

export function setCustomField(id: number, value: string, lists: ProfileLists): void {
  const state = $profileForm.get();
  $profileForm.setKey('custom', { ...profileCustom(state, lists), [id]: value });
}

/** A child added below raises the saved count: the field shows it. */
export function showSavedChildren(saved: string): void {
  const { values } = $profileForm.get();
  if (values && values.qtdeFilhos !== saved)
    $profileForm.setKey('values', { ...values, qtdeFilhos: saved });
}

/** The PUT /usuario/ body as the contract takes it. */
export function profileBody(
  churchId: number,
  v: ProfileValues,
  custom: Record<number, string>,
  lang: Lang,
): UpdateUserBody {
  return {
    igreja: churchId,
    nome: v.nome,
    sobrenome: v.sobrenome,
    telefone: v.telefone,
    dataNascimento: dateForSchema(v.dataNascimento, lang) as string,
    sexo: v.sexo as 'M' | 'F',
    cpf: v.cpf || null,
    observacoes: v.observacoes || null,
    estadoCivil: (v.estadoCivil || null) as UpdateUserBody['estadoCivil'],
    dataCasamento: dateForSchema(v.dataCasamento, lang) ?? null,
    qtdeFilhos: v.qtdeFilhos === '' ? null : Number(v.qtdeFilhos),
    ocupacao: v.ocupacao || null,
    congregacao: v.congregacao ? Number(v.congregacao) : null,
    camposPersonalizados: Object.entries(custom)
      .filter(([, valor]) => valor.trim())
      .map(([id, valor]) => ({ id: Number(id), valor })),
  };
}

export interface SubmitProfile {
  churchId: number;
  lang: Lang;
  lists: ProfileLists;
  /** After the profile is saved; false: stay and say nothing more. */
  onSaved?: () => Promise<boolean>;
  /** Flags what to fix in more fields sent by the same button; true when none. */
  checkMore?: () => boolean;
  /** The page's texts: the schema's keys translated, "fix the errors", "saved". */
  texts: { field: (key: string) => string; fixErrors: string; saved: string };
}

/** Checks the body like the API, then saves: the message says how it went. */
export async function submitProfile(input: SubmitProfile): Promise<void> {
  const state = $profileForm.get();
  const values = profileValues(state, $session.get(), input.lang);
  const json = profileBody(input.churchId, values, profileCustom(state, input.lists), input.lang);
  const keys = schemaErrors(updateUserBody, json);
  const moreOk = input.checkMore ? input.checkMore() : true;
  if (Object.keys(keys).length || !moreOk) {
    $profileForm.set({
      ...state,
      errors: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, input.texts.field(v)])),
      message: { kind: 'error', text: input.texts.fixErrors },
    });
    return;
  }
  $profileForm.set({ ...state, submitting: true, message: null });
  try {
    await saveProfile(
      json,
      input.lists.congregations.find((c) => String(c.id) === values.congregacao) ?? null,
    );
    if (input.onSaved && !(await input.onSaved())) return;
    $profileForm.setKey('message', { kind: 'ok', text: input.texts.saved });
  } catch (error) {
    const failure = await readFailure(error);
    $profileForm.set({
      ...$profileForm.get(),
      errors: Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? ''])),
      message: { kind: 'error', text: failure.message },
    });
  } finally {
    $profileForm.setKey('submitting', false);
  }
}
