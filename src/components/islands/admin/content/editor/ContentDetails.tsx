// The kind's own details (a video's id, a podcast's audio and length, …), when it has any.
import { useStore } from '@nanostores/react';
import { DETAIL_FIELDS, type StaffContentKind } from '../../../../../../contract/content-staff.ts';
import { $editor, editDetail } from '../../../../../stores/admin-content.ts';
import { Field, type T } from '../../../ui/index.ts';

/** Detail fields whose format needs a word of explanation. */
const HINTED = new Set(['videoId', 'audio', 'duracaoSegundos']);

export function ContentDetails({ kind, t }: { kind: StaffContentKind; t: T }) {
  const editor = useStore($editor);
  const fields = DETAIL_FIELDS[kind] as readonly string[];
  if (fields.length === 0) return null;
  return (
    <fieldset className="content-details">
      <legend>{t('admin.content.details')}</legend>
      {fields.map((field) => (
        <Field
          key={field}
          label={t(`admin.content.detail.${field}`)}
          name={field}
          type={field === 'duracaoSegundos' ? 'number' : 'text'}
          inputMode={field === 'duracaoSegundos' ? 'numeric' : undefined}
          value={editor.form.detalhes[field] ?? ''}
          onChange={(v) => editDetail(field, v)}
          error={editor.errors[`detalhes.${field}`]}
          hint={HINTED.has(field) ? t(`admin.content.detailHint.${field}`) : undefined}
        />
      ))}
    </fieldset>
  );
}
