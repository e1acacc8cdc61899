// A catalogue list of the Play area (collections, tags): the form of a new one on top, then the
// rows, each edited in place or deleted after a question; the list reloads after a change.
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Loadable } from '../../../../../stores/staff-store.ts';
import {
  $editingRow,
  editRow,
  type Outcome,
  type RowValues,
} from '../../../../../stores/admin-play.ts';
import { ConfirmButton } from '../../kit/index.ts';
import { Loader, Notice, type T } from '../../../ui/index.ts';
import { RowForm, type RowFields } from './RowForm.tsx';

export function CatalogueList<I extends { id: number }>({
  t,
  list,
  newTitle,
  empty,
  blank,
  valuesOf,
  fields,
  save,
  reload,
  remove,
  confirm,
  content,
}: {
  t: T;
  list: Loadable<I[]>;
  newTitle: string;
  /** Said when there is none (else the empty list shows). */
  empty?: string | undefined;
  blank: RowValues;
  valuesOf: (item: I) => RowValues;
  fields: RowFields;
  save: (id: number | null, values: RowValues) => Promise<Outcome<unknown>>;
  reload: () => Promise<void>;
  remove: (id: number) => Promise<void>;
  confirm: (item: I) => { title: string; explanation: string };
  content: (item: I) => ReactNode;
}) {
  const editing = useStore($editingRow);
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{newTitle}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={blank}
        fields={fields}
        save={(v) => save(null, v)}
        done={() => void reload()}
      />
      {empty !== undefined && list.data.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="staff-list">
          {list.data.map((item) => (
            <li key={item.id}>
              {editing === item.id ? (
                <RowForm
                  t={t}
                  label={t('admin.play.save')}
                  initial={valuesOf(item)}
                  fields={fields}
                  save={(v) => save(item.id, v)}
                  done={() => {
                    editRow(null);
                    void reload();
                  }}
                />
              ) : (
                <>
                  {content(item)}{' '}
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => editRow(item.id)}
                  >
                    {t('admin.play.edit')}
                  </button>{' '}
                  <ConfirmButton
                    label={t('admin.play.delete')}
                    {...confirm(item)}
                    confirmLabel={t('admin.play.delete')}
                    cancelLabel={t('admin.shell.cancel')}
                    onConfirm={() => remove(item.id)}
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
