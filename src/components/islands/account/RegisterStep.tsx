// Registration on /access (spec §2, §3 Form fields), checked with the contract's newAccountBody,
// the schema the API itself applies; the photo goes up once the account exists.
import { useState } from 'react';
import { DATE_PLACEHOLDER } from '../../../../contract/account-rules.ts';
import { newAccountBody, type RegisterBody } from '../../../../contract/user.ts';
import { maskCpf, maskDate } from '../../../lib/account/forms.ts';
import { dateForSchema, schemaErrors } from '../../../lib/account/validate.ts';
import { registerAccount } from '../../../stores/account.ts';
import {
  Field,
  firstErrors,
  type IslandProps,
  Notice,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';

const EMPTY_REGISTRATION = {
  nome: '',
  sobrenome: '',
  email: '',
  senha: '',
  confirmacaoSenha: '',
  telefone: '',
  dataNascimento: '',
  sexo: '',
  cpf: '',
  observacoes: '',
};

export default function RegisterStep({
  t,
  email,
  lang,
  churchId,
  country,
  onBack,
}: {
  t: T;
  email: string;
  lang: IslandProps['lang'];
  churchId: number;
  country: string | null;
  onBack: () => void;
}) {
  const form = useForm({ ...EMPTY_REGISTRATION, email });
  const [photo, setPhoto] = useState<File | null>(null);
  const askCpf = country === 'BR';
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const v = form.values;
    const json: RegisterBody = {
      ...v,
      dataNascimento: dateForSchema(v.dataNascimento, lang) as string,
      sexo: v.sexo as 'M' | 'F',
      cpf: v.cpf || null,
      observacoes: v.observacoes || null,
    };
    const keys = schemaErrors(newAccountBody, json);
    if (Object.keys(keys).length) {
      form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
      form.setMessage({ kind: 'error', text: t('account.fixErrors') });
      return;
    }
    form.setSubmitting(true);
    form.setMessage(null);
    const answer = await registerAccount(churchId, json, photo);
    if (!answer.ok) {
      form.setErrors(firstErrors(answer.failure.errors));
      form.setMessage({ kind: 'error', text: answer.failure.message });
      form.setSubmitting(false);
    }
  }
  const f = (name: keyof typeof EMPTY_REGISTRATION) => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    disabled: form.submitting,
  });
  return (
    <form onSubmit={submit} noValidate className="acc-form">
      <p>{t('account.register.intro')}</p>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Field label={t('account.field.name')} autoComplete="given-name" required {...f('nome')} />
        <Field
          label={t('account.field.surname')}
          autoComplete="family-name"
          required
          {...f('sobrenome')}
        />
      </div>
      <Field
        label={t('account.field.email')}
        type="email"
        autoComplete="email"
        required
        {...f('email')}
      />
      <div className="acc-grid">
        <Field
          label={t('account.field.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('account.register.passwordHint')}
          {...f('senha')}
        />
        <Field
          label={t('account.field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...f('confirmacaoSenha')}
        />
      </div>
      <div className="acc-grid">
        <Field
          label={t('account.field.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder={country === 'BR' ? '+55 DDD 9XXXX-YYYY' : ''}
          {...f('telefone')}
        />
        <Field
          label={t('account.field.birthDate')}
          inputMode="numeric"
          autoComplete="bday"
          required
          placeholder={DATE_PLACEHOLDER[lang]}
          {...f('dataNascimento')}
          onChange={(v) => form.set('dataNascimento')(maskDate(v))}
        />
      </div>
      <fieldset
        className={`ui-field acc-radios${form.errors.sexo ? ' has-error' : ''}`}
        disabled={form.submitting}
      >
        <legend>
          {t('account.field.sex')} <span aria-hidden="true">*</span>
        </legend>
        <label>
          <input
            type="radio"
            name="sexo"
            value="M"
            checked={form.values.sexo === 'M'}
            onChange={() => form.set('sexo')('M')}
          />{' '}
          {t('account.sex.M')}
        </label>
        <label>
          <input
            type="radio"
            name="sexo"
            value="F"
            checked={form.values.sexo === 'F'}
            onChange={() => form.set('sexo')('F')}
          />{' '}
          {t('account.sex.F')}
        </label>
        {form.errors.sexo && (
          <small className="ui-error" role="alert">
            {form.errors.sexo}
          </small>
        )}
      </fieldset>
      {askCpf && (
        <Field
          label="CPF"
          inputMode="numeric"
          placeholder="000.000.000-00"
          {...f('cpf')}
          onChange={(v) => form.set('cpf')(maskCpf(v))}
        />
      )}
      <div className="ui-field">
        <label htmlFor="acc-comments">{t('account.field.comments')}</label>
        <textarea
          id="acc-comments"
          name="observacoes"
          rows={3}
          maxLength={500}
          value={form.values.observacoes}
          onChange={(e) => form.set('observacoes')(e.target.value)}
          disabled={form.submitting}
        />
      </div>
      <div className="ui-field">
        <label htmlFor="acc-photo">{t('account.field.image')}</label>
        <input
          id="acc-photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={form.submitting}
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.register.submit')}
          busyLabel={t('account.wait')}
        />
        <button type="button" className="acc-link" onClick={onBack} disabled={form.submitting}>
          {t('account.back')}
        </button>
      </div>
    </form>
  );
}
