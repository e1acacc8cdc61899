// Form fields with their label, hint and per-field error tied together for screen readers
// (spec §5: messages by the field). Field, Select, TextArea (with a character counter), Check.
import { useId, type ReactNode } from 'react';
import './ui.css';

interface Common {
  label: string;
  name?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}

/** aria-describedby for the hint, error and any extra ids. */
const describedBy = (id: string, error?: string, hint?: string, ...extra: string[]) =>
  [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : '', ...extra]
    .filter(Boolean)
    .join(' ') || undefined;

/** The label, the control and its hint or error, in the look every member form shares. */
function Shell({
  id,
  label,
  error,
  hint,
  required,
  children,
  after,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={`ui-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {after}
      {hint && !error && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="ui-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

type FieldProps = Common & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  placeholder?: string;
  maxLength?: number;
  onBlur?: () => void;
};

export function Field({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  hint,
  required,
  ...rest
}: FieldProps) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} required={required}>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={required}
        {...rest}
      />
    </Shell>
  );
}

export function Select({
  label,
  name,
  value,
  onChange,
  options,
  error,
  hint,
  disabled,
  required,
  placeholder,
}: Common & {
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} required={required}>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        <option value="">{placeholder ?? '—'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** Characters as the API counts them (zod's max on the trimmed text). */
export const textLength = (text: string): number => text.trim().length;

/** A textarea; with `max` and `counter` it shows "count / max" and marks the count when over. */
export function TextArea({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  disabled,
  required,
  rows = 6,
  max,
  counter,
}: Common & {
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  max?: number;
  counter?: (count: number, max: number) => string;
}) {
  const id = useId();
  const count = textLength(value);
  const counted = max !== undefined && counter !== undefined;
  return (
    <Shell
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      after={
        counted && (
          <small id={`${id}-count`} className={`ui-counter${count > max ? ' over' : ''}`}>
            {counter(count, max)}
          </small>
        )
      }
    >
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint, counted ? `${id}-count` : '')}
      />
    </Shell>
  );
}

export function Check({
  label,
  hint,
  checked,
  onChange,
  disabled,
  name,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  name: string;
}) {
  const id = useId();
  return (
    <div className="ui-check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}
