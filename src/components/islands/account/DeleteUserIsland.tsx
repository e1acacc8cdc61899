// /user/delete-user → /user/confirm-delete-user (password) → /user/delete-user-success
// (spec §2, §7 POST /user/{id}/pedido-exclusao?igreja=).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { requestAccountDeletion } from '../../../stores/account.ts';
import { $session, logout, startSession, takeAccountDeleted } from '../../../stores/session.ts';
import {
  Field,
  type IslandProps,
  Loader,
  loginHref,
  MemberGate,
  Notice,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';
import { accountT } from './t.ts';

type Props = IslandProps & { step: 'start' | 'confirm' | 'success' };

export default function DeleteUserIsland(props: Props) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  if (props.step === 'success') return <Success church={props.church} t={t} />;
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      {props.step === 'start' ? <Start t={t} /> : <Confirm t={t} churchId={props.church.id} />}
    </MemberGate>
  );
}

function Start({ t }: { t: T }) {
  return (
    <div className="acc-panel acc-narrow">
      <h1>{t('account.delete.title')}</h1>
      <p>{t('account.delete.intro')}</p>
      <div className="acc-actions">
        <a className="button danger" href="/user/confirm-delete-user">
          {t('account.delete.continue')}
        </a>
        <a href="/user">{t('account.cancel')}</a>
      </div>
    </div>
  );
}

function Confirm({ t, churchId }: { t: T; churchId: number }) {
  const user = useStore($session).user!;
  const form = useForm({ senha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.senha) return form.setErrors({ senha: t('v.required') });
    form.setSubmitting(true);
    form.setMessage(null);
    const answer = await requestAccountDeletion(user.id, churchId, form.values.senha);
    if (answer.ok) return location.assign('/user/delete-user-success');
    const { failure } = answer;
    form.setErrors(
      failure.errors.senha ? { senha: failure.errors.senha[0] ?? failure.message } : {},
    );
    form.setMessage({ kind: 'error', text: failure.message });
    form.setSubmitting(false);
  }
  return (
    <form onSubmit={submit} noValidate className="acc-panel acc-narrow">
      <h1>{t('account.delete.confirmTitle')}</h1>
      <p>{t('account.delete.confirmText')}</p>
      <Notice message={form.message} />
      <Field
        label={t('account.field.password')}
        name="senha"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.senha}
        onChange={form.set('senha')}
        error={form.errors.senha}
        disabled={form.submitting}
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.delete.confirm')}
          busyLabel={t('account.wait')}
          className="button danger"
        />
        <a href="/user">{t('account.cancel')}</a>
      </div>
    </form>
  );
}

/** The account is gone: end the session here and say so (the guard would only find a logged-out user). */
function Success({ church, t }: { church: IslandProps['church']; t: T }) {
  const [state, setState] = useState<'checking' | 'deleted' | 'other'>('checking');
  useEffect(() => {
    // The account is gone: its tokens would only get 401s, so end the session before anything asks.
    if (takeAccountDeleted()) {
      logout();
      setState('deleted');
      return;
    }
    void startSession(church).then((loggedIn) => {
      if (!loggedIn) location.replace(loginHref(location.pathname));
      else setState('other');
    });
  }, [church]);
  if (state === 'checking') return <Loader label={t('account.loading')} />;
  if (state === 'other') {
    location.replace('/user');
    return null;
  }
  return (
    <div className="acc-panel acc-narrow">
      <h1>{t('account.delete.successTitle')}</h1>
      <Notice message={{ kind: 'ok', text: t('account.delete.successText') }} />
      <a className="button" href="/">
        {t('account.delete.home')}
      </a>
    </div>
  );
}
