// /admin/play/tags: a new tag, then the list, each edited in place or deleted.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $tags, deleteTag, loadTags, saveTag, tagBody } from '../../../../../stores/admin-play.ts';
import { Check, Field, type T } from '../../../ui/index.ts';
import { CatalogueList } from './CatalogueList.tsx';
import type { RowFields } from './RowForm.tsx';

export function Tags({ slug, t }: { slug: string; t: T }) {
  const list = useStore($tags);
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
  return (
    <CatalogueList
      t={t}
      list={list}
      newTitle={t('admin.play.newTag')}
      blank={{ nome: '', home: true, ordem: '0' }}
      valuesOf={(tag) => ({ nome: tag.nome, home: tag.home, ordem: String(tag.ordem) })}
      fields={fields}
      save={(id, v) => saveTag(slug, id, tagBody(v))}
      reload={() => loadTags(slug)}
      remove={(id) => deleteTag(slug, id)}
      confirm={(tag) => ({
        title: t('admin.play.deleteTag', { name: tag.nome }),
        explanation: t('admin.play.deleteTagExplain'),
      })}
      content={(tag) => (
        <>
          <strong>{tag.nome}</strong> · {t.plural('admin.play.videos', tag.videos)}
          {tag.home && <> · {t('admin.play.onHome')}</>}
        </>
      )}
    />
  );
}
