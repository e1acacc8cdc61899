// /admin/play/collections: a new collection, then the list, each edited in place or deleted.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $collections,
  $editingRow,
  collectionBody,
  deleteCollection,
  editRow,
  loadCollections,
  saveCollection,
} from '../../../../../stores/admin-play.ts';
import { ConfirmButton } from '../../kit/index.ts';
import { Field, Loader, Notice, type T } from '../../../ui/index.ts';
import { CollectionImage } from './CollectionImage.tsx';
import { RowForm, type RowFields } from './RowForm.tsx';

export function Collections({ slug, t }: { slug: string; t: T }) {
  const list = useStore($collections);
  const editing = useStore($editingRow);
  useEffect(() => void loadCollections(slug), [slug]);
  const fields: RowFields = (v, set, e) => (
    <>
      <Field
        label={t('admin.play.field.titulo')}
        name="titulo"
        value={String(v.titulo)}
        onChange={set('titulo')}
        error={e.titulo}
        required
      />
      <Field
        label={t('admin.play.field.descricao')}
        name="descricao"
        value={String(v.descricao)}
        onChange={set('descricao')}
        error={e.descricao}
      />
      <CollectionImage slug={slug} t={t} value={String(v.imagem ?? '')} onChange={set('imagem')} />
      {e.imagem && <p className="ui-error">{e.imagem}</p>}
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
      <h2>{t('admin.play.newCollection')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{ titulo: '', descricao: '', imagem: '', ordem: '0' }}
        fields={fields}
        save={(v) => saveCollection(slug, null, collectionBody(v))}
        done={() => void loadCollections(slug)}
      />
      {list.data.length === 0 ? (
        <p>{t('admin.play.collectionsEmpty')}</p>
      ) : (
        <ul className="staff-list">
          {list.data.map((c) => (
            <li key={c.id}>
              {editing === c.id ? (
                <RowForm
                  t={t}
                  label={t('admin.play.save')}
                  initial={{
                    titulo: c.titulo,
                    descricao: c.descricao,
                    imagem: c.imagem ?? '',
                    ordem: String(c.ordem),
                  }}
                  fields={fields}
                  save={(v) => saveCollection(slug, c.id, collectionBody(v))}
                  done={() => {
                    editRow(null);
                    void loadCollections(slug);
                  }}
                />
              ) : (
                <>
                  {c.imagem && <img className="play-collection-thumb" src={c.imagem} alt="" />}
                  <strong>{c.titulo}</strong> · {t.plural('admin.play.videos', c.videos)}{' '}
                  <button type="button" className="button secondary" onClick={() => editRow(c.id)}>
                    {t('admin.play.edit')}
                  </button>{' '}
                  <ConfirmButton
                    label={t('admin.play.delete')}
                    title={t('admin.play.deleteCollection', { name: c.titulo })}
                    explanation={t('admin.play.deleteCollectionExplain')}
                    confirmLabel={t('admin.play.delete')}
                    cancelLabel={t('admin.shell.cancel')}
                    onConfirm={() => deleteCollection(slug, c.id)}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
