// The identity, family and custom fields of /user/data and /user/data-update (spec §3 Form
// fields), checked with the contract's updateUserBody, the schema the API itself applies. The
// flow (values, errors, submit) is the store's: src/stores/profile-form.ts.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { DATE_PLACEHOLDER, onlyDigits } from '../../../../contract/account-rules.ts';
import type { Option } from '../../../../contract/user.ts';
import type { ProfileLists } from '../../../lib/account/api.ts';
import { maskCpf, maskDate } from '../../../lib/account/forms.ts';
import {
  $profileForm,
  closeProfileForm,
  profileCustom,
  profileValues,
  setCustomField,
  setProfileField,
  showSavedChildren,
  submitProfile,
  type ProfileValues,
} from '../../../stores/profile-form.ts';
import { $session } from '../../../stores/session.ts';
import { Field, type IslandProps, Notice, Select, SubmitButton, type T } from '../ui/index.ts';

type Props = {
  t: T;
  lang: IslandProps['lang'];
  church: IslandProps['church'];
  lists: ProfileLists;
  mode: 'data' | 'update';
  /** The button's label ("Save and continue" on data-update). */
  submitLabel?: string;
  /** After the profile is saved (data-update saves the address and moves on); false: stay and say nothing more. */
  onSaved?: () => Promise<boolean>;
  /** More fields sent by the same button (data-update's first address). */
  children?: ReactNode;
  /** Shows what to fix in those fields too, so one try flags every missing field; true when none. */
  checkMore?: () => boolean;
};

export default function ProfileForm({
  t,
  lang,
  church,
  lists,
  mode,
  submitLabel,
  onSaved,
  children,
  checkMore,
}: Props) {
  // The CPF is a Brazilian document: a church elsewhere does not ask for it.
  const askCpf = church.pais === 'BR' || church.pais === null;
  const session = useStore($session);
  const state = useStore($profileForm);
  const user = session.user!;
  const values = profileValues(state, session, lang);
  const custom = profileCustom(state, lists);
  useEffect(() => closeProfileForm, []);
  // A child added below raises the saved count: the field shows it.
  const savedChildren = user.qtdeFilhos === null ? '' : String(user.qtdeFilhos);
  useEffect(() => showSavedChildren(savedChildren), [savedChildren]);
  const set = (name: keyof ProfileValues) => (value: string) => setProfileField(name, value, lang);

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    void submitProfile({
      churchId: church.id,
      lang,
      lists,
      onSaved,
      checkMore,
      texts: {
        field: (key) => t(key),
        fixErrors: t('account.fixErrors'),
        saved: t('account.saved'),
      },
    });
  }

  const f = (name: keyof ProfileValues): FieldProps => ({
    name,
    value: values[name],
    onChange: set(name),
    error: state.errors[name],
    disabled: state.submitting,
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="acc-section"
      id="dados"
      aria-labelledby="identity-title"
    >
      <h2 id="identity-title">{t('account.data.identity')}</h2>
      <Field
        label={t('account.field.email')}
        name="email"
        value={user.email}
        onChange={() => undefined}
        disabled
      />
      <div className="acc-grid">
        <Field label={t('account.field.name')} autoComplete="given-name" required {...f('nome')} />
        <Field
          label={t('account.field.surname')}
          autoComplete="family-name"
          required
          {...f('sobrenome')}
        />
        <Field
          label={t('account.field.phone')}
          type="tel"
          autoComplete="tel"
          required
          placeholder={church.pais === 'BR' ? '+55 DDD 9XXXX-YYYY' : ''}
          {...f('telefone')}
        />
        <Field
          label={t('account.field.birthDate')}
          inputMode="numeric"
          required
          placeholder={DATE_PLACEHOLDER[lang]}
          {...f('dataNascimento')}
          onChange={(x) => set('dataNascimento')(maskDate(x))}
        />
        <Select
          label={t('account.field.sex')}
          required
          options={[
            { value: 'M', label: t('account.sex.M') },
            { value: 'F', label: t('account.sex.F') },
          ]}
          {...f('sexo')}
        />
        {askCpf && (
          <Field
            label="CPF"
            inputMode="numeric"
            placeholder="000.000.000-00"
            {...f('cpf')}
            onChange={(x) => set('cpf')(maskCpf(x))}
          />
        )}
      </div>
      {mode === 'data' && (
        <FamilySection
          t={t}
          lang={lang}
          submitting={state.submitting}
          lists={lists}
          values={values}
          custom={custom}
          field={f}
          set={set}
        />
      )}
      {children}
      <Notice message={state.message} />
      <SubmitButton
        submitting={state.submitting}
        label={submitLabel ?? t('account.save')}
        busyLabel={t('account.wait')}
      />
    </form>
  );
}

type FieldProps = {
  name: keyof ProfileValues;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
};

/** /user/data's family part: marital status, children, occupation, congregation, comments, custom fields. */
function FamilySection({
  t,
  lang,
  submitting,
  lists,
  values,
  custom,
  field: f,
  set,
}: {
  t: T;
  lang: IslandProps['lang'];
  submitting: boolean;
  lists: ProfileLists;
  values: ProfileValues;
  custom: Record<number, string>;
  field: (name: keyof ProfileValues) => FieldProps;
  set: (name: keyof ProfileValues) => (value: string) => void;
}) {
  const setCustom = (id: number, value: string) => setCustomField(id, value, lists);
  return (
    <>
      <h2>{t('account.data.family')}</h2>
      <div className="acc-grid">
        <Select
          label={t('account.field.maritalStatus')}
          options={lists.maritalStatuses.map((o) => ({ value: o.codigo, label: o.nome }))}
          {...f('estadoCivil')}
        />
        <Field
          label={t('account.field.maritalDate')}
          inputMode="numeric"
          placeholder={DATE_PLACEHOLDER[lang]}
          {...f('dataCasamento')}
          onChange={(x) => set('dataCasamento')(maskDate(x))}
        />
        <Field
          label={t('account.field.childrenCount')}
          inputMode="numeric"
          {...f('qtdeFilhos')}
          onChange={(x) => set('qtdeFilhos')(onlyDigits(x).slice(0, 2))}
        />
        <Select
          label={t('account.field.occupation')}
          options={withCurrent(lists.occupations, values.ocupacao)}
          {...f('ocupacao')}
        />
        <Select
          label={t('account.field.congregation')}
          options={lists.congregations.map((c) => ({ value: String(c.id), label: c.nome }))}
          {...f('congregacao')}
        />
      </div>
      <div className="ui-field">
        <label htmlFor="acc-obs">{t('account.field.comments')}</label>
        <textarea
          id="acc-obs"
          rows={3}
          maxLength={500}
          value={values.observacoes}
          onChange={(e) => set('observacoes')(e.target.value)}
          disabled={submitting}
        />
      </div>
      {lists.customFields.length > 0 && (
        <>
          <h2>{t('account.data.custom')}</h2>
          <div className="acc-grid">
            {lists.customFields.map((field) =>
              field.tipo === 'opcao' ? (
                <Select
                  key={field.id}
                  name={`campo-${field.id}`}
                  label={field.nome}
                  required={field.flagObrigatorio}
                  value={custom[field.id] ?? ''}
                  onChange={(x) => setCustom(field.id, x)}
                  options={field.opcoes.map((o) => ({ value: o, label: o }))}
                  disabled={submitting}
                />
              ) : (
                <Field
                  key={field.id}
                  name={`campo-${field.id}`}
                  label={field.nome}
                  required={field.flagObrigatorio}
                  value={custom[field.id] ?? ''}
                  onChange={(x) => setCustom(field.id, x)}
                  disabled={submitting}
                />
              ),
            )}
          </div>
        </>
      )}
    </>
  );
}

/** The options with the member's current value first when the list lacks it (an old occupation). */
const withCurrent = (options: Option[], current: string) =>
  [
    ...(current && !options.some((o) => o.codigo === current)
      ? [{ codigo: current, nome: current }]
      : []),
    ...options,
  ].map((o) => ({ value: o.codigo, label: o.nome }));
