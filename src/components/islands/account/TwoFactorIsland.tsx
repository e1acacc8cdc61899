// /user/security (docs/accounts.md "Two-factor sign-in"): the member turns on a second factor —
// set-up with the app's QR code or the secret as text, a first code, then the ten recovery codes
// shown once (copy, download as text) — and turns it off with a code. Staff sent here by a church
// that requires it (StaffGate) carry `redirectTo`, offered back once it is on.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  $twoFactor,
  cancelTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  loadTwoFactor,
  recoveryCodesKept,
  recoveryCodesText,
  startTwoFactor,
} from '../../../stores/two-factor.ts';
import type { TwoFactorEnrolment } from '../../../../contract/two-factor.ts';
import {
  Field,
  type IslandProps,
  Loader,
  MemberGate,
  type Message,
  Notice,
  redirectTarget,
  SubmitButton,
  type T,
} from '../ui/index.ts';
import { accountT } from './t.ts';
import './two-factor.css';

export default function TwoFactorIsland(props: IslandProps) {
  const { strings, lang } = props;
  const t = useMemo(() => accountT({ strings, lang }), [strings, lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <TwoFactor t={t} churchId={props.church.id} />
    </MemberGate>
  );
}

function TwoFactor({ t, churchId }: { t: T; churchId: number }) {
  const state = useStore($twoFactor);
  const [message, setMessage] = useState<Message | null>(null);
  const [starting, setStarting] = useState(false);
  // `redirectTo` of the staff gate: a path on this site only (redirectTarget checks it)
  const back = useMemo(() => {
    const target = redirectTarget();
    return target && target !== '/' ? target : null;
  }, []);
  useEffect(() => {
    void loadTwoFactor();
  }, []);

  async function start() {
    setStarting(true);
    setMessage(null);
    const result = await startTwoFactor(churchId);
    setStarting(false);
    if (!result.ok) setMessage({ kind: 'error', text: result.message });
  }

  return (
    <section className="acc-panel acc-narrow tf" aria-labelledby="tf-title">
      <h1 id="tf-title">{t('account.twoFactor.title')}</h1>
      <Notice message={message} />
      {state.state === 'loading' && <Loader label={t('account.loading')} />}
      {state.state === 'error' && <Notice kind="error">{state.message}</Notice>}
      {state.state === 'off' && (
        <>
          <p className="tf-status">
            <span className="tf-badge tf-badge-off">{t('account.twoFactor.off')}</span>
          </p>
          <p>{t('account.twoFactor.intro')}</p>
          {back && <Notice kind="info">{t('account.twoFactor.requiredHere')}</Notice>}
          <div className="acc-actions">
            <button type="button" className="button" onClick={start} disabled={starting}>
              {starting ? t('account.wait') : t('account.twoFactor.start')}
            </button>
            <a href="/user">{t('account.cancel')}</a>
          </div>
        </>
      )}
      {state.state === 'enrolling' && <Enrol t={t} enrolment={state.enrolment} />}
      {state.state === 'codes' && <RecoveryCodes t={t} codes={state.codes} />}
      {state.state === 'on' && (
        <>
          <p className="tf-status">
            <span className="tf-badge tf-badge-on">{t('account.twoFactor.on')}</span>
          </p>
          <p>{t('account.twoFactor.onText')}</p>
          <p>{t.plural('account.twoFactor.codesLeft', state.left)}</p>
          {back && (
            <p>
              <a className="button" href={back}>
                {t('account.twoFactor.continue')}
              </a>
            </p>
          )}
          <TurnOff t={t} />
        </>
      )}
    </section>
  );
}

/** The secret in groups of four, as the app's "enter a key" screen is easiest to type from. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function Enrol({ t, enrolment }: { t: T; enrolment: TwoFactorEnrolment }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('v.required'));
    setSubmitting(true);
    setMessage(null);
    const result = await confirmTwoFactor(code);
    setSubmitting(false);
    if (result.ok) return;
    setError(result.errors.codigo || undefined);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <div className="tf-enrol">
      <ol className="tf-steps">
        <li>
          <h2>{t('account.twoFactor.scanTitle')}</h2>
          <p>{t('account.twoFactor.scanText')}</p>
          <img
            className="tf-qr"
            src={enrolment.qr}
            width="240"
            height="240"
            alt={t('account.twoFactor.qrAlt')}
          />
          <p>{t('account.twoFactor.typeText')}</p>
          <p className="tf-secret">
            <code data-testid="tf-secret" aria-label={t('account.twoFactor.secretLabel')}>
              {grouped(enrolment.segredo)}
            </code>
          </p>
          <CopyButton t={t} text={enrolment.segredo} label={t('account.twoFactor.copySecret')} />
        </li>
        <li>
          <h2>{t('account.twoFactor.confirmTitle')}</h2>
          <form onSubmit={submit} noValidate>
            <Notice message={message} />
            <Field
              label={t('account.twoFactor.code')}
              name="codigo"
              value={code}
              onChange={(v) => {
                setCode(v);
                setError(undefined);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              hint={t('account.twoFactor.codeHint')}
              error={error}
              disabled={submitting}
              required
            />
            <div className="acc-actions">
              <SubmitButton
                submitting={submitting}
                label={t('account.twoFactor.confirm')}
                busyLabel={t('account.wait')}
              />
              <button type="button" className="acc-link" onClick={cancelTwoFactor}>
                {t('account.cancel')}
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function CopyButton({ t, text, label }: { t: T; text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <p className="tf-copy">
      <button type="button" className="button secondary" onClick={copy}>
        {label}
      </button>
      <span role="status" className="acc-muted">
        {copied === true && t('account.twoFactor.copied')}
        {copied === false && t('account.twoFactor.copyFailed')}
      </span>
    </p>
  );
}

function RecoveryCodes({ t, codes }: { t: T; codes: string[] }) {
  const text = recoveryCodesText(t('account.twoFactor.fileHeading'), codes);
  // a text file made in the page: the codes never travel again
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text]);
  return (
    <div className="tf-codes">
      <Notice kind="ok">{t('account.twoFactor.turnedOn')}</Notice>
      <h2>{t('account.twoFactor.codesTitle')}</h2>
      <p>{t('account.twoFactor.codesText')}</p>
      <ul className="tf-code-list" aria-label={t('account.twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <CopyButton t={t} text={codes.join('\n')} label={t('account.twoFactor.copyCodes')} />
      <p>
        <a className="button secondary" href={href} download="recovery-codes.txt">
          {t('account.twoFactor.download')}
        </a>
      </p>
      <div className="acc-actions">
        <button type="button" className="button" onClick={recoveryCodesKept}>
          {t('account.twoFactor.codesKept')}
        </button>
      </div>
    </div>
  );
}

function TurnOff({ t }: { t: T }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('v.required'));
    setSubmitting(true);
    setMessage(null);
    const result = await disableTwoFactor(code);
    setSubmitting(false);
    if (result.ok) return;
    setError(result.errors.codigo || undefined);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <form className="tf-off" onSubmit={submit} noValidate aria-labelledby="tf-off-title">
      <h2 id="tf-off-title">{t('account.twoFactor.offTitle')}</h2>
      <p>{t('account.twoFactor.offText')}</p>
      <Notice message={message} />
      <Field
        label={t('account.twoFactor.codeOrRecovery')}
        name="codigo"
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
        autoComplete="one-time-code"
        maxLength={11}
        error={error}
        disabled={submitting}
        required
      />
      <div className="acc-actions">
        <SubmitButton
          submitting={submitting}
          label={t('account.twoFactor.turnOff')}
          busyLabel={t('account.wait')}
        />
      </div>
    </form>
  );
}
