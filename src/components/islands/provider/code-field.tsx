// The code field of a new church (console and sign-up): the address it gives shows as it is
// typed, and the server is asked whether it is free (after a short pause, the previous question
// cancelled), with the reason in the page's language when it is not.
import { useEffect, useState } from 'react';
import { codeProblem } from '../../../../contract/provider.ts';
import { checkCode, type CodeCheck } from '../../../stores/provider.ts';
import { Field, type T } from '../ui/index.ts';

export function CodeField({
  value,
  onChange,
  error,
  domain,
  t,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  domain: string;
  t: T;
}) {
  const [check, setCheck] = useState<CodeCheck>({ kind: 'idle' });
  useEffect(() => {
    const code = value.trim().toLowerCase();
    if (!code) return setCheck({ kind: 'idle' });
    const local = codeProblem(code);
    if (local) return setCheck({ kind: 'taken', reason: t(local) });
    setCheck({ kind: 'checking' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void checkCode(code, abort.signal).then((answer) => {
        if (!abort.signal.aborted) setCheck(answer);
      });
    }, 350);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, t]);
  const hint =
    check.kind === 'free'
      ? t('provider.code.free', { address: check.address })
      : check.kind === 'checking'
        ? t('provider.code.checking')
        : t('provider.code.hint', { domain });
  return (
    <>
      <Field
        label={t('provider.field.code')}
        name="codigo"
        value={value}
        onChange={(v) => onChange(v.toLowerCase())}
        // a form clears a field's error to '' as it is typed in: the check's reason still shows
        error={error || (check.kind === 'taken' ? check.reason : undefined)}
        hint={hint}
        autoComplete="off"
        maxLength={40}
        required
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {check.kind === 'free' ? t('provider.code.free', { address: check.address }) : ''}
      </p>
    </>
  );
}
