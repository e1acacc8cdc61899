// The e-mailed password-recovery link on /access?resetToken=… (spec §2): a new password.
import { checkNewPassword } from '../../../lib/account/forms.ts';
import { resetMyPassword } from '../../../stores/account.ts';
import { Field, firstErrors, Notice, SubmitButton, type T, useForm } from '../ui/index.ts';

export default function ResetStep({
  t,
  token,
  onDone,
}: {
  t: T;
  token: string;
  onDone: (message: string) => void;
}) {
  const form = useForm({ senha: '', confirmacaoSenha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const keys = checkNewPassword(form.values.senha, form.values.confirmacaoSenha);
    if (Object.keys(keys).length)
      return form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
    form.setSubmitting(true);
    const answer = await resetMyPassword(token, form.values.senha, form.values.confirmacaoSenha);
    if (answer.ok) return onDone(answer.value.message);
    form.setErrors(firstErrors(answer.failure.errors));
    form.setMessage({ kind: 'error', text: answer.failure.message });
    form.setSubmitting(false);
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.reset.intro')}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.newPassword')}
        name="senha"
        type="password"
        autoComplete="new-password"
        value={form.values.senha}
        onChange={form.set('senha')}
        error={form.errors.senha}
        disabled={form.submitting}
        required
        hint={t('account.register.passwordHint')}
      />
      <Field
        label={t('account.field.confirmPassword')}
        name="confirmacaoSenha"
        type="password"
        autoComplete="new-password"
        value={form.values.confirmacaoSenha}
        onChange={form.set('confirmacaoSenha')}
        error={form.errors.confirmacaoSenha}
        disabled={form.submitting}
        required
      />
      <SubmitButton
        submitting={form.submitting}
        label={t('account.reset.submit')}
        busyLabel={t('account.wait')}
      />
    </form>
  );
}
