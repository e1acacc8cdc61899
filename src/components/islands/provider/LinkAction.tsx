// The two one-time links of the provider (docs/provider.md): `/provider/signup/activate?token=`
// confirms a sign-up's e-mail (the site goes online, with a link to it) and
// `/provider/password?token=` lets a new provider admin choose their password.
import { useEffect, useState, type FormEvent } from 'react';
import { activateSignup, chooseAdminPassword } from '../../../stores/provider.ts';
import { Field, Loader, Notice, SubmitButton, type Message } from '../ui/index.ts';
import { providerT, type ProviderIslandProps } from './strings.ts';

const tokenOfPage = () => new URL(location.href).searchParams.get('token') ?? '';

export default function LinkAction({
  lang,
  strings,
  action,
}: ProviderIslandProps & { action: 'activate' | 'password' }) {
  const t = providerT(strings, lang);
  const [message, setMessage] = useState<Message | null>(null);
  const [site, setSite] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(action === 'activate');

  useEffect(() => {
    if (action !== 'activate') return;
    void activateSignup(tokenOfPage(), t('provider.error')).then((answer) => {
      if (answer.ok) {
        setSite(answer.value.endereco);
        setMessage({ kind: 'ok', text: answer.value.message });
      } else setMessage({ kind: 'error', text: answer.failure.message });
      setBusy(false);
    });
  }, [action]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const answer = await chooseAdminPassword(tokenOfPage(), password, t('provider.error'));
    if (answer.ok) {
      setMessage({ kind: 'ok', text: answer.value.message });
      setSite('/provider');
    } else {
      const f = answer.failure;
      setError(f.errors.senha);
      setMessage(f.errors.senha ? null : { kind: 'error', text: f.message });
    }
    setBusy(false);
  }

  if (action === 'activate' && busy) return <Loader label={t('provider.activate.working')} />;
  return (
    <>
      <Notice message={message} />
      {site && (
        <p>
          <a className="button" href={site === '/provider' ? site : `${site}/admin`}>
            {site === '/provider'
              ? t('provider.password.toConsole')
              : t('provider.activate.toSite')}
          </a>
        </p>
      )}
      {action === 'password' && !site && (
        <form className="provider-form" onSubmit={submit} noValidate>
          <Field
            label={t('provider.password.new')}
            name="senha"
            type="password"
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError(undefined);
            }}
            error={error}
            autoComplete="new-password"
            hint={t('provider.signup.passwordHint')}
            required
          />
          <SubmitButton
            submitting={busy}
            label={t('provider.password.save')}
            busyLabel={t('provider.busy')}
          />
        </form>
      )}
    </>
  );
}
