// The services' set lists (docs/staff.md "Songs"): a date, a title, songs in order each in the
// key it will be sung; members of the team see the coming ones in /praise.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { SetList } from '../../../../../contract/praise-staff.ts';
import { longDate } from '../../../../lib/format.ts';
import { pretty } from '../../../../lib/praise/transpose.ts';
import {
  $setLists,
  $songs,
  loadSetLists,
  removeSetList,
  saveSetList,
} from '../../../../stores/admin-songs.ts';
import { ConfirmButton, type StaffIslandProps } from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type Message,
} from '../../ui/index.ts';

type Item = { louvorId: number; tom: string };
const today = () => new Date().toISOString().slice(0, 10);

export default function SetListsSection({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const lists = useStore($setLists);
  const songs = useStore($songs);
  const [editing, setEditing] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(today());
  const [notes, setNotes] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [pick, setPick] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadSetLists(slug);
  }, [slug]);
  const choices = songs.state === 'ready' ? songs.items : [];
  const titleOf = (id: number) => choices.find((s) => s.id === id)?.titulo ?? `#${id}`;

  function edit(list: SetList | null) {
    setEditing(list?.id ?? 0);
    setTitle(list?.titulo ?? '');
    setDate(list?.data ?? today());
    setNotes(list?.observacao ?? '');
    setItems(list?.itens.map((i) => ({ louvorId: i.louvorId, tom: i.tom ?? '' })) ?? []);
    setErrors({});
    setMessage(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const outcome = await saveSetList(slug, editing || null, {
      titulo: title,
      data: date,
      observacao: notes.trim() || null,
      itens: items.map((i) => ({ louvorId: i.louvorId, tom: i.tom.trim() || null })),
    });
    setBusy(false);
    if (!outcome.ok) {
      setErrors(firstErrors(outcome.failure.errors));
      setMessage({ kind: 'error', text: outcome.failure.message });
      return;
    }
    setEditing(null);
    setMessage({ kind: 'ok', text: t('admin.songs.setSaved') });
  }

  const move = (index: number, by: number) =>
    setItems((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
      return next;
    });

  return (
    <section aria-labelledby="songs-sets" className="songs-sets">
      <h2 id="songs-sets">{t('admin.songs.sets')}</h2>
      <p>{t('admin.songs.setsIntro')}</p>
      <Notice message={editing === null ? message : null} />
      {editing === null ? (
        <button type="button" className="button" onClick={() => edit(null)}>
          {t('admin.songs.setNew')}
        </button>
      ) : (
        <form className="card songs-set-form" noValidate onSubmit={submit}>
          <Notice message={message} />
          <Field
            label={t('admin.songs.setTitle')}
            name="titulo"
            value={title}
            onChange={setTitle}
            error={errors.titulo}
            required
          />
          <Field
            label={t('admin.songs.setDate')}
            name="data"
            type="date"
            value={date}
            onChange={setDate}
            error={errors.data}
            required
          />
          <TextArea
            label={t('admin.songs.setNotes')}
            hint={t('admin.songs.setNotesHint')}
            name="observacao"
            value={notes}
            onChange={setNotes}
            error={errors.observacao}
            rows={3}
          />
          <ol className="songs-set-items">
            {items.map((item, index) => (
              <li key={`${item.louvorId}-${index}`}>
                <span>{titleOf(item.louvorId)}</span>
                <Field
                  label={t('admin.songs.setKey', { title: titleOf(item.louvorId) })}
                  name={`tom-${index}`}
                  value={item.tom}
                  maxLength={4}
                  onChange={(v) =>
                    setItems((l) => l.map((x, i) => (i === index ? { ...x, tom: v } : x)))
                  }
                />
                <span className="staff-actions">
                  <button
                    type="button"
                    className="button secondary"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('admin.songs.setUp', { title: titleOf(item.louvorId) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => setItems((l) => l.filter((_, i) => i !== index))}
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
              onChange={setPick}
              placeholder={t('admin.songs.setChoose')}
              options={choices.map((s) => ({ value: String(s.id), label: s.titulo }))}
            />
            <button
              type="button"
              className="button secondary"
              disabled={!pick}
              onClick={() => {
                const song = choices.find((s) => s.id === Number(pick));
                if (song) setItems((l) => [...l, { louvorId: song.id, tom: song.tom ?? '' }]);
                setPick('');
              }}
            >
              {t('admin.songs.setAddButton')}
            </button>
          </div>
          <div className="staff-actions">
            <SubmitButton
              submitting={busy}
              label={t('admin.songs.save')}
              busyLabel={t('admin.songs.saving')}
            />
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>
              {t('admin.shell.cancel')}
            </button>
          </div>
        </form>
      )}
      {lists.state === 'loading' ? (
        <Loader label={t('admin.shell.loading')} />
      ) : lists.state === 'error' ? (
        <Notice kind="error">{lists.message}</Notice>
      ) : lists.items.length === 0 ? (
        <p>{t('admin.songs.setsEmpty')}</p>
      ) : (
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
                <button type="button" className="button secondary" onClick={() => edit(list)}>
                  {t('admin.songs.setEdit')}
                </button>
                <ConfirmButton
                  label={t('admin.songs.setDelete')}
                  title={t('admin.songs.setDeleteTitle', { title: list.titulo })}
                  explanation={t('admin.songs.setDeleteExplain')}
                  confirmLabel={t('admin.songs.setDelete')}
                  cancelLabel={t('admin.shell.cancel')}
                  onConfirm={async () => {
                    const outcome = await removeSetList(slug, list.id);
                    if (!outcome.ok) setMessage({ kind: 'error', text: outcome.failure.message });
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
