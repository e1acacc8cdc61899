// The login's second step on /access (docs/security.md "Two-factor sign-in"): after the password of
// an account with two-factor on, the code of the authenticator app or a recovery code. A wrong code
// stays here; an expired sign-in goes back to the password with the API's message.
import { useEffect, useRef } from 'react';
import { readFailure } from '../../../lib/account/http.ts';
import {
  $secondStep,
  cancelSecondStep,
  loginWithCode,
  NotMemberError,
} from '../../../stores/session.ts';
import { Field, Notice, SubmitButton, type T, useForm } from '../ui/index.ts';

export default function CodeStep({
  t,
  email,
  onBack,
}: {
  t: T;
  email: string;
  /** Back to the password, with the reason when the challenge ran out. */
  onBack: (reason?: string) => void;
}) {
  const form = useForm({ codigo: '' });
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.codigo.trim()) return form.setErrors({ codigo: t('v.required') });
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      await loginWithCode(form.values.codigo.trim());
      // The gate sends the user on to redirectTo once logged in.
    } catch (error) {
      if (error instanceof NotMemberError) {
        form.setMessage({ kind: 'error', text: t('user.notMember') });
        form.setSubmitting(false);
        return;
      }
      const failure = await readFailure(error);
      // the challenge is gone (expired or refused): the password comes first again
      if (!$secondStep.get()) return onBack(failure.message);
      // a wrong code is said by the field; anything else (too many tries…) above the form
      const byField = failure.errors.codigo?.[0];
      if (byField) form.setErrors({ codigo: byField });
      else form.setMessage({ kind: 'error', text: failure.message });
      form.setValues({ codigo: '' });
      form.setSubmitting(false);
    }
  }

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <p className="acc-email-chip">
        <span>{email}</span>
      </p>
      <p>{t('account.access.codeIntro')}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.access.code')}
        name="codigo"
        value={form.values.codigo}
        onChange={form.set('codigo')}
        error={form.errors.codigo || undefined}
        hint={t('account.access.codeHint')}
        autoComplete="one-time-code"
        maxLength={11}
        disabled={form.submitting}
        required
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.access.codeSubmit')}
          busyLabel={t('account.wait')}
        />
        <button
          type="button"
          className="acc-link"
          disabled={form.submitting}
          onClick={() => {
            cancelSecondStep();
            onBack();
          }}
        >
          {t('account.access.codeBack')}
        </button>
      </div>
    </form>
  );
}
