// One row's form on the catalogue pages (new or edit): its fields, save, and the API's field
// errors by their field; a message without fields shows above them.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiFailure } from '../../../../../lib/staff/http.ts';
import type { Outcome, RowValues } from '../../../../../stores/admin-play.ts';
import { firstErrors, Notice, SubmitButton, type T } from '../../../ui/index.ts';

/** Sets one field of the row's form. */
export type SetValue = (k: string) => (v: string | boolean) => void;
export type RowFields = (
  values: RowValues,
  set: SetValue,
  errors: Record<string, string>,
) => ReactNode;

export function RowForm({
  t,
  initial,
  fields,
  save,
  done,
  label,
}: {
  t: T;
  initial: RowValues;
  fields: RowFields;
  save: (values: RowValues) => Promise<Outcome<unknown>>;
  done: () => void;
  label: string;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const set: SetValue = (k) => (v) => setValues((old) => ({ ...old, [k]: v }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const outcome = await save(values);
    setBusy(false);
    if (outcome.ok) {
      setErrors({});
      setFailure(null);
      setValues(initial);
      done();
    } else {
      setErrors(firstErrors(outcome.failure.errors));
      setFailure(outcome.failure);
    }
  }
  return (
    <form className="play-inline-form" onSubmit={submit} noValidate aria-label={label}>
      {failure && !Object.keys(failure.errors).length && (
        <Notice kind="error">{failure.message}</Notice>
      )}
      {fields(values, set, errors)}
      <SubmitButton submitting={busy} label={label} busyLabel={t('admin.play.saving')} />
    </form>
  );
}
