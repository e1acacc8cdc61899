// /user/change-password (spec §7 POST /user/alterar-senha), then its success page.
import { useMemo } from 'react';
import { checkNewPassword } from '../../../lib/account/forms.ts';
import { changeMyPassword } from '../../../stores/account.ts';
import {
  Field,
  firstErrors,
  type IslandProps,
  MemberGate,
  Notice,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';
import { accountT } from './t.ts';

export default function ChangePasswordIsland(props: IslandProps) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <ChangePassword t={t} />
    </MemberGate>
  );
}

function ChangePassword({ t }: { t: T }) {
  const form = useForm({ senhaAtual: '', novaSenha: '', confirmacaoSenha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const keys = checkNewPassword(form.values.novaSenha, form.values.confirmacaoSenha);
    const errors: Record<string, string> = {};
    if (!form.values.senhaAtual) errors.senhaAtual = t('v.required');
    if (keys.senha) errors.novaSenha = t(keys.senha);
    if (keys.confirmacaoSenha) errors.confirmacaoSenha = t(keys.confirmacaoSenha);
    if (Object.keys(errors).length) return form.setErrors(errors);
    form.setSubmitting(true);
    form.setMessage(null);
    const answer = await changeMyPassword(form.values); // other sessions end; this one goes on
    if (answer.ok) return location.assign('/user/change-password/success');
    form.setErrors(firstErrors(answer.failure.errors));
    form.setMessage({ kind: 'error', text: answer.failure.message });
    form.setSubmitting(false);
  }
  const f = (name: 'senhaAtual' | 'novaSenha' | 'confirmacaoSenha') => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    disabled: form.submitting,
  });
  return (
    <form onSubmit={submit} noValidate className="acc-panel acc-narrow">
      <h1>{t('account.password.title')}</h1>
      <Notice message={form.message} />
      <Field
        label={t('account.field.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        {...f('senhaAtual')}
      />
      <Field
        label={t('account.field.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('account.register.passwordHint')}
        {...f('novaSenha')}
      />
      <Field
        label={t('account.field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...f('confirmacaoSenha')}
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.password.submit')}
          busyLabel={t('account.wait')}
        />
        <a href="/user">{t('account.cancel')}</a>
      </div>
    </form>
  );
}
