// Building blocks of the account islands: strings, the session gate (auth guards of
// DESIGN.md §3), form fields that disable on submit (spec §5), a loader and modals.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { accountMessage, type MessageLang } from '../../../../contract/account-messages.ts';
import { isLeaving } from '../../../lib/account/http.ts';
import { $isLoggedIn, $sessionReady, startSession, type SessionChurch } from '../../../stores/session.ts';

/** What every account island gets from its page. */
export interface IslandProps {
  church: SessionChurch;
  lang: MessageLang;
  /** The page's `account.*` strings in its language. */
  strings: Record<string, string>;
}

export type T = (key: string, values?: Record<string, string | number>) => string;
export type { SessionChurch };

export function makeT(strings: Record<string, string>, lang: MessageLang): T {
  return (key, values = {}) => {
    const text = strings[key] ?? accountMessage(lang, key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** Starts the session and tells whether it is ready and logged in. */
export function useSession(church: SessionChurch): { ready: boolean; loggedIn: boolean } {
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  useEffect(() => {
    void startSession(church);
  }, [church]);
  return { ready, loggedIn };
}

/** The path and query of the page, for redirectTo. */
export const currentPath = (): string => location.pathname + location.search;

/**
 * DESIGN.md §3 guards: an auth-required page goes to /access?redirectTo=… without showing its
 * content; a visitors-only page goes home when logged in.
 */
export function Gate({ church, mode, children, loadingLabel }: { church: SessionChurch; mode: 'auth' | 'visitors'; children: ReactNode; loadingLabel: string }) {
  const { ready, loggedIn } = useSession(church);
  const leaving = ready && (mode === 'auth' ? !loggedIn : loggedIn);
  useEffect(() => {
    if (!leaving || isLeaving()) return;
    if (mode === 'auth') location.replace(`/access?redirectTo=${encodeURIComponent(currentPath())}`);
    else location.replace(safeRedirect(new URLSearchParams(location.search).get('redirectTo')));
  }, [leaving, mode]);
  if (!ready || leaving) return <Loader label={loadingLabel} />;
  return <>{children}</>;
}

/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

export function Loader({ label }: { label: string }) {
  return (
    <div className="acc-loader" role="status" aria-live="polite">
      <span className="acc-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

type FieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  maxLength?: number;
  onBlur?: () => void;
};

export function Field({ label, name, value, onChange, error, type = 'text', hint, required, ...rest }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`acc-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        {...rest}
      />
      {hint && !error && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="acc-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export function Select({ label, name, value, onChange, options, error, disabled, required, placeholder }: {
  label: string; name: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[];
  error?: string | undefined; disabled?: boolean; required?: boolean; placeholder?: string;
}) {
  const id = useId();
  return (
    <div className={`acc-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} required={required}>
        <option value="">{placeholder ?? '—'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {error && <small id={`${id}-error`} className="acc-error" role="alert">{error}</small>}
    </div>
  );
}

/** Form state: values, per-field errors, a general message and the submitting flag. */
export function useForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V | string, string>>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return { values, setValues, errors, setErrors, message, setMessage, submitting, setSubmitting, set };
}

/** The first message of each field of an API error body. */
export function firstErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}

export function SubmitButton({ submitting, label, busyLabel, className = 'button' }: { submitting: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" className={className} disabled={submitting} aria-busy={submitting || undefined}>
      {submitting ? (
        <>
          <span className="acc-spinner small" aria-hidden="true" /> {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

export function Notice({ message }: { message: { kind: 'error' | 'ok'; text: string } | null }) {
  if (!message) return null;
  return (
    <p className={`acc-notice ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}

/** A modal on the native <dialog> (focus trap and Escape for free). */
export function Modal({ open, title, onClose, children, closeLabel }: { open: boolean; title: string; onClose: () => void; children: ReactNode; closeLabel: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="acc-modal" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className="acc-modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="acc-close" onClick={onClose} aria-label={closeLabel}>×</button>
      </div>
      {open && children}
    </dialog>
  );
}
