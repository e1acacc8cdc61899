// The first steps of /access (spec §2): the e-mail, then the password of an existing account.
import { useEffect, useRef } from 'react';
import { isEmail } from '../../../lib/account/forms.ts';
import { readFailure } from '../../../lib/account/http.ts';
import { checkAccount } from '../../../stores/account.ts';
import { login, NotMemberError } from '../../../stores/session.ts';
import { Field, firstErrors, Notice, SubmitButton, type T, useForm } from '../ui/index.ts';

export function EmailStep({
  t,
  churchId,
  onResult,
}: {
  t: T;
  churchId: number;
  onResult: (email: string, next: 'login' | 'register' | 'inactive' | 'shared') => void;
}) {
  const form = useForm({ email: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const email = form.values.email.trim().toLowerCase();
    if (!email) return form.setErrors({ email: t('v.required') });
    if (!isEmail(email)) return form.setErrors({ email: t('v.email') });
    form.setSubmitting(true);
    const answer = await checkAccount(churchId, email);
    if (answer.ok) onResult(email, answer.value);
    else {
      form.setErrors(firstErrors(answer.failure.errors));
      form.setMessage({ kind: 'error', text: answer.failure.message });
    }
    form.setSubmitting(false);
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.access.intro')}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onChange={form.set('email')}
        error={form.errors.email}
        disabled={form.submitting}
        required
      />
      <SubmitButton
        submitting={form.submitting}
        label={t('account.continue')}
        busyLabel={t('account.wait')}
      />
    </form>
  );
}

export function LoginStep({
  t,
  email,
  onBack,
  onForgot,
  onCode,
}: {
  t: T;
  email: string;
  onBack: () => void;
  onForgot: () => void;
  /** The account has two-factor on: the code comes next (CodeStep). */
  onCode: () => void;
}) {
  const form = useForm({ password: '' });
  // After the e-mail step the next thing to type is the password.
  const ref = useRef<HTMLFormElement>(null);
  useEffect(
    () => ref.current?.querySelector<HTMLInputElement>('input[type=password]')?.focus(),
    [],
  );
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.password) return form.setErrors({ password: t('v.required') });
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      if ((await login(email, form.values.password)) === 'code') return onCode();
      // The gate sends the user on to redirectTo once logged in.
    } catch (error) {
      const text =
        error instanceof NotMemberError ? t('user.notMember') : (await readFailure(error)).message;
      form.setMessage({ kind: 'error', text });
      form.setSubmitting(false);
    }
  }
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <p className="acc-email-chip">
        <span>{email}</span>
        <button type="button" className="acc-link" onClick={onBack} disabled={form.submitting}>
          {t('account.access.changeEmail')}
        </button>
      </p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={form.set('password')}
        error={form.errors.password}
        disabled={form.submitting}
        required
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.access.login')}
          busyLabel={t('account.wait')}
        />
        <button type="button" className="acc-link" onClick={onForgot} disabled={form.submitting}>
          {t('account.access.forgot')}
        </button>
      </div>
    </form>
  );
}
