// /admin/play/collections: a new collection, then the list, each edited in place or deleted.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $collections,
  collectionBody,
  deleteCollection,
  loadCollections,
  saveCollection,
} from '../../../../../stores/admin-play.ts';
import { Field, type T } from '../../../ui/index.ts';
import { CatalogueList } from './CatalogueList.tsx';
import { CollectionImage } from './CollectionImage.tsx';
import type { RowFields } from './RowForm.tsx';

export function Collections({ slug, t }: { slug: string; t: T }) {
  const list = useStore($collections);
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
  return (
    <CatalogueList
      t={t}
      list={list}
      newTitle={t('admin.play.newCollection')}
      empty={t('admin.play.collectionsEmpty')}
      blank={{ titulo: '', descricao: '', imagem: '', ordem: '0' }}
      valuesOf={(c) => ({
        titulo: c.titulo,
        descricao: c.descricao,
        imagem: c.imagem ?? '',
        ordem: String(c.ordem),
      })}
      fields={fields}
      save={(id, v) => saveCollection(slug, id, collectionBody(v))}
      reload={() => loadCollections(slug)}
      remove={(id) => deleteCollection(slug, id)}
      confirm={(c) => ({
        title: t('admin.play.deleteCollection', { name: c.titulo }),
        explanation: t('admin.play.deleteCollectionExplain'),
      })}
      content={(c) => (
        <>
          {c.imagem && <img className="play-collection-thumb" src={c.imagem} alt="" />}
          <strong>{c.titulo}</strong> · {t.plural('admin.play.videos', c.videos)}
        </>
      )}
    />
  );
}
