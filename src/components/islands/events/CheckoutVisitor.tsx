// A visitor's part of the event checkout (docs/events.md "Visitors"): name, e-mail (the tickets
// go there), CPF at Brazilian churches, the billing country (Pix and bank slip need Brazil) and
// the proof of work the browser solves by itself. The server checks all of it; its per-field
// messages show here.
import {
  VisitorFields,
  currentPath,
  loginHref,
  type Lang,
  type T,
  type VisitorValue,
} from '../ui/index.ts';

export type VisitorData = VisitorValue;

export function CheckoutVisitor({
  value,
  onChange,
  askCpf,
  solved,
  onNewCaptcha,
  busy,
  field,
  t,
  lang,
}: {
  value: VisitorData;
  onChange: (v: VisitorData) => void;
  askCpf: boolean;
  solved: boolean;
  onNewCaptcha: () => void;
  busy: boolean;
  field: (name: string) => string | undefined;
  t: T;
  lang: Lang;
}) {
  return (
    <fieldset className="ev-visitor" disabled={busy}>
      <legend>{t('checkout.visitor.legend')}</legend>
      <p>
        {t('checkout.visitor.haveAccount')}{' '}
        <a href={loginHref(currentPath())}>{t('checkout.visitor.login')}</a>
      </p>
      <VisitorFields
        value={value}
        onChange={onChange}
        askCpf={askCpf}
        field={field}
        labels={{
          name: t('checkout.visitor.name'),
          email: t('checkout.visitor.email'),
          cpf: t('checkout.visitor.cpf'),
          country: t('checkout.visitor.country'),
          countryOther: t('checkout.visitor.countryOther'),
        }}
        lang={lang}
      />
      <div role="status" aria-live="polite">
        <p>{solved ? t('checkout.visitor.captchaDone') : t('checkout.visitor.captchaWorking')}</p>
        {field('captcha') && <p className="field-error">{field('captcha')}</p>}
        {field('captcha') && (
          <button type="button" className="button secondary" onClick={onNewCaptcha}>
            {t('checkout.visitor.captchaNew')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
