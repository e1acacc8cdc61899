// The identity, family and custom fields of /user/data and /user/data-update (spec §3 Form
// fields), checked with the contract's updateUserBody, the schema the API itself applies.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import {
  DATE_PLACEHOLDER,
  formatCpf,
  formatLocalDate,
  onlyDigits,
} from '../../../../contract/account-rules.ts';
import { updateUserBody, type Option, type UpdateUserBody } from '../../../../contract/user.ts';
import type { ProfileLists } from '../../../lib/account/api.ts';
import { maskCpf, maskDate } from '../../../lib/account/forms.ts';
import { readFailure } from '../../../lib/account/http.ts';
import { dateForSchema, schemaErrors } from '../../../lib/account/validate.ts';
import { saveProfile } from '../../../stores/account.ts';
import { $session } from '../../../stores/session.ts';
import {
  Field,
  firstErrors,
  type IslandProps,
  Notice,
  Select,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';

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
  const user = session.user!;
  const form = useForm({
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
  });
  // A child added below raises the saved count: the field shows it.
  const savedChildren = user.qtdeFilhos === null ? '' : String(user.qtdeFilhos);
  useEffect(
    () =>
      form.setValues((v) =>
        v.qtdeFilhos === savedChildren ? v : { ...v, qtdeFilhos: savedChildren },
      ),
    [savedChildren],
  );
  const [custom, setCustom] = useState<Record<number, string>>(() =>
    Object.fromEntries(lists.customFields.map((f) => [f.id, f.valor ?? ''])),
  );

  /** The PUT /usuario/ body as the contract takes it. */
  function body(): UpdateUserBody {
    const v = form.values;
    return {
      igreja: church.id,
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

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const json = body();
    const keys = schemaErrors(updateUserBody, json);
    const moreOk = checkMore ? checkMore() : true;
    if (Object.keys(keys).length || !moreOk) {
      form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
      form.setMessage({ kind: 'error', text: t('account.fixErrors') });
      return;
    }
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      await saveProfile(
        json,
        lists.congregations.find((c) => String(c.id) === form.values.congregacao) ?? null,
      );
      if (onSaved && !(await onSaved())) return;
      form.setMessage({ kind: 'ok', text: t('account.saved') });
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
    } finally {
      form.setSubmitting(false);
    }
  }

  const f = (name: keyof typeof form.values) => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    disabled: form.submitting,
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
          onChange={(x) => form.set('dataNascimento')(maskDate(x))}
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
            onChange={(x) => form.set('cpf')(maskCpf(x))}
          />
        )}
      </div>
      {mode === 'data' && (
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
              onChange={(x) => form.set('dataCasamento')(maskDate(x))}
            />
            <Field
              label={t('account.field.childrenCount')}
              inputMode="numeric"
              {...f('qtdeFilhos')}
              onChange={(x) => form.set('qtdeFilhos')(onlyDigits(x).slice(0, 2))}
            />
            <Select
              label={t('account.field.occupation')}
              options={withCurrent(lists.occupations, form.values.ocupacao)}
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
              value={form.values.observacoes}
              onChange={(e) => form.set('observacoes')(e.target.value)}
              disabled={form.submitting}
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
                      onChange={(x) => setCustom((c) => ({ ...c, [field.id]: x }))}
                      options={field.opcoes.map((o) => ({ value: o, label: o }))}
                      disabled={form.submitting}
                    />
                  ) : (
                    <Field
                      key={field.id}
                      name={`campo-${field.id}`}
                      label={field.nome}
                      required={field.flagObrigatorio}
                      value={custom[field.id] ?? ''}
                      onChange={(x) => setCustom((c) => ({ ...c, [field.id]: x }))}
                      disabled={form.submitting}
                    />
                  ),
                )}
              </div>
            </>
          )}
        </>
      )}
      {children}
      <Notice message={form.message} />
      <SubmitButton
        submitting={form.submitting}
        label={submitLabel ?? t('account.save')}
        busyLabel={t('account.wait')}
      />
    </form>
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
