// The editor's main column: title, summary (a podcast's description), the body in TipTap (with
// images and videos) and the kind's details.
import { useStore } from '@nanostores/react';
import {
  hasBody,
  SUMMARY_MAX,
  TITLE_MAX,
  type StaffContentKind,
} from '../../../../../../contract/content-staff.ts';
import { $editor, editField, uploadBodyImage } from '../../../../../stores/admin-content.ts';
import RichTextEditor from '../../kit/RichTextEditor.tsx';
import { Field, TextArea, type T } from '../../../ui/index.ts';
import { ContentDetails } from './ContentDetails.tsx';

export function ContentMain({ slug, kind, t }: { slug: string; kind: StaffContentKind; t: T }) {
  const { form, errors } = useStore($editor);
  return (
    <div className="content-main">
      <Field
        label={t('admin.content.title')}
        name="titulo"
        value={form.titulo}
        onChange={(v) => editField('titulo', v)}
        error={errors.titulo}
        required
        maxLength={TITLE_MAX + 50}
      />
      <TextArea
        label={t(kind === 'podcast' ? 'admin.content.description' : 'admin.content.summary')}
        name="resumo"
        rows={3}
        value={form.resumo}
        onChange={(v) => editField('resumo', v)}
        error={errors.resumo}
        max={SUMMARY_MAX}
        counter={(count, max) => t('admin.content.counter', { count, max })}
      />
      {hasBody(kind) && (
        <RichTextEditor
          label={t(kind === 'video' ? 'admin.content.description' : 'admin.content.body')}
          value={form.corpo}
          onChange={(v) => editField('corpo', v)}
          error={errors.corpo}
          t={t}
          media={{ upload: (file) => uploadBodyImage(slug, file) }}
        />
      )}
      <ContentDetails kind={kind} t={t} />
    </div>
  );
}
