// /admin/play/tags: a new tag, then the list, each edited in place or deleted.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $editingRow,
  $tags,
  deleteTag,
  editRow,
  loadTags,
  saveTag,
  tagBody,
} from '../../../../../stores/admin-play.ts';
import { ConfirmButton } from '../../kit/index.ts';
import { Check, Field, Loader, Notice, type T } from '../../../ui/index.ts';
import { RowForm, type RowFields } from './RowForm.tsx';

export function Tags({ slug, t }: { slug: string; t: T }) {
  const list = useStore($tags);
  const editing = useStore($editingRow);
  useEffect(() => void loadTags(slug), [slug]);
  const fields: RowFields = (v, set, e) => (
    <>
      <Field
        label={t('admin.play.field.nome')}
        name="nome"
        value={String(v.nome)}
        onChange={set('nome')}
        error={e.nome}
        required
      />
      <Check
        name="home"
        label={t('admin.play.field.home')}
        checked={Boolean(v.home)}
        onChange={set('home')}
      />
      <Field
        label={t('admin.play.field.ordem')}
        name="ordem"
        type="number"
        value={String(v.ordem)}
        onChange={set('ordem')}
        error={e.ordem}
      />
    </>
  );
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{t('admin.play.newTag')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{ nome: '', home: true, ordem: '0' }}
        fields={fields}
        save={(v) => saveTag(slug, null, tagBody(v))}
        done={() => void loadTags(slug)}
      />
      <ul className="staff-list">
        {list.data.map((tag) => (
          <li key={tag.id}>
            {editing === tag.id ? (
              <RowForm
                t={t}
                label={t('admin.play.save')}
                initial={{ nome: tag.nome, home: tag.home, ordem: String(tag.ordem) }}
                fields={fields}
                save={(v) => saveTag(slug, tag.id, tagBody(v))}
                done={() => {
                  editRow(null);
                  void loadTags(slug);
                }}
              />
            ) : (
              <>
                <strong>{tag.nome}</strong> · {t.plural('admin.play.videos', tag.videos)}
                {tag.home && <> · {t('admin.play.onHome')}</>}{' '}
                <button type="button" className="button secondary" onClick={() => editRow(tag.id)}>
                  {t('admin.play.edit')}
                </button>{' '}
                <ConfirmButton
                  label={t('admin.play.delete')}
                  title={t('admin.play.deleteTag', { name: tag.nome })}
                  explanation={t('admin.play.deleteTagExplain')}
                  confirmLabel={t('admin.play.delete')}
                  cancelLabel={t('admin.shell.cancel')}
                  onConfirm={() => deleteTag(slug, tag.id)}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
