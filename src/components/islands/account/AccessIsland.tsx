// /access (spec §2): e-mail first, then log in or register; modals for an inactive account,
// an existing shared account and password recovery; the e-mailed recovery and activation links.
import { useEffect, useMemo, useState } from 'react';
import type { TokenPair } from '../../../../contract/auth.ts';
import { DATE_PLACEHOLDER, parseLocalDate } from '../../../../contract/account-rules.ts';
import type { AccountLookup } from '../../../../contract/user.ts';
import { checkNewPassword, checkRegistration, isEmail, maskCpf, maskDate } from '../../../lib/account/forms.ts';
import { mainApi, readFailure } from '../../../lib/account/http.ts';
import { login, loginWithPair, NotMemberError } from '../../../stores/session.ts';
import { Field, firstErrors, type IslandProps, MemberGate, Modal, Notice, SubmitButton, type T, useForm } from '../ui/index.ts';
import { accountT } from './t.ts';

type Step = 'email' | 'login' | 'register' | 'reset';

export default function AccessIsland(props: IslandProps) {
  const t = accountT(props);
  return (
    <MemberGate church={props.church} mode="visitors" loadingLabel={t('account.loading')}>
      <Access {...props} />
    </MemberGate>
  );
}

function Access({ church, lang, strings }: IslandProps) {
  const t = useMemo(() => accountT({ strings, lang }), [strings, lang]);
  const params = useMemo(() => new URLSearchParams(location.search), []);
  const [step, setStep] = useState<Step>(params.get('resetToken') ? 'reset' : 'email');
  const [email, setEmail] = useState('');
  const [modal, setModal] = useState<'inactive' | 'shared' | 'recover' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);

  // The e-mailed activation link: confirm the e-mail, then carry on as usual.
  useEffect(() => {
    const token = params.get('activationToken');
    if (!token) return;
    mainApi()
      .post('security/verificar-email', { json: { token } })
      .json<{ message: string }>()
      .then(
        (r) => setNotice({ kind: 'ok', text: r.message }),
        async (e: unknown) => setNotice({ kind: 'error', text: (await readFailure(e)).message }),
      );
  }, [params]);

  const title =
    step === 'register' ? t('account.access.registerTitle') : step === 'reset' ? t('account.reset.title') : t('account.access.title');
  return (
    <section className="acc-panel acc-narrow" aria-labelledby="access-title">
      <h1 id="access-title">{title}</h1>
      <Notice message={notice} />
      {step === 'email' && (
        <EmailStep
          t={t}
          churchId={church.id}
          onResult={(value, next) => {
            setEmail(value);
            setNotice(null);
            if (next === 'inactive' || next === 'shared') setModal(next);
            else setStep(next);
          }}
        />
      )}
      {step === 'login' && (
        <LoginStep t={t} email={email} onBack={() => setStep('email')} onForgot={() => setModal('recover')} />
      )}
      {step === 'register' && (
        <RegisterStep t={t} email={email} lang={lang} churchId={church.id} country={church.pais} onBack={() => setStep('email')} />
      )}
      {step === 'reset' && (
        <ResetStep
          t={t}
          token={params.get('resetToken') ?? ''}
          onDone={(text) => {
            history.replaceState(null, '', location.pathname);
            setNotice({ kind: 'ok', text });
            setStep('email');
          }}
        />
      )}
      <Modal open={modal === 'inactive'} title={t('account.inactive.title')} onClose={() => setModal(null)} closeLabel={t('account.close')}>
        <InactiveModal t={t} email={email} churchId={church.id} />
      </Modal>
      <Modal open={modal === 'shared'} title={t('account.shared.title')} onClose={() => setModal(null)} closeLabel={t('account.close')}>
        <SharedModal t={t} email={email} church={church.nome} churchId={church.id} onForgot={() => setModal('recover')} />
      </Modal>
      <Modal open={modal === 'recover'} title={t('account.recover.title')} onClose={() => setModal(null)} closeLabel={t('account.close')}>
        <RecoverModal t={t} email={email} churchId={church.id} />
      </Modal>
    </section>
  );
}

function EmailStep({ t, churchId, onResult }: { t: T; churchId: number; onResult: (email: string, next: 'login' | 'register' | 'inactive' | 'shared') => void }) {
  const form = useForm({ email: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const email = form.values.email.trim().toLowerCase();
    if (!email) return form.setErrors({ email: t('v.required') });
    if (!isEmail(email)) return form.setErrors({ email: t('v.email') });
    form.setSubmitting(true);
    try {
      const here = await mainApi().get(`igreja/${churchId}/usuario/`, { searchParams: { email } }).json<AccountLookup>();
      if (here.usuarios[0]) return onResult(email, here.usuarios[0].flagAtivo ? 'login' : 'inactive');
      const anywhere = await mainApi().get('user/', { searchParams: { email } }).json<AccountLookup>();
      onResult(email, anywhere.usuarios[0] ? 'shared' : 'register');
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
    } finally {
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.access.intro')}</p>
      <Notice message={form.message} />
      <Field label={t('account.field.email')} name="email" type="email" autoComplete="email" inputMode="email" value={form.values.email}
        onChange={form.set('email')} error={form.errors.email} disabled={form.submitting} required />
      <SubmitButton submitting={form.submitting} label={t('account.continue')} busyLabel={t('account.wait')} />
    </form>
  );
}

function LoginStep({ t, email, onBack, onForgot }: { t: T; email: string; onBack: () => void; onForgot: () => void }) {
  const form = useForm({ password: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.password) return form.setErrors({ password: t('v.required') });
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      await login(email, form.values.password);
      // The gate sends the user on to redirectTo once logged in.
    } catch (error) {
      const text = error instanceof NotMemberError ? t('user.notMember') : (await readFailure(error)).message;
      form.setMessage({ kind: 'error', text });
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p className="acc-email-chip">
        <span>{email}</span>
        <button type="button" className="acc-link" onClick={onBack} disabled={form.submitting}>{t('account.access.changeEmail')}</button>
      </p>
      <Notice message={form.message} />
      <Field label={t('account.field.password')} name="password" type="password" autoComplete="current-password" value={form.values.password}
        onChange={form.set('password')} error={form.errors.password} disabled={form.submitting} required />
      <div className="acc-actions">
        <SubmitButton submitting={form.submitting} label={t('account.access.login')} busyLabel={t('account.wait')} />
        <button type="button" className="acc-link" onClick={onForgot} disabled={form.submitting}>{t('account.access.forgot')}</button>
      </div>
    </form>
  );
}

const EMPTY_REGISTRATION = { nome: '', sobrenome: '', email: '', senha: '', confirmacaoSenha: '', telefone: '', dataNascimento: '', sexo: '', cpf: '', observacoes: '' };

function RegisterStep({ t, email, lang, churchId, country, onBack }: { t: T; email: string; lang: IslandProps['lang']; churchId: number; country: string | null; onBack: () => void }) {
  const form = useForm({ ...EMPTY_REGISTRATION, email });
  const [photo, setPhoto] = useState<File | null>(null);
  const askCpf = country === 'BR';
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const keys = checkRegistration(form.values, lang, country);
    if (Object.keys(keys).length) {
      form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
      form.setMessage({ kind: 'error', text: t('account.fixErrors') });
      return;
    }
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      const v = form.values;
      const pair = await mainApi()
        .post(`igreja/${churchId}/usuario/`, {
          json: { ...v, dataNascimento: parseLocalDate(v.dataNascimento, lang), cpf: v.cpf || null, observacoes: v.observacoes || null },
        })
        .json<TokenPair & { usuario: { id: number } }>();
      if (photo) {
        const body = new FormData();
        body.set('imagem', photo);
        await mainApi().post(`usuario/${pair.usuario.id}/perfil/imagem`, { body, headers: { Authorization: `Bearer ${pair.token}` } }).catch(() => undefined);
      }
      await loginWithPair(pair);
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  const f = (name: keyof typeof EMPTY_REGISTRATION) => ({ name, value: form.values[name], onChange: form.set(name), error: form.errors[name], disabled: form.submitting });
  return (
    <form onSubmit={submit} noValidate className="acc-form">
      <p>{t('account.register.intro')}</p>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Field label={t('account.field.name')} autoComplete="given-name" required {...f('nome')} />
        <Field label={t('account.field.surname')} autoComplete="family-name" required {...f('sobrenome')} />
      </div>
      <Field label={t('account.field.email')} type="email" autoComplete="email" required {...f('email')} />
      <div className="acc-grid">
        <Field label={t('account.field.password')} type="password" autoComplete="new-password" required hint={t('account.register.passwordHint')} {...f('senha')} />
        <Field label={t('account.field.confirmPassword')} type="password" autoComplete="new-password" required {...f('confirmacaoSenha')} />
      </div>
      <div className="acc-grid">
        <Field label={t('account.field.phone')} type="tel" autoComplete="tel" inputMode="tel" required placeholder={country === 'BR' ? '+55 DDD 9XXXX-YYYY' : ''} {...f('telefone')} />
        <Field label={t('account.field.birthDate')} inputMode="numeric" autoComplete="bday" required placeholder={DATE_PLACEHOLDER[lang]} {...f('dataNascimento')}
          onChange={(v) => form.set('dataNascimento')(maskDate(v))} />
      </div>
      <fieldset className={`ui-field acc-radios${form.errors.sexo ? ' has-error' : ''}`} disabled={form.submitting}>
        <legend>{t('account.field.sex')} <span aria-hidden="true">*</span></legend>
        <label><input type="radio" name="sexo" value="M" checked={form.values.sexo === 'M'} onChange={() => form.set('sexo')('M')} /> {t('account.sex.M')}</label>
        <label><input type="radio" name="sexo" value="F" checked={form.values.sexo === 'F'} onChange={() => form.set('sexo')('F')} /> {t('account.sex.F')}</label>
        {form.errors.sexo && <small className="ui-error" role="alert">{form.errors.sexo}</small>}
      </fieldset>
      {askCpf && <Field label="CPF" inputMode="numeric" required placeholder="000.000.000-00" {...f('cpf')} onChange={(v) => form.set('cpf')(maskCpf(v))} />}
      <div className="ui-field">
        <label htmlFor="acc-comments">{t('account.field.comments')}</label>
        <textarea id="acc-comments" name="observacoes" rows={3} maxLength={500} value={form.values.observacoes} onChange={(e) => form.set('observacoes')(e.target.value)} disabled={form.submitting} />
      </div>
      <div className="ui-field">
        <label htmlFor="acc-photo">{t('account.field.image')}</label>
        <input id="acc-photo" type="file" accept="image/jpeg,image/png,image/webp" disabled={form.submitting} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
      </div>
      <div className="acc-actions">
        <SubmitButton submitting={form.submitting} label={t('account.register.submit')} busyLabel={t('account.wait')} />
        <button type="button" className="acc-link" onClick={onBack} disabled={form.submitting}>{t('account.back')}</button>
      </div>
    </form>
  );
}

function ResetStep({ t, token, onDone }: { t: T; token: string; onDone: (message: string) => void }) {
  const form = useForm({ senha: '', confirmacaoSenha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const keys = checkNewPassword(form.values.senha, form.values.confirmacaoSenha);
    if (Object.keys(keys).length) return form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
    form.setSubmitting(true);
    try {
      const r = await mainApi().post('security/recuperar-senha/confirmar', { json: { token, ...form.values } }).json<{ message: string }>();
      onDone(r.message);
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.reset.intro')}</p>
      <Notice message={form.message} />
      <Field label={t('account.field.newPassword')} name="senha" type="password" autoComplete="new-password" value={form.values.senha} onChange={form.set('senha')}
        error={form.errors.senha} disabled={form.submitting} required hint={t('account.register.passwordHint')} />
      <Field label={t('account.field.confirmPassword')} name="confirmacaoSenha" type="password" autoComplete="new-password" value={form.values.confirmacaoSenha}
        onChange={form.set('confirmacaoSenha')} error={form.errors.confirmacaoSenha} disabled={form.submitting} required />
      <SubmitButton submitting={form.submitting} label={t('account.reset.submit')} busyLabel={t('account.wait')} />
    </form>
  );
}

function InactiveModal({ t, email, churchId }: { t: T; email: string; churchId: number }) {
  const form = useForm({});
  async function send() {
    form.setSubmitting(true);
    try {
      const r = await mainApi().post('security/solicitar-verificacao-email/', { searchParams: { igreja: churchId, email } }).json<{ message: string }>();
      form.setMessage({ kind: 'ok', text: r.message });
    } catch (error) {
      const failure = await readFailure(error);
      form.setMessage({ kind: 'error', text: failure.status >= 500 || !failure.message ? t('verify.sendError') : failure.message });
    } finally {
      form.setSubmitting(false);
    }
  }
  return (
    <div>
      <p>{t('account.inactive.text', { email })}</p>
      <Notice message={form.message} />
      {form.message?.kind !== 'ok' && (
        <button type="button" className="button" onClick={send} disabled={form.submitting} aria-busy={form.submitting || undefined}>
          {form.submitting ? t('account.wait') : t('account.inactive.send')}
        </button>
      )}
    </div>
  );
}

function SharedModal({ t, email, church, churchId, onForgot }: { t: T; email: string; church: string; churchId: number; onForgot: () => void }) {
  const form = useForm({ senha: '' });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!form.values.senha) return form.setErrors({ senha: t('v.required') });
    form.setSubmitting(true);
    try {
      const pair = await mainApi().post(`igreja/${churchId}/usuario/`, { json: { email, senha: form.values.senha } }).json<TokenPair>();
      await loginWithPair(pair);
    } catch (error) {
      const failure = await readFailure(error);
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.shared.text', { email, church })}</p>
      <Notice message={form.message} />
      <Field label={t('account.field.password')} name="senha" type="password" autoComplete="current-password" value={form.values.senha}
        onChange={form.set('senha')} error={form.errors.senha} disabled={form.submitting} required />
      <div className="acc-actions">
        <SubmitButton submitting={form.submitting} label={t('account.shared.join')} busyLabel={t('account.wait')} />
        <button type="button" className="acc-link" onClick={onForgot} disabled={form.submitting}>{t('account.access.forgot')}</button>
      </div>
    </form>
  );
}

function RecoverModal({ t, email, churchId }: { t: T; email: string; churchId: number }) {
  const form = useForm({ email });
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const value = form.values.email.trim();
    if (!isEmail(value)) return form.setErrors({ email: t(value ? 'v.email' : 'v.required') });
    form.setSubmitting(true);
    try {
      const r = await mainApi().post('security/recuperar-senha', { json: { email: value, igreja: churchId } }).json<{ message: string }>();
      form.setMessage({ kind: 'ok', text: r.message });
    } catch (error) {
      const failure = await readFailure(error);
      form.setMessage({ kind: 'error', text: failure.status >= 500 || !failure.message ? t('recover.sendError') : failure.message });
    } finally {
      form.setSubmitting(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('account.recover.text')}</p>
      <Notice message={form.message} />
      <Field label={t('account.field.email')} name="email" type="email" autoComplete="email" value={form.values.email} onChange={form.set('email')}
        error={form.errors.email} disabled={form.submitting} required />
      <SubmitButton submitting={form.submitting} label={t('account.recover.submit')} busyLabel={t('account.wait')} />
    </form>
  );
}
