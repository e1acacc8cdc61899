// Shared bits of the prayer islands: props, strings with plurals, dates, and the form pieces the
// account islands lack (textarea with a counter, checkbox). Forms, gate and notices come from
// the account islands so every member form looks and behaves the same (spec §5).
import { useId } from 'react';
import type { MessageLang } from '../../../../contract/account-messages.ts';
import type { PrayerLimits, Problem } from '../../../lib/prayer/forms.ts';
import { textLength } from '../../../lib/prayer/forms.ts';
import { makeT, type SessionChurch, type T } from '../account/shared.tsx';

/** What every prayer island gets from its page (src/lib/prayer/island-props.server.ts). */
export interface PrayerIslandProps {
  church: SessionChurch;
  lang: MessageLang;
  /** The `prayer.*` strings in the page's language. */
  strings: Record<string, string>;
  limits: PrayerLimits;
}

export type { T };

const INTL: Record<MessageLang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

export interface PrayerT extends T {
  /** `key_one` / `key_other` by the language's plural rules, like i18next on the server. */
  plural(key: string, count: number): string;
  problem(p: Problem): string;
}

export function makePrayerT(strings: Record<string, string>, lang: MessageLang): PrayerT {
  const base = makeT(strings, lang);
  const rules = new Intl.PluralRules(INTL[lang]);
  const t = ((key, values) => base(key, values)) as PrayerT;
  t.plural = (key, count) => {
    const form = `${key}_${rules.select(count)}`;
    return base(form in strings ? form : `${key}_other`, { count });
  };
  t.problem = (p) => base(p.key, p.values);
  return t;
}

/** The wall's date style (src/lib/content-list.ts formatDate), without i18next. */
export const formatDate = (iso: string, lang: MessageLang): string =>
  new Intl.DateTimeFormat(INTL[lang], { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** The login page, back to this path afterwards (spec §5: prayer actions need a login). */
export const loginHref = (path: string): string => `/access?redirectTo=${path}`;

export function TextArea({ label, name, value, onChange, error, max, t, disabled, required, rows = 6 }: {
  label: string; name: string; value: string; onChange: (v: string) => void; error?: string | undefined; max: number; t: T; disabled?: boolean; required?: boolean; rows?: number;
}) {
  const id = useId();
  const count = textLength(value);
  const over = count > max;
  return (
    <div className={`acc-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea id={id} name={name} value={value} rows={rows} onChange={(e) => onChange(e.target.value)} disabled={disabled} required={required}
        aria-invalid={error ? true : undefined} aria-describedby={`${error ? `${id}-error ` : ''}${id}-count`} />
      <small id={`${id}-count`} className={`prayer-counter${over ? ' over' : ''}`}>{t('prayer.form.counter', { count, max })}</small>
      {error && <small id={`${id}-error`} className="acc-error" role="alert">{error}</small>}
    </div>
  );
}

export function Check({ label, hint, checked, onChange, disabled, name }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; name: string }) {
  const id = useId();
  return (
    <div className="prayer-check">
      <input id={id} type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}
