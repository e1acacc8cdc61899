// The parts every staff edit form shares (docs/staff.md "Forms"): what was typed and its field
// errors, whether it changed (leaving then asks first), and the save / cancel row.
import { useState } from 'react';
import { SubmitButton, type Message } from '../../ui/index.ts';
import { useUnsavedWarning } from './unsaved.ts';

/** A form's values from `initial`; `set(name)` edits one and clears its error; `changed` adds to what counts as dirty. */
export function useStaffForm<V extends Record<string, unknown>>(
  initial: V,
  unsavedText: string,
  changed = false,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = changed || JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedWarning(dirty && !submitting, unsavedText);
  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: '' }));
    };
  return {
    values,
    set,
    errors,
    setErrors,
    message,
    setMessage,
    submitting,
    setSubmitting,
    dirty,
  };
}

/** Save, and cancel that asks first when something was typed. */
export function FormActions({
  submitting,
  dirty,
  saveLabel,
  busyLabel,
  cancelLabel,
  unsavedText,
  onCancel,
}: {
  submitting: boolean;
  dirty: boolean;
  saveLabel: string;
  busyLabel: string;
  cancelLabel: string;
  unsavedText: string;
  onCancel: () => void;
}) {
  return (
    <div className="staff-actions">
      <SubmitButton submitting={submitting} label={saveLabel} busyLabel={busyLabel} />
      <button
        type="button"
        className="button secondary"
        onClick={() => (!dirty || confirm(unsavedText) ? onCancel() : undefined)}
      >
        {cancelLabel}
      </button>
    </div>
  );
}
