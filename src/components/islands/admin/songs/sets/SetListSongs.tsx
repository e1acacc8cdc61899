// The songs of the set list being written, in order: each one's key, moved up or removed; then a
// song picked from the church's songs and added.
import { useStore } from '@nanostores/react';
import {
  $setListForm,
  $songs,
  addPickedSong,
  keySetItem,
  moveSetItem,
  removeSetItem,
  typeSetList,
} from '../../../../../stores/admin-songs.ts';
import { Field, Select, type T } from '../../../ui/index.ts';

export function SetListSongs({ t }: { t: T }) {
  const { items, pick, errors } = useStore($setListForm);
  const songs = useStore($songs);
  const choices = songs.state === 'ready' ? songs.items : [];
  const titleOf = (id: number) => choices.find((s) => s.id === id)?.titulo ?? `#${id}`;
  return (
    <>
      <ol className="songs-set-items">
        {items.map((item, index) => (
          <li key={`${item.louvorId}-${index}`}>
            <span>{titleOf(item.louvorId)}</span>
            <Field
              label={t('admin.songs.setKey', { title: titleOf(item.louvorId) })}
              name={`tom-${index}`}
              value={item.tom}
              maxLength={4}
              onChange={(v) => keySetItem(index, v)}
            />
            <span className="staff-actions">
              <button
                type="button"
                className="button secondary"
                disabled={index === 0}
                onClick={() => moveSetItem(index, -1)}
                aria-label={t('admin.songs.setUp', { title: titleOf(item.louvorId) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="button secondary"
                onClick={() => removeSetItem(index)}
              >
                {t('admin.songs.setRemove')}
              </button>
            </span>
          </li>
        ))}
      </ol>
      {errors.itens && (
        <p className="ui-error" role="alert">
          {errors.itens}
        </p>
      )}
      <div className="staff-toolbar">
        <Select
          label={t('admin.songs.setAdd')}
          name="louvor"
          value={pick}
          onChange={(v) => typeSetList('pick', v)}
          placeholder={t('admin.songs.setChoose')}
          options={choices.map((s) => ({ value: String(s.id), label: s.titulo }))}
        />
        <button type="button" className="button secondary" disabled={!pick} onClick={addPickedSong}>
          {t('admin.songs.setAddButton')}
        </button>
      </div>
    </>
  );
}
