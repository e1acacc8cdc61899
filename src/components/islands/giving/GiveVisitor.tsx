// A visitor's part of /give (issue 8 item 3): name, e-mail, CPF (pt churches), the address's
// country and our captcha. Whether the church takes visitors, the CPF and the captcha are checked
// by the server; its per-field messages show here.
import type { CaptchaWire } from '../../../../contract/giving.ts';
import { Field, Select, loginHref, type Lang, type T } from '../ui/index.ts';

export interface VisitorData {
  nome: string;
  email: string;
  cpf: string;
  pais: string;
}

const COUNTRIES = ['BR', 'US', 'AR', 'PT', 'ES'];

export function GiveVisitor({
  value,
  onChange,
  askCpf,
  captcha,
  answer,
  onAnswer,
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
  onAnswer: (v: string) => void;
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
      <div className="give-captcha">
        {captcha && (
          <img src={captcha.imagem} alt={t('give.captchaImage')} width={200} height={50} />
        )}
        <button type="button" className="button secondary" onClick={onNewCaptcha}>
          {t('give.captchaNew')}
        </button>
      </div>
      <Field
        label={t('give.captcha')}
        name="captcha"
        value={answer}
        onChange={onAnswer}
        required
        inputMode="numeric"
        autoComplete="off"
        error={field('captcha')}
      />
    </fieldset>
  );
}
