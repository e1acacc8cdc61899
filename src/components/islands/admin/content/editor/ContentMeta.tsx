// Where the item is filed and by whom: category (a publication's type), keywords, author and, for
// kinds with one, its address slug.
import { useStore } from '@nanostores/react';
import { hasSlug, type StaffContentKind } from '../../../../../../contract/content-staff.ts';
import { $contentCategories, $editor, editField } from '../../../../../stores/admin-content.ts';
import { Field, Select, type T } from '../../../ui/index.ts';

export function ContentMeta({ kind, t }: { kind: StaffContentKind; t: T }) {
  const { form, errors } = useStore($editor);
  const categories = useStore($contentCategories);
  return (
    <div className="content-grid">
      <Select
        label={t(kind === 'publicacao' ? 'admin.content.type' : 'admin.content.category')}
        name="categoriaId"
        value={form.categoriaId}
        placeholder={t('admin.content.noCategory')}
        options={categories.map((c) => ({ value: String(c.id), label: c.nome }))}
        onChange={(v) => editField('categoriaId', v)}
        error={errors.categoriaId}
      />
      <Field
        label={t('admin.content.keywords')}
        name="palavrasChave"
        value={form.palavrasChave}
        onChange={(v) => editField('palavrasChave', v)}
        error={errors.palavrasChave}
        hint={t('admin.content.keywordsHint')}
      />
      {kind !== 'podcast' && (
        <Field
          label={t('admin.content.author')}
          name="autor"
          value={form.autor}
          onChange={(v) => editField('autor', v)}
          error={errors.autor}
        />
      )}
      {hasSlug(kind) && (
        <Field
          label={t('admin.content.slug')}
          name="slug"
          value={form.slug}
          onChange={(v) => editField('slug', v)}
          error={errors.slug}
          hint={t('admin.content.slugHint')}
        />
      )}
    </div>
  );
}
