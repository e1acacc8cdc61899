// The modals of /access (spec §2): an inactive account (send the activation e-mail again), an
// account of another church of the provider (join with its password), password recovery.
import { isEmail } from '../../../lib/account/forms.ts';
import {
  joinWithAccount,
  sendActivationEmail,
  sendRecoveryEmail,
} from '../../../stores/account.ts';
import { Field, Notice, SubmitButton, type T, useForm } from '../ui/index.ts';

export function InactiveModal({ t, email, churchId }: { t: T; email: string; churchId: number }) {
  const form = useForm({});
  async function send() {
    form.setSubmitting(true);
    const answer = await sendActivationEmail(churchId, email);
    if (answer.ok) form.setMessage({ kind: 'ok', text: answer.value.message });
    else {
      const { failure } = answer;
      form.setMessage({
        kind: 'error',
        text: failure.status >= 500 || !failure.message ? t('verify.sendError') : failure.message,
      });
    }
    form.setSubmitting(false);
  }
  return (
    <div>
      <p>{t('account.inactive.text', { email })}</p>
      <Notice message={form.message} />
      {form.message?.kind !== 'ok' && (
        <button
          type="button"
          className="button"
          onClick={send}
          disabled={form.submitting}
          aria-busy={form.submitting || undefined}
        >
          {form.submitting ? t('account.wait') : t('account.inactive.send')}
        </button>
      )}
    </div>
  );
}

export function SharedModal({
  t,
  email,
  church,
  churchId,
  onForgot,
}: {
  t: T;
  email: string;
  church: string;
  churchId: number;
  onForgot: () => void;
}) {
  const form = useForm({ senha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.senha) return form.setErrors({ senha: t('v.required') });
    form.setSubmitting(true);
    const answer = await joinWithAccount(churchId, email, form.values.senha);
    if (!answer.ok) {
      form.setMessage({ kind: 'error', text: answer.failure.message });
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.shared.text', { email, church })}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.password')}
        name="senha"
        type="password"
        autoComplete="current-password"
        value={form.values.senha}
        onChange={form.set('senha')}
        error={form.errors.senha}
        disabled={form.submitting}
        required
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.shared.join')}
          busyLabel={t('account.wait')}
        />
        <button type="button" className="acc-link" onClick={onForgot} disabled={form.submitting}>
          {t('account.access.forgot')}
        </button>
      </div>
    </form>
  );
}

export function RecoverModal({ t, email, churchId }: { t: T; email: string; churchId: number }) {
  const form = useForm({ email });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const value = form.values.email.trim();
    if (!isEmail(value)) return form.setErrors({ email: t(value ? 'v.email' : 'v.required') });
    form.setSubmitting(true);
    const answer = await sendRecoveryEmail(churchId, value);
    if (answer.ok) form.setMessage({ kind: 'ok', text: answer.value.message });
    else {
      const { failure } = answer;
      form.setMessage({
        kind: 'error',
        text: failure.status >= 500 || !failure.message ? t('recover.sendError') : failure.message,
      });
    }
    form.setSubmitting(false);
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.recover.text')}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={form.set('email')}
        error={form.errors.email}
        disabled={form.submitting}
        required
      />
      <SubmitButton
        submitting={form.submitting}
        label={t('account.recover.submit')}
        busyLabel={t('account.wait')}
      />
    </form>
  );
}
