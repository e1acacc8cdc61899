// /invitation?convite=… (docs/invitations.md): what a church's invitation e-mail opens. It names the
// church that asks (and the team roles, if any) and offers Accept or Decline. Accepting needs the
// invited e-mail's account: the session's, a login on this page (a person of another church has no
// session here before accepting), or a new account made on /access, which comes back here.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { longDate } from '../../../../common/format.ts';
import {
  $invitation,
  acceptLoggedIn,
  acceptWithPassword,
  decline,
} from '../../../stores/invitation.ts';
import { loadInvitation } from '../../../stores/invitation.ts';
import { $session, logout } from '../../../stores/session.ts';
import {
  Field,
  Loader,
  loginHref,
  makeT,
  Notice,
  SubmitButton,
  useSession,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Message = { kind: 'ok' | 'error'; text: string } | null;

function AcceptWithLogin({ token, email, t }: { token: string; email: string; t: T }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const failure = await acceptWithPassword(token, email, password);
    setBusy(false);
    setError(failure ? failure.message : undefined);
  }
  return (
    <form className="invitation-form" onSubmit={submit} noValidate>
      <p>{t('invitation.loginIntro', { email })}</p>
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field
        label={t('invitation.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={error}
        onChange={setPassword}
      />
      <p>
        <a href={`/access?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>
          {t('invitation.forgot')}
        </a>
      </p>
      <SubmitButton
        submitting={busy}
        label={t('invitation.accept')}
        busyLabel={t('invitation.accepting')}
      />
    </form>
  );
}

function Invitation({ church, strings, lang }: IslandProps) {
  const t = useMemo(() => makeT(strings, lang), [strings, lang]);
  // read in the browser only (the page is also rendered on the server, which has no location)
  const [token, setToken] = useState<string | null>(null);
  const invitation = useStore($invitation);
  const session = useSession(church);
  const sessionEmail = useStore($session).user?.email?.toLowerCase() ?? null;
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const found = new URLSearchParams(location.search).get('convite'); // INVITATION_PARAM of contract/invitations.ts ?? '';
    setToken(found);
    if (found) void loadInvitation(found);
  }, []);

  if (token === '') return <Notice kind="error">{t('invitation.noToken')}</Notice>;
  if (token === null || invitation.state === 'loading' || !session.ready)
    return <Loader label={t('invitation.loading')} />;
  if (invitation.state === 'error')
    return (
      <>
        <Notice kind="error">{invitation.message}</Notice>
        <p>
          <a href="/">{t('invitation.goHome')}</a>
        </p>
      </>
    );
  if (invitation.state === 'answered')
    return (
      <>
        <Notice kind="ok">{invitation.answer.message}</Notice>
        <p>
          <a href={invitation.accepted ? '/user' : '/'}>
            {invitation.accepted ? t('invitation.goAccount') : t('invitation.goHome')}
          </a>
        </p>
      </>
    );

  const view = invitation.view;
  const same = session.loggedIn && sessionEmail === view.email;
  const other = session.loggedIn && !same;
  async function run(action: () => Promise<{ message: string } | null>) {
    setBusy(true);
    const failure = await action();
    setBusy(false);
    setMessage(failure ? { kind: 'error', text: failure.message } : null);
  }
  return (
    <>
      <p className="invitation-asks">{t('invitation.asks', { church: view.igreja.nome })}</p>
      <p>{t('invitation.sentTo', { email: view.email })}</p>
      {view.roles.length > 0 && (
        <>
          <p>{t('invitation.withRoles')}</p>
          <ul>
            {view.roles.map((r) => (
              <li key={r}>{t(`invitation.role.${r}`)}</li>
            ))}
          </ul>
        </>
      )}
      <p>{t('invitation.privacy')}</p>
      <p>
        <small>{t('invitation.expires', { date: longDate(view.expiraEm, lang) })}</small>
      </p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {same ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(() => acceptLoggedIn(token))}
        >
          {t('invitation.accept')}
        </button>
      ) : other ? (
        <>
          <Notice kind="info">
            {t('invitation.otherAccount', { current: sessionEmail ?? '', email: view.email })}
          </Notice>
          <button type="button" className="button secondary" onClick={() => logout()}>
            {t('invitation.logout')}
          </button>
        </>
      ) : view.contaExiste ? (
        <AcceptWithLogin token={token} email={view.email} t={t} />
      ) : (
        <>
          <p>{t('invitation.createIntro', { email: view.email })}</p>
          <a className="button" href={loginHref(location.pathname + location.search)}>
            {t('invitation.create')}
          </a>
        </>
      )}
      <div className="invitation-decline">
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => void run(() => decline(token))}
        >
          {t('invitation.decline')}
        </button>
      </div>
    </>
  );
}

export default function InvitationIsland(props: IslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <section className="invitation" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('invitation.title')}</h1>
      <Invitation {...props} />
    </section>
  );
}
