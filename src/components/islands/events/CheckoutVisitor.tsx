// A visitor's part of the event checkout (docs/events.md "Visitors"): name, e-mail (the tickets
// go there), CPF at Brazilian churches, the billing country (Pix and bank slip need Brazil) and
// the proof of work the browser solves by itself. The server checks all of it; its per-field
// messages show here.
import { Field, Select, currentPath, loginHref, type Lang, type T } from '../ui/index.ts';

export interface VisitorData {
  nome: string;
  email: string;
  cpf: string;
  pais: string;
}

const COUNTRIES = ['BR', 'US', 'AR', 'PT', 'ES'];

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
  const set = (name: keyof VisitorData) => (v: string) => onChange({ ...value, [name]: v });
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  return (
    <fieldset className="ev-visitor" disabled={busy}>
      <legend>{t('checkout.visitor.legend')}</legend>
      <p>
        {t('checkout.visitor.haveAccount')}{' '}
        <a href={loginHref(currentPath())}>{t('checkout.visitor.login')}</a>
      </p>
      <Field
        label={t('checkout.visitor.name')}
        name="nome"
        value={value.nome}
        onChange={set('nome')}
        required
        autoComplete="name"
        error={field('visitante.nome')}
      />
      <Field
        label={t('checkout.visitor.email')}
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
          label={t('checkout.visitor.cpf')}
          name="cpf"
          value={value.cpf}
          onChange={set('cpf')}
          required
          inputMode="numeric"
          error={field('visitante.cpf')}
        />
      )}
      <Select
        label={t('checkout.visitor.country')}
        name="pais"
        value={value.pais}
        onChange={set('pais')}
        error={field('pais')}
        options={[
          ...COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c })),
          { value: 'ZZ', label: t('checkout.visitor.countryOther') },
        ]}
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
