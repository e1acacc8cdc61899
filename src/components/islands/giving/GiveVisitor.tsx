// A visitor's part of /give (docs/giving.md): name, e-mail, CPF (pt churches), the address's
// country and our captcha. Whether the church takes visitors, the CPF and the captcha are checked
// by the server; its per-field messages show here.
import type { CaptchaWire } from '../../../../contract/giving.ts';
import type { VisitorData } from '../../../stores/give.ts';
import { VisitorFields, loginHref, type Lang, type T } from '../ui/index.ts';

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
  return (
    <fieldset className="give-visitor" disabled={busy}>
      <legend>{t('give.visitor')}</legend>
      <p className="give-muted">
        {t('give.haveAccount')} <a href={loginHref('/give')}>{t('give.loginText')}</a>
      </p>
      <VisitorFields
        value={value}
        onChange={onChange}
        askCpf={askCpf}
        field={field}
        labels={{
          name: t('give.name'),
          email: t('give.email'),
          cpf: t('give.cpf'),
          country: t('give.country'),
          countryOther: t('give.countryOther'),
        }}
        lang={lang}
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
