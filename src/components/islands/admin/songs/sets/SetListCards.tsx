// The church's set lists: each with its date, notes and songs in their keys, edited or deleted.
import { useStore } from '@nanostores/react';
import type { Lang } from '../../../../../../contract/language.ts';
import { longDate } from '../../../../../../common/format.ts';
import { pretty } from '../../../../../lib/praise/transpose.ts';
import { $setLists, deleteSetList, editSetList } from '../../../../../stores/admin-songs.ts';
import { ConfirmButton } from '../../kit/index.ts';
import { Loader, Notice, type T } from '../../../ui/index.ts';

export function SetListCards({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const lists = useStore($setLists);
  if (lists.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (lists.state === 'error') return <Notice kind="error">{lists.message}</Notice>;
  if (lists.items.length === 0) return <p>{t('admin.songs.setsEmpty')}</p>;
  return (
    <ul className="songs-set-list">
      {lists.items.map((list) => (
        <li key={list.id} className="card">
          <h3>
            {list.titulo} ·{' '}
            <time dateTime={list.data}>{longDate(`${list.data}T12:00:00Z`, lang, 'UTC')}</time>
          </h3>
          {list.observacao && <p className="songs-set-notes">{list.observacao}</p>}
          <ol>
            {list.itens.map((i, n) => (
              <li key={n}>
                {i.titulo}
                {i.tom && <> ({pretty(i.tom)})</>}
              </li>
            ))}
          </ol>
          <div className="staff-actions">
            <button type="button" className="button secondary" onClick={() => editSetList(list)}>
              {t('admin.songs.setEdit')}
            </button>
            <ConfirmButton
              label={t('admin.songs.setDelete')}
              title={t('admin.songs.setDeleteTitle', { title: list.titulo })}
              explanation={t('admin.songs.setDeleteExplain')}
              confirmLabel={t('admin.songs.setDelete')}
              cancelLabel={t('admin.shell.cancel')}
              onConfirm={() => deleteSetList(slug, list.id)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
