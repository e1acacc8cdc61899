// /provider/signup on the bare provider domain (docs/provider.md "Sign-up"): "Create your church's
// site" — the church's name and code (checked as it is typed), the admin's name, e-mail and
// password. The visitors' proof of work runs while the form is filled; the answer says to open the
// e-mailed link, which puts the site online. Closed sign-up says so; by invitation it needs the
// e-mail's link (`?convite=`).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  COUNTRY_DEFAULTS,
  type ChurchCountry,
  type SignupInfo,
} from '../../../../contract/provider.ts';
import { solveProofOfWork } from '../../../lib/giving/proof-of-work.ts';
import { signUpChurch, signupPage } from '../../../stores/provider.ts';
import { Field, Loader, Notice, Select, SubmitButton, type Message } from '../ui/index.ts';
import { CodeField } from './code-field.tsx';
import { providerT, type ProviderIslandProps } from './strings.ts';

type Captcha = NonNullable<SignupInfo['captcha']>;

export default function SignupForm({ lang, strings, domain }: ProviderIslandProps) {
  const t = providerT(strings, lang);
  const [info, setInfo] = useState<SignupInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState({
    nomeIgreja: '',
    codigo: '',
    nome: '',
    sobrenome: '',
    email: '',
    senha: '',
    pais: (lang === 'en' ? 'US' : lang === 'es' ? 'AR' : 'BR') as ChurchCountry,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<{ captcha: Captcha; promise: Promise<number | null> } | null>(null);
  const invitation =
    typeof location === 'undefined' ? null : new URL(location.href).searchParams.get('convite');

  /** A fresh challenge, solved in the background while the form is filled. */
  async function prepare() {
    try {
      const next = await signupPage();
      setInfo(next);
      if (next.captcha)
        answer.current = { captcha: next.captcha, promise: solveProofOfWork(next.captcha) };
    } catch {
      setFailed(true);
    }
  }
  useEffect(() => void prepare(), []);
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!answer.current) return;
    setBusy(true);
    setMessage(null);
    const { captcha, promise } = answer.current;
    const number = await promise;
    const result = await signUpChurch(
      {
        ...values,
        idioma: COUNTRY_DEFAULTS[values.pais].idioma,
        ...(invitation ? { convite: invitation } : {}),
        captcha: { token: captcha.token, resposta: String(number ?? '') },
      },
      t('provider.error'),
    );
    if (result.ok) setDone(result.value.message);
    else {
      setErrors(result.failure.errors);
      setMessage({ kind: 'error', text: result.failure.message });
      await prepare(); // a challenge answers once
    }
    setBusy(false);
  }

  if (failed) return <Notice kind="error">{t('provider.error')}</Notice>;
  if (!info) return <Loader label={t('provider.loading')} />;
  if (done)
    return (
      <Notice kind="ok">
        <strong>{t('provider.signup.checkMail')}</strong> {done}
      </Notice>
    );
  if (info.cadastro === 'fechado')
    return <Notice kind="info">{t('provider.signup.closedNotice')}</Notice>;
  if (info.cadastro === 'convite' && !invitation)
    return <Notice kind="info">{t('provider.signup.byInvitation')}</Notice>;
  return (
    <form className="provider-form" onSubmit={submit} noValidate>
      <Notice message={message} />
      <fieldset>
        <legend>{t('provider.signup.church')}</legend>
        <Field
          label={t('provider.field.churchName')}
          name="nomeIgreja"
          value={values.nomeIgreja}
          onChange={set('nomeIgreja')}
          error={errors.nomeIgreja}
          maxLength={120}
          required
        />
        <CodeField
          value={values.codigo}
          onChange={set('codigo')}
          error={errors.codigo}
          domain={domain}
          t={t}
        />
        <Select
          label={t('provider.field.country')}
          name="pais"
          value={values.pais}
          onChange={set('pais')}
          error={errors.pais}
          options={(['BR', 'US', 'AR'] as const).map((c) => ({
            value: c,
            label: t(`provider.country.${c}`),
          }))}
          required
        />
      </fieldset>
      <fieldset>
        <legend>{t('provider.signup.you')}</legend>
        <Field
          label={t('provider.field.firstName')}
          name="nome"
          value={values.nome}
          onChange={set('nome')}
          error={errors.nome}
          autoComplete="given-name"
          required
        />
        <Field
          label={t('provider.field.lastName')}
          name="sobrenome"
          value={values.sobrenome}
          onChange={set('sobrenome')}
          error={errors.sobrenome}
          autoComplete="family-name"
          required
        />
        <Field
          label={t('provider.login.email')}
          name="email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email ?? errors.convite}
          autoComplete="email"
          required
        />
        <Field
          label={t('provider.login.password')}
          name="senha"
          type="password"
          value={values.senha}
          onChange={set('senha')}
          error={errors.senha}
          autoComplete="new-password"
          hint={t('provider.signup.passwordHint')}
          required
        />
      </fieldset>
      {errors.captcha && (
        <p className="ui-error" role="alert">
          {errors.captcha}
        </p>
      )}
      <SubmitButton
        submitting={busy}
        label={t('provider.signup.submit')}
        busyLabel={t('provider.busy')}
      />
    </form>
  );
}
