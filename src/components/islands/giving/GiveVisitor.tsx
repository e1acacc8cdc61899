// A visitor's part of /give (docs/giving.md): name, e-mail, CPF (pt churches), the address's
// country and our captcha. Whether the church takes visitors, the CPF and the captcha are checked
// by the server; its per-field messages show here.
import type { CaptchaWire } from '../../../../contract/giving.ts';
import type { VisitorData } from '../../../stores/give.ts';
import { Field, Select, loginHref, type Lang, type T } from '../ui/index.ts';

const COUNTRIES = ['BR', 'US', 'AR', 'PT', 'ES'];

export function GiveVisitor({
  value,
  onChange,
  askCpf,
  captcha,
  answer,
  onNewCaptcha,
  busy,
  field,
  t,
  lang,
}: {
  value: VisitorData;
  onChange: (v: VisitorData) => void;
  askCpf: boolean;
  captcha: CaptchaWire | null;
  answer: string;
  onNewCaptcha: () => void;
  busy: boolean;
  field: (name: string) => string | undefined;
  t: T;
  lang: Lang;
}) {
  const set = (name: keyof VisitorData) => (v: string) => onChange({ ...value, [name]: v });
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  return (
    <fieldset className="give-visitor" disabled={busy}>
      <legend>{t('give.visitor')}</legend>
      <p className="give-muted">
        {t('give.haveAccount')} <a href={loginHref('/give')}>{t('give.loginText')}</a>
      </p>
      <Field
        label={t('give.name')}
        name="nome"
        value={value.nome}
        onChange={set('nome')}
        required
        autoComplete="name"
        error={field('visitante.nome')}
      />
      <Field
        label={t('give.email')}
        name="email"
        type="email"
        value={value.email}
        onChange={set('email')}
        required
        autoComplete="email"
        error={field('visitante.email')}
      />
      {askCpf && (
        <Field
          label={t('give.cpf')}
          name="cpf"
          value={value.cpf}
          onChange={set('cpf')}
          required
          inputMode="numeric"
          error={field('visitante.cpf')}
        />
      )}
      <Select
        label={t('give.country')}
        name="pais"
        value={value.pais}
        onChange={set('pais')}
        error={field('pais')}
        options={[
          ...COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c })),
          { value: 'ZZ', label: t('give.countryOther') },
        ]}
      />
      {/* a proof of work the browser solves by itself: nothing to read or type */}
      <div className="give-captcha" role="status" aria-live="polite">
        <p className="give-muted">
          {answer ? t('give.captchaDone') : captcha ? t('give.captchaWorking') : ''}
        </p>
        {field('captcha') && <p className="field-error">{field('captcha')}</p>}
        {(field('captcha') || !captcha) && (
          <button type="button" className="button secondary" onClick={onNewCaptcha}>
            {t('give.captchaNew')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
